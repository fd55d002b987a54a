// `npm start`: build what is stale, validate the configuration, then `fastify start` on dist/app.js
// honouring HOST, PORT and LOG_LEVEL. Signals are forwarded so SIGTERM still shuts down gracefully.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const bin = (name) => join(root, 'node_modules', '.bin', name)

function newest (paths) {
  let latest = 0
  for (const path of paths.map((p) => join(root, p))) {
    if (!existsSync(path)) continue
    const stat = statSync(path)
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path, { recursive: true })) latest = Math.max(latest, statSync(join(path, String(entry))).mtimeMs)
    } else latest = Math.max(latest, stat.mtimeMs)
  }
  return latest
}

function buildIfStale (output, sources, command, args) {
  const out = join(root, output)
  if (existsSync(out) && statSync(out).mtimeMs >= newest(sources)) return
  console.log(`building ${output} ...`)
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

buildIfStale('dist/app.js', ['app.ts', 'fastify.config.ts', 'plugins', 'routes', 'schemas', 'lib', 'tsconfig.json'], bin('tsc'), ['-p', 'tsconfig.build.json'])
if (existsSync(join(root, 'web', 'vite.config.ts'))) {
  buildIfStale('web/dist/index.html', ['web/src', 'web/index.html', 'web/vite.config.ts'], bin('vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'])
}

// refuses an unsupported Node with one line (and exit 1) before anything loads the native modules
await import(pathToFileURL(join(root, 'dist', 'lib', 'runtime.js')).href)
const { loadConfig, ConfigError } = await import(pathToFileURL(join(root, 'dist', 'fastify.config.js')).href)
let config
try {
  config = loadConfig(process.env)
} catch (err) {
  if (!(err instanceof ConfigError)) throw err
  console.error(err.message)
  process.exit(1)
}

// the same Node that runs this script (npm's PATH puts the pinned Node 24 first), never a `node` found on PATH
const fastifyCli = join(root, 'node_modules', 'fastify-cli', 'cli.js')
const child = spawn(process.execPath, [fastifyCli, 'start', '-o', '-a', config.host, '-p', String(config.port), '-l', config.logLevel,
  // on SIGTERM, in-flight requests get up to one query deadline to finish before the process exits
  '-g', String(config.queryTimeoutMs + 5000), 'dist/app.js'], { cwd: root, stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))

// `npm start` (package.json runs it with `exec`, so npm's own child is this process and npm's forwarded
// SIGTERM/SIGINT reach it): build what is stale, validate the configuration, then serve dist/app.js on
// HOST:PORT at LOG_LEVEL, closing gracefully on SIGTERM or SIGINT.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { enableCompileCache } from 'node:module'
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

buildIfStale('dist/app.js', ['app.ts', 'litehouse.ts', 'index.ts', 'fastify.config.ts', 'plugins', 'routes', 'schemas', 'lib', 'tsconfig.json'], bin('tsc'), ['-p', 'tsconfig.build.json'])
if (existsSync(join(root, 'web', 'vite.config.ts'))) {
  buildIfStale('web/dist/index.html', ['web/src', 'web/index.html', 'web/vite.config.ts'], bin('vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'])
}

// V8's compiled code of every module loaded from here on is kept on disk (NODE_COMPILE_CACHE, else the temp dir):
// loading the server's modules takes about half as long from the second start on
enableCompileCache?.()

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

// The server runs in this process (lib/serve.ts), as `fastify start -o dist/app.js -a HOST -p PORT` would run it:
// the PID a process manager or npm signals is the one that closes the server, and no child can be left behind.
// On SIGTERM/SIGINT, in-flight requests get up to one query deadline (plus 5 s) to finish before the process exits.
const { default: app, serverOptions } = await import(pathToFileURL(join(root, 'dist', 'app.js')).href)
const { serve } = await import(pathToFileURL(join(root, 'dist', 'lib', 'serve.js')).href)
await serve(app, serverOptions(config), config, config.queryTimeoutMs + 5000)

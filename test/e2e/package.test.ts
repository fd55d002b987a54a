// The package as a new user gets it (issue #27): `npm pack` from a clean copy of the sources (its prepack builds
// dist/ and the dashboard, as a git install would), the tarball's file list, then examples/embed installed from the
// tarball offline (`npm ci --offline` with a lock cut from the project's: ./offline-lock.ts), type-checked against
// the emitted declarations and run over real HTTP. One pack and one install
// serve every check, all made before the first subtest; the project's own dist/ is never touched.
import { execFile, spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import t from 'tap'
import { tempDir } from '../helper.js'
import { offlineLock } from './offline-lock.js'
import { toolEnv } from '../tool-env.js'

t.setTimeout(900_000)
const run = promisify(execFile)
const root = join(import.meta.dirname, '..', '..')
const work = tempDir(t, 'litehouse-pack-')
// npm's scripts and the example run on this Node (24), whatever node comes first on the caller's PATH; without tap's
// coverage: every child runs a tool or the packed copy in a temporary directory, none of the checkout's files
const env = { ...toolEnv(), PATH: `${dirname(process.execPath)}:${process.env.PATH}`, npm_config_update_notifier: 'false' }
const npm = (args: string[], cwd: string) => run('npm', args, { cwd, env, maxBuffer: 64 * 1024 * 1024, timeout: 600_000 })

// What a git clone holds (tracked and new files, nothing ignored: no dist/, no node_modules/), plus the project's
// node_modules for the build tools the prepack script runs.
const source = join(work, 'source')
const listed = (await run('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: root, maxBuffer: 64 * 1024 * 1024 })).stdout
for (const file of listed.split('\0')) {
  if (file === '' || !existsSync(join(root, file))) continue
  mkdirSync(dirname(join(source, file)), { recursive: true })
  cpSync(join(root, file), join(source, file))
}
symlinkSync(join(root, 'node_modules'), join(source, 'node_modules'))

const packed = await npm(['pack', '--json', '--pack-destination', work], source)
// lifecycle output may come first: the report is the JSON array at the end
const report = JSON.parse(packed.stdout.slice(packed.stdout.lastIndexOf('\n[') + 1)) as Array<{ filename: string, integrity: string, files: Array<{ path: string }> }>
const paths = report[0].files.map((f) => f.path)

// The example as a user copies it, its dependency pointed at this tarball, installed from the npm cache alone.
const app = join(work, 'app')
mkdirSync(app)
for (const file of ['package.json', 'tsconfig.json', 'server.ts']) cpSync(join(root, 'examples', 'embed', file), join(app, file))
const manifest = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8'))
manifest.dependencies.litehouse = `file:../${report[0].filename}`
writeFileSync(join(app, 'package.json'), JSON.stringify(manifest, null, 2))
writeFileSync(join(app, 'package-lock.json'), JSON.stringify(offlineLock(root, manifest, manifest.dependencies.litehouse, report[0].integrity), null, 2))
await npm(['ci', '--offline', '--no-audit', '--no-fund'], app)

t.test('the tarball holds what runs: the built server with its declarations, the dashboard, README and LICENSE', async (t) => {
  for (const needed of ['package.json', 'README.md', 'LICENSE', 'dist/index.js', 'dist/index.d.ts', 'dist/app.js', 'dist/litehouse.d.ts',
    'dist/routes/records.js', 'dist/routes/records.d.ts', 'dist/plugins/auth.d.ts', 'web/dist/index.html']) {
    t.ok(paths.includes(needed), `${needed} is packed`)
  }
  const stray = paths.filter((p) => !/^(package\.json|README\.md|LICENSE|scripts\/start\.mjs|bin\/[^/]+\.mjs|web\/dist\/.+|dist\/.+\.(js|d\.ts))$/.test(p))
  t.same(stray, [], 'nothing else: no tests, benches, sources, source maps or fixtures')
  t.notOk(paths.some((p) => p.startsWith('test/') || p.startsWith('bench/') || p.startsWith('dist/test/')), 'no test or bench file')
})

t.test('the example type-checks against the installed package\'s declarations, which refuse a wrong principal', async (t) => {
  // one compiler run for both: the example as it is, and a file that must not compile (a scope no key has)
  writeFileSync(join(app, 'wrong.ts'), "import type { Principal } from 'litehouse'\nexport const p: Principal = { kind: 'key', keyId: 'k', databaseId: 'd', scope: 'admin', rateLimit: null }\n")
  writeFileSync(join(app, 'tsconfig.check.json'), JSON.stringify({ extends: './tsconfig.json', include: ['server.ts', 'wrong.ts'] }))
  const output = await run(process.execPath, [join(app, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.check.json'], { cwd: app, env }).then(
    () => '', (err: { stdout: string }) => err.stdout)
  const errors = output.split('\n').filter((line) => /error TS/.test(line))
  t.equal(errors.length, 1, output)
  t.match(errors[0], /^wrong\.ts\(2,\d+\): error TS2322: Type '"admin"' is not assignable to type 'KeyScope'/, 'the only error is the wrong scope: server.ts compiles')
})

t.test('the example serves its own route and a records round trip under /data, with its own principal', async (t) => {
  const server = spawn(process.execPath, ['server.ts'], { cwd: app, env: { ...env, PORT: '0', DATA_DIR: join(work, 'data'), LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const exited = new Promise((resolve) => server.once('exit', resolve))
  t.teardown(async () => {
    server.kill('SIGTERM')
    await exited
  })
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the example did not listen within 120 s:\n${output}`)), 120_000)
    const read = (chunk: Buffer) => {
      output += chunk
      const url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1]
      if (url) {
        clearTimeout(timer)
        resolve(url)
      }
    }
    server.stdout.on('data', read)
    server.stderr.on('data', read)
    server.once('exit', (code) => reject(new Error(`the example exited (${code}):\n${output}`)))
  })
  const call = async (method: string, path: string, body?: object, token: string | null = 'let-me-in') => {
    const headers: Record<string, string> = body ? { 'content-type': 'application/json' } : {}
    if (token) headers['x-app-token'] = token
    const res = await fetch(base + path, { method, headers, body: body ? JSON.stringify(body) : undefined })
    return { status: res.status, body: await res.json() as any } // eslint-disable-line @typescript-eslint/no-explicit-any
  }

  t.same(await call('GET', '/hello', undefined, null), { status: 200, body: { hello: 'from the app itself' } }, 'the app\'s own route')
  const anonymous = await call('POST', '/data/notes/query', { sql: 'SELECT 1' }, null)
  t.equal(anonymous.status, 401, 'no app user, no principal: Litehouse refuses')
  t.equal(anonymous.body.code, 'UNAUTHORIZED')
  t.equal((await call('POST', '/data/notes/query', { sql: 'CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL, pinned BOOLEAN NOT NULL DEFAULT 0)' })).status, 200)
  const created = await call('POST', '/data/notes/tables/notes/records', { text: 'embedded', pinned: true })
  t.equal(created.status, 201, JSON.stringify(created.body))
  t.same(created.body.data, { id: 1, text: 'embedded', pinned: true })
  const listed = await call('GET', '/data/notes/tables/notes/records?sort=-id')
  t.same(listed.body.data, [{ id: 1, text: 'embedded', pinned: true }], 'read back through the records route')
  const unknown = await call('POST', '/data/notes/tables/notes/records', { text: 'x', nope: 1 })
  t.equal(unknown.status, 400, 'an unknown column is refused')
  t.equal(unknown.body.code, 'UNKNOWN_COLUMN')
  const elsewhere = await call('GET', '/data/other/tables/notes/records')
  t.equal(elsewhere.status, 403, 'the app\'s user reaches its notes database only')
  t.equal(elsewhere.body.code, 'KEY_WRONG_DATABASE')
})

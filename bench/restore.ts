// `npm run bench:restore -- [--mb=100] [--dbs=10000] [--concurrency=4]`
// Issue #23's restore goals, one bounded run with a file:// replica and the real Litestream 0.3.13:
// 1. a database of about `--mb` MB (random blobs, so nothing compresses) reaches its replica; then the time of a
//    restore of its latest state into a new database (Litestream restore + integrity check + registration) and of
//    a restore in place (which first takes a snapshot, as before every destructive operation);
// 2. `npm run restore-all` into an empty data directory with `--dbs` databases registered: one small database
//    made through the API whose replica is copied under every other id (replicating 10,000 databases through
//    Litestream would take hours here; restore-all reads each replica the same way whatever it came from).
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, copyFileSync } from 'node:fs'
import { spawn } from 'node:child_process'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import { call } from './api.js'
import { startChild, type ChildServer } from './child.js'
import { createDatabaseStore } from '../lib/store/databases.js'

const args = Object.fromEntries(process.argv.slice(2).map((arg) => {
  const flag = /^--(\w+)=(\d+)$/.exec(arg)
  if (!flag) throw new Error(`unknown option ${arg}`)
  return [flag[1], Number(flag[2])]
}))
const sizeMb = args.mb ?? 100
const dbs = args.dbs ?? 10_000
const concurrency = args.concurrency ?? 4
if (!(sizeMb >= 1 && sizeMb <= 2000)) throw new Error('--mb is 1 to 2,000')
if (!(dbs >= 1 && dbs <= 100_000)) throw new Error('--dbs is 1 to 100,000')

const admin = { email: 'bench@example.com', password: 'bench password 1' }
const note = (message: string) => process.stderr.write(`${message}\n`)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const loadBefore = loadavg()[0]
const root = mkdtempSync(join(tmpdir(), 'litehouse-restore-'))
const dataDir = join(root, 'data')
const replica = join(root, 'replica')
mkdirSync(dataDir)
const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, BACKUP_URL: `file://${replica}` }
let server: ChildServer | undefined
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

/** Waits until the replica of `name` reaches `after` (ms since epoch). */
async function replicated (token: string, name: string, after: number): Promise<void> {
  const deadline = Date.now() + 300_000
  for (;;) {
    const window = (await call<{ window: { to: string } | null }>(server!.url, 'GET', `/api/databases/${name}/backups`, token)).window
    if (window !== null && Date.parse(window.to) >= after) return
    if (Date.now() > deadline) throw new Error(`the replica of ${name} never caught up`)
    await sleep(500)
  }
}

const lines: string[] = []
try {
  server = await startChild('litehouse-restore', 'server.ts', env)
  let { token } = await call<{ token: string }>(server.url, 'POST', '/api/admin/login', undefined, admin)
  const sql = (name: string, text: string) => call(server!.url, 'POST', `/api/databases/${name}/query`, token, { sql: text })

  // 1. a database of sizeMb MB, 1 MB a row, 10 rows a statement (each within the statement deadline)
  await call(server.url, 'POST', '/api/databases', token, { name: 'big' })
  await sql('big', 'CREATE TABLE b (id INTEGER PRIMARY KEY, data BLOB)')
  for (let written = 0; written < sizeMb; written += 10) {
    const rows = Math.min(10, sizeMb - written)
    await sql('big', `INSERT INTO b (data) SELECT randomblob(1048576) FROM (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ${rows}) SELECT x FROM c)`)
  }
  const wrote = Date.now()
  const size = (await call<{ sizeBytes: number }>(server.url, 'GET', '/api/databases/big', token)).sizeBytes
  await sleep(1100) // the replica's clock is whole seconds
  await replicated(token, 'big', wrote)
  note(`big: ${Math.round(size / 2 ** 20)} MB in its replica`)
  let at = performance.now()
  await call(server.url, 'POST', '/api/databases/big/restore', token, { target: 'big-copy' })
  const asNewMs = performance.now() - at
  at = performance.now()
  await call(server.url, 'POST', '/api/databases/big/restore', token, {})
  const inPlaceMs = performance.now() - at
  lines.push(`| restore of a ${Math.round(size / 2 ** 20)} MB database, latest state, as a new database | ${seconds(asNewMs)} | POST /api/databases/big/restore { target } |`)
  lines.push(`| the same, in place (a snapshot first, then the restore) | ${seconds(inPlaceMs)} | POST /api/databases/big/restore {} |`)
  await server.stop()
  server = undefined

  // 2. restore-all, over a data directory and replica of their own: one small database through the API, its
  // replica copied under every other registered id
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(replica, { recursive: true, force: true })
  mkdirSync(dataDir)
  server = await startChild('litehouse-restore', 'server.ts', env)
  ;({ token } = await call<{ token: string }>(server.url, 'POST', '/api/admin/login', undefined, admin))
  await call(server.url, 'POST', '/api/databases', token, { name: 'small' })
  await sql('small', 'CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)')
  await sql('small', "INSERT INTO t (body) SELECT 'row ' || x FROM (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 100) SELECT x FROM c)")
  const smallAt = Date.now()
  await sleep(1100)
  await replicated(token, 'small', smallAt)
  const smallId = (await call<{ id: string }>(server.url, 'GET', '/api/databases/small', token)).id
  await server.stop()
  server = undefined
  const system = new Database(join(dataDir, '_system.db'))
  const registry = createDatabaseStore(system)
  const ids: string[] = []
  system.transaction(() => {
    for (let i = 1; i < dbs; i++) {
      const record = registry.create(`c${String(i).padStart(5, '0')}`, null)
      copyFileSync(join(dataDir, 'small.db'), join(dataDir, `${record.name}.db`))
      ids.push(record.id)
    }
  })()
  system.close()
  for (const id of ids) cpSync(join(replica, 'databases', smallId), join(replica, 'databases', id), { recursive: true })
  // the registry of dbs databases reaches the replica of _system.db: a start with backups on ships it, the stop syncs
  server = await startChild('litehouse-restore', 'server.ts', env)
  await sleep(5000)
  await server.stop()
  server = undefined
  note(`${dbs} databases registered, ${readdirSync(join(replica, 'databases')).length} replicas`)

  const target = join(root, 'restored')
  const script = fileURLToPath(new URL('../scripts/restore-all.ts', import.meta.url))
  at = performance.now()
  const outcome = await new Promise<{ code: number | null, tail: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, `--concurrency=${concurrency}`], {
      env: { ...process.env, DATA_DIR: target, BACKUP_URL: `file://${replica}`, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe']
    })
    let tail = ''
    const keep = (chunk: Buffer) => { tail = (tail + String(chunk)).slice(-2000) }
    child.stdout.on('data', keep)
    child.stderr.on('data', keep)
    child.once('exit', (code) => resolve({ code, tail }))
  })
  const allMs = performance.now() - at
  const done = /done in [\d.]+ s: (\d+) restored, (\d+) failed/.exec(outcome.tail)
  if (outcome.code !== 0 || done === null) throw new Error(`restore-all exited ${outcome.code}: ${outcome.tail}`)
  lines.push(`| npm run restore-all -- --concurrency=${concurrency}: _system.db and ${dbs.toLocaleString('en-US')} databases into an empty DATA_DIR | ${seconds(allMs)} | ${done[1]} restored, ${done[2]} failed; ${(allMs / dbs).toFixed(0)} ms per database |`)
} finally {
  await server?.stop()
  rmSync(root, { recursive: true, force: true })
}
process.stdout.write(`\nMeasured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, node ${process.version}, file:// replica, Litestream 0.3.13; load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after\n\n`)
process.stdout.write('| restore | time | how |\n|---|---|---|\n' + lines.join('\n') + '\n')

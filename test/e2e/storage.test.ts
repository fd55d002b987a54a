// Storage failures against the real server: a full disk and a read-only data directory. Each data directory is a
// file system mounted in a private mount namespace (`unshare`, plus a user namespace when not root), so nothing
// is mounted on the host and every mount vanishes with the namespace:
// - a full disk: a small tmpfs, filled up with a file and emptied again;
// - read-only at start: that tmpfs remounted read-only while the server is stopped;
// - read-only at run time: an ext4 image (loop device, errors=remount-ro) whose kernel error trigger makes the
//   kernel remount it read-only under the running server, as it does on a failing disk (needs real root).
// Expected: writes answer 507 STORAGE_FULL / 503 STORAGE_READONLY, reads keep working, the server stays up, and
// writes work again once space (or write access) returns, without a restart. Where a mechanism is not
// permitted here, its test is skipped with the reason.
import t, { type Test } from 'tap'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { createRequire } from 'node:module'
import { call, groupMembers, startServer, stopServer, type Answer, type Server } from './crash/harness.js'
import { fillUp, privateMountNamespace, type Namespace } from './mount-namespace.js'

const admin = { email: 'storage@example.com', password: 'storage-test-password' }
const root = process.getuid?.() === 0

const betterSqlite = createRequire(import.meta.url).resolve('better-sqlite3')
const integrityScript = `const Database = require(${JSON.stringify(betterSqlite)})
for (const file of process.argv.slice(1)) {
  const db = new Database(file, { readonly: true })
  console.log(file.split('/').pop() + ' ' + db.pragma('integrity_check', { simple: true }))
  db.close()
}`

/** `PRAGMA integrity_check` of every .db file in `dir`, run inside the namespace: only it sees the mount. */
function integrityInside (t: Test, dir: string): void {
  const files = readdirSync(ns.inside(dir)).filter((f) => f.endsWith('.db')).map((f) => join(dir, f))
  const lines = ns.run(process.execPath, '-e', integrityScript, ...files).trim().split('\n')
  t.same(lines, files.map((f) => `${basename(f)} ok`), `integrity_check is ok on ${files.map((f) => basename(f)).join(', ')}`)
}

const scratch = mkdtempSync(join(tmpdir(), 'litehouse-storage-'))
t.teardown(() => rmSync(scratch, { recursive: true, force: true }))
const namespace = await privateMountNamespace(t)
const ns = namespace as Namespace

let server: Server | undefined
t.teardown(async () => { if (server) await stopServer(server) })
const api = (method: string, path: string, credential?: string, body?: unknown): Promise<Answer> =>
  call(server as Server, method, path, credential, body)
const alive = (): boolean => server !== undefined && groupMembers(server.pid).includes(server.pid)

/** A server over `dataDir` with an admin, a database `shop` holding two rows in `items`, and a key for it. */
async function seededServer (dataDir: string): Promise<{ token: string, key: string }> {
  server = await startServer(dataDir, { ANALYTICS_FLUSH_MS: '200' }, ns.enter)
  await api('POST', '/api/admin/setup', undefined, admin)
  const token: string = (await api('POST', '/api/admin/login', undefined, admin)).body.data.token
  await api('POST', '/api/databases', token, { name: 'shop' })
  const key: string = (await api('POST', '/api/databases/shop/keys', token, { label: 'app', scope: 'write' })).body.data.key
  await api('POST', '/api/databases/shop/query', key, { sql: 'CREATE TABLE items (id INTEGER PRIMARY KEY, body TEXT)' })
  const seeded = await api('POST', '/api/databases/shop/tables/items/records', key, [{ body: 'first' }, { body: 'second' }])
  if (seeded.status !== 201) throw new Error(`seeding failed: ${seeded.status} ${JSON.stringify(seeded.body)}`)
  // leaves a .tmp folder behind, as any server that has exported once has
  if ((await api('POST', '/api/databases/shop/export', key)).status !== 200) throw new Error('export failed')
  return { token, key }
}

async function readsWork (t: Test, credentials: { token: string, key: string }, rows: number): Promise<void> {
  const list = await api('GET', '/api/databases/shop/tables/items/records?count=true', credentials.key)
  t.equal(list.status, 200, 'records are listed')
  t.equal(list.body.meta?.total, rows, 'with every stored row')
  t.equal((await api('POST', '/api/databases/shop/query', credentials.key, { sql: 'SELECT count(*) AS n FROM items' })).status, 200, 'a raw SELECT answers')
  t.equal((await api('GET', '/api/databases', credentials.token)).status, 200, 'the admin session works and the databases are listed')
  t.equal((await api('GET', '/api/health')).status, 200, 'health answers')
}

/** Every write kind is refused with `status`/`code`; `todo` marks the ones a known defect still gets wrong. */
async function writesRefused (t: Test, credentials: { token: string, key: string }, status: number, code: string, todo?: string): Promise<void> {
  const expect = (answer: Answer, what: string): void => {
    t.same({ status: answer.status, code: answer.body?.code }, { status, code }, what, todo === undefined ? {} : { todo })
  }
  const big = 'x'.repeat(300 * 1024) // more than any free room left in a -wal: the write must grow a file
  expect(await api('POST', '/api/databases/shop/tables/items/records', credentials.key, { body: big }), 'a record insert')
  expect(await api('POST', '/api/databases/shop/tables/items/records', credentials.key, [{ body: big }, { body: big }]), 'a bulk insert')
  expect(await api('POST', '/api/databases/shop/query', credentials.key, { sql: 'INSERT INTO items (body) VALUES (?)', params: [big] }), 'a raw INSERT')
}

async function fullDisk (t: Test): Promise<void> {
  const dataDir = join(scratch, 'full')
  mkdirSync(dataDir)
  try {
    ns.run('mount', '-t', 'tmpfs', '-o', 'size=24m', 'tmpfs', dataDir)
  } catch (err) {
    t.plan(0, `skipped: mounting a tmpfs is not permitted here: ${(err as Error).message}`)
    return
  }
  const credentials = await seededServer(dataDir)
  const filler = ns.inside(join(dataDir, 'filler'))
  t.ok(fillUp(filler) > 0, 'the data directory is filled to the last byte')

  await t.test('writes answer 507 STORAGE_FULL', (t) => writesRefused(t, credentials, 507, 'STORAGE_FULL'))
  // `_system.db` is written on the main thread: each new key adds a page to its -wal until the file cannot grow
  let system: Answer | undefined
  for (let i = 0; i < 300 && (system === undefined || system.status === 201); i++) {
    system = await api('POST', '/api/databases/shop/keys', credentials.token, { label: `key ${i} `.padEnd(60, '-'), scope: 'read' })
  }
  t.same({ status: system?.status, code: system?.body.code }, { status: 507, code: 'STORAGE_FULL' }, 'a write to _system.db answers 507 once it cannot grow')
  await t.test('reads keep working', (t) => readsWork(t, credentials, 2))
  t.ok(alive(), 'the server is still running')

  rmSync(filler)
  const again = await api('POST', '/api/databases/shop/tables/items/records', credentials.key, { body: 'x'.repeat(300 * 1024) })
  t.equal(again.status, 201, 'once space returns, writes succeed without a restart')
  t.equal((await api('POST', '/api/databases/shop/keys', credentials.token, { label: 'after', scope: 'read' })).status, 201, 'and so do writes to _system.db')
  await t.test('reads after recovery', (t) => readsWork(t, credentials, 3))

  await stopServer(server as Server)
  server = undefined
  integrityInside(t, dataDir)

  await t.test('a read-only data directory at start', async (t) => {
    ns.run('mount', '-o', 'remount,ro', dataDir)
    t.teardown(() => { ns.run('mount', '-o', 'remount,rw', dataDir) })
    try {
      server = await startServer(dataDir, { ANALYTICS_FLUSH_MS: '200' }, ns.enter)
    } catch (err) {
      // SQLite cannot open a cleanly closed WAL database on read-only media (it has no -shm to map and cannot
      // create one), so nothing can be served: the server must say why instead of dying on SQLITE_CANTOPEN.
      t.match(String(err), /DATA_DIR[^\n]*read-only/, 'the server refuses to start, saying that DATA_DIR is read-only')
      return
    }
    await readsWork(t, credentials, 3)
    await writesRefused(t, credentials, 503, 'STORAGE_READONLY')
    await stopServer(server)
    server = undefined
  })
}

/** An ext4 image on a loop device whose kernel error trigger turns it read-only, or why there is none. */
function ext4Trigger (dataDir: string): { trigger: () => void } | string {
  if (!root) return 'loop devices and ext4 mounts need root'
  const image = join(scratch, 'ext4.img')
  writeFileSync(image, '')
  spawnSync('truncate', ['-s', '64M', image])
  const mkfs = spawnSync('mkfs.ext4', ['-q', '-F', image], { encoding: 'utf8' })
  if (mkfs.status !== 0) return `mkfs.ext4 failed: ${mkfs.error?.message ?? mkfs.stderr}`
  try {
    ns.run('mount', '-o', 'loop,errors=remount-ro', image, dataDir)
  } catch (err) {
    return `mounting an ext4 image is not permitted: ${(err as Error).message}`
  }
  const device = basename(ns.run('findmnt', '-no', 'SOURCE', dataDir).trim())
  const trigger = `/sys/fs/ext4/${device}/trigger_fs_error`
  if (!existsSync(trigger)) return `this kernel has no ${trigger}`
  return { trigger: () => writeFileSync(trigger, 'litehouse storage test') }
}

async function readonlyAtRunTime (t: Test): Promise<void> {
  const dataDir = join(scratch, 'ext4')
  mkdirSync(dataDir)
  const ext4 = ext4Trigger(dataDir)
  if (typeof ext4 === 'string') {
    t.plan(0, `skipped: ${ext4}`)
    return
  }
  const credentials = await seededServer(dataDir)
  ext4.trigger()
  t.match(ns.run('findmnt', '-no', 'OPTIONS', dataDir), /\bro\b|emergency_ro/, 'the kernel turned the file system read-only')

  // SQLite reports a write refused by a read-only file system as SQLITE_IOERR_*, which the API answers as 400 SQL_ERROR
  await t.test('writes answer 503 STORAGE_READONLY', (t) => writesRefused(t, credentials, 503, 'STORAGE_READONLY'))
  const system = await api('POST', '/api/databases/shop/keys', credentials.token, { label: 'refused', scope: 'read' })
  t.same({ status: system.status, code: system.body?.code }, { status: 503, code: 'STORAGE_READONLY' }, 'a write to _system.db answers 503')
  await t.test('reads keep working', (t) => readsWork(t, credentials, 2))
  t.ok(alive(), 'the server is still running')
  await stopServer(server as Server)
  server = undefined
  integrityInside(t, dataDir)
}

if (typeof namespace === 'string') {
  t.plan(0, `skipped: no private mount namespace here: ${namespace}`)
} else {
  t.test('a full disk', fullDisk)
  t.test('a data directory that turns read-only under the running server', readonlyAtRunTime)
}

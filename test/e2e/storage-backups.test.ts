// A full disk with backups on (issue #23): Litestream keeps its shadow WAL in DATA_DIR/.backup, on the same full
// file system as the databases. The data directory is a small tmpfs in a private mount namespace (see
// mount-namespace.ts), the replica a directory outside it. Expected: writes answer 507 STORAGE_FULL with nothing
// half-written, the server and its replicator stay up, and once space returns, without a restart, writes work,
// reach the replica (lag back to 0, backups ok) and a restore to the latest state holds every acknowledged row.
import t from 'tap'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { call, startServer, stopServer, type Answer, type Server } from './crash/harness.js'
import { fillUp, privateMountNamespace } from './mount-namespace.js'

t.setTimeout(240_000)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const admin = { email: 'storage@example.com', password: 'storage-test-password' }

const scratch = mkdtempSync(join(tmpdir(), 'litehouse-storage-backups-'))
t.teardown(() => rmSync(scratch, { recursive: true, force: true }))
const ns = await privateMountNamespace(t)

async function until<T> (what: string, read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 60_000
  for (;;) {
    const value = await read()
    if (ok(value)) return value
    if (Date.now() > deadline) throw new Error(`never: ${what} (last: ${JSON.stringify(value)})`)
    await sleep(200)
  }
}

t.test('a full disk with backups on: 507, nothing half-written, and replication resumes when space returns', async (t) => {
  if (typeof ns === 'string') return t.plan(0, `skipped: no private mount namespace here: ${ns}`)
  const dataDir = join(scratch, 'data')
  const replica = join(scratch, 'replica')
  mkdirSync(dataDir)
  try {
    ns.run('mount', '-t', 'tmpfs', '-o', 'size=24m', 'tmpfs', dataDir)
  } catch (err) {
    return t.plan(0, `skipped: mounting a tmpfs is not permitted here: ${(err as Error).message}`)
  }
  const server: Server = await startServer(dataDir, { BACKUP_URL: `file://${replica}`, BACKUP_SYNC_MS: '200', ANALYTICS_FLUSH_MS: '200' }, ns.enter)
  t.teardown(() => stopServer(server))
  const api = (method: string, path: string, token?: string, body?: unknown): Promise<Answer> => call(server, method, path, token, body)
  await api('POST', '/api/admin/setup', undefined, admin)
  const token: string = (await api('POST', '/api/admin/login', undefined, admin)).body.data.token
  await api('POST', '/api/databases', token, { name: 'shop' })
  await api('POST', '/api/databases/shop/query', token, { sql: 'CREATE TABLE items (id INTEGER PRIMARY KEY, body TEXT)' })
  t.equal((await api('POST', '/api/databases/shop/tables/items/records', token, [{ body: 'one' }, { body: 'two' }])).status, 201)
  const count = async (name: string) => (await api('POST', `/api/databases/${name}/query`, token, { sql: 'SELECT count(*) AS n FROM items' })).body.data[0].n
  const backup = async () => (await api('GET', '/api/databases/shop', token)).body.data.backup
  await until('the first rows reach the replica', backup, (b) => b?.lastReplicatedAt !== null && b?.lagSeconds === 0)

  const filler = ns.inside(join(dataDir, 'filler'))
  t.ok(fillUp(filler) > 0, 'the data directory is filled to the last byte')
  const big = 'x'.repeat(300 * 1024)
  const refused = await api('POST', '/api/databases/shop/tables/items/records', token, [{ body: big }, { body: big }])
  t.same({ status: refused.status, code: refused.body?.code }, { status: 507, code: 'STORAGE_FULL' }, 'a bulk insert is refused whole')
  t.match(refused.body?.message, /no space left/, 'with a clear message')
  t.equal(await count('shop'), 2, 'nothing of it was written')
  t.equal((await api('GET', '/api/health')).status, 200, 'the server is up')

  rmSync(filler)
  const again = await api('POST', '/api/databases/shop/tables/items/records', token, { body: big })
  t.equal(again.status, 201, 'once space returns, writes succeed without a restart')
  const caughtUp = await until('the write reaches the replica', backup, (b) => b?.lagSeconds === 0 && Date.parse(b.lastReplicatedAt) >= Date.parse(b.lastWriteAt))
  t.equal(caughtUp.status, 'ok', 'backups are ok again')
  await until('health says backups are ok', async () => (await api('GET', '/api/health')).body.backups, (b) => b?.status === 'ok')
  await sleep(1200) // the replica's clock is whole seconds: the latest state is the one a second after the write
  const restored = await api('POST', '/api/databases/shop/restore', token, { target: 'shop-restored' })
  t.equal(restored.status, 200, JSON.stringify(restored.body))
  t.equal(await count('shop-restored'), 3, 'a restore to the latest state holds every acknowledged row')
})

// Disaster recovery: a server with backups to a file:// replica holds two databases, an API key and a deleted
// database; it stops; `npm run restore-all` (scripts/restore-all.ts) fills a new, empty DATA_DIR from the
// replica alone; a server over that directory answers the same admin, the same key and the same rows.
import t from 'tap'
import { spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, signIn, as, tempDir, workspace } from '../helper.js'

t.setTimeout(180_000)
const projectRoot = fileURLToPath(new URL('../../', import.meta.url))
const script = fileURLToPath(new URL('../../scripts/restore-all.ts', import.meta.url))

function restoreAll (env: Record<string, string>): Promise<{ code: number | null, output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: projectRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => { output += chunk })
    child.stderr.on('data', (chunk: Buffer) => { output += chunk })
    child.once('exit', (code) => resolve({ code, output }))
  })
}

const replica = tempDir(t, 'litehouse-dr-replica-')
const backupEnv = { BACKUP_URL: `file://${replica}`, BACKUP_SYNC_MS: '100' }

t.test('restore-all brings back every database, every key and the admin into an empty DATA_DIR', async (t) => {
  const first = tempDir(t, 'litehouse-dr-old-')
  const original = await build(t, backupEnv, first)
  const admin = as(original.app, await signIn(original.app))
  const ws = workspace(admin, 'dr')
  const shop = await ws.freshDatabase()
  const blog = await ws.freshDatabase()
  const gone = await ws.freshDatabase()
  await ws.sql(shop, 'CREATE TABLE t (n INTEGER)')
  await ws.sql(shop, 'INSERT INTO t VALUES (1), (2), (3)')
  await ws.sql(blog, 'CREATE TABLE t (n INTEGER)')
  await ws.sql(blog, 'INSERT INTO t VALUES (10)')
  await ws.sql(gone, 'CREATE TABLE t (n INTEGER)')
  const key = await ws.keyFor(shop, 'read')
  t.equal((await admin({ method: 'DELETE', url: `/api/databases/${gone}` })).statusCode, 200)
  // closing stops the replicator, which ships every database's last writes first
  await original.app.close()

  const second = tempDir(t, 'litehouse-dr-new-')
  const restored = await restoreAll({ ...backupEnv, DATA_DIR: second })
  t.equal(restored.code, 0, restored.output)
  t.match(restored.output, /2 restored, 0 failed/)

  const again = await build(t, backupEnv, second)
  const sameAdmin = as(again.app, await signIn(again.app))
  const names = (await sameAdmin({ method: 'GET', url: '/api/databases' })).json().data.map((d: { name: string }) => d.name).sort()
  t.same(names, [shop, blog].sort(), 'every registered database is back, the deleted one is not')
  const rows = await as(again.app, key)({ method: 'POST', url: `/api/databases/${shop}/query`, payload: { sql: 'SELECT n FROM t ORDER BY n' } })
  t.equal(rows.statusCode, 200, 'the API key still works')
  t.same(rows.json().data, [{ n: 1 }, { n: 2 }, { n: 3 }])
  t.same(await workspace(sameAdmin, 'x').sql(blog, 'SELECT n FROM t'), [{ n: 10 }])
  const deleted = await sameAdmin({ method: 'GET', url: '/api/backups/deleted' })
  t.match(deleted.json().data, [{ name: gone }], 'the deleted database can still be brought back')
})

t.test('restore-all refuses a DATA_DIR that already holds databases', async (t) => {
  const dir = tempDir(t, 'litehouse-dr-full-')
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'shop.db'), '')
  const res = await restoreAll({ ...backupEnv, DATA_DIR: dir })
  t.equal(res.code, 2)
  t.match(res.output, /not empty/)
})

t.test('restore-all without BACKUP_URL says what to set', async (t) => {
  const res = await restoreAll({ DATA_DIR: tempDir(t, 'litehouse-dr-none-'), BACKUP_URL: '' })
  t.equal(res.code, 2)
  t.match(res.output, /set BACKUP_URL/)
})

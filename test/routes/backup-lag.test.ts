// Replication lag per database (issue #23): in the admin database detail and in GET /api/metrics, from the real
// Litestream 0.3.13's uploads (file:// replica, 100 ms sync), and growing while the replicator cannot run.
import t from 'tap'
import { build, signIn, as, tempDir, workspace } from '../helper.js'

t.setTimeout(300_000)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The value of one series in Prometheus text, or undefined. */
function valueOf (text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(series + ' '))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

async function setup (t: Parameters<typeof build>[0], env: Record<string, string> = {}) {
  const replica = tempDir(t as never, 'litehouse-replica-')
  const built = await build(t, { BACKUP_URL: `file://${replica}`, BACKUP_SYNC_MS: '100', ...env })
  const admin = as(built.app, await signIn(built.app))
  const metrics = async () => (await admin({ method: 'GET', url: '/api/metrics' })).body
  const detail = async (name: string) => (await admin({ method: 'GET', url: `/api/databases/${name}` })).json().data
  return { ...built, admin, ws: workspace(admin, 'lag'), metrics, detail }
}

t.test('a written database reaches its replica: lag 0, the upload time known, the write\'s time to the replica observed', async (t) => {
  const s = await setup(t)
  const name = await s.ws.freshDatabase()
  await s.ws.sql(name, 'CREATE TABLE t (n INTEGER)')
  await s.ws.sql(name, 'INSERT INTO t VALUES (1)')
  const wrote = Date.now()
  let backup
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(100)) {
    backup = (await s.detail(name)).backup
    if (backup.lastReplicatedAt !== null && Date.parse(backup.lastReplicatedAt) >= wrote && backup.lagSeconds === 0) break
  }
  t.match(backup, { status: 'ok', replicating: true, lagSeconds: 0, lastWriteAt: String, lastReplicatedAt: String }, 'the detail says where the replica stands')
  t.ok(Date.parse(backup.lastReplicatedAt) >= Date.parse(backup.lastWriteAt), 'the last upload came after the last write')
  const text = await s.metrics()
  t.equal(valueOf(text, 'litehouse_backup_pending_databases'), 0, 'nothing waits')
  t.equal(valueOf(text, 'litehouse_backup_lag_max_seconds'), 0)
  t.equal(valueOf(text, 'litehouse_backup_failing'), 0)
  t.ok((valueOf(text, 'litehouse_backup_replicating_databases') ?? 0) >= 2, '_system.db and the written database are replicated')
  t.ok((valueOf(text, 'litehouse_backup_replication_seconds_count') ?? 0) >= 1, 'each shipped write\'s time to the replica is a histogram observation')
  t.match(text, /^# TYPE litehouse_backup_lag_seconds gauge/m)
})

t.test('while the replicator cannot run, the lag of each written database grows, named in the metrics (top N only)', async (t) => {
  const s = await setup(t, { LITESTREAM_BIN: '/nonexistent/litestream' })
  const names: string[] = []
  for (let i = 0; i < 12; i++) {
    const name = await s.ws.freshDatabase()
    await s.ws.sql(name, 'CREATE TABLE t (n INTEGER)')
    names.push(name)
  }
  await sleep(50)
  const detail = await s.detail(names[0])
  t.match(detail.backup, { status: 'failing', lagSeconds: Number, lastWriteAt: String, lastReplicatedAt: null })
  t.ok(detail.backup.lagSeconds > 0, 'the first database\'s write has waited')
  const text = await s.metrics()
  t.equal(valueOf(text, 'litehouse_backup_failing'), 1, 'the metrics show backups failing')
  t.equal(valueOf(text, 'litehouse_backup_pending_databases'), 12, 'every written database waits')
  t.ok((valueOf(text, 'litehouse_backup_lag_max_seconds') ?? 0) >= detail.backup.lagSeconds, 'the longest wait is the oldest write\'s')
  const series = text.split('\n').filter((l) => l.startsWith('litehouse_backup_lag_seconds{'))
  t.equal(series.length, 10, 'one series per database for the 10 longest waits only')
  t.ok((valueOf(text, `litehouse_backup_lag_seconds{database="${names[0]}"}`) ?? 0) > 0, 'named by database, the oldest write first')
  t.equal(valueOf(text, `litehouse_backup_lag_seconds{database="${names[11]}"}`), undefined, 'the newest writes are in the aggregates only')
})

t.test('without BACKUP_URL: no backup member in the detail, no backup series', async (t) => {
  const { app } = await build(t)
  const admin = as(app, await signIn(app))
  const ws = workspace(admin, 'nolag')
  const name = await ws.freshDatabase()
  await ws.sql(name, 'CREATE TABLE t (n INTEGER)')
  t.equal((await admin({ method: 'GET', url: `/api/databases/${name}` })).json().data.backup, undefined)
  t.notMatch((await admin({ method: 'GET', url: '/api/metrics' })).body, /litehouse_backup_/)
})

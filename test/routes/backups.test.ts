// Backups with a file:// replica and the real Litestream 0.3.13 binary: the window and snapshots, snapshot now,
// restore into a new database and in place, undelete, and the faults (outside the window, taken target,
// missing or corrupt replica, missing binary, unsupported scheme, backups off). Sync is 100 ms here.
import t from 'tap'
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { build, signIn, as, tempDir, workspace, testConfig } from '../helper.js'

t.setTimeout(400_000)

const syncMs = 100
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function setup (t: Parameters<typeof build>[0], env: Record<string, string> = {}) {
  const replica = tempDir(t as never, 'litehouse-replica-')
  const built = await build(t, { BACKUP_URL: `file://${replica}`, BACKUP_SYNC_MS: String(syncMs), ...env })
  const admin = as(built.app, await signIn(built.app))
  return { ...built, replica, admin, ws: workspace(admin, 'b') }
}

type Setup = Awaited<ReturnType<typeof setup>>

/** Waits until the replica's window reaches `after` (ms since epoch), and returns the window. */
async function windowAfter (s: Setup, name: string, after: number): Promise<{ from: string, to: string }> {
  const deadline = Date.now() + 20_000
  for (;;) {
    const res = await s.admin({ method: 'GET', url: `/api/databases/${name}/backups` })
    const window = res.json().data?.window
    if (res.statusCode === 200 && window !== null && Date.parse(window.to) >= after) return window
    if (Date.now() > deadline) throw new Error(`the replica of ${name} never reached ${new Date(after).toISOString()}: ${res.body}`)
    await sleep(200)
  }
}

async function count (s: Setup, name: string): Promise<number> {
  return (await s.ws.sql(name, 'SELECT count(*) AS n FROM t'))[0].n
}

t.test('backups are replicated; restore into a new database, to the latest state and to an instant in the past', async (t) => {
  const s = await setup(t)
  const name = await s.ws.freshDatabase()
  await s.ws.sql(name, 'CREATE TABLE t (n INTEGER)')
  await s.ws.sql(name, 'INSERT INTO t VALUES (1), (2), (3)')
  // Litestream's times are whole seconds: the first state is kept over a whole second before the next writes
  await sleep(2100)
  const past = new Date(Date.now() - 600).toISOString()
  await sleep(1100)
  await s.ws.sql(name, 'INSERT INTO t VALUES (4), (5)')
  const window = await windowAfter(s, name, Date.now() - 1000)
  t.ok(window.from <= past && past <= window.to, 'the past instant is inside the window')

  const list = await s.admin({ method: 'GET', url: `/api/databases/${name}/backups` })
  t.equal(list.statusCode, 200)
  t.ok(list.json().data.snapshots.length >= 1, 'a snapshot is listed')
  t.match(list.json().data.snapshots[0], { createdAt: String, generation: String, sizeBytes: Number })

  await sleep(1200) // the last writes reach a whole second of the replica's clock
  const latest = await s.admin({ method: 'POST', url: `/api/databases/${name}/restore`, payload: { target: 'latest-copy' } })
  t.equal(latest.statusCode, 200, latest.body)
  t.equal(latest.json().data.name, 'latest-copy')
  t.equal(await count(s, 'latest-copy'), 5, 'the latest restore has every row')

  const old = await s.admin({ method: 'POST', url: `/api/databases/${name}/restore`, payload: { target: 'past-copy', timestamp: past } })
  t.equal(old.statusCode, 200, old.body)
  t.equal(await count(s, 'past-copy'), 3, 'the restore to the past instant has the rows of then')

  const taken = await s.admin({ method: 'POST', url: `/api/databases/${name}/restore`, payload: { target: 'past-copy' } })
  t.equal(taken.statusCode, 409)
  t.equal(taken.json().code, 'DATABASE_EXISTS')

  const outside = await s.admin({ method: 'POST', url: `/api/databases/${name}/restore`, payload: { timestamp: '2001-01-01T00:00:00Z' } })
  t.equal(outside.statusCode, 400)
  t.equal(outside.json().code, 'OUTSIDE_RESTORE_WINDOW')
  t.match(outside.json().message, /from \d{4}-.*Z to \d{4}-.*Z/, 'the message gives the window')
  t.equal(await count(s, name), 5, 'nothing was replaced')

  // in place: back to the past, the database keeps its name and id
  const inPlace = await s.admin({ method: 'POST', url: `/api/databases/${name}/restore`, payload: { timestamp: past } })
  t.equal(inPlace.statusCode, 200, inPlace.body)
  t.equal(await count(s, name), 3, 'the database is back at the past instant')
  await s.ws.sql(name, 'INSERT INTO t VALUES (6)')
  t.equal(await count(s, name), 4, 'and takes writes again')
  // the database joins the replicated set again with this write: its replica catches up within seconds
  let rows = 0
  for (let attempt = 0; attempt < 20 && rows !== 4; attempt++) {
    await sleep(1000)
    const after = await s.admin({ method: 'POST', url: `/api/databases/${name}/restore`, payload: { target: `after-${attempt}` } })
    t.equal(after.statusCode, 200, after.body)
    rows = await count(s, `after-${attempt}`)
  }
  t.equal(rows, 4, 'the writes after a restore in place are backed up too')

  const activity = await s.admin({ method: 'GET', url: '/api/activity?limit=50' })
  t.ok(activity.json().data.filter((e: { action: string }) => e.action === 'database.restore').length >= 3, 'every restore is in the activity log')
})

t.test('a deleted database is listed and comes back as a new database', async (t) => {
  const s = await setup(t)
  const name = await s.ws.freshDatabase()
  await s.ws.sql(name, 'CREATE TABLE t (n INTEGER)')
  await s.ws.sql(name, 'INSERT INTO t VALUES (1), (2)')
  const del = await s.admin({ method: 'DELETE', url: `/api/databases/${name}` })
  t.equal(del.statusCode, 200)
  const list = await s.admin({ method: 'GET', url: '/api/backups/deleted' })
  t.equal(list.statusCode, 200)
  t.match(list.json().data, [{ name, deletedAt: String }])
  await sleep(1100)
  const back = await s.admin({ method: 'POST', url: '/api/databases/restore', payload: { name, target: name } })
  t.equal(back.statusCode, 200, back.body)
  t.equal(await count(s, name), 2, 'every row written before the delete is back')
  const unknown = await s.admin({ method: 'POST', url: '/api/databases/restore', payload: { name: 'never-was', target: 'x' } })
  t.equal(unknown.statusCode, 404)
  t.equal(unknown.json().code, 'DELETED_DATABASE_NOT_FOUND')
})

t.test('snapshot now starts a new generation with a fresh snapshot', async (t) => {
  const s = await setup(t)
  const name = await s.ws.freshDatabase()
  await s.ws.sql(name, 'CREATE TABLE t (n INTEGER)')
  await windowAfter(s, name, 0)
  const before = (await s.admin({ method: 'GET', url: `/api/databases/${name}/backups` })).json().data.snapshots
  const res = await s.admin({ method: 'POST', url: `/api/databases/${name}/backups` })
  t.equal(res.statusCode, 201, res.body)
  t.match(res.json().data, { createdAt: String, generation: String, sizeBytes: Number })
  t.notOk(before.some((b: { generation: string }) => b.generation === res.json().data.generation), 'it is a new generation')
})

t.test('a missing or corrupt replica answers 503 while the database keeps serving', async (t) => {
  const s = await setup(t)
  const name = await s.ws.freshDatabase()
  await s.ws.sql(name, 'CREATE TABLE t (n INTEGER)')
  await s.ws.sql(name, 'INSERT INTO t VALUES (1)')
  await windowAfter(s, name, 0)
  const id = (await s.admin({ method: 'GET', url: `/api/databases/${name}` })).json().data.id
  const generations = join(s.replica, 'databases', id, 'generations')
  // corrupt: every snapshot and WAL segment becomes garbage
  for (const generation of readdirSync(generations)) {
    for (const folder of ['snapshots', 'wal']) {
      const dir = join(generations, generation, folder)
      if (!existsSync(dir)) continue
      for (const file of readdirSync(dir)) writeFileSync(join(dir, file), 'not lz4 at all')
    }
  }
  const corrupt = await s.admin({ method: 'POST', url: `/api/databases/${name}/restore`, payload: { target: 'from-corrupt' } })
  t.equal(corrupt.statusCode, 503, corrupt.body)
  t.equal(corrupt.json().code, 'BACKUP_UNAVAILABLE')
  t.notOk(corrupt.body.includes(s.replica) || corrupt.body.includes(s.dataDir), 'no server path in the message')

  rmSync(join(s.replica, 'databases', id), { recursive: true, force: true })
  const missing = await s.admin({ method: 'POST', url: `/api/databases/${name}/restore`, payload: {} })
  t.equal(missing.statusCode, 503, missing.body)
  t.equal(missing.json().code, 'BACKUP_UNAVAILABLE')
  t.equal(await count(s, name), 1, 'the database still answers')
  t.notOk((await s.admin({ method: 'GET', url: '/api/databases' })).json().data.some((d: { name: string }) => d.name === 'from-corrupt'), 'nothing was created')
})

t.test('a missing Litestream binary: the server starts, logs once, health says backups are failing', async (t) => {
  const s = await setup(t, { LITESTREAM_BIN: '/nonexistent/litestream', LOG_LEVEL: 'error' })
  const health = await s.app.inject({ method: 'GET', url: '/api/health' })
  t.equal(health.statusCode, 200)
  t.equal(health.json().backups.status, 'failing')
  t.match(health.json().backups.message, /Litestream binary/)
  const name = await s.ws.freshDatabase()
  await s.ws.sql(name, 'CREATE TABLE t (n INTEGER)')
  t.equal(s.logs.filter((line) => line.includes('Litestream binary')).length, 1, 'one log line')
})

t.test('an unsupported BACKUP_URL scheme refuses to start', async (t) => {
  t.throws(() => testConfig('/tmp/x', { BACKUP_URL: 'ftp://example.com/backups' }), /BACKUP_URL scheme 'ftp:' is not supported/)
  t.throws(() => testConfig('/tmp/x', { BACKUP_URL: 'file://relative/dir' }), /absolute directory/)
})

t.test('without BACKUP_URL the backup routes answer 404 BACKUPS_DISABLED and health has no backups member', async (t) => {
  const { app } = await build(t)
  const admin = as(app, await signIn(app))
  const res = await admin({ method: 'GET', url: '/api/backups/deleted' })
  t.equal(res.statusCode, 404)
  t.equal(res.json().code, 'BACKUPS_DISABLED')
  t.equal((await app.inject({ method: 'GET', url: '/api/health' })).json().backups, undefined)
})

t.test('the replicated set follows the writes: reads do not join, a write does, BACKUP_IDLE_MS without writes leaves', async (t) => {
  const s = await setup(t, { BACKUP_IDLE_MS: '1500' })
  const replicating = async () => (await s.app.inject({ method: 'GET', url: '/api/health' })).json().backups.replicating as number
  const until = async (what: string, check: () => Promise<boolean>) => {
    const deadline = Date.now() + 20_000
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`never: ${what}`)
      await sleep(100)
    }
  }
  const name = await s.ws.freshDatabase()
  await until('the new database leaves after its idle time', async () => await replicating() === 1)
  t.equal(await replicating(), 1, 'only _system.db is replicated while nothing writes')
  await s.admin({ method: 'GET', url: `/api/databases/${name}` })
  await s.admin({ method: 'GET', url: `/api/databases/${name}/tables` })
  await sleep(300)
  t.equal(await replicating(), 1, 'reads do not bring the database back')
  await s.ws.sql(name, 'CREATE TABLE t (n INTEGER)')
  await until('the written database joins', async () => await replicating() === 2)
  t.pass('a write brings it into the set')
  await until('it leaves again', async () => await replicating() === 1)
  t.pass('and it leaves once idle')
  // reads of other kinds: a table's export and the database's own OpenAPI document (which describes its tables)
  t.equal((await s.admin({ method: 'GET', url: `/api/databases/${name}/tables/t/export` })).statusCode, 200)
  t.equal((await s.admin({ method: 'GET', url: `/api/databases/${name}/openapi.json` })).statusCode, 200)
  await sleep(300)
  t.equal(await replicating(), 1, 'an export and a description do not bring it back')
  const window = await windowAfter(s, name, 0)
  t.ok(window.to, 'what it wrote is in its replica')
})

t.test('a replicator that dies is restarted, and health says so meanwhile', async (t) => {
  const s = await setup(t)
  const health = async () => (await s.app.inject({ method: 'GET', url: '/api/health' })).json().backups
  const before = await health()
  t.equal(before.status, 'ok')
  const { readFileSync } = await import('node:fs')
  const pid = Number(readFileSync(join(s.dataDir, '.backup', 'litestream.pid'), 'utf8'))
  process.kill(pid, 'SIGKILL')
  await sleep(100)
  t.equal((await health()).status, 'failing', 'failing while it is down')
  const deadline = Date.now() + 20_000
  while ((await health()).status !== 'ok' && Date.now() < deadline) await sleep(100)
  const after = await health()
  t.equal(after.status, 'ok', 'running again')
  t.ok(after.restarts > before.restarts, 'a restart was counted')
  t.not(Number(readFileSync(join(s.dataDir, '.backup', 'litestream.pid'), 'utf8')), pid, 'a new process')
})

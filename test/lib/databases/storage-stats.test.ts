// Storage snapshots at many databases (issue #22): a cycle costs a stat per file; only a database whose file
// changed is opened. With a budget of one connection, every open would show in the engine's counters.
import t, { type Test } from 'tap'
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { createStorageStats } from '../../../lib/databases/storage-stats.js'
import type { DatabaseRecord } from '../../../lib/store/databases.js'
import { as, build, signIn, workspace } from '../../helper.js'

/** `count` fresh databases, each with one table `t`, made as the admin. */
async function databasesWithATable (app: Awaited<ReturnType<typeof build>>['app'], prefix: string, count: number) {
  const admin = as(app, await signIn(app))
  const ws = workspace(admin, prefix)
  const names: string[] = []
  for (let i = 0; i < count; i++) {
    const name = await ws.freshDatabase()
    await ws.sql(name, 'CREATE TABLE t (n INTEGER)')
    names.push(name)
  }
  return { admin, ws, names }
}

/**
 * `count` registry records (table count 1) over files of 10 bytes in a directory of the test; `withoutFile` of them
 * (the last ones) have none.
 */
function recordsOnDisk (t: Test, count: number, withoutFile = 0) {
  const dir = mkdtempSync(join(tmpdir(), 'litehouse-stats-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const records = Array.from({ length: count }, (_, i) => ({ id: `db${i}`, name: `d${i}`, tableCount: 1 }))
  const fileOf = (record: { name: string }) => join(dir, `${record.name}.db`)
  for (const record of records.slice(0, count - withoutFile)) writeFileSync(fileOf(record), 'x'.repeat(10))
  // the records stand in for registry rows: only the fields storage stats read
  return { records: records as unknown as DatabaseRecord[], fileOf: fileOf as (record: DatabaseRecord) => string }
}

t.test('a snapshot cycle opens no unchanged database, recounts a changed one, and records every database', async (t) => {
  const { app, dataDir } = await build(t, { ENGINE_MAX_CONNECTIONS: '1' })
  const { ws, names } = await databasesWithATable(app, 'snap', 4)
  const snapshots = () => {
    const db = new Database(join(dataDir, '_analytics.db'), { readonly: true })
    try {
      return db.prepare('SELECT database, table_count AS tables FROM _storage_snapshots ORDER BY timestamp DESC, database').all() as Array<{ database: string, tables: number }>
    } finally {
      db.close()
    }
  }
  const opens = () => app.engine.stats().opens

  const before = opens()
  await app.analytics.snapshot()
  t.equal(opens() - before, 0, 'the first cycle opens nothing: table counts come from the registry')
  t.same(snapshots().filter((r) => names.includes(r.database)).map((r) => r.tables), [1, 1, 1, 1], 'a row per database with its tables')

  await ws.sql(names[2], 'CREATE TABLE u (n INTEGER)')
  const again = opens()
  await app.analytics.snapshot()
  t.ok(opens() - again <= 1, 'only the changed database may need an open')
  const latest = snapshots().slice(0, 4).filter((r) => names.includes(r.database))
  t.same(latest.map((r) => [r.database, r.tables]), names.map((n, i) => [n, i === 2 ? 2 : 1]), 'the changed database is counted again')

  // a connection the budget of one closes (in a worker, after the cycle that made it close) checkpoints its WAL into
  // the file: that database is counted once more in a later cycle (on a loaded machine, the close can land a cycle
  // later still); within a few cycles the files stay as they are, and cycles open nothing
  let quietInARow = 0
  let cycles = 0
  while (quietInARow < 3 && cycles < 10) {
    const at = opens()
    await app.analytics.snapshot()
    cycles++
    quietInARow = opens() === at ? quietInARow + 1 : 0
  }
  t.equal(quietInARow, 3, `once the checkpoints were done, three cycles in a row opened nothing (after ${cycles} cycles)`)
})

t.test('a cycle over many databases lets the event loop turn between slices of them, and reads a missing WAL as none', async (t) => {
  const { records, fileOf } = recordsOnDisk(t, 2000)
  let looked = 0
  const rows = createStorageStats({
    list: () => records,
    fileOf: (record) => { looked++; return fileOf(record) },
    measure: async () => { throw new Error('nothing changed: nothing is measured') }
  })
  const lookedAtFirstTurn = new Promise<number>((resolve) => setImmediate(() => resolve(looked)))
  const cycle = rows.all()
  const seenThen = await lookedAtFirstTurn
  t.ok(seenThen > 0 && seenThen < records.length, `the loop turned after ${seenThen} of ${records.length} databases`)
  const result = await cycle
  t.equal(result.length, records.length, 'every database has its row')
  t.ok(result.every((row) => row.sizeBytes === 10 && row.tableCount === 1))
})

t.test("one database's figures measure that database alone; calls during a cycle share it", async (t) => {
  const { records, fileOf } = recordsOnDisk(t, 5)
  const measured: string[] = []
  const stats = createStorageStats({
    list: () => records,
    fileOf,
    measure: async (record) => { measured.push(record.id); return { sizeBytes: 99, tableCount: 2 } }
  })
  await stats.all()
  for (const record of records) appendFileSync(fileOf(record), 'more') // every file changes
  t.match(await stats.one(records[3]), { sizeBytes: 99, tableCount: 2 })
  t.same(measured, ['db3'], 'only that database was measured')
  t.match(await stats.one(records[3]), { sizeBytes: 99, tableCount: 2 }, 'unchanged since: from what was seen')
  t.same(measured, ['db3'])
  const [a, b] = await Promise.all([stats.all(), stats.all()])
  t.equal(a, b, 'two callers at once got the same cycle')
  t.same([...measured].sort(), ['db0', 'db1', 'db2', 'db3', 'db4'], 'each other changed database measured once more')
})

t.test("a database's analytics overview measures no other database", async (t) => {
  const { app } = await build(t)
  const { ws, admin, names } = await databasesWithATable(app, 'own', 3)
  await app.analytics.snapshot() // every database seen
  for (const name of names) await ws.sql(name, 'INSERT INTO t VALUES (1)') // and changed since
  const measured: string[] = []
  app.engine.watch((databaseId, job) => { if (job === 'database.stats') measured.push(databaseId) })
  const res = await admin({ method: 'GET', url: `/api/analytics/${names[0]}/overview` })
  t.equal(res.statusCode, 200)
  t.equal(res.json().data.tableCount, 1)
  t.ok(measured.length <= 1, `at most its own database is measured (${measured.length} measured)`)
  t.ok(measured.every((id) => id === app.store.databases.findByName(names[0])?.id), 'and only that one')
})

t.test('the totals count every database with a file and add their sizes without measuring any: a changed one counts its bytes on disk', async (t) => {
  const { records, fileOf } = recordsOnDisk(t, 4, 1) // d3 has no file
  let measures = 0
  const stats = createStorageStats({
    list: () => records,
    fileOf,
    measure: async () => { measures++; return { sizeBytes: 4096, tableCount: 1 } }
  })
  t.same(await stats.totals(), { databases: 3, sizeBytes: 30 }, 'first look: the sizes of the files')
  appendFileSync(fileOf(records[0]), 'y'.repeat(5))
  writeFileSync(fileOf(records[0]) + '-wal', 'w'.repeat(7))
  t.same(await stats.totals(), { databases: 3, sizeBytes: 15 + 7 + 10 + 10 }, 'a changed database: its file and WAL on disk')
  t.equal(measures, 0, 'nothing measured')
  await stats.all()
  t.equal(measures, 1, 'a cycle measures the changed one')
  t.same(await stats.totals(), { databases: 3, sizeBytes: 4096 + 10 + 10 }, 'then its measured size counts')
})

t.test('the analytics overview measures no database, even with every one changed since the last look', async (t) => {
  const { app } = await build(t)
  const { ws, admin, names } = await databasesWithATable(app, 'all', 3)
  await app.analytics.snapshot()
  for (const name of names) await ws.sql(name, 'INSERT INTO t VALUES (1)')
  const measured: string[] = []
  app.engine.watch((databaseId, job) => { if (job === 'database.stats') measured.push(databaseId) })
  const res = await admin({ method: 'GET', url: '/api/analytics/overview' })
  t.equal(res.statusCode, 200)
  t.equal(res.json().data.databases, app.store.databases.list().length)
  t.ok(res.json().data.totalStorageBytes >= names.length * 4096, 'every database counts with its size')
  t.same(measured, [], 'no database was measured')
})

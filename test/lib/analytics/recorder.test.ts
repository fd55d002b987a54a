import t from 'tap'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { createAnalytics, type AnalyticsEvent } from '../../../lib/analytics/index.js'
import { count, event, inspect, manualClock, openAnalytics, tempDir, waitFor, ref } from './helper.js'

t.test('flushes when the buffer reaches flushSize', async t => {
  const { analytics, file } = openAnalytics(t, { flushSize: 5 })
  await analytics.flush()
  const db = inspect(t, file)
  for (let i = 0; i < 4; i++) analytics.record(event())
  await new Promise(resolve => setTimeout(resolve, 100))
  t.equal(count(db, '_query_log'), 0, 'four events stay buffered')
  t.equal(analytics.buffered, 4)
  analytics.record(event())
  await waitFor(() => count(db, '_query_log') === 5)
  t.equal(analytics.buffered, 0)
})

t.test('flushes every flushMs', async t => {
  const { analytics, file } = openAnalytics(t, { flushMs: 50 })
  await analytics.flush()
  const db = inspect(t, file)
  analytics.record(event())
  analytics.record(event())
  await waitFor(() => count(db, '_query_log') === 2)
  t.pass('written by the timer')
})

t.test('writes every column of _query_log and both daily aggregates, accumulating across flushes', async t => {
  const clock = manualClock('2026-11-20T12:00:00.000Z')
  const { analytics, file } = openAnalytics(t, { now: clock.now })
  const first: AnalyticsEvent[] = [
    event({ operation: 'select', rowCount: 3, durationMs: 1.25, timestamp: '2026-11-20T10:00:00.000Z' }),
    event({ operation: 'select', rowCount: 4, durationMs: 2.5, timestamp: '2026-11-20T10:05:00.000Z' }),
    event({ operation: 'insert', rowCount: 2, durationMs: 3, sqlText: 'INSERT INTO "items" ("name") VALUES (?) RETURNING *', timestamp: '2026-11-20T11:00:00.000Z' }),
    event({ operation: 'delete', rowCount: 1, durationMs: 0.5, sqlText: 'DELETE FROM "items" WHERE "id" = ?', timestamp: '2026-11-20T11:10:00.000Z' }),
    event({ operation: 'select', status: 'error', errorMsg: 'no such table: nope', rowCount: 0, tableName: null, statsOperation: 'raw_query', sqlText: 'SELECT * FROM nope', timestamp: '2026-11-20T11:20:00.000Z' }),
    event({ operation: 'update', rowCount: 7, tableName: null, statsOperation: 'raw_query', sqlText: 'UPDATE items SET n = n + 1', timestamp: '2026-11-20T11:30:00.000Z' }),
    event({ database: 'blog', databaseId: 'uuid-blog', operation: 'select', rowCount: 9, sqlText: null, timestamp: '2026-11-19T08:00:00.000Z' })
  ]
  for (const e of first) analytics.record(e)
  analytics.record(event({ rowCount: 5 })) // no timestamp: stamped with the clock at record() time
  await analytics.flush()
  const db = inspect(t, file)

  const log = db.prepare('SELECT * FROM _query_log ORDER BY id').all() as Array<Record<string, unknown>>
  t.equal(log.length, 8)
  t.same(log[0], {
    id: 1,
    database: 'shop',
    table_name: 'items',
    operation: 'select',
    duration_ms: 1.25,
    row_count: 3,
    status: 'ok',
    error_msg: null,
    timestamp: '2026-11-20T10:00:00.000Z',
    database_id: 'uuid-shop',
    sql_text: 'SELECT * FROM "items" WHERE "id" = ?'
  })
  t.same(log[4], {
    id: 5,
    database: 'shop',
    table_name: null,
    operation: 'select',
    duration_ms: 1,
    row_count: 0,
    status: 'error',
    error_msg: 'no such table: nope',
    timestamp: '2026-11-20T11:20:00.000Z',
    database_id: 'uuid-shop',
    sql_text: 'SELECT * FROM nope'
  })
  t.equal(log[6].sql_text, null, 'the log keeps a missing text as NULL')
  t.equal(log[7].timestamp, '2026-11-20T12:00:00.000Z')

  const stats = (): unknown[] => db.prepare(`SELECT date, database_name, database_id, operation, count, rows_read, rows_written
    FROM _daily_stats ORDER BY database_id, date, operation`).all()
  // rows_read: row counts of selects; rows_written: of insert/update/delete; raw SQL counted as raw_query
  t.same(stats(), [
    { date: '2026-11-19', database_name: 'blog', database_id: 'uuid-blog', operation: 'select', count: 1, rows_read: 9, rows_written: 0 },
    { date: '2026-11-20', database_name: 'shop', database_id: 'uuid-shop', operation: 'delete', count: 1, rows_read: 0, rows_written: 1 },
    { date: '2026-11-20', database_name: 'shop', database_id: 'uuid-shop', operation: 'insert', count: 1, rows_read: 0, rows_written: 2 },
    { date: '2026-11-20', database_name: 'shop', database_id: 'uuid-shop', operation: 'raw_query', count: 2, rows_read: 0, rows_written: 7 },
    { date: '2026-11-20', database_name: 'shop', database_id: 'uuid-shop', operation: 'select', count: 3, rows_read: 12, rows_written: 0 }
  ])
  const queries = (): unknown[] => db.prepare(`SELECT date, database_name, database_id, sql_text, count, row_count
    FROM _daily_queries ORDER BY database_id, date, sql_text`).all()
  t.same(queries(), [
    { date: '2026-11-19', database_name: 'blog', database_id: 'uuid-blog', sql_text: 'select', count: 1, row_count: 9 },
    { date: '2026-11-20', database_name: 'shop', database_id: 'uuid-shop', sql_text: 'DELETE FROM "items" WHERE "id" = ?', count: 1, row_count: 1 },
    { date: '2026-11-20', database_name: 'shop', database_id: 'uuid-shop', sql_text: 'INSERT INTO "items" ("name") VALUES (?) RETURNING *', count: 1, row_count: 2 },
    { date: '2026-11-20', database_name: 'shop', database_id: 'uuid-shop', sql_text: 'SELECT * FROM "items" WHERE "id" = ?', count: 3, row_count: 12 },
    { date: '2026-11-20', database_name: 'shop', database_id: 'uuid-shop', sql_text: 'SELECT * FROM nope', count: 1, row_count: 0 },
    { date: '2026-11-20', database_name: 'shop', database_id: 'uuid-shop', sql_text: 'UPDATE items SET n = n + ?', count: 1, row_count: 7 }
  ], 'a text-less event is keyed by its operation name, never by NULL; literals become ?')

  // A second flush upserts into the same rows.
  analytics.record(event({ operation: 'select', rowCount: 10, timestamp: '2026-11-20T11:59:00.000Z' }))
  analytics.record(event({ database: 'blog', databaseId: 'uuid-blog', operation: 'select', rowCount: 1, sqlText: null, timestamp: '2026-11-19T09:00:00.000Z' }))
  await analytics.flush()
  t.equal(count(db, '_query_log'), 10)
  t.equal(count(db, '_daily_stats'), 5, 'no new aggregate rows')
  t.same(db.prepare("SELECT count, rows_read FROM _daily_stats WHERE database_id = 'uuid-shop' AND operation = 'select'").get(), { count: 4, rows_read: 22 })
  t.same(db.prepare("SELECT count, row_count FROM _daily_queries WHERE database_id = 'uuid-shop' AND sql_text LIKE 'SELECT * FROM \"items\"%'").get(), { count: 4, row_count: 22 })
  t.same(db.prepare("SELECT count, rows_read FROM _daily_stats WHERE database_id = 'uuid-blog'").get(), { count: 2, rows_read: 10 })
  t.same(db.prepare("SELECT count, row_count FROM _daily_queries WHERE database_id = 'uuid-blog'").get(), { count: 2, row_count: 10 })
})

t.test('days are taken in the settings time zone read at each flush; timestamps are stored as UTC ISO', async t => {
  let zone = 'Asia/Tokyo'
  const { analytics, file, logs } = openAnalytics(t, { timezone: () => zone })
  analytics.record(event({ timestamp: '2026-11-20T23:30:00.000Z' }))
  await analytics.flush()
  zone = 'UTC'
  analytics.record(event({ timestamp: '2026-11-21T08:30:00+09:00' }))
  await analytics.flush()
  const db = inspect(t, file)
  t.same(db.prepare('SELECT date, count FROM _daily_stats ORDER BY date').all(), [
    { date: '2026-11-20', count: 1 },
    { date: '2026-11-21', count: 1 }
  ], '23:30 UTC is already the 21st in Tokyo')
  t.same(db.prepare('SELECT date FROM _daily_queries ORDER BY date').all(), [{ date: '2026-11-20' }, { date: '2026-11-21' }])
  t.same(db.prepare('SELECT timestamp FROM _query_log').all(), [
    { timestamp: '2026-11-20T23:30:00.000Z' },
    { timestamp: '2026-11-20T23:30:00.000Z' }
  ], 'an offset timestamp is normalised')

  zone = 'Not/AZone'
  analytics.record(event({ timestamp: '2026-11-20T23:30:00.000Z' }))
  await analytics.flush()
  t.same(db.prepare('SELECT date, count FROM _daily_stats ORDER BY date').all(), [
    { date: '2026-11-20', count: 2 },
    { date: '2026-11-21', count: 1 }
  ], 'an invalid zone falls back to UTC instead of failing flushes')
  t.ok(logs.some(l => l.level === 'warn' && JSON.stringify(l.obj).includes('Not/AZone')))
})

t.test('a failed flush keeps its batch and loses nothing once the file is writable again', async t => {
  const { analytics, file, logs } = openAnalytics(t, { flushSize: 3 })
  await analytics.flush()
  const db = inspect(t, file)
  // Another connection holding the write lock makes the worker's writes fail (SQLITE_BUSY), also as root.
  db.exec('BEGIN EXCLUSIVE')
  const sent: AnalyticsEvent[] = []
  for (let i = 0; i < 5; i++) {
    const e = event({ rowCount: i, timestamp: `2026-11-20T10:00:0${i}.000Z` })
    sent.push(e)
    analytics.record(e)
  }
  await waitFor(() => logs.some(l => l.msg?.includes('flush failed') === true))
  await t.rejects(analytics.flush(), /locked|busy/i, 'an explicit flush reports the failure')
  t.equal(analytics.buffered, 5, 'the batch is back in the buffer')
  analytics.record(event({ rowCount: 5, timestamp: '2026-11-20T10:00:05.000Z' }))
  db.exec('COMMIT')
  t.equal(count(db, '_query_log'), 0)
  await analytics.flush()
  t.equal(analytics.buffered, 0)
  t.same(db.prepare('SELECT row_count FROM _query_log ORDER BY id').all().map(r => (r as { row_count: number }).row_count),
    [0, 1, 2, 3, 4, 5], 'every event written once, in order, the re-queued batch first')
  t.same(db.prepare('SELECT count, rows_read FROM _daily_stats').get(), { count: 6, rows_read: 15 })
})

t.test('while flushes fail the buffer keeps the newest maxBuffered events and logs the drop', async t => {
  const { analytics, file, logs } = openAnalytics(t, { maxBuffered: 4 })
  await analytics.flush()
  const db = inspect(t, file)
  db.exec('BEGIN EXCLUSIVE')
  for (let i = 0; i < 3; i++) analytics.record(event({ rowCount: i }))
  await t.rejects(analytics.flush())
  for (let i = 3; i < 7; i++) analytics.record(event({ rowCount: i }))
  t.equal(analytics.buffered, 4)
  db.exec('COMMIT')
  await analytics.flush()
  t.same(db.prepare('SELECT row_count FROM _query_log ORDER BY id').all().map(r => (r as { row_count: number }).row_count), [3, 4, 5, 6])
  t.ok(logs.some(l => l.level === 'error' && (l.obj as { dropped?: number }).dropped === 3))
  t.equal(analytics.dropped, 3, 'the dropped-events counter keeps the total')
})

t.test('concurrent flushes write each event once; close() writes every buffered event', async t => {
  const dataDir = tempDir(t)
  const analytics = createAnalytics({
    dataDir,
    enabled: true,
    flushMs: 600_000,
    flushSize: 1_000_000,
    snapshotIntervalMs: 600_000,
    timezone: () => 'UTC',
    listDatabases: async () => []
  })
  for (let i = 0; i < 1000; i++) analytics.record(event({ rowCount: i }))
  const inFlight = [analytics.flush(), analytics.flush(), analytics.flush()]
  for (let i = 1000; i < 2500; i++) analytics.record(event({ rowCount: i }))
  await analytics.close()
  await Promise.all(inFlight)
  await analytics.close()
  analytics.record(event())
  const db = inspect(t, join(dataDir, '_analytics.db'))
  t.equal(count(db, '_query_log'), 2500)
  t.equal((db.prepare('SELECT COUNT(DISTINCT row_count) AS n FROM _query_log').get() as { n: number }).n, 2500, 'no duplicates')
  t.equal((db.prepare('SELECT SUM(count) AS n FROM _daily_stats').get() as { n: number }).n, 2500)
  await t.rejects(analytics.size(ref('shop')), /closed/)
})

t.test('enabled: false records nothing, creates no file and answers with zeros', async t => {
  const dataDir = tempDir(t)
  const analytics = createAnalytics({
    dataDir,
    enabled: false,
    flushMs: 10,
    flushSize: 1,
    snapshotIntervalMs: 10,
    timezone: () => 'UTC',
    listDatabases: async () => [{ id: 'uuid-shop', name: 'shop', sizeBytes: 8192, tableCount: 3 }],
    now: () => new Date('2026-11-20T12:15:00.000Z')
  })
  analytics.record(event())
  analytics.record(event())
  t.equal(analytics.buffered, 0)
  await analytics.flush()
  await analytics.snapshot()
  await analytics.renameDatabase('uuid-shop', 'store')
  await new Promise(resolve => setTimeout(resolve, 50))
  t.notOk(existsSync(join(dataDir, '_analytics.db')), 'no _analytics.db')
  t.same(await analytics.overview('7d'), {
    databases: 1, queries: 0, writes: 0, avgLatencyMs: 0, errorCount: 0, rows_read: 0, rows_written: 0, totalStorageBytes: 8192
  })
  t.same(await analytics.databaseOverview(ref('shop')), {
    database: 'shop', queries: 0, writes: 0, rows_read: 0, avgLatencyMs: 0, errorCount: 0, storageBytes: 8192, tableCount: 3, topTables: []
  })
  t.same(await analytics.queries({ database: ref('shop'), range: '24h' }), { rows: [], total: 0 })
  t.same(await analytics.topQueries({ range: '30d' }), [])
  t.same(await analytics.errors({}), [])
  t.same(await analytics.size(ref('shop')), [])
  const volume = await analytics.volume('7d')
  t.same(volume.slots, ['2026-11-14', '2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'])
  t.same(volume.counts, [0, 0, 0, 0, 0, 0, 0])
  t.equal(volume.max, 0)
  await analytics.close()
  t.notOk(existsSync(join(dataDir, '_analytics.db')))
})

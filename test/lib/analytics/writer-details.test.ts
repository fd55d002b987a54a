import Database from 'better-sqlite3'
import t from 'tap'
import { migrate } from '../../../lib/analytics/schema.js'
import { createWriter } from '../../../lib/analytics/writer.js'
import { logRowsPerInsert } from '../../../lib/analytics/log-rows.js'
import type { StampedEvent } from '../../../lib/analytics/types.js'
import { event, inspect, openAnalytics, tempDir } from './helper.js'

function openWriter (t: { teardown: (fn: () => unknown) => void }) {
  const db = new Database(`${tempDir(t)}/_analytics.db`)
  t.teardown(() => db.close())
  migrate(db)
  return { db, writer: createWriter(db) }
}

const stamped = (at: unknown, overrides: Partial<StampedEvent> = {}) => ({ ...event(overrides), at }) as StampedEvent

t.test('timestamps keep their milliseconds, across seconds, minutes and days of one batch', async (t) => {
  const { db, writer } = openWriter(t)
  const times = ['2026-11-20T10:00:00.000Z', '2026-11-20T10:00:00.007Z', '2026-11-20T10:00:00.123Z', '2026-11-20T10:00:01.999Z',
    '2026-11-20T23:59:59.999Z', '2026-11-21T00:00:00.001Z', '1970-01-01T00:00:00.000Z']
  writer.flush(times.map((iso) => stamped(Date.parse(iso))), 'UTC')
  t.same(db.prepare('SELECT timestamp FROM _query_log ORDER BY id').pluck().all(), times)
  t.same(db.prepare('SELECT date, count FROM _daily_stats ORDER BY date').all(),
    [{ date: '1970-01-01', count: 1 }, { date: '2026-11-20', count: 5 }, { date: '2026-11-21', count: 1 }])
})

t.test('an event without a usable time is written at the time of writing, and the batch goes in whole', async (t) => {
  const { db, writer } = openWriter(t)
  const before = Date.now()
  writer.flush([stamped(NaN), stamped('soon'), stamped(1.5), stamped(8.7e15), stamped(Date.parse('2026-11-20T10:00:00.000Z'))], 'UTC')
  const times = db.prepare('SELECT timestamp FROM _query_log ORDER BY id').pluck().all() as string[]
  t.equal(times.length, 5)
  for (const time of times.slice(0, 2)) t.ok(Date.parse(time) >= before - 1000 && Date.parse(time) <= Date.now() + 1000, `${time} is now`)
  t.equal(times[2], '1970-01-01T00:00:00.001Z', 'a fraction of a millisecond is cut, as Date does')
  t.ok(Date.parse(times[3]) >= before - 1000, 'past the range of Date: now')
  t.equal(times[4], '2026-11-20T10:00:00.000Z')
})

t.test('the recorder keeps the event it is given and stamps it with its time', async (t) => {
  const { analytics, file } = openAnalytics(t, { now: () => new Date('2026-11-20T12:00:00.456Z') })
  const given = event()
  analytics.record(given)
  t.equal((given as StampedEvent).at, Date.parse('2026-11-20T12:00:00.456Z'), 'no copy is made')
  await analytics.flush()
  t.same(inspect(t, file).prepare('SELECT timestamp FROM _query_log').pluck().all(), ['2026-11-20T12:00:00.456Z'])
})

t.test('a batch of runs longer and shorter than one multi-row INSERT is written whole, in order, every value in its own row', async (t) => {
  const { db, writer } = openWriter(t)
  const at = Date.parse('2026-11-20T10:00:00.000Z')
  // a statement holds a run of one database: db0 for 60 events (a full statement and 10 more), then db0 and db1
  // taking turns (a statement each), then db2 for the rest (a full statement and a shorter one)
  const size = logRowsPerInsert * 2 + 23
  const databaseOf = (i: number) => i < 60 ? 0 : i < 66 ? i % 2 : 2
  const events = Array.from({ length: size }, (_, i) => stamped(at + i, {
    database: `db${databaseOf(i)}`,
    databaseId: `uuid-${databaseOf(i)}`,
    rowCount: i,
    durationMs: i / 4,
    operation: i % 5 === 0 ? 'insert' : 'select',
    status: i % 7 === 0 ? 'error' : 'ok',
    errorMsg: i % 7 === 0 ? `failure ${i}` : null,
    tableName: i % 2 === 0 ? 'items' : null,
    sqlText: `SELECT c${i}`
  }))
  t.equal(writer.flush(events, 'UTC'), size)
  const rows = db.prepare(`SELECT id, database, database_id, row_count, duration_ms, operation, status, error_msg, table_name, timestamp, sql_text
    FROM _query_log ORDER BY id`).all()
  t.same(rows, events.map((e, i) => ({
    id: i + 1,
    database: e.database,
    database_id: e.databaseId,
    row_count: i,
    duration_ms: i / 4,
    operation: e.operation,
    status: e.status,
    error_msg: e.errorMsg,
    table_name: e.tableName,
    timestamp: new Date(at + i).toISOString(),
    sql_text: `SELECT c${i}`
  })), 'one row per event, ids in event order')
  // keys interleave (databases, two operations, a text per event): each aggregate row sums its own events
  const expected = new Map<string, { database_id: string, operation: string, count: number, rows_read: number, rows_written: number }>()
  for (const e of events) {
    const key = `${e.databaseId} ${e.operation}`
    const row = expected.get(key) ?? { database_id: e.databaseId, operation: e.operation, count: 0, rows_read: 0, rows_written: 0 }
    row.count++
    if (e.operation === 'select') row.rows_read += e.rowCount
    else row.rows_written += e.rowCount
    expected.set(key, row)
  }
  t.same(db.prepare('SELECT database_id, operation, count, rows_read, rows_written FROM _daily_stats ORDER BY database_id, operation').all(),
    [...expected.values()].sort((a, b) => `${a.database_id} ${a.operation}`.localeCompare(`${b.database_id} ${b.operation}`)))
  t.same(db.prepare('SELECT database_id, sql_text, count, row_count FROM _daily_queries ORDER BY row_count').all(),
    events.map((e, i) => ({ database_id: e.databaseId, sql_text: `SELECT c${i}`, count: 1, row_count: i })))
  writer.flush([stamped(at + size)], 'UTC')
  t.equal(db.prepare('SELECT MAX(id) FROM _query_log').pluck().get(), size + 1, 'the next batch continues the ids')
})

t.test('local dates are remembered per zone and minute across batches', async (t) => {
  const { db, writer } = openWriter(t)
  const lateEvening = Date.parse('2026-11-20T23:30:00.000Z')
  writer.flush([stamped(lateEvening)], 'UTC')
  writer.flush([stamped(lateEvening + 1000)], 'Asia/Tokyo')
  writer.flush([stamped(lateEvening + 2000)], 'UTC')
  t.same(db.prepare('SELECT date, count FROM _daily_stats ORDER BY date').all(),
    [{ date: '2026-11-20', count: 2 }, { date: '2026-11-21', count: 1 }], 'the same minute is a different day in Tokyo')

  // a six-digit year's text has no minute in its first 16 characters: in India the date changes at 18:30 UTC
  writer.flush([stamped(Date.parse('+010000-01-01T18:10:00.000Z')), stamped(Date.parse('+010000-01-01T18:40:00.000Z'))], 'Asia/Kolkata')
  t.same(db.prepare("SELECT date, count FROM _daily_stats WHERE date LIKE '10000-%' ORDER BY date").all(),
    [{ date: '10000-01-01', count: 1 }, { date: '10000-01-02', count: 1 }])

  // more distinct minutes than are remembered: every event still gets its own day
  const days = 3
  const minutes = Array.from({ length: days * 1440 }, (_, i) => stamped(Date.parse('2026-01-01T00:00:30.000Z') + i * 60_000))
  writer.flush(minutes, 'UTC')
  t.same(db.prepare("SELECT date, count FROM _daily_stats WHERE date LIKE '2026-01-%' ORDER BY date").all(),
    [{ date: '2026-01-01', count: 1440 }, { date: '2026-01-02', count: 1440 }, { date: '2026-01-03', count: 1440 }])
})

t.test('runs of events with the same keys and returns to an earlier key add up to one aggregate row each', async (t) => {
  const { db, writer } = openWriter(t)
  const at = Date.parse('2026-11-20T10:00:00.000Z')
  const a = { databaseId: 'uuid-a', database: 'a', sqlText: 'SELECT 1' }
  const b = { databaseId: 'uuid-b', database: 'b', sqlText: 'SELECT 2' }
  writer.flush([a, a, b, a, a, b].map((keys, i) => stamped(at + i, { ...keys, rowCount: 10 ** i })), 'UTC')
  writer.flush([stamped(at + 10, { ...a, rowCount: 0 })], 'UTC')
  t.same(db.prepare('SELECT database_id, count, rows_read FROM _daily_stats ORDER BY database_id').all(),
    [{ database_id: 'uuid-a', count: 5, rows_read: 11011 }, { database_id: 'uuid-b', count: 2, rows_read: 100100 }])
  t.same(db.prepare('SELECT database_id, sql_text, count, row_count FROM _daily_queries ORDER BY database_id').all(),
    [{ database_id: 'uuid-a', sql_text: 'SELECT ?', count: 5, row_count: 11011 }, { database_id: 'uuid-b', sql_text: 'SELECT ?', count: 2, row_count: 100100 }],
    'keyed by pattern (the spec\'s "query text pattern"): literals become ?')
})

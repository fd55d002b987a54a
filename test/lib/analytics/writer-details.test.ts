import Database from 'better-sqlite3'
import t from 'tap'
import { migrate } from '../../../lib/analytics/schema.js'
import { createWriter } from '../../../lib/analytics/writer.js'
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

t.test('a large batch is written whole and in order', async (t) => {
  const { db, writer } = openWriter(t)
  const at = Date.parse('2026-11-20T10:00:00.000Z')
  const events = Array.from({ length: 60 }, (_, i) => stamped(at + i, {
    rowCount: i, status: i % 7 === 0 ? 'error' : 'ok', errorMsg: i % 7 === 0 ? `failure ${i}` : null, tableName: i % 2 === 0 ? 'items' : null
  }))
  t.equal(writer.flush(events, 'UTC'), 60)
  const rows = db.prepare('SELECT id, row_count AS n, status, error_msg AS err, table_name AS tbl, timestamp FROM _query_log ORDER BY id').all() as
    Array<{ id: number, n: number, status: string, err: string | null, tbl: string | null, timestamp: string }>
  t.same(rows.map((r) => r.n), Array.from({ length: 60 }, (_, i) => i), 'one row per event, ids in event order')
  t.same(rows.filter((r) => r.status === 'error').map((r) => r.err), [0, 7, 14, 21, 28, 35, 42, 49, 56].map((i) => `failure ${i}`))
  t.equal(rows.filter((r) => r.tbl === null).length, 30)
  t.equal(rows[59].timestamp, '2026-11-20T10:00:00.059Z')
  t.same(db.prepare('SELECT count, rows_read FROM _daily_stats').get(), { count: 60, rows_read: 1770 })
})

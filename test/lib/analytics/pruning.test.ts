import t from 'tap'
import { join } from 'node:path'
import { createHandlers } from '../../../lib/analytics/handlers.js'
import { encodeEvents } from '../../../lib/analytics/wire.js'
import { logIdSpanSql, sizePruneStep } from '../../../lib/analytics/writer.js'
import { count, event, inspect, manualClock, openAnalytics, tempDir, waitFor } from './helper.js'

const day = 24 * 3_600_000
const minute = 60_000

t.test('pruning deletes only query log rows older than 30 days, at most once an hour, during a flush', async t => {
  const clock = manualClock('2026-11-20T12:00:00.000Z')
  const { analytics, file, logs } = openAnalytics(t, { now: clock.now })
  const timestamps = (): string[] => db.prepare('SELECT timestamp FROM _query_log ORDER BY timestamp').all()
    .map(r => (r as { timestamp: string }).timestamp)

  analytics.record(event({ timestamp: clock.ago(31 * day) }))
  analytics.record(event({ timestamp: clock.ago(30 * day + minute) }))
  analytics.record(event({ timestamp: clock.ago(29 * day) }))
  analytics.record(event({ timestamp: clock.ago(minute) }))
  await analytics.flush()
  const db = inspect(t, file)
  t.same(timestamps(), [clock.ago(29 * day), clock.ago(minute)], 'the first flush prunes')
  t.ok(logs.some(l => (l.obj as { pruned?: number }).pruned === 2))
  t.equal(count(db, '_daily_stats'), 4, 'aggregates are never pruned (one row per day)')
  t.equal((db.prepare('SELECT SUM(count) AS n FROM _daily_stats').get() as { n: number }).n, 4)

  clock.advance(30 * minute)
  analytics.record(event({ timestamp: clock.ago(40 * day) }))
  await analytics.flush()
  t.equal(count(db, '_query_log'), 3, 'half an hour later the old row stays')

  clock.advance(31 * minute)
  analytics.record(event({ timestamp: clock.ago(minute) }))
  await analytics.flush()
  t.equal(count(db, '_query_log'), 3, 'an hour after the last prune it goes')
  t.notOk(timestamps().some(ts => Date.parse(ts) < Date.parse(clock.ago(30 * day))))
})

// Raw log rows `n` days before `nowMs`, written as any SQLite client would (the view's trigger), in one transaction.
function insertAged (db: ReturnType<typeof inspect>, rows: number, atIso: string): void {
  const insert = db.prepare(`INSERT INTO _query_log (database, operation, duration_ms, row_count, status, timestamp, database_id)
    VALUES ('shop', 'select', 1, 1, 'ok', ?, 'uuid-shop')`)
  db.transaction(() => { for (let i = 0; i < rows; i++) insert.run(atIso) })()
}

t.test('an hour of rows past the retention goes a step at a time, never in one flush', async t => {
  const now = Date.parse('2026-11-20T12:00:00.000Z')
  const file = join(tempDir(t), '_analytics.db')
  const h = createHandlers({ file, busyTimeoutMs: 50 })
  t.teardown(() => h.close())
  h.open()
  const db = inspect(t, file)
  insertAged(db, 2 * sizePruneStep + 500, new Date(now - 31 * day).toISOString())
  const flush = (): number => h.flush({ events: encodeEvents([{ ...event(), at: now }]), timeZone: 'UTC', nowMs: now }).pruned
  t.equal(flush(), sizePruneStep, 'the flush deletes one step of aged rows')
  t.equal(count(db, '_query_log'), sizePruneStep + 500 + 1)
  t.equal(h.maintain(), true, 'a quiet moment takes the next step and says more may be left')
  t.equal(count(db, '_query_log'), 500 + 1)
  t.equal(flush(), 500, 'the next flush takes the rest (the hour has not passed: the pruning goes on)')
  t.equal(h.maintain(), false, 'nothing left')
  t.equal(count(db, '_query_log'), 2, 'the fresh rows stay')
  insertAged(db, 10, new Date(now - 31 * day).toISOString())
  t.equal(flush(), 0, 'a new pruning starts an hour after the last one, not before')
  t.equal(count(db, '_query_log'), 13)
})

t.test('the worker finishes an age pruning between requests, without more flushes', async t => {
  const clock = manualClock('2026-11-20T12:00:00.000Z')
  const { analytics, file } = openAnalytics(t, { now: clock.now })
  await analytics.flush()
  const db = inspect(t, file)
  insertAged(db, 3 * sizePruneStep, clock.ago(31 * day))
  clock.advance(61 * 60_000)
  analytics.record(event({ timestamp: clock.ago(0) }))
  await analytics.flush()
  await waitFor(() => count(db, '_query_log') === 1, 60_000)
  t.pass('only the fresh row is left')
})

t.test('an idle recorder still prunes hourly: the flush cycle sends an empty batch', async t => {
  const clock = manualClock('2026-11-20T12:00:00.000Z')
  const { analytics, file } = openAnalytics(t, { now: clock.now })
  await analytics.flush()
  const db = inspect(t, file)
  db.prepare(`INSERT INTO _query_log (database, operation, duration_ms, row_count, status, timestamp, database_id)
    VALUES ('shop', 'select', 1, 1, 'ok', ?, 'uuid-shop')`).run(clock.ago(31 * day))
  await analytics.flush()
  t.equal(count(db, '_query_log'), 1, 'nothing to send within the hour')
  clock.advance(61 * minute)
  await analytics.flush()
  t.equal(count(db, '_query_log'), 0)
})

t.test('past ANALYTICS_LOG_MAX_MB the oldest raw log rows go, a small step per flush; the rollups keep every call', async t => {
  const clock = manualClock('2026-11-20T12:00:00.000Z')
  const { analytics, file } = openAnalytics(t, { now: clock.now, logMaxBytes: 64 * 1024 })
  const db = inspect(t, file)
  let n = 0
  for (let round = 0; round < 12; round++) {
    for (let i = 0; i < 1000; i++) analytics.record(event({ rowCount: n++, sqlText: `SELECT * FROM items WHERE note = '${n}'`, timestamp: clock.ago(minute) }))
    await analytics.flush()
    clock.advance(minute) // the size is estimated at most once a minute (and every flush while over)
  }
  const oldest = db.prepare('SELECT MIN(row_count) FROM _query_log').pluck().get() as number
  t.ok(oldest > 0, `the oldest rows went first (now from ${oldest})`)
  // about 82 bytes per row (the statement is one pattern, an id): 64 kB hold some 800 rows, and a flush deletes at most 2,000
  t.ok(count(db, '_query_log') <= 3000, `the log stays near its bound (${count(db, '_query_log')} rows)`)
  t.equal(db.prepare('SELECT MAX(row_count) FROM _query_log').pluck().get(), 11_999, 'the newest row is kept')
  t.equal((await analytics.overview('24h')).queries, 12_000, 'aggregates come from the rollups, which keep every call')
})

t.test('the size estimate reads the two ends of the raw log, not every row', async t => {
  const file = join(tempDir(t), '_analytics.db')
  const h = createHandlers({ file, busyTimeoutMs: 50 })
  t.teardown(() => h.close())
  h.open()
  const db = inspect(t, file)
  const plan = (db.prepare(`EXPLAIN QUERY PLAN ${logIdSpanSql}`).all() as Array<{ detail: string }>).map(r => r.detail)
  t.notOk(plan.some(step => step.startsWith('SCAN _log')), `no scan of _log: ${plan.join('; ')}`)
  insertAged(db, 3, new Date().toISOString())
  db.prepare('DELETE FROM _log WHERE id = (SELECT MIN(id) FROM _log)').run()
  t.equal(db.prepare(logIdSpanSql).pluck().get(), 2, 'the span of ids still there')
})

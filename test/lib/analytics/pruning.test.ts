import t from 'tap'
import { count, event, inspect, manualClock, openAnalytics } from './helper.js'

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

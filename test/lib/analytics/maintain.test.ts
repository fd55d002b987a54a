import t from 'tap'
import { statSync } from 'node:fs'
import { join } from 'node:path'
import { checkpointEvents, createHandlers } from '../../../lib/analytics/handlers.js'
import { encodeEvents } from '../../../lib/analytics/wire.js'
import type { StampedEvent } from '../../../lib/analytics/index.js'
import { event, inspect, manualClock, openAnalytics, tempDir, waitFor } from './helper.js'

// Issue #24, flush p99: a flush writes its transaction and nothing else. The WAL checkpoint and the running pattern
// windows' move to a new hour wait for `maintain()`, which the worker runs between requests.
const now = Date.parse('2026-11-20T12:30:00.000Z')
const hour = 3_600_000

/** Events spread over many databases, so that each flush dirties many pages. */
const spread = (n: number, from: number): StampedEvent[] => Array.from({ length: n }, (_, i) => ({
  ...event({ database: `db${from + i}`, databaseId: `uuid-${from + i}`, sqlText: `SELECT * FROM t${i % 7} WHERE id = ?` }),
  at: now - 60_000
}))

t.test('flushes leave the checkpoint to maintain(), which runs it once enough events were written', async t => {
  const file = join(tempDir(t), '_analytics.db')
  const h = createHandlers({ file, busyTimeoutMs: 50 })
  t.teardown(() => h.close())
  h.open()
  const size = (): number => statSync(file).size
  const before = size()
  let written = 0
  while (written < checkpointEvents * 2) {
    h.flush({ events: encodeEvents(spread(100, written)), timeZone: 'UTC', nowMs: now })
    written += 100
  }
  const wal = statSync(file + '-wal').size
  t.ok(wal > 1000 * 4096, `the WAL is past SQLite's default checkpoint mark (${wal} bytes) and ...`)
  t.equal(size(), before, '... no flush copied it into the file')
  h.maintain()
  t.ok(size() > before, 'maintain() checkpoints')
  const after = size()
  h.flush({ events: encodeEvents(spread(100, written)), timeZone: 'UTC', nowMs: now })
  h.maintain()
  t.equal(size(), after, 'not again until another checkpointEvents were flushed')
})

t.test('the worker moves the running windows to the flush\'s hour between requests, without a read', async t => {
  const clock = manualClock('2026-11-20T12:30:00.000Z')
  const { analytics, file } = openAnalytics(t, { now: clock.now })
  analytics.record(event({ timestamp: clock.ago(60_000) }))
  await analytics.flush()
  const db = inspect(t, file)
  const end = (): unknown => db.prepare('SELECT hour FROM _pattern_windows_hour').pluck().get()
  await waitFor(() => end() === Math.floor(now / hour))
  clock.advance(2 * hour)
  analytics.record(event({ timestamp: clock.ago(60_000) }))
  await analytics.flush()
  await waitFor(() => end() === Math.floor(now / hour) + 2)
  t.match(await analytics.topQueries({ range: '24h' }), [{ database: 'shop', calls: 2 }])
})

t.test('sums a flush left for the windows survive a worker that died before applying them', async t => {
  const file = join(tempDir(t), '_analytics.db')
  const first = createHandlers({ file, busyTimeoutMs: 50 })
  const flush = (h: typeof first, n: number, sqlText: string): void => {
    h.flush({ events: encodeEvents(Array.from({ length: n }, () => ({ ...event({ sqlText }), at: now - 60_000 }))), timeZone: 'UTC', nowMs: now })
  }
  flush(first, 3, 'SELECT 1')
  first.maintain() // the windows exist and end at this hour
  flush(first, 5, 'SELECT 2') // pending in the worker's memory when it dies
  t.match(first.topQueries({ range: '24h', nowMs: now }), [{ sql_text: 'SELECT ?', calls: 8 }], 'a read applies them')
  flush(first, 4, 'SELECT 3')
  first.close() // dies: 4 calls never applied

  const next = createHandlers({ file, busyTimeoutMs: 50 })
  t.teardown(() => next.close())
  t.match(next.topQueries({ range: '24h', nowMs: now }), [{ sql_text: 'SELECT ?', calls: 12 }], 'the next worker rebuilds the windows')
  next.rename({ databaseId: 'uuid-shop', newName: 'store' })
  flush(next, 1, 'SELECT 4')
  next.rename({ databaseId: 'uuid-shop', newName: 'market' })
  t.match(next.topQueries({ range: '24h', nowMs: now }), [{ database: 'market', calls: 13 }], 'pending sums take the new name')
})

t.test('a busy database\'s window sums gather in memory across flushes until a read or enough distinct keys', async t => {
  const file = join(tempDir(t), '_analytics.db')
  const h = createHandlers({ file, busyTimeoutMs: 50 })
  t.teardown(() => h.close())
  const one = (): StampedEvent => ({ ...event(), at: now - 60_000 })
  h.flush({ events: encodeEvents([one()]), timeZone: 'UTC', nowMs: now })
  h.maintain() // builds the windows
  const db = inspect(t, file)
  const calls = (): unknown => db.prepare('SELECT calls FROM _pattern_windows WHERE span = 24').pluck().get()
  t.equal(calls(), 1)
  for (let i = 0; i < 20; i++) {
    h.flush({ events: encodeEvents([one(), one()]), timeZone: 'UTC', nowMs: now })
    h.maintain()
  }
  t.equal(calls(), 1, 'twenty flushes and quiet moments later the windows are untouched')
  t.equal(db.prepare('SELECT dirty FROM _pattern_windows_hour').pluck().get(), 1, 'and marked dirty')
  t.match(h.topQueries({ range: '24h', nowMs: now }), [{ calls: 41 }], 'a read adds the sums first')
  t.equal(calls(), 41)
  t.equal(db.prepare('SELECT dirty FROM _pattern_windows_hour').pluck().get(), 0)
  h.flush({ events: encodeEvents(spread(1000, 0)), timeZone: 'UTC', nowMs: now }) // 1,000 databases: 1,000 keys
  h.maintain()
  t.equal(db.prepare('SELECT COUNT(*) FROM _pattern_windows WHERE span = 24').pluck().get(), 1001, 'enough distinct keys go in at once')
})

t.test('hourly rollups past 30 days go in a quiet moment, not in the flush', async t => {
  const file = join(tempDir(t), '_analytics.db')
  const h = createHandlers({ file, busyTimeoutMs: 50 })
  t.teardown(() => h.close())
  const old = now - 40 * 24 * hour
  h.flush({ events: encodeEvents([{ ...event(), at: old }]), timeZone: 'UTC', nowMs: old })
  h.flush({ events: encodeEvents([{ ...event(), at: now - 60_000 }]), timeZone: 'UTC', nowMs: now })
  const db = inspect(t, file)
  const oldRows = (): unknown => db.prepare('SELECT COUNT(*) FROM _hourly_stats WHERE hour = ?').pluck().get(Math.floor(old / hour))
  t.equal(oldRows(), 2, 'the flush leaves them (the database\'s row and the all-databases one)')
  h.maintain()
  t.equal(oldRows(), 0, 'maintain() prunes them')
  t.equal(db.prepare('SELECT COUNT(*) FROM _hourly_patterns').pluck().get(), 1, 'the current hour\'s pattern row stays')
})

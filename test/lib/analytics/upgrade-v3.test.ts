import t from 'tap'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { migrate as migrateV3 } from './fixtures/schema-v3.js'
import { rollupsToV7 } from './fixtures/downgrade.js'
import { schemaVersion } from '../../../lib/analytics/schema.js'
import { createHandlers } from '../../../lib/analytics/handlers.js'
import { encodeEvents } from '../../../lib/analytics/wire.js'
import type { StampedEvent } from '../../../lib/analytics/index.js'
import { count, event, inspect, manualClock, openAnalytics, ref, tempDir, waitFor } from './helper.js'

const now = Date.parse('2026-11-20T12:30:00.000Z')

/** A v3 file as the server before the rollups left it: its layout code, and log rows written by SQL. */
function buildV3 (file: string, rows: number): void {
  const db = new Database(file)
  migrateV3(db)
  const log = db.prepare(`INSERT INTO _query_log (database, table_name, operation, duration_ms, row_count, status, error_msg, timestamp, database_id, sql_text)
    VALUES (?, 'items', ?, ?, ?, ?, ?, ?, ?, ?)`)
  db.transaction(() => {
    for (let i = 0; i < rows; i++) {
      const error = i % 10 === 0
      const legacy = i % 7 === 0 // written before ids existed
      log.run('shop', i % 3 === 0 ? 'insert' : 'select', 1 + (i % 5), 2, error ? 'error' : 'ok', error ? 'boom' : null,
        new Date(now - (i % 48) * 3_600_000 - 60_000).toISOString(), legacy ? null : 'uuid-shop', `SELECT * FROM items WHERE id = ${i}`)
    }
  })()
  db.close()
}

t.test('a v3 file upgrades in place; its rollups are backfilled in bounded steps between flushes', async t => {
  const file = join(tempDir(t), '_analytics.db')
  buildV3(file, 23)
  const h = createHandlers({ file, busyTimeoutMs: 50 })
  t.teardown(() => h.close())
  t.same(h.open(), { from: 3, to: schemaVersion })
  t.equal(h.overview({ range: '7d', nowMs: now }).queries, 0, 'nothing rolled up before the first step')

  t.same(h.backfill({ rows: 10 }), { rows: 10, pending: true }, 'one step reads at most its rows')
  const e: StampedEvent = { ...event(), at: now - 1000 }
  h.flush({ events: encodeEvents([e]), timeZone: 'UTC', nowMs: now })
  t.equal(h.overview({ range: '7d', nowMs: now }).queries, 11, 'a flush between steps rolls up its own events')
  t.same(h.backfill({ rows: 10 }), { rows: 10, pending: true })
  t.same(h.backfill({ rows: 10 }), { rows: 3, pending: false }, 'the flushed row (after the planned range) is not read again')
  t.same(h.backfill(), { rows: 0, pending: false })

  const sums = h.overview({ range: '7d', nowMs: now })
  t.equal(sums.queries, 24)
  t.equal(sums.errorCount, 3)
  const own = h.databaseOverview({ database: ref('shop'), range: '7d', nowMs: now })
  t.equal(own.sums.queries, 24, 'id-less rows count for the database of that name')
  t.same(own.topTables.map(p => [p.sql_text, p.calls]), [['SELECT * FROM items WHERE id = ?', 23], [event().sqlText, 1]],
    'literals of the old rows fold into one pattern')
  t.equal(h.databaseOverview({ database: { id: 'uuid-other', name: 'other' }, range: '7d', nowMs: now }).sums.queries, 0)
})

t.test('the recorder upgrades a v3 file at start and backfills it in the background', async t => {
  const dataDir = tempDir(t)
  buildV3(join(dataDir, '_analytics.db'), 12_000)
  const clock = manualClock('2026-11-20T12:30:00.000Z')
  const { analytics, file } = openAnalytics(t, { dataDir, now: clock.now })
  analytics.record(event({ timestamp: '2026-11-20T12:00:00.000Z' }))
  await analytics.flush()
  const db = inspect(t, file)
  t.equal(db.pragma('user_version', { simple: true }), schemaVersion)
  await waitFor(() => count(db, '_rollup_backfill') === 0, 20_000)
  t.equal(count(db, '_query_log'), 12_001, 'every row kept')
  const day = await analytics.databaseOverview(ref('shop'), '24h')
  const expected = db.prepare(`SELECT COUNT(*) FROM _query_log WHERE timestamp >= '2026-11-19T13:00:00.000Z'`).pluck().get()
  t.equal(day.queries, expected, 'the 24h figures equal the raw log\'s')
})

t.test('top queries of a name with rows older than ids: both owners summed, as the hourly rows say', async t => {
  const file = join(tempDir(t), '_analytics.db')
  buildV3(file, 23)
  const h = createHandlers({ file, busyTimeoutMs: 50 })
  t.teardown(() => h.close())
  h.open()
  while (h.backfill().pending);
  for (const range of ['24h', '7d'] as const) {
    const top = h.topQueries({ range, nowMs: now })
    t.match(top, [{ database: 'shop', sql_text: 'SELECT * FROM items WHERE id = ?', calls: 23, errors: 3 }])
    t.same(top, h.topQueriesFromHours(range, now), `${range}: the running windows equal the hourly rows`)
  }
})

t.test('a v4 file upgrades to v5 without rolling its log up a second time', async t => {
  const file = join(tempDir(t), '_analytics.db')
  buildV3(file, 23)
  const h = createHandlers({ file, busyTimeoutMs: 50 })
  h.open()
  while (h.backfill().pending);
  h.close()
  const db = new Database(file) // back to v4: no running windows yet
  rollupsToV7(db) // its hourly tables as they were (v7 kept v4's columns)
  db.exec('DROP TABLE _pattern_windows; DROP TABLE _pattern_windows_hour; PRAGMA user_version = 4')
  db.close()
  const again = createHandlers({ file, busyTimeoutMs: 50 })
  t.teardown(() => again.close())
  t.same(again.open(), { from: 4, to: schemaVersion })
  t.same(again.backfill(), { rows: 0, pending: false }, 'no backfill planned')
  t.equal(again.overview({ range: '7d', nowMs: now }).queries, 23)
  t.match(again.topQueries({ range: '7d', nowMs: now }), [{ database: 'shop', calls: 23 }], 'the windows are built from the hourly rows')
})

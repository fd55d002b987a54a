import t, { type Test } from 'tap'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { schemaVersion } from '../../../lib/analytics/schema.js'
import { createHandlers } from '../../../lib/analytics/handlers.js'
import { encodeEvents } from '../../../lib/analytics/wire.js'
import type { AnalyticsRange, StampedEvent } from '../../../lib/analytics/index.js'
import { count, event, freshMaxima, ref, tempDir, windowMaxima } from './helper.js'
import { latenciesToV9, rollupsToV6, rollupsToV7 } from './fixtures/downgrade.js'

const now = Date.parse('2026-11-20T12:30:00.000Z')
const hour = 3_600_000
const ranges: AnalyticsRange[] = ['24h', '7d', '30d']
const databases = ['shop', 'blog', 'crm'].map(ref)

/** Events over 40 days: three databases, a few patterns each, some failed, with literals. */
function events (): StampedEvent[] {
  const out: StampedEvent[] = []
  for (let i = 0; i < 600; i++) {
    const db = databases[i % 3]
    out.push({
      ...event({ database: db.name, databaseId: db.id }),
      operation: i % 4 === 0 ? 'insert' : 'select',
      sqlText: i % 4 === 0 ? `INSERT INTO items (n) VALUES (${i})` : `SELECT * FROM t${i % 5} WHERE id = ${i}`,
      status: i % 13 === 0 ? 'error' : 'ok',
      errorMsg: i % 13 === 0 ? 'boom' : null,
      durationMs: 0.1 + (i % 17),
      rowCount: i % 6,
      at: now - Math.floor((i * 7919) % (40 * 24)) * hour - (i % 60) * 60_000
    })
  }
  return out.sort((a, b) => (a.at as number) - (b.at as number))
}

/** Every aggregate answer of the file, as the endpoints read them. */
function answers (h: ReturnType<typeof createHandlers>): unknown {
  return ranges.map(range => ({
    overview: h.overview({ range, nowMs: now }),
    volume: h.volume({ range, nowMs: now, timeZone: 'Europe/Berlin' }),
    topQueries: h.topQueries({ range, nowMs: now }),
    fromHours: h.topQueriesFromHours(range, now),
    databases: databases.map(database => ({
      overview: h.databaseOverview({ database, range, nowMs: now }),
      patterns: h.patterns({ database, range, nowMs: now, sort: 'p95_ms' }),
      queries: h.queries({ database, range, nowMs: now, limit: 5 })
    }))
  }))
}

function downgradeToV6 (file: string): void {
  const db = new Database(file)
  db.transaction(() => rollupsToV6(db))()
  db.close()
}

const primaryKey = (db: Database.Database, table: string): string[] =>
  (db.pragma(`table_info(${table})`) as Array<{ name: string, pk: number }>).filter(c => c.pk > 0).sort((a, b) => a.pk - b.pk).map(c => c.name)

/** A file with the test's events, flushed 50 at a time, and the answers it gave. */
function filled (t: Test): { file: string, before: ReturnType<typeof answers> } {
  const file = join(tempDir(t), '_analytics.db')
  const first = createHandlers({ file, busyTimeoutMs: 50 })
  const all = events()
  for (let i = 0; i < all.length; i += 50) {
    const chunk = all.slice(i, i + 50)
    first.flush({ events: encodeEvents(chunk), timeZone: 'UTC', nowMs: chunk[chunk.length - 1].at as number })
    first.maintain()
  }
  const before = answers(first)
  first.close()
  return { file, before }
}

/** The running windows' rows: as v10 stores them, and from an older file's milliseconds. */
const windowRows = 'SELECT span, owner, pattern, database_name, calls, errors, writes, rows, total_us, max_us FROM _pattern_windows ORDER BY 1, 2, 3'
const windowsInMicroseconds = windowRows.replace('total_us, max_us', 'CAST(ROUND(total_ms * 1000) AS INTEGER) AS total_us, CAST(ROUND(max_ms * 1000) AS INTEGER) AS max_us')

const rollupRows = (db: Database.Database): { stats: number, patterns: number } =>
  ({ stats: count(db, '_hourly_stats'), patterns: count(db, '_hourly_patterns') })

/**
 * Opens an older file with today's code: it upgrades from `from`, answers every read as `before` and keeps every
 * rollup row; the handlers and the file, read-only, for the checks of its layout.
 */
function upgraded (t: Test, file: string, old: { from: number, before: ReturnType<typeof answers>, rows: ReturnType<typeof rollupRows> }) {
  const h = createHandlers({ file, busyTimeoutMs: 50 })
  t.teardown(() => h.close())
  t.same(h.open(), { from: old.from, to: schemaVersion })
  t.same(answers(h), old.before, 'every aggregate, list and page as before')
  const db = new Database(file, { readonly: true })
  t.teardown(() => db.close())
  t.same(rollupRows(db), old.rows, 'every rollup row kept')
  return { h, db }
}

/**
 * The test's file turned back into layout `from` by `downgrade` (`layout` checks it), then opened with today's code
 * (`upgraded`); the old file's running windows too, in microseconds.
 */
function upgradedFrom (t: Test, from: number, downgrade: (db: Database.Database) => void, layout: (db: Database.Database) => void) {
  const { file, before } = filled(t)
  const old = new Database(file)
  old.transaction(() => {
    downgrade(old)
    old.pragma(`user_version = ${from}`)
  })()
  const rows = rollupRows(old)
  layout(old)
  const windows = old.prepare(windowsInMicroseconds).all()
  old.close()
  return { ...upgraded(t, file, { from, before, rows }), windows }
}

t.test('a v7 file (names and patterns as text) upgrades in place to their ids and answers the same', async t => {
  const { db, windows } = upgradedFrom(t, 7, rollupsToV7, v7 =>
    t.same(v7.prepare('SELECT DISTINCT typeof(pattern) FROM _hourly_patterns').pluck().all(), ['text'], 'the v7 layout'))
  t.same(db.prepare('SELECT DISTINCT typeof(pattern) FROM _hourly_patterns').pluck().all(), ['integer'], 'patterns by their _log_texts id')
  t.same(db.prepare('SELECT DISTINCT typeof(name) FROM _hourly_stats UNION SELECT DISTINCT typeof(name) FROM _hourly_patterns').pluck().all(),
    ['integer'], 'names by their _log_texts id')
  t.same(db.prepare(windowRows).all(), windows, 'the running windows kept as they were')
})

t.test('a v9 file (latencies as REAL milliseconds) upgrades in place to INTEGER microseconds and answers the same', async t => {
  const { h, db, windows } = upgradedFrom(t, 9, latenciesToV9, v9 =>
    t.same(v9.prepare('SELECT DISTINCT typeof(total_ms) FROM _hourly_patterns').pluck().all(), ['real'], 'the v9 layout'))
  for (const table of ['_hourly_stats', '_hourly_patterns', '_pattern_windows']) {
    t.same(db.prepare(`SELECT DISTINCT typeof(total_us) || ' ' || typeof(max_us) FROM ${table}`).pluck().all(), ['integer integer'], `${table} in microseconds`)
  }
  t.same(db.prepare(windowRows).all(), windows, 'the running windows kept, in microseconds')
  t.equal(db.prepare('SELECT COUNT(*) FROM _pattern_windows WHERE maxima IS NOT NULL').pluck().get(), 0, 'their maxima not known')

  // two days on, hours holding the kept rows' maxima have left: a read looks those up, and keeps the maxima from then on
  const later = now + 48 * hour
  h.flush({ events: encodeEvents([{ ...event({ database: 'shop', databaseId: ref('shop').id }), at: later }]), timeZone: 'UTC', nowMs: later })
  h.maintain()
  for (const range of ranges) for (const database of databases) h.patterns({ database, range, nowMs: later })
  t.same(windowMaxima(db), freshMaxima(db, Math.floor(later / hour)), 'every window row\'s maximum')
  t.ok((db.prepare('SELECT COUNT(*) FROM _pattern_windows WHERE maxima IS NOT NULL').pluck().get() as number) > 0,
    'a row whose maximum was looked up keeps its maxima')
})

t.test('a v6 file (hourly keys led by the owner) upgrades in place and answers the same', async t => {
  const { file, before } = filled(t)

  downgradeToV6(file)
  const v6 = new Database(file, { readonly: true })
  t.same(primaryKey(v6, '_hourly_patterns'), ['owner', 'hour', 'pattern'], 'the v6 layout')
  t.equal(v6.prepare("SELECT owner FROM _hourly_stats WHERE owner = 'uuid-shop' LIMIT 1").pluck().get(), 'uuid-shop', 'owners by their text')
  const rows = rollupRows(v6)
  v6.close()

  const { h, db } = upgraded(t, file, { from: 6, before, rows })
  t.same(primaryKey(db, '_hourly_stats'), ['hour', 'owner', 'operation'])
  t.same(primaryKey(db, '_hourly_patterns'), ['hour', 'owner', 'pattern'])
  t.equal(db.prepare("SELECT COUNT(*) FROM sqlite_master WHERE name = '_hourly_patterns_hour'").pluck().get(), 0, 'the (hour) index is gone')
  t.same(db.prepare('SELECT DISTINCT typeof(owner) FROM _hourly_patterns').pluck().all(), ['integer'], 'owners by their _log_texts id')
  t.same(db.prepare('SELECT DISTINCT typeof(owner) FROM _pattern_windows').pluck().all(), ['integer'], 'the windows built again, by id')

  // and it goes on: a flush into the upgraded tables adds to the same rows
  const e: StampedEvent = { ...event({ database: 'shop', databaseId: 'uuid-shop' }), at: now - 1000 }
  const calls = h.overview({ range: '24h', nowMs: now }).queries
  h.flush({ events: encodeEvents([e]), timeZone: 'UTC', nowMs: now })
  t.equal(h.overview({ range: '24h', nowMs: now }).queries, calls + 1)
})

t.test('a rollup row stamped centuries ahead does not make a database read walk every hour up to it', async t => {
  const file = join(tempDir(t), '_analytics.db')
  const h = createHandlers({ file, busyTimeoutMs: 50 })
  t.teardown(() => h.close())
  h.flush({ events: encodeEvents([{ ...event({ database: 'shop', databaseId: 'uuid-shop' }), at: now - 1000 }]), timeZone: 'UTC', nowMs: now })
  const db = new Database(file)
  t.teardown(() => db.close())
  // what a backfilled old log row with a timestamp in year 9000 leaves
  db.prepare(`INSERT INTO _hourly_stats (hour, owner, operation, name, calls, errors, rows, total_us, max_us, hist)
    SELECT ?, owner, 'select', name, 1, 0, 0, 1000, 1000, NULL FROM _hourly_stats LIMIT 1`).run(Math.floor(Date.parse('9000-01-01T00:00:00Z') / hour))
  t.equal(h.databaseOverview({ database: ref('shop'), range: '30d', nowMs: now }).sums.queries, 1, 'answers, without the far row')
})

import t from 'tap'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { createHandlers } from '../../../lib/analytics/handlers.js'
import { encodeEvents } from '../../../lib/analytics/wire.js'
import { bucketOf, bucketUpperMs } from '../../../lib/analytics/histogram.js'
import { normalizeSql, otherPattern } from '../../../lib/analytics/patterns.js'
import { planVolume } from '../../../lib/analytics/windows.js'
import { patternSorts, type AnalyticsRange, type PatternStats, type StampedEvent } from '../../../lib/analytics/index.js'
import { freshMaxima, seededRandom, tempDir, windowMaxima } from './helper.js'
import { patternTextOf } from '../../../lib/analytics/log-schema.js'

// Rollups against brute force: a few thousand random events (hour boundaries included) go through the real flush,
// then every aggregate endpoint's answer is computed again from the raw log rows alone, in several time zones.
const hour = 3_600_000
const now = Date.parse('2026-11-20T12:34:56.789Z')
const ranges: AnalyticsRange[] = ['24h', '7d', '30d']
const zones = ['UTC', 'America/New_York', 'Asia/Tokyo', 'Europe/Berlin'] // Berlin left summer time on 2026-10-25, within 30d

const rnd = seededRandom(24)
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]

const databases = [{ id: 'u-a', name: 'alpha' }, { id: 'u-b', name: 'beta' }, { id: 'u-c', name: 'gamma' }, { id: 'u-d', name: 'delta' }]
const templates: Array<{ operation: StampedEvent['operation'], sql: (n: number) => string | null }> = [
  { operation: 'select', sql: n => `SELECT * FROM items WHERE id = ${n}` },
  { operation: 'select', sql: n => `select name from users where email = 'u${n}@x.io' and age > -${n % 90}` },
  { operation: 'select', sql: () => null },
  { operation: 'insert', sql: n => `INSERT INTO items (a, b) VALUES (${n}, X'0A${n % 10}F')` },
  { operation: 'update', sql: n => `UPDATE items SET price = ${n / 4} WHERE id IN (${n}, ${n + 1}, ${n + 2})` },
  { operation: 'delete', sql: n => `DELETE FROM items WHERE id = ${n}` }
]

function randomTime (): number {
  const r = rnd()
  const span = 33 * 24 * hour // a little past the longest window
  if (r < 0.15) return (Math.floor((now - rnd() * span) / hour)) * hour // exactly on an hour
  if (r < 0.25) return (Math.floor((now - rnd() * span) / hour)) * hour - 1 // the last millisecond of an hour
  return Math.floor(now - rnd() * span)
}

const events: StampedEvent[] = Array.from({ length: 4000 }, () => {
  const db = pick(databases)
  const tpl = pick(templates)
  const error = rnd() < 0.06
  return {
    database: db.name,
    databaseId: db.id,
    tableName: 'items',
    operation: tpl.operation,
    durationMs: rnd() ** 3 * 500, // 0 to 500 ms, any fraction: the log keeps whole microseconds, as the rollups sum them
    rowCount: error ? 0 : Math.floor(rnd() * 20),
    status: error ? 'error' : 'ok',
    errorMsg: error ? 'boom' : null,
    sqlText: tpl.sql(Math.floor(rnd() * 1000)),
    at: randomTime()
  }
})

const file = join(tempDir(t), '_analytics.db')
const h = createHandlers({ file, busyTimeoutMs: 50 })
t.teardown(() => h.close())
for (let i = 0; i < events.length; i += 100) {
  h.flush({ events: encodeEvents(events.slice(i, i + 100)), timeZone: pick(zones), nowMs: now - 40 * 24 * hour })
}
const raw = new Database(file, { readonly: true })
t.teardown(() => raw.close())
interface Row { database: string, database_id: string, operation: string, status: string, sql_text: string | null, duration_ms: number, row_count: number, timestamp: string }
const log = raw.prepare('SELECT * FROM _query_log').all() as Row[]
t.equal(log.length, events.length, 'every event is in the raw log (nothing pruned)')
t.equal(log.filter(r => Math.abs(r.duration_ms * 1000 - Math.round(r.duration_ms * 1000)) > 1e-6).length, 0,
  'the log keeps durations in whole microseconds, as the rollups sum them')

const round = (x: number): number => Math.round(x * 1000) / 1000
const since = (range: AnalyticsRange): number => (Math.floor(now / hour) - { '24h': 24, '7d': 168, '30d': 720 }[range] + 1) * hour
const inWindow = (range: AnalyticsRange, rows: Row[] = log): Row[] => rows.filter(r => Date.parse(r.timestamp) >= since(range))
const isWrite = (r: Row): boolean => ['insert', 'update', 'delete'].includes(r.operation)
const sum = (rows: Row[], f: (r: Row) => number): number => rows.reduce((a, r) => a + f(r), 0)

function sums (rows: Row[]) {
  return {
    queries: rows.length,
    writes: rows.filter(r => isWrite(r) && r.status === 'ok').length,
    avgLatencyMs: rows.length === 0 ? 0 : round(sum(rows, r => r.duration_ms) / rows.length),
    errorCount: rows.filter(r => r.status === 'error').length,
    selectRows: sum(rows.filter(r => r.operation === 'select'), r => r.row_count),
    writeRows: sum(rows.filter(isWrite), r => r.row_count),
    allRows: sum(rows, r => r.row_count)
  }
}

function percentile (durations: number[], p: number): number {
  const sorted = [...durations].sort((a, b) => a - b)
  const v = sorted[Math.max(1, Math.ceil(p * sorted.length)) - 1]
  return round(Math.min(bucketUpperMs(bucketOf(v)), sorted[sorted.length - 1]))
}

function patterns (rows: Row[]): PatternStats[] {
  const groups = new Map<string, Row[]>()
  for (const r of rows) {
    const key = r.sql_text === null ? r.operation : normalizeSql(r.sql_text)
    groups.set(key, [...(groups.get(key) ?? []), r])
  }
  return [...groups].map(([sql, rs]) => {
    const ms = rs.map(r => r.duration_ms)
    return {
      sql_text: sql,
      calls: rs.length,
      avg_ms: round(sum(rs, r => r.duration_ms) / rs.length),
      writes: rs.filter(r => isWrite(r) && r.status === 'ok').length,
      total_rows: sum(rs, r => r.row_count),
      errors: rs.filter(r => r.status === 'error').length,
      total_ms: round(sum(rs, r => r.duration_ms)),
      p50_ms: percentile(ms, 0.5),
      p95_ms: percentile(ms, 0.95),
      p99_ms: percentile(ms, 0.99)
    }
  }).sort((a, b) => b.calls - a.calls || (a.sql_text < b.sql_text ? -1 : 1))
}

t.test('overview and database overviews', async t => {
  for (const range of ranges) {
    t.same(h.overview({ range, nowMs: now }), sums(inWindow(range)), `overview ${range}`)
    for (const db of databases) {
      const own = inWindow(range).filter(r => r.database_id === db.id)
      const answer = h.databaseOverview({ database: db, range, nowMs: now })
      t.same(answer.sums, sums(own), `${db.name} ${range}`)
      t.same(answer.topTables, patterns(own).slice(0, 10), `${db.name} ${range} top patterns`)
    }
  }
})

t.test('patterns: every sort, search and page', async t => {
  for (const range of ranges) {
    for (const db of databases) {
      const all = patterns(inWindow(range).filter(r => r.database_id === db.id))
      t.ok(all.some(p => p.sql_text === 'SELECT * FROM items WHERE id = ?'), 'literals fold')
      for (const sort of patternSorts) {
        const expected = [...all].sort((a, b) => b[sort] - a[sort] || b.calls - a.calls || (a.sql_text < b.sql_text ? -1 : 1))
        t.same(h.patterns({ database: db, range, nowMs: now, sort }), { items: expected, total: all.length }, `${db.name} ${range} by ${sort}`)
      }
      const found = all.filter(p => p.sql_text.toLowerCase().includes('from items'))
      t.same(h.patterns({ database: db, range, nowMs: now, search: 'FROM ITEMS', limit: 2, offset: 1 }),
        { items: found.slice(1, 3), total: found.length }, 'a case-insensitive substring, paged')
    }
  }
})

/** Each database's most-called pattern (among those starting with `prefix`) in the window at `at`, most calls first. */
const expectedTop = (range: AnalyticsRange, prefix = '', at = now) => {
  const from = (Math.floor(at / hour) - { '24h': 24, '7d': 168, '30d': 720 }[range] + 1) * hour
  const rows = log.filter(r => Date.parse(r.timestamp) >= from)
  return databases
    .map(db => ({ database: db.name, ...patterns(rows.filter(r => r.database_id === db.id)).filter(p => p.sql_text.toLowerCase().startsWith(prefix))[0] }))
    .filter(p => p.sql_text !== undefined)
    .sort((a, b) => b.calls - a.calls || (a.database < b.database ? -1 : 1))
}

t.test('top queries: each database\'s most-called pattern', async t => {
  for (const range of ranges) {
    t.same(h.topQueries({ range, nowMs: now }), expectedTop(range), `top queries ${range}`)
    t.same(h.topQueries({ range, nowMs: now, search: 'UPDATE' }), expectedTop(range, 'update'), `${range}, a case-insensitive prefix`)
  }
  // a clock set back: the windows end later than asked, so the hourly rows answer (everything from the window's start)
  const earlier = now - 3 * 24 * hour
  t.same(h.topQueries({ range: '24h', nowMs: earlier }), expectedTop('24h', '', earlier), 'a window ending before the running ones')

  // windows built whole from the hourly rows (as after a worker died with sums pending) keep exact maxima too, as
  // the next hours leave them
  const file = join(tempDir(t), 'copy.db')
  raw.exec(`VACUUM INTO '${file}'`)
  const dirty = new Database(file)
  dirty.exec('UPDATE _pattern_windows_hour SET dirty = 1')
  dirty.close()
  const copy = createHandlers({ file, busyTimeoutMs: 50 })
  t.teardown(() => copy.close())
  copy.topQueries({ range: '24h', nowMs: now - 12 * hour })
  copy.topQueries({ range: '24h', nowMs: now })
  const db = new Database(file, { readonly: true })
  t.teardown(() => db.close())
  t.same(windowMaxima(db), freshMaxima(db, Math.floor(now / hour)), 'every window row\'s maximum, 12 hours on')
})

// The running windows (pattern-windows.ts) move hour by hour as flushes come in time order: hours leave them, late
// events (before the flush's hour) and early ones (after it, added when their hour comes) go to the right windows.
t.test('top queries from running windows kept up to date flush by flush', async t => {
  const file = join(tempDir(t), '_analytics.db')
  const inOrder = createHandlers({ file, busyTimeoutMs: 50 })
  t.teardown(() => inOrder.close())
  const sorted = [...events].sort((a, b) => (a.at as number) - (b.at as number))
  for (let i = 0; i < sorted.length; i += 40) {
    const chunk = sorted.slice(i, i + 40)
    // the flush's clock is at the chunk's middle event: half the chunk is late, half a little early
    inOrder.flush({ events: encodeEvents(chunk), timeZone: 'UTC', nowMs: chunk[chunk.length >> 1].at as number })
    inOrder.maintain() // as the worker does between requests
  }
  const db = new Database(file, { readonly: true })
  t.teardown(() => db.close())
  const windowsEnd = db.prepare('SELECT hour FROM _pattern_windows_hour').pluck()
  t.equal(windowsEnd.get(), Math.floor((sorted[sorted.length - 40 + 20].at as number) / hour), 'maintain() moved the windows to the last flush\'s hour')
  // Each window row's maximum stays exact as hours leave (window-maxima.ts). A top-queries read applies the pending
  // sums and moves the windows, and looks up no maximum but its winners' (v5 to v9 left the others NULL).
  for (const range of ranges) inOrder.topQueries({ range, nowMs: now })
  t.same(windowMaxima(db), freshMaxima(db, windowsEnd.get() as number), 'every window row\'s maximum')
  for (const range of ranges) {
    t.same(inOrder.topQueries({ range, nowMs: now }), expectedTop(range), `top queries ${range}`)
    for (const db of databases) {
      const all = patterns(inWindow(range).filter(r => r.database_id === db.id))
      t.same(inOrder.patterns({ database: db, range, nowMs: now }), { items: all, total: all.length }, `${db.name} ${range} patterns`)
    }
  }

  // every window row (not only the winners) holds the sums of its hours' rows
  const end = windowsEnd.get() as number
  t.equal(end, Math.floor(now / hour), 'the read moved the windows to its hour')
  for (const span of [24, 168, 720]) {
    const sums = 'owner, pattern, calls, errors, writes, rows, total_us'
    const kept = db.prepare(`SELECT ${sums} FROM _pattern_windows WHERE span = ? ORDER BY owner, pattern`).all(span)
    const fresh = db.prepare(`SELECT ${sums} FROM (SELECT owner, ${patternTextOf('pattern')} AS pattern, SUM(calls) AS calls, SUM(errors) AS errors,
      SUM(writes) AS writes, SUM(rows) AS rows, SUM(total_us) AS total_us FROM _hourly_patterns
      WHERE hour > ? - ? AND hour <= ? GROUP BY owner, 2) ORDER BY owner, pattern`).all(end, span, end)
    t.same(kept, fresh, `window of ${span} hours`)
  }
})

t.test('volume in several time zones, hour and day boundaries included', async t => {
  for (const timeZone of zones) {
    for (const range of ranges) {
      const plan = planVolume(range, now, timeZone)
      const series = { counts: plan.slots.map(() => 0), errors: plan.slots.map(() => 0), rows_read: plan.slots.map(() => 0), rows_written: plan.slots.map(() => 0) }
      for (const b of plan.buckets) {
        const rows = log.filter(r => r.timestamp >= b.lo && r.timestamp < b.hi)
        series.counts[b.slot] += rows.length
        series.errors[b.slot] += rows.filter(r => r.status === 'error').length
        series.rows_read[b.slot] += sum(rows.filter(r => r.operation === 'select'), r => r.row_count)
        series.rows_written[b.slot] += sum(rows.filter(isWrite), r => r.row_count)
      }
      t.match(h.volume({ range, nowMs: now, timeZone }), { slots: plan.slots, ...series }, `${timeZone} ${range}`)
    }
  }
})

t.test('a flood of unique statements is capped per database-hour; the rest count under (other)', async t => {
  const capped = createHandlers({ file: join(tempDir(t), '_analytics.db'), busyTimeoutMs: 50, limits: { maxPatterns: 5 } })
  t.teardown(() => capped.close())
  const flood: StampedEvent[] = Array.from({ length: 300 }, (_, i) => ({
    ...events[0], databaseId: 'u-a', database: 'alpha', operation: 'select', status: 'ok', sqlText: `SELECT c${i} FROM t${i}`, at: now - (i % 2) * hour
  }))
  for (let i = 0; i < flood.length; i += 50) capped.flush({ events: encodeEvents(flood.slice(i, i + 50)), timeZone: 'UTC', nowMs: now })
  const page = capped.patterns({ database: databases[0], range: '24h', nowMs: now, limit: 100 })
  t.equal(page.total, 5 + 5 + 1, 'five patterns in each of the two hours, and (other)')
  t.equal(page.items[0].sql_text, otherPattern)
  t.equal(page.items[0].calls, 300 - 10)
  t.equal(capped.overview({ range: '24h', nowMs: now }).queries, 300, 'every call still counts')
})

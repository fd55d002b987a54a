// Analytics at scale (issue #24): generates EVENTS events (default 5,000,000) over the last 30 days, 1,000 databases,
// Zipf-distributed patterns with random literals, 1 % errors, through the real write path (the worker's handlers:
// wire encoding, the flush transaction with its log rows, daily upserts and hourly rollups), batched for speed.
// Then times every aggregate endpoint uncached (handlers called directly, as the worker runs them; the 60 s cache
// lives in front of the worker) for 24h, 7d and 30d, top-queries also from the hourly rows as before the running
// windows (the ratio in one run), and 200 flushes of 100 events at that volume (wall and CPU time), with the worker's
// quiet work between requests (`maintain()`: window sums, window moves, rollup pruning, checkpoints) timed apart,
// and the pages one flush of 100 events dirties, by table and index (read from the WAL).
//   node --import tsx bench/analytics-scale.ts            (EVENTS=1000000 for a shorter run; BATCH=50000 loads faster;
//   HOURS=14.4 with EVENTS=2000000: the rollups as dense as 100 million events over 30 days)
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { createHandlers } from '../lib/analytics/handlers.js'
import { encodeEvents } from '../lib/analytics/wire.js'
import type { AnalyticsRange, StampedEvent } from '../lib/analytics/types.js'

const total = Number(process.env.EVENTS ?? 5_000_000)
const databases = 1000
const patternsPerDatabase = 50
// events per flush while loading: the flush's per-key work is summed in memory, so bigger batches load faster
const batch = Number(process.env.BATCH ?? 5000)
const compareBefore = process.env.COMPARE_BEFORE !== '0'
const hour = 3_600_000
const now = Date.parse('2026-11-20T12:34:56.000Z')
// HOURS spreads the events over fewer hours: 2,000,000 events over 14.4 hours put as many events in each rollup row
// (7.5 a pattern row) as 100,000,000 over 30 days, so the rollups' bytes per event are the full run's in 2 minutes
const spanHours = Number(process.env.HOURS ?? 720)
const span = spanHours * hour

let seed = 42
const rnd = (): number => {
  seed = (seed + 0x6d2b79f5) | 0
  let x = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x
  return ((x ^ (x >>> 14)) >>> 0) / 4294967296
}
// Zipf(s = 1.1) over n ranks, by inverting the cumulative weights
function zipf (n: number): () => number {
  const cum: number[] = []
  let sum = 0
  for (let k = 1; k <= n; k++) cum.push(sum += 1 / k ** 1.1)
  return () => {
    const u = rnd() * sum
    let lo = 0
    let hi = n - 1
    while (lo < hi) { const mid = (lo + hi) >> 1; if (cum[mid] < u) lo = mid + 1; else hi = mid }
    return lo
  }
}
const pickDatabase = zipf(databases)
const pickPattern = zipf(patternsPerDatabase)
const operations = ['select', 'select', 'select', 'insert', 'update', 'delete'] as const
const sqlOf = (p: number, n: number): string => {
  const op = operations[p % operations.length]
  if (op === 'select') return `SELECT * FROM t${p} WHERE id = ${n} AND flag = 'v${n % 7}'`
  if (op === 'insert') return `INSERT INTO t${p} (a, b) VALUES (${n}, 'x${n}')`
  if (op === 'update') return `UPDATE t${p} SET a = ${n} WHERE id IN (${n}, ${n + 1})`
  return `DELETE FROM t${p} WHERE id = ${n}`
}

function events (count: number, from: number, to: number): StampedEvent[] {
  const out: StampedEvent[] = []
  for (let i = 0; i < count; i++) {
    const d = pickDatabase()
    const p = pickPattern()
    const error = rnd() < 0.01
    out.push({
      database: `db${d}`,
      databaseId: `00000000-0000-4000-8000-${String(d).padStart(12, '0')}`,
      tableName: `t${p}`,
      operation: operations[p % operations.length],
      durationMs: Math.exp(rnd() * 6 - 3), // 0.05 to 20 ms, log-uniform
      rowCount: error ? 0 : Math.floor(rnd() * 10),
      status: error ? 'error' : 'ok',
      errorMsg: error ? 'UNIQUE constraint failed' : null,
      sqlText: sqlOf(p, Math.floor(rnd() * 100_000)),
      at: Math.floor(from + (to - from) * (i / count))
    })
  }
  return out
}

const dir = mkdtempSync(join(tmpdir(), 'litehouse-analytics-scale-'))
process.on('exit', () => rmSync(dir, { recursive: true, force: true }))
process.on('SIGINT', () => process.exit(130))
const file = join(dir, '_analytics.db')
const h = createHandlers({ file, busyTimeoutMs: 1000 })
h.open()
const ms = (t0: bigint): number => Number(process.hrtime.bigint() - t0) / 1e6
// what the worker runs between requests (windows, checkpoints): timed apart from the flushes
const quietMs: number[] = []
function maintain (): void {
  const t0 = process.hrtime.bigint()
  h.maintain()
  quietMs.push(ms(t0))
}

/**
 * What the many flushes of 100 events that one loading batch stands for would have pruned and maintained: the size
 * and age pruning go a step per flush (an empty flush runs that step) and per quiet moment, until none is left.
 */
function drain (nowMs: number): void {
  while (h.flush({ events: encodeEvents([]), timeZone: 'UTC', nowMs }).pruned > 0) { /* next step */ }
  while (h.maintain()) { /* next step */ }
}

const started = process.hrtime.bigint()
const batches = Math.ceil(total / batch)
const progressEvery = Math.max(1, Math.round(500_000 / batch))
for (let b = 0; b < batches; b++) {
  const from = now - span + (span * b) / batches
  const to = now - span + (span * (b + 1)) / batches
  const list = events(Math.min(batch, total - b * batch), from, to)
  h.flush({ events: encodeEvents(list), timeZone: 'UTC', nowMs: to })
  drain(to)
  if ((b + 1) % progressEvery === 0) process.stderr.write(`  ${((b + 1) * batch).toLocaleString('en')} events, ${(ms(started) / 1000).toFixed(0)} s\n`)
}
const loadS = ms(started) / 1000

const db = new Database(file, { readonly: true })
const rowsOf = (table: string): number => db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number
const logRows = rowsOf('_query_log')
const fileBytes = statSync(file).size + (() => { try { return statSync(file + '-wal').size } catch { return 0 } })()

function time (label: string, fn: () => unknown, runs = 7): string {
  const samples: number[] = []
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint()
    fn()
    samples.push(ms(t0))
  }
  samples.sort((a, b) => a - b)
  return `${label.padEnd(40)} median ${samples[runs >> 1].toFixed(1).padStart(7)} ms   max ${samples[runs - 1].toFixed(1).padStart(7)} ms`
}

const lines: string[] = []
lines.push(`events ${total.toLocaleString('en')} over ${spanHours === 720 ? '30 days' : `${spanHours} hours`}, ${databases} databases, ${patternsPerDatabase} Zipf patterns each with random literals, 1 % errors`)
lines.push(`written in ${loadS.toFixed(0)} s (${(total / loadS).toFixed(0)} events/s through flush + rollups, batches of ${batch})`)
lines.push(`_analytics.db ${(fileBytes / 1e6).toFixed(0)} MB = ${(fileBytes / total).toFixed(0)} bytes per event; raw log rows kept ${logRows.toLocaleString('en')} (ANALYTICS_LOG_MAX_MB 1024)`)
lines.push(`rollup rows: _hourly_stats ${rowsOf('_hourly_stats').toLocaleString('en')}, _hourly_patterns ${rowsOf('_hourly_patterns').toLocaleString('en')}, _pattern_windows ${rowsOf('_pattern_windows').toLocaleString('en')}`)
// bytes per event by table and its indexes (dbstat: pages in use)
const bytes = db.prepare(`SELECT COALESCE(m.tbl_name, s.name) AS tbl, SUM(s.pgsize) AS size FROM dbstat AS s
  LEFT JOIN sqlite_master AS m ON m.name = s.name GROUP BY tbl ORDER BY size DESC`).all() as Array<{ tbl: string, size: number }>
lines.push('bytes per event by table (indexes included): ' + bytes.filter(b => b.size / total >= 1)
  .map(b => `${b.tbl} ${(b.size / total).toFixed(0)}`).join(', '))
const sizeOf = (table: string): number => bytes.find(b => b.tbl === table)?.size ?? 0
lines.push('bytes per rollup row: ' + ['_hourly_stats', '_hourly_patterns', '_pattern_windows']
  .map(table => `${table} ${(sizeOf(table) / rowsOf(table)).toFixed(0)}`).join(', '))
// the compact raw log (schema v6): its bytes per row, and how many of them are statement text kept in the row
const logBytes = bytes.filter(b => b.tbl === '_log' || b.tbl === '_log_texts').reduce((sum, b) => sum + b.size, 0)
const inlineSql = db.prepare('SELECT AVG(COALESCE(length(sql), 0)) FROM _log').pluck().get() as number
lines.push(`raw log (_log, _log_texts): ${(logBytes / logRows).toFixed(0)} bytes per row, of which ${inlineSql.toFixed(0)} of statement text kept in the row`)
db.close()

const busiest = { id: '00000000-0000-4000-8000-000000000000', name: 'db0' }
const quiet = { id: '00000000-0000-4000-8000-000000000999', name: 'db999' }
for (const range of ['24h', '7d', '30d'] as AnalyticsRange[]) {
  const a = { range, nowMs: now }
  lines.push(time(`overview ${range}`, () => h.overview(a)))
  lines.push(time(`db overview ${range} (busiest)`, () => h.databaseOverview({ ...a, database: busiest })))
  lines.push(time(`db overview ${range} (quietest)`, () => h.databaseOverview({ ...a, database: quiet })))
  lines.push(time(`patterns ${range} sort=p95_ms (busiest)`, () => h.patterns({ ...a, database: busiest, sort: 'p95_ms', limit: 20 })))
  lines.push(time(`top-queries ${range}`, () => h.topQueries(a), 7))
  // seconds each at 1 million events, and growing with the hourly rows: COMPARE_BEFORE=0 leaves them out
  if (compareBefore) lines.push(time(`top-queries ${range} from hourly rows (before)`, () => h.topQueriesFromHours(range, now), 3))
  lines.push(time(`volume ${range}`, () => h.volume({ ...a, timeZone: 'Europe/Berlin' })))
  lines.push(time(`:db/queries ${range} page 1 (busiest)`, () => h.queries({ ...a, database: busiest, limit: 20 })))
}
lines.push(time('errors page 1', () => h.errors({ limit: 20 })))

// 200 flushes of 100 events, each the next 5 seconds of traffic (as the recorder's flushes come), the last 100 in the
// next hour (the windows move once), with the worker's quiet work between them. (Until 6dbc00c every flush reused the
// same second, so its log rows went between the earlier ones instead of after them: some 40 extra `_log_at` pages.)
const flushes: number[] = []
const flushCpu: number[] = [] // CPU time: what the flush costs whatever else the machine runs
quietMs.length = 0
const flushAt = (i: number): number => (i < 100 ? now : now + hour) + (i % 100) * 5000
for (let i = 0; i < 200; i++) {
  const at = flushAt(i)
  const list = events(100, at - 5000, at)
  const t0 = process.hrtime.bigint()
  const c0 = process.cpuUsage()
  h.flush({ events: encodeEvents(list), timeZone: 'UTC', nowMs: at })
  flushes.push(ms(t0))
  const c = process.cpuUsage(c0)
  flushCpu.push((c.user + c.system) / 1000)
  maintain()
}
const pct = (xs: number[], p: number): string => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(p * xs.length) - 1)].toFixed(2)
lines.push(`flush of 100 events (200 flushes): p50 ${pct(flushes, 0.5)} ms, p99 ${pct(flushes, 0.99)} ms, max ${pct(flushes, 1)} ms`)
lines.push(`the same flushes in CPU time: p50 ${pct(flushCpu, 0.5)} ms, p99 ${pct(flushCpu, 0.99)} ms, max ${pct(flushCpu, 1)} ms`)
lines.push(`quiet work between them (windows, checkpoints): p50 ${pct(quietMs, 0.5)} ms, p99 ${pct(quietMs, 0.99)} ms, max ${pct(quietMs, 1)} ms`)
// Which B-trees one flush of 100 events dirties: the WAL emptied first, then the page number of each frame the
// flush appended, named by dbstat. Each page is a write at commit and another at the next checkpoint.
{
  const side = new Database(file)
  side.pragma('wal_checkpoint(TRUNCATE)')
  const at = flushAt(199) + 5000 // the next 5 seconds after the timed flushes
  h.flush({ events: encodeEvents(events(100, at - 5000, at)), timeZone: 'UTC', nowMs: at })
  const wal = readFileSync(file + '-wal')
  const pageSize = side.pragma('page_size', { simple: true }) as number
  const pages = new Set<number>()
  for (let at = 32; at + 24 + pageSize <= wal.length; at += 24 + pageSize) pages.add(wal.readUInt32BE(at))
  const names = new Map((side.prepare('SELECT pageno, name FROM dbstat').all() as Array<{ pageno: number, name: string }>).map(r => [r.pageno, r.name]))
  const byTree = new Map<string, number>()
  for (const page of pages) byTree.set(names.get(page) ?? '?', (byTree.get(names.get(page) ?? '?') ?? 0) + 1)
  lines.push(`pages one flush of 100 events dirtied: ${pages.size} (` + [...byTree].sort((a, b) => b[1] - a[1])
    .filter(([, n]) => n > 1).map(([tree, n]) => `${tree} ${n}`).join(', ') + ')')
  side.close()
}
h.close()
console.log(lines.join('\n'))

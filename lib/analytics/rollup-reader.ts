import type { Database } from 'better-sqlite3'
import type { AnalyticsRange, DatabaseRef, PatternStats, PatternsParams, TopQuery, Volume } from './types.js'
import { topPatternsLimit } from './types.js'
import { addEncoded, emptyHistogram, encodeHistogram, percentileMs, type Histogram } from './histogram.js'
import { hourMs } from './time.js'
import { globalOwner, hourOf, hoursFrom, legacyOwner, registerHistogramFunctions } from './rollups.js'
import type { PatternWindows, WindowRow } from './pattern-windows.js'
import { prefixPattern } from './like.js'
import { patternTextOf, textById } from './log-schema.js'
import { withMaxima, type VolumeBucket } from './windows.js'
import type { LogSums } from './reader.js'
import { roundMs } from './reader.js'

const rangeHours: Record<AnalyticsRange, number> = { '24h': 24, '7d': 7 * 24, '30d': 30 * 24 }

/** First epoch hour of a range: windows are whole hours, the last 24 / 168 / 720 including the current one. */
export function firstHour (range: AnalyticsRange, nowMs: number): number {
  return hourOf(nowMs) - rangeHours[range] + 1
}


const isWrite = "operation IN ('insert', 'update', 'delete')"
/** The rollups' microsecond sums (rollups.ts) as the milliseconds the endpoints report. */
const latencyColumns = 'SUM(total_us) / 1000.0 AS total_ms, MAX(max_us) / 1000.0 AS max_ms'

interface PatternRow {
  sql_text: string
  calls: number
  errors: number
  writes: number
  total_rows: number
  total_ms: number
  max_ms: number
  hist: Buffer | null
}

function patternStats (row: PatternRow): PatternStats {
  const h = addEncoded(emptyHistogram(), row.hist)
  return {
    sql_text: row.sql_text,
    calls: row.calls,
    avg_ms: roundMs(row.calls === 0 ? 0 : row.total_ms / row.calls),
    writes: row.writes,
    total_rows: row.total_rows,
    errors: row.errors,
    total_ms: roundMs(row.total_ms),
    p50_ms: roundMs(percentileMs(h, 0.5, row.max_ms)),
    p95_ms: roundMs(percentileMs(h, 0.95, row.max_ms)),
    p99_ms: roundMs(percentileMs(h, 0.99, row.max_ms))
  }
}

const byCallsThenText = (a: PatternStats, b: PatternStats): number =>
  b.calls - a.calls || (a.sql_text < b.sql_text ? -1 : a.sql_text > b.sql_text ? 1 : 0)

/** The LIKE pattern matching values that contain `term` (escaped as `prefixPattern` does). */
function containsPattern (term: string): string {
  return '%' + prefixPattern(term)
}

/**
 * The aggregate endpoints, read from the hourly rollups only: each costs as many rows as the window has hours
 * (times operations, or patterns), whatever the number of events or of other databases (one key search per hour).
 */
export function createRollupReader (db: Database, windows: PatternWindows) {
  registerHistogramFunctions(db)
  // rollups name their owner by its `_log_texts` id; an owner never written has none, and matches no row
  const textId = db.prepare('SELECT id FROM _log_texts WHERE text = ?').pluck()
  const ownerId = (text: string): number | null => (textId.get(text) as number | undefined) ?? null
  /** The owners whose rollups are one database's: its id, and its name for rows written before ids existed. */
  const owners = (database: DatabaseRef): { id: number | null, legacy: number | null } =>
    ({ id: ownerId(database.id), legacy: ownerId(legacyOwner(database.name)) })
  const sums = db.prepare(`SELECT COALESCE(SUM(calls), 0) AS queries,
      COALESCE(SUM(CASE WHEN ${isWrite} THEN calls - errors END), 0) AS writes,
      SUM(total_us) / 1000.0 / SUM(calls) AS avgLatencyMs,
      COALESCE(SUM(errors), 0) AS errorCount,
      COALESCE(SUM(CASE WHEN operation = 'select' THEN rows END), 0) AS selectRows,
      COALESCE(SUM(CASE WHEN ${isWrite} THEN rows END), 0) AS writeRows,
      COALESCE(SUM(rows), 0) AS allRows
    FROM _hourly_stats WHERE ${hoursFrom('_hourly_stats')} AND owner IN (:id, :legacy)`)
  const patternColumns = `SUM(calls) AS calls, SUM(errors) AS errors, SUM(writes) AS writes, SUM(rows) AS total_rows,
      ${latencyColumns}, hist_sum(hist) AS hist`
  const patterns = db.prepare(`SELECT ${patternTextOf('pattern')} AS sql_text, ${patternColumns}
    FROM _hourly_patterns WHERE ${hoursFrom('_hourly_patterns')} AND owner IN (:id, :legacy)
      AND (:search IS NULL OR ${patternTextOf('pattern')} LIKE :search ESCAPE '\\')
    GROUP BY pattern`)
  // the histograms of the winners only: summing every pattern's would double the scan's cost
  const topQueries = db.prepare(`WITH p AS (
      SELECT ${textById('name')} AS database, ${patternTextOf('pattern')} AS sql_text, pattern AS pattern_key,
        SUM(calls) AS calls, SUM(errors) AS errors,
        SUM(writes) AS writes, SUM(rows) AS total_rows, ${latencyColumns},
        MIN(owner) AS first_owner, MAX(owner) AS last_owner
      FROM _hourly_patterns WHERE hour >= :from AND (:search IS NULL OR ${patternTextOf('pattern')} LIKE :search ESCAPE '\\')
      GROUP BY name, pattern
    ), ranked AS (
      SELECT *, ROW_NUMBER() OVER (PARTITION BY database ORDER BY calls DESC, sql_text) AS n FROM p
    )
    SELECT * FROM ranked WHERE n = 1 ORDER BY calls DESC, database`)
  const patternHistogram = db.prepare(`SELECT hist_sum(hist) FROM _hourly_patterns
    WHERE ${hoursFrom('_hourly_patterns')} AND owner = :owner AND pattern = :pattern`).pluck()
  // each owner's most-called pattern: the PK order (span, owner, pattern) streams the groups, and max() takes the
  // other columns from the first row with the most calls, which is the smallest pattern of a tie
  const ownerTops = db.prepare(`SELECT owner, database_name, pattern, MAX(calls) AS calls, errors, writes, rows, total_us, max_us, hist
    FROM _pattern_windows WHERE span = :span AND (:search IS NULL OR pattern LIKE :search ESCAPE '\\') GROUP BY owner`)
  // a name with several owners (its id, and `#name` for rows older than ids): the pattern most called by all of them
  const nameTop = db.prepare(`SELECT pattern FROM _pattern_windows
    WHERE span = :span AND owner IN (SELECT value FROM json_each(:owners)) AND (:search IS NULL OR pattern LIKE :search ESCAPE '\\')
    GROUP BY pattern ORDER BY SUM(calls) DESC, pattern LIMIT 1`).pluck()
  const windowRow = db.prepare(`SELECT owner, database_name, pattern, calls, errors, writes, rows, total_us, max_us, hist
    FROM _pattern_windows WHERE span = ? AND owner = ? AND pattern = ?`)
  const ownWindowRows = db.prepare(`SELECT owner, database_name, pattern, calls, errors, writes, rows, total_us, max_us, hist
    FROM _pattern_windows WHERE span = :span AND owner IN (:id, :legacy) AND (:search IS NULL OR pattern LIKE :search ESCAPE '\\')`)
  /** One pattern's figures from its window rows (one per owner of the name). */
  const summed = (span: number, rows: WindowRow[]): PatternStats => {
    const h = emptyHistogram()
    const sum = { sql_text: rows[0].pattern, calls: 0, errors: 0, writes: 0, total_rows: 0 }
    let totalUs = 0
    let maxUs = 0
    for (const r of rows) {
      sum.calls += r.calls
      sum.errors += r.errors
      sum.writes += r.writes
      sum.total_rows += r.rows
      totalUs += r.total_us
      maxUs = Math.max(maxUs, windows.maxUs(span, r))
      addEncoded(h, r.hist)
    }
    return patternStats({ ...sum, total_ms: totalUs / 1000, max_ms: maxUs / 1000, hist: encodeHistogram(h) })
  }
  const hours = db.prepare(`SELECT hour, SUM(calls) AS counts, SUM(errors) AS errors,
      COALESCE(SUM(CASE WHEN operation = 'select' THEN rows END), 0) AS rows_read,
      COALESCE(SUM(CASE WHEN ${isWrite} THEN rows END), 0) AS rows_written
    FROM _hourly_stats WHERE ${hoursFrom('_hourly_stats')} AND owner = :owner AND hour < :to GROUP BY hour`)

  return {
    /** Every database's sums (no `database`), or one database's, over the window starting at `from` (epoch hour). */
    sums (from: number, database?: DatabaseRef): LogSums {
      const all = ownerId(globalOwner)
      const who = database === undefined ? { id: all, legacy: all } : owners(database)
      const row = sums.get({ ...who, from }) as LogSums
      return { ...row, avgLatencyMs: roundMs(row.avgLatencyMs) }
    },

    /** Calls of one database in the window (the query log's `total` when no search narrows it). */
    calls (from: number, database: DatabaseRef): number {
      return (sums.get({ ...owners(database), from }) as LogSums).queries
    },

    /** One database's patterns in the window, `search` a case-insensitive substring, sorted descending by `sort`. */
    patterns (database: DatabaseRef, range: AnalyticsRange, nowMs: number, p: PatternsParams = {}): { items: PatternStats[], total: number } {
      const search = p.search === undefined || p.search === '' ? null : containsPattern(p.search)
      const all = this.windowPatterns(database, range, nowMs, search) ??
        (patterns.all({ ...owners(database), from: firstHour(range, nowMs), search }) as PatternRow[]).map(patternStats)
      const sort = p.sort ?? 'calls'
      all.sort((a, b) => b[sort] - a[sort] || byCallsThenText(a, b))
      const offset = p.offset ?? 0
      return { items: all.slice(offset, offset + (p.limit ?? all.length)), total: all.length }
    },

    /** The most-called patterns of one database (`topTables`). */
    topPatterns (database: DatabaseRef, range: AnalyticsRange, nowMs: number): PatternStats[] {
      return this.patterns(database, range, nowMs, { limit: topPatternsLimit }).items
    },

    /**
     * One database's patterns from the running windows (one row per pattern, or two for a name with rows older than
     * ids), unsorted; null when the windows cannot answer for that hour (see `topQueries`).
     */
    windowPatterns (database: DatabaseRef, range: AnalyticsRange, nowMs: number, search: string | null): PatternStats[] | null {
      if (!this.windowsAt(nowMs)) return null
      const span = rangeHours[range]
      const byPattern = new Map<string, WindowRow[]>()
      for (const row of ownWindowRows.all({ ...owners(database), span, search }) as WindowRow[]) {
        const list = byPattern.get(row.pattern)
        if (list === undefined) byPattern.set(row.pattern, [row])
        else list.push(row)
      }
      return [...byPattern.values()].map(rows => summed(span, rows))
    },

    /** Moves the running windows to `nowMs`'s hour with every pending sum in them; false when they cannot answer. */
    windowsAt (nowMs: number): boolean {
      try {
        if (!windows.advance(hourOf(nowMs))) return false
        windows.apply()
        return true
      } catch {
        return false
      }
    },

    /**
     * Each database's most-called pattern in the window, most calls first; `search` a prefix of the pattern. Read
     * from the running windows (one row per database and pattern), moved to the current hour first; from the
     * hourly rows when the windows end later than asked (a clock set back) or cannot be moved (a locked file).
     */
    topQueries (range: AnalyticsRange, nowMs: number, search?: string): TopQuery[] {
      const like = search === undefined || search === '' ? null : prefixPattern(search)
      if (!this.windowsAt(nowMs)) return this.topQueriesFromHours(firstHour(range, nowMs), search)
      const span = rangeHours[range]
      const byName = new Map<string, WindowRow[]>()
      for (const row of ownerTops.all({ span, search: like }) as WindowRow[]) {
        const list = byName.get(row.database_name)
        if (list === undefined) byName.set(row.database_name, [row])
        else list.push(row)
      }
      const items: TopQuery[] = []
      for (const [database, tops] of byName) {
        let rows = tops
        if (tops.length > 1) {
          const pattern = nameTop.get({ span, owners: JSON.stringify(tops.map(r => r.owner)), search: like }) as string
          rows = tops.map(r => windowRow.get(span, r.owner, pattern) as WindowRow | undefined).filter(r => r !== undefined)
        }
        items.push({ database, ...summed(span, rows) })
      }
      return items.sort((a, b) => b.calls - a.calls || (a.database < b.database ? -1 : a.database > b.database ? 1 : 0))
    },

    /** `topQueries` from the hourly rows of the window starting at `from` (epoch hour): one row per hour and pattern. */
    topQueriesFromHours (from: number, search?: string): TopQuery[] {
      const rows = topQueries.all({ from, search: search === undefined || search === '' ? null : prefixPattern(search) }) as Array<
        PatternRow & { database: string, pattern_key: number | string, first_owner: number, last_owner: number }>
      return rows.map(r => {
        // a name's rows have one owner, or two (its id and, for rows older than ids, `#name`)
        const h = emptyHistogram()
        for (const owner of new Set([r.first_owner, r.last_owner])) {
          addEncoded(h, patternHistogram.get({ owner, from, pattern: r.pattern_key }) as Buffer | null)
        }
        return { database: r.database, ...patternStats({ ...r, hist: encodeHistogram(h) }) }
      })
    },

    /**
     * Every volume slot from the global hourly rows: an hour counts in the slot whose interval holds its start
     * (exact in zones whose offset is whole hours; in half-hour zones an hour goes to the slot it starts in).
     */
    volume (plan: { slots: string[], buckets: VolumeBucket[] }): Volume {
      const zeros = (): number[] => plan.slots.map(() => 0)
      const series = { slots: plan.slots, counts: zeros(), errors: zeros(), rows_read: zeros(), rows_written: zeros() }
      const bounds = plan.buckets.map(b => ({ lo: Date.parse(b.lo), hi: Date.parse(b.hi), slot: b.slot }))
      if (bounds.length === 0) return withMaxima(series)
      const from = Math.ceil(bounds[0].lo / hourMs)
      const to = Math.ceil(bounds[bounds.length - 1].hi / hourMs)
      const rows = hours.all({ from, to, owner: ownerId(globalOwner) }) as Array<{ hour: number, counts: number, errors: number, rows_read: number, rows_written: number }>
      for (const r of rows) {
        const start = r.hour * hourMs
        const bucket = bounds.find(b => start >= b.lo && start < b.hi)
        if (bucket === undefined) continue
        series.counts[bucket.slot] += r.counts
        series.errors[bucket.slot] += r.errors
        series.rows_read[bucket.slot] += r.rows_read
        series.rows_written[bucket.slot] += r.rows_written
      }
      return withMaxima(series)
    }
  }
}

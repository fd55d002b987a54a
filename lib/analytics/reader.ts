import type { Database } from 'better-sqlite3'
import type {
  AnalyticsRange, DatabaseRef, PatternStats, QueryLogPage, QueryLogRow, StorageSnapshotRow, TopQuery, Volume
} from './types.js'
import { listLimits, sizeHistoryLimit, topPatternsLimit } from './types.js'
import { prefixPattern } from './like.js'
import { withMaxima, type VolumeBucket } from './windows.js'

/** Query-log sums over a window, from which both overviews are built. */
export interface LogSums {
  queries: number
  writes: number
  avgLatencyMs: number
  errorCount: number
  selectRows: number
  writeRows: number
  allRows: number
}

const isWrite = "operation IN ('insert', 'update', 'delete')"
const writeCount = `COALESCE(SUM(status = 'ok' AND ${isWrite}), 0)`

/** Latencies keep microseconds: SQLite answers most statements in well under a millisecond. */
export function roundMs (ms: number | null): number {
  return ms === null ? 0 : Math.round(ms * 1000) / 1000
}

function clampInt (value: number | undefined, fallback: number, min: number, max: number): number {
  const n = Math.trunc(Number(value ?? fallback))
  return Number.isFinite(n) ? Math.min(Math.max(n, min), max) : fallback
}

/**
 * One database's rows: its own by id, and by name those written before ids existed (the spec: "earlier events keep
 * the database name"). A name reused after a delete has a new id, so it never inherits the old database's rows.
 */
const ownRows = '(database_id = :id OR (database_id IS NULL AND database = :name))'

/**
 * `ownRows`, newest first, as two index searches merged in order: a page stops at its limit instead of
 * sorting every row of the window. `where` adds conditions (starting with AND), `limit` the LIMIT clause.
 */
function newestOwnRows (table: string, columns: string, where: string, limit: string): string {
  const side = (match: string): string => `SELECT ${columns} FROM ${table} WHERE ${match} ${where}`
  return `${side('database_id = :id')} UNION ALL ${side('database_id IS NULL AND database = :name')}
    ORDER BY timestamp DESC, id DESC LIMIT ${limit}`
}

const logColumns = 'id, database, table_name, operation, duration_ms, row_count, status, error_msg, timestamp, database_id, sql_text'
const snapshotColumns = 'id, database, size_bytes, table_count, timestamp, database_id'

function searchPattern (search: string | undefined): string | null {
  return search === undefined || search === '' ? null : prefixPattern(search)
}

/** The reads behind the analytics endpoints; every window is a lower bound on the ISO `timestamp`. */
export function createReader (db: Database) {
  const sums = `SELECT COUNT(*) AS queries, ${writeCount} AS writes,
      AVG(duration_ms) AS avgLatencyMs,
      COALESCE(SUM(status = 'error'), 0) AS errorCount,
      COALESCE(SUM(CASE WHEN operation = 'select' THEN row_count END), 0) AS selectRows,
      COALESCE(SUM(CASE WHEN ${isWrite} THEN row_count END), 0) AS writeRows,
      COALESCE(SUM(row_count), 0) AS allRows
    FROM _query_log WHERE timestamp >= :since`
  const allSums = db.prepare(sums)
  const databaseSums = db.prepare(`${sums} AND ${ownRows}`)
  const patterns = db.prepare(`SELECT COALESCE(sql_text, operation) AS sql_text, COUNT(*) AS calls,
      AVG(duration_ms) AS avg_ms, ${writeCount} AS writes, COALESCE(SUM(row_count), 0) AS total_rows
    FROM _query_log WHERE ${ownRows} AND timestamp >= :since
    GROUP BY 1 ORDER BY calls DESC, sql_text LIMIT ${topPatternsLimit}`)
  const latestSnapshot = db.prepare(newestOwnRows('_storage_snapshots', snapshotColumns, '', '1'))
  const logFilter = "AND timestamp >= :since AND (:search IS NULL OR sql_text LIKE :search ESCAPE '\\')"
  const logPage = db.prepare(newestOwnRows('_query_log', logColumns, logFilter, ':limit OFFSET :offset'))
  const logTotal = db.prepare(`SELECT COUNT(*) AS total FROM _query_log WHERE ${ownRows} ${logFilter}`)
  const topQueries = db.prepare(`WITH patterns AS (
      SELECT database, COALESCE(sql_text, operation) AS sql_text, COUNT(*) AS calls,
        AVG(duration_ms) AS avg_ms, COALESCE(SUM(row_count), 0) AS total_rows
      FROM _query_log
      WHERE timestamp >= :since AND (:search IS NULL OR COALESCE(sql_text, operation) LIKE :search ESCAPE '\\')
      GROUP BY database, 2
    ), ranked AS (
      SELECT *, ROW_NUMBER() OVER (PARTITION BY database ORDER BY calls DESC, sql_text) AS n FROM patterns
    )
    SELECT database, sql_text, calls, avg_ms, total_rows FROM ranked WHERE n = 1
    ORDER BY calls DESC, database`)
  const errors = db.prepare(`SELECT ${logColumns}
    FROM _query_log WHERE status = 'error' AND (:search IS NULL OR error_msg LIKE :search ESCAPE '\\')
    ORDER BY timestamp DESC, id DESC LIMIT :limit`)
  // One indexed range scan per bucket; buckets arrive as a JSON array of [lo, hi] pairs.
  const buckets = `WITH b AS (
      SELECT CAST(key AS INTEGER) AS i, json_extract(value, '$[0]') AS lo, json_extract(value, '$[1]') AS hi
      FROM json_each(:buckets)
    )`
  const logBuckets = db.prepare(`${buckets}
    SELECT b.i, COUNT(q.id) AS counts, COALESCE(SUM(q.status = 'error'), 0) AS errors,
      COALESCE(SUM(CASE WHEN q.operation = 'select' THEN q.row_count END), 0) AS rows_read,
      COALESCE(SUM(CASE WHEN q.${isWrite} THEN q.row_count END), 0) AS rows_written
    FROM b LEFT JOIN _query_log q ON q.timestamp >= b.lo AND q.timestamp < b.hi
    GROUP BY b.i ORDER BY b.i`)
  const errorBuckets = db.prepare(`${buckets}
    SELECT b.i, COUNT(q.id) AS errors
    FROM b LEFT JOIN _query_log q ON q.status = 'error' AND q.timestamp >= b.lo AND q.timestamp < b.hi
    GROUP BY b.i ORDER BY b.i`)
  const dailyTotals = db.prepare(`SELECT date, SUM(count) AS counts, SUM(rows_read) AS rows_read,
      SUM(rows_written) AS rows_written
    FROM _daily_stats WHERE date IN (SELECT value FROM json_each(:dates)) GROUP BY date`)
  const sizeHistory = db.prepare(newestOwnRows('_storage_snapshots', snapshotColumns, '', `${sizeHistoryLimit}`))

  const bucketJson = (list: VolumeBucket[]): string => JSON.stringify(list.map(b => [b.lo, b.hi]))

  return {
    sums (since: string, database?: DatabaseRef): LogSums {
      const row = (database === undefined ? allSums.get({ since }) : databaseSums.get({ since, ...database })) as LogSums
      return { ...row, avgLatencyMs: roundMs(row.avgLatencyMs) }
    },

    /** The most-called patterns (text, or operation when there is none) of one database. */
    topPatterns (database: DatabaseRef, since: string): PatternStats[] {
      return (patterns.all({ ...database, since }) as PatternStats[]).map(p => ({ ...p, avg_ms: roundMs(p.avg_ms) }))
    },

    latestSnapshot (database: DatabaseRef): StorageSnapshotRow | undefined {
      return latestSnapshot.get(database) as StorageSnapshotRow | undefined
    },

    /** One page of a database's log in the window, newest first; `search` is a case-insensitive prefix. */
    queryLog (p: { database: DatabaseRef, since: string, limit?: number, offset?: number, search?: string }): QueryLogPage {
      const filter = { ...p.database, since: p.since, search: searchPattern(p.search) }
      const limit = clampInt(p.limit, listLimits.default, 1, listLimits.max)
      const offset = clampInt(p.offset, 0, 0, Number.MAX_SAFE_INTEGER)
      const rows = logPage.all({ ...filter, limit, offset }) as QueryLogRow[]
      const { total } = logTotal.get(filter) as { total: number }
      return { rows, total }
    },

    /** Each database's most-called pattern in the window, most calls first. */
    topQueries (since: string, search?: string): TopQuery[] {
      return (topQueries.all({ since, search: searchPattern(search) }) as TopQuery[])
        .map(q => ({ ...q, avg_ms: roundMs(q.avg_ms) }))
    },

    /** Recent failed queries, newest first; `search` is a case-insensitive prefix of the message. */
    errors (limit?: number, search?: string): QueryLogRow[] {
      return errors.all({
        limit: clampInt(limit, listLimits.default, 1, listLimits.max),
        search: searchPattern(search)
      }) as QueryLogRow[]
    },

    /**
     * 24h: every figure from the query log, hour by hour. 7d and 30d: counts and rows from `_daily_stats`
     * (the log keeps no row figures past its retention and the aggregates are what days are made of);
     * errors, which the aggregates do not hold, from the query log over the same local days.
     */
    volume (range: AnalyticsRange, plan: { slots: string[], buckets: VolumeBucket[] }): Volume {
      const zeros = (): number[] => plan.slots.map(() => 0)
      const series = { slots: plan.slots, counts: zeros(), errors: zeros(), rows_read: zeros(), rows_written: zeros() }
      if (range === '24h') {
        const rows = logBuckets.all({ buckets: bucketJson(plan.buckets) }) as Array<{
          i: number, counts: number, errors: number, rows_read: number, rows_written: number
        }>
        for (const r of rows) {
          const slot = plan.buckets[r.i].slot
          series.counts[slot] += r.counts
          series.errors[slot] += r.errors
          series.rows_read[slot] += r.rows_read
          series.rows_written[slot] += r.rows_written
        }
        return withMaxima(series)
      }
      const errorRows = errorBuckets.all({ buckets: bucketJson(plan.buckets) }) as Array<{ i: number, errors: number }>
      for (const r of errorRows) series.errors[plan.buckets[r.i].slot] += r.errors
      const slotOfDate = new Map(plan.buckets.map(b => [b.date, b.slot]))
      const days = dailyTotals.all({ dates: JSON.stringify([...slotOfDate.keys()]) }) as Array<{
        date: string, counts: number, rows_read: number, rows_written: number
      }>
      for (const d of days) {
        const slot = slotOfDate.get(d.date) as number
        series.counts[slot] += d.counts
        series.rows_read[slot] += d.rows_read
        series.rows_written[slot] += d.rows_written
      }
      return withMaxima(series)
    },

    /** The last snapshots of one database, newest first. */
    sizeHistory (database: DatabaseRef): StorageSnapshotRow[] {
      return sizeHistory.all(database) as StorageSnapshotRow[]
    }
  }
}

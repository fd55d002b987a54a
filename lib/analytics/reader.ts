import type { Database } from 'better-sqlite3'
import type { DatabaseRef, QueryLogPage, QueryLogRow, StorageSnapshotRow } from './types.js'
import { listLimits, maxCountedRows, sizeHistoryLimit } from './types.js'
import { prefixPattern } from './like.js'

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

/** The raw-log reads (the query log and errors lists) and snapshots; the aggregates are in rollup-reader.ts. */
export function createReader (db: Database) {
  const latestSnapshot = db.prepare(newestOwnRows('_storage_snapshots', snapshotColumns, '', '1'))
  const logFilter = "AND timestamp >= :since AND (:search IS NULL OR sql_text LIKE :search ESCAPE '\\')"
  const logPage = db.prepare(newestOwnRows('_query_log', logColumns, logFilter, ':limit OFFSET :offset'))
  // with a search the rollups cannot say how many rows match: count them, up to a bound
  const logTotal = db.prepare(`SELECT COUNT(*) AS total FROM (SELECT 1 FROM _query_log WHERE ${ownRows} ${logFilter} LIMIT ${maxCountedRows})`)
  const errors = db.prepare(`SELECT ${logColumns}
    FROM _query_log WHERE status = 'error' AND (:search IS NULL OR error_msg LIKE :search ESCAPE '\\')
    ORDER BY timestamp DESC, id DESC LIMIT :limit`)
  const sizeHistory = db.prepare(newestOwnRows('_storage_snapshots', snapshotColumns, '', `${sizeHistoryLimit}`))

  return {
    latestSnapshot (database: DatabaseRef): StorageSnapshotRow | undefined {
      return latestSnapshot.get(database) as StorageSnapshotRow | undefined
    },

    /**
     * One page of a database's log in the window, newest first; `search` is a case-insensitive prefix. `total` is
     * `calls` (the rollups' count for the window) without a search, else the matching rows up to `maxCountedRows`.
     */
    queryLog (p: { database: DatabaseRef, since: string, calls: () => number, limit?: number, offset?: number, search?: string }): QueryLogPage {
      const filter = { ...p.database, since: p.since, search: searchPattern(p.search) }
      const limit = clampInt(p.limit, listLimits.default, 1, listLimits.max)
      const offset = clampInt(p.offset, 0, 0, Number.MAX_SAFE_INTEGER)
      const rows = logPage.all({ ...filter, limit, offset }) as QueryLogRow[]
      const total = filter.search === null ? p.calls() : (logTotal.get(filter) as { total: number }).total
      return { rows, total }
    },

    /** Recent failed queries, newest first; `search` is a case-insensitive prefix of the message. */
    errors (limit?: number, search?: string): QueryLogRow[] {
      return errors.all({
        limit: clampInt(limit, listLimits.default, 1, listLimits.max),
        search: searchPattern(search)
      }) as QueryLogRow[]
    },

    /** The last snapshots of one database, newest first. */
    sizeHistory (database: DatabaseRef): StorageSnapshotRow[] {
      return sizeHistory.all(database) as StorageSnapshotRow[]
    }
  }
}

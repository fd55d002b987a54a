import type { Database } from 'better-sqlite3'
import type { DatabaseRef, QueryLogPage, QueryLogRow, StorageSnapshotRow } from './types.js'
import { listLimits, maxCountedRows, sizeHistoryLimit } from './types.js'
import { prefixPattern } from './like.js'
import { errorTextOf, fixedTexts, logViewColumns, sqlTextOf } from './log-schema.js'

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
 * One database's rows, newest first: its own by id, and by name those written before ids existed (the spec: "earlier
 * events keep the database name"; a name reused after a delete has a new id, so it never inherits the old rows),
 * as two index searches merged in order: a page stops at its limit instead of sorting every row of the window. `where` adds conditions (starting with AND), `limit` the LIMIT clause.
 */
function newestOwnRows (table: string, columns: string, where: string, limit: string): string {
  const side = (match: string): string => `SELECT ${columns} FROM ${table} WHERE ${match} ${where}`
  return `${side('database_id = :id')} UNION ALL ${side('database_id IS NULL AND database = :name')}
    ORDER BY timestamp DESC, id DESC LIMIT ${limit}`
}

/** The compact log's rows of a database (by its texts' ids, log-schema.ts), newest first, as in `newestOwnRows`. */
function newestLogRows (where: string, limit: string): string {
  const side = (match: string): string => `SELECT l.id, l.at FROM _log AS l WHERE ${match} ${where}`
  return `${side('l.owner = :owner')} UNION ALL ${side('l.owner IS NULL AND l.name = :nameRef')}
    ORDER BY at DESC, id DESC LIMIT ${limit}`
}

const snapshotColumns = 'id, database, size_bytes, table_count, timestamp, database_id'

function searchPattern (search: string | undefined): string | null {
  return search === undefined || search === '' ? null : prefixPattern(search)
}

/** The raw-log reads (the query log and errors lists) and snapshots; the aggregates are in rollup-reader.ts. */
export function createReader (db: Database) {
  const latestSnapshot = db.prepare(newestOwnRows('_storage_snapshots', snapshotColumns, '', '1'))
  const textId = db.prepare('SELECT id FROM _log_texts WHERE text = ?').pluck()
  // times are epoch ms; an older file's odd text times sort after them, as its ISO texts sorted after `since`
  const logFilter = `AND l.at >= :since AND (:search IS NULL OR ${sqlTextOf} LIKE :search ESCAPE '\\')`
  const logPage = db.prepare(newestLogRows(logFilter, ':limit OFFSET :offset'))
  const logRow = db.prepare(`SELECT ${logViewColumns} FROM _log AS l WHERE l.id = ?`)
  // with a search the rollups cannot say how many rows match: count them, up to a bound
  const logTotal = db.prepare(`SELECT COUNT(*) AS total FROM (SELECT 1 FROM _log AS l
    WHERE (l.owner = :owner OR (l.owner IS NULL AND l.name = :nameRef)) ${logFilter} LIMIT ${maxCountedRows})`)
  const errors = db.prepare(`SELECT ${logViewColumns}
    FROM _log AS l WHERE l.status = ${fixedTexts.error} AND (:search IS NULL OR ${errorTextOf} LIKE :search ESCAPE '\\')
    ORDER BY l.at DESC, l.id DESC LIMIT :limit`)
  const sizeHistory = db.prepare(newestOwnRows('_storage_snapshots', snapshotColumns, '', `${sizeHistoryLimit}`))

  return {
    latestSnapshot (database: DatabaseRef): StorageSnapshotRow | undefined {
      return latestSnapshot.get(database) as StorageSnapshotRow | undefined
    },

    /**
     * One page of a database's log in the window, newest first; `search` is a case-insensitive prefix. `total` is
     * `calls` (the rollups' count for the window) without a search, else the matching rows up to `maxCountedRows`.
     */
    queryLog (p: { database: DatabaseRef, since: number, calls: () => number, limit?: number, offset?: number, search?: string }): QueryLogPage {
      // texts the dictionary does not hold match no row (-1 is no id)
      const filter = {
        owner: (textId.get(p.database.id) as number | undefined) ?? -1,
        nameRef: (textId.get(p.database.name) as number | undefined) ?? -1,
        since: p.since,
        search: searchPattern(p.search)
      }
      const limit = clampInt(p.limit, listLimits.default, 1, listLimits.max)
      const offset = clampInt(p.offset, 0, 0, Number.MAX_SAFE_INTEGER)
      const rows = (logPage.all({ ...filter, limit, offset }) as Array<{ id: number }>).map(r => logRow.get(r.id) as QueryLogRow)
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

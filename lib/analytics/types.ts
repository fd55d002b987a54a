/** One query or record operation, as the recorder receives it (one `_query_log` row once flushed). */
export interface AnalyticsEvent {
  database: string
  databaseId: string
  tableName: string | null
  operation: 'select' | 'insert' | 'update' | 'delete'
  /** Raw SQL events are counted as 'raw_query' in `_daily_stats` (CONTRACT.md "Analytics"). */
  statsOperation?: 'raw_query'
  durationMs: number
  rowCount: number
  status: 'ok' | 'error'
  errorMsg: string | null
  /** Raw SQL text, or the SQL template a record operation was built from (placeholders, no values). */
  sqlText: string | null
  /** ISO-8601; defaults to the recorder's clock at record() time. */
  timestamp?: string
}

/**
 * An event as the recorder keeps it and sends it to the worker: `at` is its time in epoch milliseconds. The worker
 * formats it, so the request path never builds a date string.
 */
export type StampedEvent = AnalyticsEvent & { at: number }

export type AnalyticsRange = '24h' | '7d' | '30d'

export const analyticsRanges: readonly AnalyticsRange[] = ['24h', '7d', '30d']

/**
 * A hosted database as analytics reads it: rows carrying its `id` (the registry's UUID, `database_id`) are its own,
 * and rows without an id (written before ids existed) belong to whichever database has their `name` now.
 */
export interface DatabaseRef {
  id: string
  name: string
}

/** A database as the engine describes it, for snapshots and storage figures. */
export interface DatabaseSize {
  id: string
  name: string
  sizeBytes: number
  tableCount: number
}

/** A `_query_log` row with its own column names. */
export interface QueryLogRow {
  id: number
  database: string
  table_name: string | null
  operation: string
  duration_ms: number
  row_count: number
  status: string
  error_msg: string | null
  timestamp: string
  database_id: string | null
  sql_text: string | null
}

/** A `_storage_snapshots` row with its own column names. */
export interface StorageSnapshotRow {
  id: number
  database: string
  size_bytes: number
  table_count: number
  timestamp: string
  database_id: string | null
}

/** Query-log figures over a window; what both overviews share. */
export interface WindowStats {
  queries: number
  writes: number
  avgLatencyMs: number
  errorCount: number
  rows_read: number
  rows_written: number
}

export interface Overview extends WindowStats {
  databases: number
  totalStorageBytes: number
}

/** A pattern's figures over a window, from the hourly rollups; latencies in ms, percentiles from the histogram. */
export interface PatternStats {
  sql_text: string
  /** Every call, failed ones included. */
  calls: number
  avg_ms: number
  writes: number
  total_rows: number
  errors: number
  total_ms: number
  p50_ms: number
  p95_ms: number
  p99_ms: number
}

export const patternSorts = ['calls', 'total_ms', 'p95_ms', 'errors'] as const
export type PatternSort = typeof patternSorts[number]

export interface PatternsParams {
  range?: AnalyticsRange
  sort?: PatternSort
  /** Case-insensitive substring of the pattern. */
  search?: string
  limit?: number
  offset?: number
}

export interface PatternsPage {
  items: PatternStats[]
  total: number
}

export interface DatabaseOverview {
  database: string
  queries: number
  writes: number
  /** Row counts across every operation, as the spec defines it for this endpoint. */
  rows_read: number
  avgLatencyMs: number
  errorCount: number
  storageBytes: number
  tableCount: number
  topTables: PatternStats[]
}

export interface TopQuery extends PatternStats {
  database: string
}

export interface Volume {
  slots: string[]
  counts: number[]
  errors: number[]
  rows_read: number[]
  rows_written: number[]
  max: number
  max_read: number
  max_written: number
}

export interface QueryLogPage {
  rows: QueryLogRow[]
  total: number
}

export interface QueriesParams {
  database: DatabaseRef
  range?: AnalyticsRange
  limit?: number
  offset?: number
  search?: string
}

export interface TopQueriesParams {
  range?: AnalyticsRange
  search?: string
  /** The first items only (the answer is computed and cached whole, then cut). */
  limit?: number
}

export interface ErrorsParams {
  limit?: number
  search?: string
}

export interface AnalyticsLogger {
  info: (obj: unknown, msg?: string) => void
  warn: (obj: unknown, msg?: string) => void
  error: (obj: unknown, msg?: string) => void
}

/** Page sizes of the query log and errors lists (the spec fixes the query log's; errors follow it). */
export const listLimits = { default: 20, max: 100 } as const

/** With a search, the query log's `total` counts matching rows up to this bound (a page stays O(limit)). */
export const maxCountedRows = 10_000

/** Patterns listed per database (`topTables`) and snapshots in a storage history. */
export const topPatternsLimit = 10
export const sizeHistoryLimit = 100

/** Shapes of the API's `data` members, as CONTRACT.md defines them. */

export interface Admin { id: string, email: string }

export interface Database {
  id: string
  name: string
  path: string
  createdAt: string
  group: string | null
  readonly: boolean
  sizeBytes: number
  tableCount: number | null
}

export interface TableEntry { name: string, type: 'table' | 'view', rowCount?: number }

export interface DatabaseDetail extends Omit<Database, 'tableCount'> { tables: TableEntry[] }

export interface Column {
  name: string
  type: string
  notnull: boolean | number
  pk: boolean | number
  default: unknown
}

export interface DatabaseConfig { cors_origins: string[], readonly: boolean, group: string | null }

export type Scope = 'read' | 'write'

export interface ApiKey {
  id: string
  label: string
  scope: Scope
  prefix: string
  createdAt: string
  lastUsedAt: string | null
}

export interface RevealedKey { id: string, label: string, scope: Scope, key: string }

export type Row = Record<string, unknown>

export interface ListMeta { limit: number, offset: number, hasMore: boolean, total?: number }

export interface RowsMeta { columns: string[], rowCount: number, truncated: boolean }

export interface Changes { changes: number, lastInsertRowid: number | string | null }

export interface Settings { timezone: string, serverUrl: string }

export interface ActivityEntry {
  id: string | number
  action: string
  actor: { type: 'admin' | 'key', id: string, email?: string } | null
  database: string | null
  details: unknown
  ip: string | null
  createdAt: string
}

export type Range = '24h' | '7d' | '30d'

export interface Overview {
  databases: number
  queries: number
  writes: number
  avgLatencyMs: number
  errorCount: number
  rows_read: number
  rows_written: number
  totalStorageBytes: number
}

export interface Pattern { sql_text: string | null, calls: number, avg_ms: number, writes: number, total_rows: number }

export interface DatabaseOverview {
  database: string
  queries: number
  writes: number
  rows_read: number
  avgLatencyMs: number
  errorCount: number
  storageBytes: number
  tableCount: number
  topTables: Pattern[]
}

export interface QueryLogEntry {
  id: number
  database: string
  table_name: string | null
  operation: string
  duration_ms: number
  row_count: number
  status: 'ok' | 'error'
  error_msg: string | null
  timestamp: string
  sql_text?: string | null
}

export interface TopQuery { database: string, sql_text: string, calls: number, avg_ms: number, total_rows: number }

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

export interface Snapshot { id: number, database: string, size_bytes: number, table_count: number, timestamp: string }

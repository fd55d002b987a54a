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

/** Where a database's replica stands; only while backups are on (BACKUP_URL). */
export interface BackupState {
  status: 'ok' | 'failing'
  replicating: boolean
  lagSeconds: number
  lastWriteAt: string | null
  lastReplicatedAt: string | null
}

export interface DatabaseDetail extends Omit<Database, 'tableCount'> { tables: TableEntry[], backup?: BackupState }

export interface RestoreRange { from: string, to: string }
export interface BackupSnapshot { createdAt: string, generation: string, sizeBytes: number }
export interface BackupList { window: (RestoreRange & { ranges: RestoreRange[] }) | null, snapshots: BackupSnapshot[] }

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

// The analytics shapes are the server's own (lib/analytics/types.ts): one definition, erased at build time.
export type {
  AnalyticsRange as Range, Overview, PatternStats as Pattern, DatabaseOverview, QueryLogRow as QueryLogEntry,
  TopQuery, Volume, StorageSnapshotRow as Snapshot
} from '../../lib/analytics/types.js'

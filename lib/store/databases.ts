import type { Database } from 'better-sqlite3'
import { newId, newUuid } from '../crypto.js'
import { DatabaseExists, DatabaseNotFound } from '../errors.js'

export interface DatabaseRecord {
  id: string
  uuid: string
  name: string
  group: string | null
  readonly: boolean
  corsOrigins: string[]
  tableCount: number | null
  /** Size quota as set on the database: null follows DB_MAX_SIZE_BYTES, 0 is unlimited. */
  maxSizeBytes: number | null
  createdAt: string
}

export interface DatabaseConfigChanges {
  readonly?: boolean
  corsOrigins?: string[]
  /** @see DatabaseRecord.maxSizeBytes */
  maxSizeBytes?: number | null
}

/** The size quota in force for `record`: its own, else the server's default; undefined is unlimited. */
export function effectiveMaxSize (record: DatabaseRecord, defaultBytes: number | undefined): number | undefined {
  if (record.maxSizeBytes === null) return defaultBytes
  return record.maxSizeBytes === 0 ? undefined : record.maxSizeBytes
}

export interface DatabaseRow {
  id: string, uuid: string, name: string, grp: string | null, readonly: number, cors_origins: string,
  table_count: number | null, max_size_bytes: number | null, created_at: string
}

const toRecord = (row: DatabaseRow): DatabaseRecord => ({
  id: row.id,
  uuid: row.uuid,
  name: row.name,
  group: row.grp,
  readonly: row.readonly === 1,
  corsOrigins: JSON.parse(row.cors_origins),
  tableCount: row.table_count,
  maxSizeBytes: row.max_size_bytes,
  createdAt: row.created_at
})

/**
 * The registry of hosted databases. Every row is held in memory (write-through), so the
 * per-request lookup by name or id never touches SQLite.
 */
export function createDatabaseStore (db: Database) {
  const insert = db.prepare('INSERT INTO databases (id, uuid, name, grp, created_at) VALUES (?, ?, ?, ?, ?)')
  const renameStmt = db.prepare('UPDATE databases SET name = ? WHERE id = ?')
  const removeStmt = db.prepare('DELETE FROM databases WHERE id = ?')
  const configStmt = db.prepare('UPDATE databases SET readonly = ?, cors_origins = ?, max_size_bytes = ? WHERE id = ?')
  const tableCountStmt = db.prepare('UPDATE databases SET table_count = ? WHERE id = ?')
  const rowStmt = db.prepare('SELECT id, uuid, name, grp, readonly, cors_origins, table_count, max_size_bytes, created_at FROM databases WHERE id = ?')
  const adoptStmt = db.prepare(`INSERT INTO databases (id, uuid, name, grp, readonly, cors_origins, table_count, max_size_bytes, created_at)
                                VALUES (@id, @uuid, @name, @grp, @readonly, @cors_origins, @table_count, @max_size_bytes, @created_at)`)
  const byName = new Map<string, DatabaseRecord>()
  const byId = new Map<string, DatabaseRecord>()
  for (const row of db.prepare('SELECT * FROM databases ORDER BY name').all() as DatabaseRow[]) {
    const record = toRecord(row)
    byName.set(record.name, record)
    byId.set(record.id, record)
  }

  // sorted by name once per change, not per request: the list pages through 10,000+ databases
  let sorted: DatabaseRecord[] | undefined
  const byNameOrder = (): DatabaseRecord[] => (sorted ??= [...byName.values()].sort((a, b) => a.name.localeCompare(b.name)))

  function require (name: string): DatabaseRecord {
    const record = byName.get(name)
    if (!record) throw new DatabaseNotFound(name)
    return record
  }

  return {
    list: (): DatabaseRecord[] => [...byNameOrder()],
    /** One page of the databases by name, those whose name contains `search` (any case), and how many match. */
    page ({ limit, offset, search }: { limit: number, offset: number, search?: string }): { items: DatabaseRecord[], total: number } {
      const needle = search?.toLowerCase()
      const matching = needle ? byNameOrder().filter((record) => record.name.toLowerCase().includes(needle)) : byNameOrder()
      return { items: matching.slice(offset, offset + limit), total: matching.length }
    },
    count: (): number => byName.size,
    findByName: (name: string) => byName.get(name),
    findById: (id: string) => byId.get(id),
    require,
    assertFree (name: string): void {
      if (byName.has(name)) throw new DatabaseExists(name)
    },
    create (name: string, group: string | null): DatabaseRecord {
      if (byName.has(name)) throw new DatabaseExists(name)
      const record: DatabaseRecord = {
        id: newId('db_'), uuid: newUuid(), name, group, readonly: false, corsOrigins: [], tableCount: 0, maxSizeBytes: null, createdAt: new Date().toISOString()
      }
      insert.run(record.id, record.uuid, record.name, record.group, record.createdAt)
      byName.set(name, record)
      byId.set(record.id, record)
      sorted = undefined
      return record
    },
    rename (record: DatabaseRecord, newName: string): DatabaseRecord {
      if (byName.has(newName)) throw new DatabaseExists(newName)
      renameStmt.run(newName, record.id)
      byName.delete(record.name)
      record.name = newName
      byName.set(newName, record)
      sorted = undefined
      return record
    },
    remove (record: DatabaseRecord): void {
      removeStmt.run(record.id)
      byName.delete(record.name)
      byId.delete(record.id)
      sorted = undefined
    },
    setConfig (record: DatabaseRecord, changes: DatabaseConfigChanges): DatabaseRecord {
      const readonly = changes.readonly ?? record.readonly
      const corsOrigins = changes.corsOrigins ?? record.corsOrigins
      const maxSizeBytes = changes.maxSizeBytes === undefined ? record.maxSizeBytes : changes.maxSizeBytes
      configStmt.run(readonly ? 1 : 0, JSON.stringify(corsOrigins), maxSizeBytes, record.id)
      record.readonly = readonly
      record.corsOrigins = corsOrigins
      record.maxSizeBytes = maxSizeBytes
      return record
    },
    setTableCount (record: DatabaseRecord, tableCount: number): void {
      if (record.tableCount === tableCount) return
      tableCountStmt.run(tableCount, record.id)
      record.tableCount = tableCount
    },
    /** The stored row of a database, as another node's registry takes it (cluster hand-over). */
    rowOf: (id: string): DatabaseRow | undefined => rowStmt.get(id) as DatabaseRow | undefined,
    /** Registers a database under its own id, name and settings: one that another node held (cluster). */
    adopt (row: DatabaseRow): DatabaseRecord {
      if (byName.has(row.name)) throw new DatabaseExists(row.name)
      adoptStmt.run(row)
      const record = toRecord(row)
      byName.set(record.name, record)
      byId.set(record.id, record)
      sorted = undefined
      return record
    }
  }
}

export type DatabaseStore = ReturnType<typeof createDatabaseStore>

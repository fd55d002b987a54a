import type { Database } from 'better-sqlite3'

export interface DeletedDatabase { id: string, name: string, group: string | null, deletedAt: string }

/**
 * Databases deleted while backups were on: their replicas stay (by id) for the retention window, and this list,
 * kept in `_system.db` (itself replicated), says which id a name had. The table belongs to the backup module.
 */
export function createDeletedStore (db: Database) {
  db.exec(`CREATE TABLE IF NOT EXISTS _backup_deleted (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, grp TEXT, deleted_at TEXT NOT NULL
  )`)
  const insert = db.prepare('INSERT OR REPLACE INTO _backup_deleted (id, name, grp, deleted_at) VALUES (?, ?, ?, ?)')
  const since = db.prepare('SELECT id, name, grp AS "group", deleted_at AS deletedAt FROM _backup_deleted WHERE deleted_at >= ? ORDER BY deleted_at DESC')
  const prune = db.prepare('DELETE FROM _backup_deleted WHERE deleted_at < ?')

  return {
    add (record: { id: string, name: string, group: string | null }): DeletedDatabase {
      const entry = { id: record.id, name: record.name, group: record.group, deletedAt: new Date().toISOString() }
      insert.run(entry.id, entry.name, entry.group, entry.deletedAt)
      return entry
    },
    /** Newest first, those still inside the retention window. */
    list (retentionMs: number): DeletedDatabase[] {
      const cutoff = new Date(Date.now() - retentionMs).toISOString()
      prune.run(cutoff)
      return since.all(cutoff) as DeletedDatabase[]
    }
  }
}

export type DeletedStore = ReturnType<typeof createDeletedStore>

/** Litestream's duration (`72h`, `90m`, `30s`) in milliseconds. */
export function durationMs (text: string): number {
  const match = /^(\d+)(h|m|s)$/.exec(text)
  if (match === null) throw new TypeError(`not a duration: ${text}`)
  return Number(match[1]) * { h: 3600_000, m: 60_000, s: 1000 }[match[2] as 'h' | 'm' | 's']
}

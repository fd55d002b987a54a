import type { Database } from 'better-sqlite3'

export interface Actor { type: 'admin' | 'key', id: string | null, email?: string | null }

export interface ActivityInput {
  action: string
  actor: Actor
  database?: { id: string, name: string } | null
  details?: Record<string, unknown> | null
  ip?: string | null
}

export interface ActivityEntry {
  id: number
  action: string
  actor: Actor
  database: string | null
  details: Record<string, unknown> | null
  ip: string | null
  createdAt: string
}

interface ActivityRow {
  id: number, action: string, actor_type: Actor['type'], actor_id: string | null, actor_email: string | null,
  database: string | null, details: string | null, ip: string | null, created_at: string
}

const toEntry = (row: ActivityRow): ActivityEntry => ({
  id: row.id,
  action: row.action,
  actor: row.actor_email ? { type: row.actor_type, id: row.actor_id, email: row.actor_email } : { type: row.actor_type, id: row.actor_id },
  database: row.database,
  details: row.details ? JSON.parse(row.details) : null,
  ip: row.ip,
  createdAt: row.created_at
})

/** The audit log of admin and key actions: append-only, newest first. */
export function createActivityStore (db: Database) {
  const insert = db.prepare(`INSERT INTO activity (action, actor_type, actor_id, actor_email, database, database_id, details, ip, created_at)
                             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`)
  const page = db.prepare('SELECT * FROM activity ORDER BY id DESC LIMIT ? OFFSET ?')
  const count = db.prepare('SELECT count(*) FROM activity').pluck()
  const rename = db.prepare('UPDATE activity SET database = ? WHERE database_id = ?')

  return {
    add (input: ActivityInput): void {
      insert.run(input.action, input.actor.type, input.actor.id, input.actor.email ?? null,
        input.database?.name ?? null, input.database?.id ?? null,
        input.details ? JSON.stringify(input.details) : null, input.ip ?? null, new Date().toISOString())
    },
    list (limit: number, offset: number): { rows: ActivityEntry[], total: number } {
      return { rows: (page.all(limit, offset) as ActivityRow[]).map(toEntry), total: count.get() as number }
    },
    renameDatabase: (databaseId: string, newName: string): void => { rename.run(newName, databaseId) }
  }
}

import type { Database } from 'better-sqlite3'
import { newId } from '../crypto.js'
import { AdminExists } from '../errors.js'

export interface AdminRow { id: string, email: string, passwordHash: string, createdAt: string }

export function createAdminStore (db: Database) {
  const countStmt = db.prepare('SELECT count(*) AS n FROM admins').pluck()
  const insertStmt = db.prepare('INSERT INTO admins (id, email, password_hash, created_at) VALUES (?, ?, ?, ?)')
  const byEmail = db.prepare('SELECT id, email, password_hash AS passwordHash, created_at AS createdAt FROM admins WHERE email = ?')
  const byId = db.prepare('SELECT id, email, password_hash AS passwordHash, created_at AS createdAt FROM admins WHERE id = ?')

  return {
    count: (): number => countStmt.get() as number,
    findByEmail: (email: string) => byEmail.get(email) as AdminRow | undefined,
    get: (id: string) => byId.get(id) as AdminRow | undefined,
    create (email: string, passwordHash: string): AdminRow {
      if (byEmail.get(email)) throw new AdminExists(email)
      const row = { id: newId('adm_'), email, passwordHash, createdAt: new Date().toISOString() }
      insertStmt.run(row.id, row.email, row.passwordHash, row.createdAt)
      return row
    }
  }
}

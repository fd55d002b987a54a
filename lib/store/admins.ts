import type { Database } from 'better-sqlite3'
import { newId } from '../crypto.js'
import { AdminExists } from '../errors.js'

export interface AdminRow { id: string, email: string, passwordHash: string, createdAt: string }

/**
 * Admin accounts. On a single server they are rows of `_system.db` (this file); in a cluster they live in etcd
 * (lib/cluster/admins.ts), so every node knows every admin. Emails are unique without regard to case.
 */
export interface AdminStore {
  count: () => Promise<number>
  findByEmail: (email: string) => Promise<AdminRow | undefined>
  get: (id: string) => Promise<AdminRow | undefined>
  /** A new admin: `AdminExists` (409) when the email is taken. */
  create: (email: string, passwordHash: string) => Promise<AdminRow>
  /** The first admin (public setup, ADMIN_EMAIL at start), atomically: undefined when any admin exists already. */
  createFirst: (email: string, passwordHash: string) => Promise<AdminRow | undefined>
  /** false when the admin does not exist. */
  setPassword: (id: string, passwordHash: string) => Promise<boolean>
  /** Deletes an admin and ends its sessions; false when it does not exist. */
  remove: (id: string) => Promise<boolean>
}

/** `onRemove` lets the session store forget the cached sessions of a deleted admin (its rows go by cascade). */
export function createAdminStore (db: Database, onRemove: (id: string) => void): AdminStore {
  const countStmt = db.prepare('SELECT count(*) AS n FROM admins').pluck()
  const insertStmt = db.prepare('INSERT INTO admins (id, email, password_hash, created_at) VALUES (?, ?, ?, ?)')
  const byEmail = db.prepare('SELECT id, email, password_hash AS passwordHash, created_at AS createdAt FROM admins WHERE email = ?')
  const byId = db.prepare('SELECT id, email, password_hash AS passwordHash, created_at AS createdAt FROM admins WHERE id = ?')
  const passwordStmt = db.prepare('UPDATE admins SET password_hash = ? WHERE id = ?')
  const deleteStmt = db.prepare('DELETE FROM admins WHERE id = ?')

  const count = (): number => countStmt.get() as number
  function create (email: string, passwordHash: string): AdminRow {
    if (byEmail.get(email)) throw new AdminExists(email)
    const row = { id: newId('adm_'), email, passwordHash, createdAt: new Date().toISOString() }
    insertStmt.run(row.id, row.email, row.passwordHash, row.createdAt)
    return row
  }
  const createFirst = db.transaction((email: string, passwordHash: string) => count() === 0 ? create(email, passwordHash) : undefined)

  return {
    count: async () => count(),
    findByEmail: async (email) => byEmail.get(email) as AdminRow | undefined,
    get: async (id) => byId.get(id) as AdminRow | undefined,
    create: async (email, passwordHash) => create(email, passwordHash),
    createFirst: async (email, passwordHash) => createFirst(email, passwordHash),
    setPassword: async (id, passwordHash) => passwordStmt.run(passwordHash, id).changes > 0,
    async remove (id) {
      const removed = deleteStmt.run(id).changes > 0
      if (removed) onRemove(id)
      return removed
    }
  }
}

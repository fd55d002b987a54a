import type { Database } from 'better-sqlite3'
import { newSessionToken, sha256 } from '../crypto.js'
import { readThrough } from './cache.js'

export interface SessionEntry { adminId: string, email: string, expiresAt: number }

/**
 * Admin sessions: in `_system.db` on a single server (this file), in etcd in a cluster (lib/cluster/sessions.ts).
 * `resolve` runs on every request and answers synchronously.
 */
export interface SessionStore {
  create: (adminId: string, email: string) => { token: string, expiresAt: string }
  resolve: (token: string) => SessionEntry | undefined
  revoke: (token: string) => void
}

const maxCached = 10_000

/**
 * Only the SHA-256 of a token is stored. A small in-memory cache answers the per-request lookup; logout deletes
 * the row and evicts the entry at once, and so does deleting the admin (`forgetAdmin`).
 */
export function createSessionStore (db: Database, ttlMs: number) {
  const insert = db.prepare('INSERT INTO sessions (token_hash, admin_id, created_at, expires_at) VALUES (?, ?, ?, ?)')
  const lookup = db.prepare(`SELECT s.admin_id AS adminId, a.email, s.expires_at AS expiresAt
                             FROM sessions s JOIN admins a ON a.id = s.admin_id WHERE s.token_hash = ?`)
  const remove = db.prepare('DELETE FROM sessions WHERE token_hash = ?')
  const purge = db.prepare('DELETE FROM sessions WHERE expires_at <= ?')
  const cache = new Map<string, SessionEntry>()

  function forget (hash: string): void {
    cache.delete(hash)
    remove.run(hash)
  }

  return {
    create (adminId: string): { token: string, expiresAt: string } {
      const token = newSessionToken()
      const expiresAt = Date.now() + ttlMs
      purge.run(Date.now())
      insert.run(sha256(token), adminId, new Date().toISOString(), expiresAt)
      return { token, expiresAt: new Date(expiresAt).toISOString() }
    },
    resolve (token: string): SessionEntry | undefined {
      const hash = sha256(token)
      const entry = readThrough(cache, maxCached, hash, () => lookup.get(hash) as SessionEntry | undefined)
      if (!entry) return undefined
      if (entry.expiresAt <= Date.now()) {
        forget(hash)
        return undefined
      }
      return entry
    },
    revoke: (token: string): void => forget(sha256(token)),
    /** The admin's rows are gone (cascade): its cached sessions go too. */
    forgetAdmin (adminId: string): void {
      for (const [hash, entry] of cache) if (entry.adminId === adminId) cache.delete(hash)
    }
  }
}

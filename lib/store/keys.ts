import type { Database } from 'better-sqlite3'
import { newApiKey, newId, sha256 } from '../crypto.js'
import { KeyNotFound, TooManyKeys } from '../errors.js'
import { readThrough } from './cache.js'

export type KeyScope = 'read' | 'write'

export interface KeyListItem { id: string, label: string, scope: KeyScope, prefix: string, createdAt: string, lastUsedAt: string | null }
export interface ResolvedKey { keyId: string, databaseId: string, scope: KeyScope }

const maxCached = 50_000
const prefixLength = 7

/**
 * API keys. Only the SHA-256 of a raw key is stored; the raw key leaves this module only on
 * create and rotate. Resolution goes through an in-memory cache evicted on rotate, revoke and
 * database delete. `lastUsedAt` is collected in memory and written in batches by `flushUsage`.
 */
export function createKeyStore (db: Database) {
  const insert = db.prepare(`INSERT INTO api_keys (id, database_id, label, scope, key_hash, prefix, created_at)
                             VALUES (?, ?, ?, ?, ?, ?, ?)`)
  const listStmt = db.prepare(`SELECT id, label, scope, prefix, created_at AS createdAt, last_used_at AS lastUsedAt
                               FROM api_keys WHERE database_id = ? ORDER BY created_at, id LIMIT ? OFFSET ?`)
  const countStmt = db.prepare('SELECT count(*) FROM api_keys WHERE database_id = ?').pluck()
  const getStmt = db.prepare('SELECT id, label, scope, key_hash AS keyHash FROM api_keys WHERE id = ? AND database_id = ?')
  const byHash = db.prepare('SELECT id AS keyId, database_id AS databaseId, scope FROM api_keys WHERE key_hash = ?')
  const rotateStmt = db.prepare('UPDATE api_keys SET key_hash = ?, prefix = ? WHERE id = ?')
  const removeStmt = db.prepare('DELETE FROM api_keys WHERE id = ?')
  const touchStmt = db.prepare('UPDATE api_keys SET last_used_at = ? WHERE id = ?')
  const cache = new Map<string, ResolvedKey>()
  // key id → epoch ms of its last use; formatted only when written, not on every request
  const usage = new Map<string, number>()

  function require (databaseId: string, id: string) {
    const row = getStmt.get(id, databaseId) as { id: string, label: string, scope: KeyScope, keyHash: string } | undefined
    if (!row) throw new KeyNotFound(id)
    return row
  }

  return {
    /** `maxKeys`: the most keys the database may have (issue #30, item 7); reaching it throws TooManyKeys. */
    create (databaseId: string, label: string, scope: KeyScope, maxKeys = Infinity) {
      // count and insert run in one synchronous turn: no other request can slip a key in between
      const count = countStmt.get(databaseId) as number
      if (count >= maxKeys) throw new TooManyKeys(count)
      const key = newApiKey()
      const item = { id: newId('apk_'), label, scope, prefix: key.slice(0, prefixLength), createdAt: new Date().toISOString(), lastUsedAt: null }
      insert.run(item.id, databaseId, label, scope, sha256(key), item.prefix, item.createdAt)
      return { ...item, key }
    },
    /** One page of the database's keys, oldest first, and how many it has. */
    list: (databaseId: string, limit: number, offset: number): { rows: KeyListItem[], total: number } => ({
      rows: listStmt.all(databaseId, limit, offset) as KeyListItem[],
      total: countStmt.get(databaseId) as number
    }),
    rotate (databaseId: string, id: string) {
      const row = require(databaseId, id)
      const key = newApiKey()
      rotateStmt.run(sha256(key), key.slice(0, prefixLength), id)
      cache.delete(row.keyHash)
      return { id: row.id, label: row.label, scope: row.scope, key, prefix: key.slice(0, prefixLength) }
    },
    revoke (databaseId: string, id: string): void {
      const row = require(databaseId, id)
      removeStmt.run(id)
      cache.delete(row.keyHash)
      usage.delete(id)
    },
    /** Drops every cached key of a database (its rows go with the database by cascade). */
    forgetDatabase (databaseId: string): void {
      for (const [hash, entry] of cache) if (entry.databaseId === databaseId) cache.delete(hash)
    },
    resolve (rawKey: string): ResolvedKey | undefined {
      const hash = sha256(rawKey)
      const entry = readThrough(cache, maxCached, hash, () => byHash.get(hash) as ResolvedKey | undefined)
      if (!entry) return undefined
      usage.set(entry.keyId, Date.now())
      return entry
    },
    flushUsage: db.transaction(() => {
      for (const [id, at] of usage) touchStmt.run(new Date(at).toISOString(), id)
      usage.clear()
    })
  }
}

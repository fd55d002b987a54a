import type { Database } from 'better-sqlite3'
import { newApiKey, newId, sha256 } from '../crypto.js'
import { KeyNotFound, TooManyKeys } from '../errors.js'
import { readThrough } from './cache.js'

export type KeyScope = 'read' | 'write'

/** A key's own rate limit; null: the server default (KEY_RATE_LIMIT) applies. */
export interface KeyRateLimit { max: number, timeWindowSeconds: number }
export interface KeyListItem { id: string, label: string, scope: KeyScope, prefix: string, createdAt: string, lastUsedAt: string | null, rateLimit: KeyRateLimit | null }
export interface ResolvedKey { keyId: string, databaseId: string, scope: KeyScope, rateLimit: KeyRateLimit | null }

interface LimitColumns { rateMax: number | null, rateWindow: number | null }
const limitOf = ({ rateMax, rateWindow }: LimitColumns): KeyRateLimit | null =>
  rateMax === null || rateWindow === null ? null : { max: rateMax, timeWindowSeconds: rateWindow }
/** A row with the two limit columns folded into `rateLimit`. */
function withLimit<T extends LimitColumns> ({ rateMax, rateWindow, ...rest }: T): Omit<T, keyof LimitColumns> & { rateLimit: KeyRateLimit | null } {
  return { ...rest, rateLimit: limitOf({ rateMax, rateWindow }) }
}
const limitColumns = 'rate_limit_max AS rateMax, rate_limit_window_s AS rateWindow'

const maxCached = 50_000
const prefixLength = 7

/**
 * API keys. Only the SHA-256 of a raw key is stored; the raw key leaves this module only on
 * create and rotate. Resolution goes through an in-memory cache evicted on rotate, revoke and
 * database delete. `lastUsedAt` is collected in memory and written in batches by `flushUsage`.
 */
export function createKeyStore (db: Database) {
  const insert = db.prepare(`INSERT INTO api_keys (id, database_id, label, scope, key_hash, prefix, created_at, rate_limit_max, rate_limit_window_s)
                             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`)
  const listStmt = db.prepare(`SELECT id, label, scope, prefix, created_at AS createdAt, last_used_at AS lastUsedAt, ${limitColumns}
                               FROM api_keys WHERE database_id = ? ORDER BY created_at, id LIMIT ? OFFSET ?`)
  const countStmt = db.prepare('SELECT count(*) FROM api_keys WHERE database_id = ?').pluck()
  const getStmt = db.prepare(`SELECT id, label, scope, key_hash AS keyHash, prefix, created_at AS createdAt, last_used_at AS lastUsedAt, ${limitColumns}
                              FROM api_keys WHERE id = ? AND database_id = ?`)
  const byHash = db.prepare(`SELECT id AS keyId, database_id AS databaseId, scope, ${limitColumns} FROM api_keys WHERE key_hash = ?`)
  const setLimitStmt = db.prepare('UPDATE api_keys SET rate_limit_max = ?, rate_limit_window_s = ? WHERE id = ?')
  const rotateStmt = db.prepare('UPDATE api_keys SET key_hash = ?, prefix = ? WHERE id = ?')
  const removeStmt = db.prepare('DELETE FROM api_keys WHERE id = ?')
  const touchStmt = db.prepare('UPDATE api_keys SET last_used_at = ? WHERE id = ?')
  const cache = new Map<string, ResolvedKey>()
  // key id → epoch ms of its last use; formatted only when written, not on every request
  const usage = new Map<string, number>()

  function require (databaseId: string, id: string) {
    const row = getStmt.get(id, databaseId) as (Omit<KeyListItem, 'rateLimit'> & LimitColumns & { keyHash: string }) | undefined
    if (!row) throw new KeyNotFound(id)
    return row
  }

  return {
    /** `maxKeys`: the most keys the database may have (issue #30, item 7); reaching it throws TooManyKeys. */
    create (databaseId: string, label: string, scope: KeyScope, maxKeys = Infinity, rateLimit: KeyRateLimit | null = null) {
      // count and insert run in one synchronous turn: no other request can slip a key in between
      const count = countStmt.get(databaseId) as number
      if (count >= maxKeys) throw new TooManyKeys(count)
      const key = newApiKey()
      const item = { id: newId('apk_'), label, scope, prefix: key.slice(0, prefixLength), createdAt: new Date().toISOString(), lastUsedAt: null, rateLimit }
      insert.run(item.id, databaseId, label, scope, sha256(key), item.prefix, item.createdAt, rateLimit?.max ?? null, rateLimit?.timeWindowSeconds ?? null)
      // the raw key answer names rateLimit only when one was set: the common answer stays as it was
      const { rateLimit: own, ...shown } = item
      return { ...shown, ...(own ? { rateLimit: own } : {}), key }
    },
    /** One page of the database's keys, oldest first, and how many it has. */
    list: (databaseId: string, limit: number, offset: number): { rows: KeyListItem[], total: number } => ({
      rows: (listStmt.all(databaseId, limit, offset) as Array<Omit<KeyListItem, 'rateLimit'> & LimitColumns>).map(withLimit),
      total: countStmt.get(databaseId) as number
    }),
    rotate (databaseId: string, id: string) {
      const row = require(databaseId, id)
      const key = newApiKey()
      rotateStmt.run(sha256(key), key.slice(0, prefixLength), id)
      cache.delete(row.keyHash)
      return { id: row.id, label: row.label, scope: row.scope, key, prefix: key.slice(0, prefixLength) }
    },
    /** Sets (or, with null, clears) the key's own rate limit; the cached resolution is dropped so the next request sees it. */
    setRateLimit (databaseId: string, id: string, rateLimit: KeyRateLimit | null): KeyListItem {
      const { keyHash, ...row } = require(databaseId, id)
      setLimitStmt.run(rateLimit?.max ?? null, rateLimit?.timeWindowSeconds ?? null, id)
      cache.delete(keyHash)
      return { ...withLimit(row), rateLimit }
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
      const entry = readThrough(cache, maxCached, hash, () => {
        const row = byHash.get(hash) as (Omit<ResolvedKey, 'rateLimit'> & LimitColumns) | undefined
        return row && withLimit(row)
      })
      if (!entry) return undefined
      usage.set(entry.keyId, Date.now())
      return entry
    },
    flushUsage: db.transaction(() => {
      for (const [id, at] of usage) touchStmt.run(new Date(at).toISOString(), id)
      usage.clear()
    }) as () => void
  }
}

import Database, { type Database as Db } from 'better-sqlite3'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { World } from './world.js'
import { databaseNames } from './world.js'

/**
 * Everything a refused request must leave alone, in a form cheap to compare: the schema and
 * every row of each fixture database, the keys, databases, admins, sessions and settings of
 * `_system.db`, and the database files in the data directory. Not in it: `last_used_at` of keys
 * and the cached `table_count` (bookkeeping), the activity log (failed sign-ins are logged on purpose).
 */
export type Snapshot = Map<string, string>

const stable = (value: unknown): string => JSON.stringify(value, (_k, v) =>
  Buffer.isBuffer(v) ? `blob:${v.toString('hex')}` : typeof v === 'bigint' ? `bigint:${v}` : v)

export interface Snapshotter {
  take: () => Snapshot
  close: () => void
}

export function createSnapshotter (world: World): Snapshotter {
  const readers = new Map<string, Db>()
  const reader = (name: string): Db => {
    let db = readers.get(name)
    if (!db) {
      db = new Database(join(world.dataDir, `${name}.db`), { readonly: true, fileMustExist: true })
      db.defaultSafeIntegers(true)
      readers.set(name, db)
    }
    return db
  }
  const system = world.app.store.db

  function take (): Snapshot {
    const snap: Snapshot = new Map()
    for (const name of databaseNames) {
      const db = reader(name)
      const schema = db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name').all() as Array<{ type: string, name: string }>
      snap.set(`${name}: schema`, stable(schema))
      snap.set(`${name}: header`, stable([db.pragma('user_version', { simple: true }), db.pragma('application_id', { simple: true })]))
      for (const { name: table } of schema.filter((s) => s.type === 'table')) {
        snap.set(`${name}: rows of ${table}`, stable(db.prepare(`SELECT * FROM "${table.replaceAll('"', '""')}"`).raw(true).all()))
      }
    }
    snap.set('_system: databases', stable(system.prepare('SELECT id, uuid, name, grp, readonly, cors_origins, created_at FROM databases ORDER BY id').raw(true).all()))
    snap.set('_system: api_keys', stable(system.prepare('SELECT id, database_id, label, scope, key_hash, prefix, created_at FROM api_keys ORDER BY id').raw(true).all()))
    snap.set('_system: admins', stable(system.prepare('SELECT id, email, password_hash FROM admins ORDER BY id').raw(true).all()))
    snap.set('_system: sessions', stable(system.prepare('SELECT token_hash, admin_id, expires_at FROM sessions ORDER BY token_hash').raw(true).all()))
    snap.set('_system: settings', stable(system.prepare('SELECT key, value FROM settings ORDER BY key').raw(true).all()))
    snap.set('data directory', stable(readdirSync(world.dataDir).filter((f) => !/-(wal|shm|journal)$/.test(f) && f !== '.tmp').sort()))
    return snap
  }

  return {
    take,
    close: () => { for (const db of readers.values()) db.close() }
  }
}

/** The sections that differ, each with a short excerpt of both sides. */
export function diffSnapshots (before: Snapshot, after: Snapshot): string[] {
  const out: string[] = []
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const a = before.get(key)
    const b = after.get(key)
    if (a !== b) out.push(`${key}: ${excerpt(a)} -> ${excerpt(b)}`)
  }
  return out
}

function excerpt (s: string | undefined): string {
  if (s === undefined) return '(absent)'
  return s.length > 300 ? `${s.slice(0, 300)}... (${s.length} chars)` : s
}

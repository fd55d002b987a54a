import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { systemMigrations } from './migrations.js'
import { createAdminStore, type AdminStore } from './admins.js'
import { createSessionStore, type SessionStore } from './sessions.js'
import { createDatabaseStore, type DatabaseRecord } from './databases.js'
import { createKeyStore } from './keys.js'
import { createActivityStore } from './activity.js'
import { createSettingsStore, type SettingsStore } from './settings.js'

export const SYSTEM_DB = '_system.db'

/** The connection to `_system.db`, under a name the emitted declarations can use (better-sqlite3's own cannot be named). */
export interface SystemDatabase extends Database.Database {}

/** Brings `_system.db` to the newest layout, one transaction per step. */
export function migrate (db: Database.Database, migrations: string[]): void {
  const current = db.pragma('user_version', { simple: true }) as number
  for (let version = current; version < migrations.length; version++) {
    db.transaction(() => {
      db.exec(migrations[version])
      db.pragma(`user_version = ${version + 1}`)
    })()
  }
}

/**
 * The system store: admins, sessions, the database registry, API keys, activity and settings,
 * all in `_system.db`. It is small and indexed, so it lives on the main thread.
 */
export function createSystemStore (options: { dataDir: string, sessionTtlMs: number }) {
  mkdirSync(options.dataDir, { recursive: true })
  const db: SystemDatabase = new Database(join(options.dataDir, SYSTEM_DB), { timeout: 5000 })
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  db.pragma('foreign_keys = ON')
  migrate(db, systemMigrations)

  const databases = createDatabaseStore(db)
  const activity = createActivityStore(db)
  const sessions = createSessionStore(db, options.sessionTtlMs)
  // admins, sessions and settings are replaced by their etcd versions in cluster mode (lib/cluster/node.ts)
  const admins: AdminStore = createAdminStore(db, sessions.forgetAdmin)
  const settings: SettingsStore = createSettingsStore(db)
  return {
    db,
    admins,
    sessions: sessions as SessionStore,
    databases,
    keys: createKeyStore(db),
    activity,
    settings,
    /** Renames a database in the registry and in its activity entries at once: a crash leaves both or neither. */
    renameDatabase: db.transaction((record: DatabaseRecord, newName: string): DatabaseRecord => {
      // the activity first: the registry changes its in-memory maps only once its own statement has run
      activity.renameDatabase(record.id, newName)
      return databases.rename(record, newName)
    }) as (record: DatabaseRecord, newName: string) => DatabaseRecord,
    close (): void {
      if (db.open) db.close()
    }
  }
}

export type SystemStore = ReturnType<typeof createSystemStore>

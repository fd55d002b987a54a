import Database, { type Database as Db, type Statement } from 'better-sqlite3'
import { Lru } from './lru.js'

/** Prepared statements kept per connection; re-preparing costs more than the memory they hold. */
export const defaultStatementCacheSize = 500
/** Milliseconds a writer waits for another connection's lock before SQLITE_BUSY. */
export const busyTimeoutMs = 5000

/** One open database file with its prepared-statement cache. */
export interface Connection {
  db: Db
  prepare: (sql: string) => Statement
  close: () => void
}

export interface ConnectionOptions {
  statementCacheSize?: number
  /** Milliseconds to wait for another connection's lock; 0 answers SQLITE_BUSY at once. */
  busyTimeoutMs?: number
  /** Whether commits of this connection checkpoint the WAL once it is large (SQLite's default). */
  autoCheckpoint?: boolean
}

/** Opens `file` the way every hosted database is used: WAL, synchronous NORMAL, foreign keys on. */
export function openConnection (file: string, options: ConnectionOptions = {}): Connection {
  const { statementCacheSize = defaultStatementCacheSize, busyTimeoutMs: timeout = busyTimeoutMs, autoCheckpoint = true } = options
  const db = new Database(file, { timeout })
  try {
    // WAL persists in the file: switching needs a lock another worker may hold, so only switch when needed
    if (db.pragma('journal_mode', { simple: true }) !== 'wal') db.pragma('journal_mode = WAL')
    db.pragma('synchronous = NORMAL')
    db.pragma('foreign_keys = ON')
    if (!autoCheckpoint) db.pragma('wal_autocheckpoint = 0')
  } catch (err) {
    db.close()
    throw err
  }
  const statements = new Lru<string, Statement>(statementCacheSize)
  return {
    db,
    prepare (sql) {
      let statement = statements.get(sql)
      if (statement === undefined) {
        statement = db.prepare(sql)
        statements.set(sql, statement)
      } else {
        // Modes stick to a statement: a job that plucked, asked for raw rows or BigInts must not surprise the next one.
        statement.safeIntegers(false)
        if (statement.reader) statement.pluck(false).expand(false).raw(false)
      }
      return statement
    },
    close () {
      statements.clear()
      db.close()
    }
  }
}

import Database, { type Database as Db, type Statement } from 'better-sqlite3'
import { performance } from 'node:perf_hooks'
import {
  defaultStatementCacheBytes, estimateStatementBytes, heavyStatementBytes, StatementCache, type StatementBytes
} from './statement-cache.js'
import { holdWalIndex } from './wal-pending.js'

/**
 * A statement's compile time: the lesser of this thread's CPU time (Node 23.9+) and the wall clock. The CPU clock
 * leaves out waiting for the CPU (a plain statement that waited 4 ms on a busy machine was estimated at 256 KB and
 * closed its connection), but Linux may count it in scheduler ticks (4 ms on the development machine): a 20 µs
 * prepare that spans a tick can read 4 ms on it. The wall clock cannot read less than the CPU time, so the lesser of
 * the two is wrong only when a prepare both waited and spanned a tick. A collection during the compile counts on
 * both clocks (12 of 60,000 plain prepares read 1 to 6 ms on both here), so a statement that reads large, but under
 * `recompileBelowMs`, is compiled a second time and the lesser time counts. Past it no tick or usual collection
 * explains the time, and a second compile would double what a tenant's heavy statement costs the worker. Node 22
 * has the wall clock only.
 */
const recompileBelowMs = 16
const threadCpuMs: (() => number) | undefined = typeof process.threadCpuUsage === 'function'
  ? () => { const { user, system } = process.threadCpuUsage(); return (user + system) / 1000 }
  : undefined
function compileTimer (): () => number {
  const wall = performance.now()
  if (threadCpuMs === undefined) return () => performance.now() - wall
  const cpu = threadCpuMs()
  return () => Math.min(performance.now() - wall, threadCpuMs() - cpu)
}

/** Prepared statements kept per connection at most; their memory bounds them first (@see statement-cache.ts). */
export const defaultStatementCacheSize = 500
/** Milliseconds a writer waits for another connection's lock before SQLITE_BUSY. */
export const busyTimeoutMs = 5000

/** One open database file with its prepared-statement cache. */
export interface Connection {
  db: Db
  prepare: (sql: string) => Statement
  /** `prepare` for a client's raw SQL: kept only once the same text comes again (@see statement-cache.ts). */
  prepareRaw: (sql: string) => Statement
  /** Whether a large statement was prepared and not kept (or pushed out): closing the connection frees it. */
  readonly heavy: boolean
  /**
   * Makes SQLite refuse to grow the file past `bytes` (SQLITE_FULL), or lifts the limit (undefined). Cheap when
   * unchanged, so it is called before every job: a quota changed by an admin applies to already-open connections.
   */
  limitSize: (bytes: number | undefined) => void
  /** The quota this connection enforces, undefined when none. */
  readonly sizeLimit: number | undefined
  /** Bytes of WAL not yet checkpointed (@see wal-pending.ts); undefined when the wal-index cannot be read. */
  walBytesPending: () => number | undefined
  /** Opened with SQLITE_OPEN_READONLY (@see ConnectionOptions.readonly). */
  readonly readonly: boolean
  close: () => void
}

/** SQLite's own ceiling of `max_page_count` (what "no quota" sets back). */
const unlimitedPages = 4294967294

export interface ConnectionOptions {
  statementCacheSize?: number
  /** Bytes of statements kept (estimated, @see statement-cache.ts). */
  statementCacheBytes?: number
  /** Where every connection of the process adds the statement memory it keeps. */
  statementBytes?: StatementBytes
  /** Milliseconds to wait for another connection's lock; 0 answers SQLITE_BUSY at once. */
  busyTimeoutMs?: number
  /** Whether commits of this connection checkpoint the WAL once it is large (SQLite's default). */
  autoCheckpoint?: boolean
  /**
   * Open read-only. Closing the last read-write connection to a WAL database checkpoints it and deletes its `-wal`
   * and `-shm` files, and the next open creates them again: on a journaling file system that create, truncate and
   * unlink cycle is most of what a cache miss costs. A read-only connection cannot take the lock that cycle needs,
   * so the files stay for the next open (until a read-write connection is the last to close).
   */
  readonly?: boolean
}

let defaultsFit: boolean | undefined

/**
 * Whether this SQLite build already gives every connection synchronous NORMAL in WAL mode and foreign keys on
 * (better-sqlite3 compiles with SQLITE_DEFAULT_WAL_SYNCHRONOUS=1 and SQLITE_DEFAULT_FOREIGN_KEYS): asked once per
 * process, so that an open does not set what is already set. Another build gets the pragmas at every open.
 */
function buildDefaultsFit (db: Db): boolean {
  if (defaultsFit === undefined) {
    const options = new Set(db.prepare('SELECT compile_options FROM pragma_compile_options').pluck().all() as string[])
    defaultsFit = options.has('DEFAULT_WAL_SYNCHRONOUS=1') && (options.has('DEFAULT_FOREIGN_KEYS') || options.has('DEFAULT_FOREIGN_KEYS=1'))
  }
  return defaultsFit
}

/** Opens `file` the way every hosted database is used: WAL, synchronous NORMAL, foreign keys on. */
export function openConnection (file: string, options: ConnectionOptions = {}): Connection {
  const {
    statementCacheSize = defaultStatementCacheSize, statementCacheBytes = defaultStatementCacheBytes,
    busyTimeoutMs: timeout = busyTimeoutMs, autoCheckpoint = true, readonly = false
  } = options
  const db = new Database(file, { timeout, readonly })
  const walIndex = holdWalIndex(file)
  try {
    // WAL persists in the file: switching needs a lock another worker may hold, so only switch when needed (a
    // read-only connection cannot, and reads a file in either mode)
    if (db.pragma('journal_mode', { simple: true }) !== 'wal' && !readonly) db.pragma('journal_mode = WAL')
    // `exec` runs a pragma without building a statement object and reading its answer: a third of the cost of
    // `db.pragma`, and these run at every open (thousands a second when databases outnumber the budget)
    if (!buildDefaultsFit(db)) db.exec('PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON')
    if (!autoCheckpoint) db.exec('PRAGMA wal_autocheckpoint = 0')
  } catch (err) {
    db.close()
    walIndex.release()
    throw err
  }
  const statements = new StatementCache(statementCacheBytes, statementCacheSize, options.statementBytes)
  let heavyUncached = false
  let sizeLimit: number | undefined
  let pageSize: number | undefined

  function limitSize (bytes: number | undefined): void {
    if (bytes === sizeLimit) return
    pageSize ??= db.pragma('page_size', { simple: true }) as number
    // SQLite never lowers it below the current size: a database already past its quota can only shrink
    db.pragma(`max_page_count = ${bytes === undefined ? unlimitedPages : Math.max(1, Math.floor(bytes / pageSize))}`)
    sizeLimit = bytes
  }

  function prepare (sql: string, keep: boolean): Statement {
    let statement = statements.get(sql)
    if (statement === undefined) {
      let elapsed = compileTimer()
      statement = db.prepare(sql)
      let ms = elapsed()
      if (ms < recompileBelowMs && estimateStatementBytes(sql, ms) >= heavyStatementBytes) {
        // a collection or a clock tick during one compile is no large program: the lesser of two compiles counts
        elapsed = compileTimer()
        statement = db.prepare(sql)
        ms = Math.min(ms, elapsed())
      }
      const bytes = estimateStatementBytes(sql, ms)
      const kept = keep && statements.set(sql, statement, bytes)
      if (!kept && bytes >= heavyStatementBytes) heavyUncached = true
    } else {
      // Modes stick to a statement: a job that plucked, asked for raw rows or BigInts must not surprise the next one.
      statement.safeIntegers(false)
      if (statement.reader) statement.pluck(false).expand(false).raw(false)
    }
    return statement
  }

  return {
    db,
    prepare: (sql) => prepare(sql, true),
    prepareRaw: (sql) => prepare(sql, statements.get(sql) !== undefined || statements.reused(sql)),
    get heavy () { return heavyUncached || statements.heavyEvicted },
    limitSize,
    get sizeLimit () { return sizeLimit },
    walBytesPending: walIndex.pending,
    readonly,
    close () {
      statements.clear()
      db.close()
      // only after SQLite let go of the file: closing the descriptor drops the process's locks on it
      walIndex.release()
    }
  }
}

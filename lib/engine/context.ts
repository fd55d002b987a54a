import type { Database, Statement } from 'better-sqlite3'
import { performance } from 'node:perf_hooks'
import { QueryTimeout } from '../errors.js'
import type { SqlSource } from '../sql/table-info.js'

/** What a job gets inside an engine worker process: the open connection of its database. */
export interface JobContext extends SqlSource {
  /**
   * The better-sqlite3 connection for the job's database (WAL, foreign keys on, busy timeout set). It opens
   * on first use, so a job may look at the file before SQLite does.
   */
  db: Database
  /**
   * Prepares `sql` once per connection and returns the cached statement afterwards, with its modes
   * (pluck, expand, raw) reset: set them on every use.
   */
  prepare: (sql: string) => Statement
  /** `prepare` for a client's raw SQL, kept only when the same text comes again (@see statement-cache.ts). */
  prepareRaw: (sql: string) => Statement
  /** Absolute path of the database file. */
  file: string
  /** Absolute path of the data directory (also the worker's working directory). */
  dataDir: string
  /** Server-wide limits a job must respect. */
  limits: { maxQueryRows: number }
  /** Drops this connection after the job (e.g. when a job changed connection state). */
  discardConnection: () => void
  /** True when the job runs on the server's main thread (@see lib/engine/inline.ts), where it cannot be killed. */
  inline: boolean
  /** @see SqlSource.schemaStamp: given by the inline lane, undefined in workers (they ask SQLite every job). */
  schemaStamp: number | undefined
  /** In a worker, when a write must no longer commit (@see CommitDeadline); undefined inline, where nothing is killed. */
  deadline: CommitDeadline | undefined
  /** Tells the runner the job may have written (it then looks whether the WAL needs a checkpoint). */
  noteWrite: () => void
  /** Bytes of WAL not yet copied into the database file, read on the job's connection (@see wal-pending.ts). */
  walBytesPending: () => number | undefined
}

/**
 * The engine kills a worker whose job outlives its deadline, and a kill that lands after the commit would answer
 * 408 for a write that happened. So a write commits only before `commitBy` (the deadline less the margin that
 * covers the commit and the answer's trip, @see overrunMarginMs), and only after telling the engine (`announce`),
 * which then lets the commit finish instead of killing the worker at the deadline; later, it rolls back and answers
 * the 408 itself.
 */
export interface CommitDeadline {
  /** `performance.now()` after which a commit is refused. */
  commitBy: number
  timeoutMs: number
  /** Tells the engine a commit starts now (the worker sends `committing`, @see protocol.ts). */
  announce: () => void
}

/** Thrown by a job running inline that finds its work unbounded: the engine hands it to a worker instead. */
export class NotInline extends Error {
  constructor () {
    super('this job must run in an engine worker')
  }
}

/** Lets the job go on inline only when `bounded` says its statements cost no more than a key lookup. */
export function requireBounded (ctx: JobContext, bounded: boolean): void {
  if (ctx.inline && !bounded) throw new NotInline()
}

type Run = (work: () => unknown, deadline: CommitDeadline | undefined) => unknown
/** better-sqlite3's transaction function: itself BEGIN (deferred), with `.immediate` taking the write lock first. */
type Transaction = Run & { immediate: Run }
const transactions = new WeakMap<Database, Transaction>()

/**
 * Runs `work` in one transaction (a savepoint when one is open). Every write goes through one, even a single
 * statement: a RETURNING statement read with `get()` commits when it is reset, and better-sqlite3 does not report a
 * failure there (a full disk would lose the row after answering it); an explicit COMMIT does.
 * The wrapper is made once per connection: better-sqlite3 builds several functions for each `db.transaction()`.
 * In a worker, it refuses to commit past the job's commit deadline (@see CommitDeadline).
 * `immediate` takes the write lock at BEGIN: work that reads before it writes would otherwise hold a snapshot whose
 * upgrade to a write fails at once (SQLITE_BUSY, no busy wait) when another connection committed in between.
 */
export function transact<T> (ctx: Pick<JobContext, 'db'> & Partial<Pick<JobContext, 'deadline' | 'noteWrite'>>, work: () => T, options: { immediate?: boolean } = {}): T {
  const db = ctx.db
  let run = transactions.get(db)
  if (run === undefined) {
    run = db.transaction((inner: () => unknown, deadline: CommitDeadline | undefined) => {
      const result = inner()
      if (deadline !== undefined) {
        // thrown inside the transaction: better-sqlite3 rolls it back
        if (performance.now() > deadline.commitBy) throw new QueryTimeout(deadline.timeoutMs)
        deadline.announce()
      }
      return result
    }) as Transaction
    transactions.set(db, run)
  }
  ctx.noteWrite?.()
  // a nested call is a savepoint: only the outermost transaction commits
  if (db.inTransaction) return run(work, undefined) as T
  return (options.immediate === true ? run.immediate : run)(work, ctx.deadline) as T
}

/** A job: synchronous work on one database, run whole inside a worker. */
export type Job<Args, Result> = (ctx: JobContext, args: Args) => Result

/**
 * Statements kept per connection and per key (a table's schema): made on first use on each connection, gone with it.
 * Keys such as a TableInfo are shared by connections to different files, so a statement cannot be kept on the key.
 */
export function perConnection<K extends object, S> () {
  const byDb = new WeakMap<Database, WeakMap<K, S>>()
  return {
    get (db: Database, key: K, make: () => S): S {
      let kept = byDb.get(db)
      if (kept === undefined) byDb.set(db, (kept = new WeakMap()))
      let value = kept.get(key)
      if (value === undefined) kept.set(key, (value = make()))
      return value
    }
  }
}

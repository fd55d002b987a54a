import { performance } from 'node:perf_hooks'
import { serializeError, type SerializedError } from '../errors.js'
import { NotInline, type CommitDeadline, type Job, type JobContext } from './context.js'
import type { Database, Statement } from 'better-sqlite3'
import type { Connection, ConnectionOptions } from './connection.js'
import { createConnectionPool, type ConnectionPool } from './connection-pool.js'
import { jobs } from './jobs/index.js'
import { hideDataDir } from './paths.js'
import { overrunMarginMs, type WorkerConfig } from './protocol.js'
import { isDamaged, mapSqliteError } from './sqlite-errors.js'
import { checkpointAfterBytes } from './wal-pending.js'
import { createMemoryGuard } from './worker-memory.js'

export type JobOutcome =
  /** `checkpoint`: the job wrote and left enough WAL behind that the engine should run a checkpoint job. */
  | { ok: true, value: unknown, durationMs: number, checkpoint?: true }
  | { ok: false, error: SerializedError, durationMs: number }

export interface RunnerOptions {
  /** Jobs run on the main thread (see JobContext.inline): `run` throws NotInline for those that must not. */
  inline?: boolean
  connection?: ConnectionOptions
  /** Jobs that never write: they open a read-only connection when the file has none (@see ConnectionOptions.readonly). */
  readOnlyJobs?: ReadonlySet<string>
}

/** Whether an inline job met another connection's lock: a worker can wait for it, the main thread must not. */
function isBusy (err: unknown): boolean {
  const code = (err as { code?: unknown }).code
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))
}

/**
 * One job's context. A class rather than a literal of closures: the inline lane makes one per request. The
 * connection opens on first use, so a job (the import check) can look at the file before SQLite does.
 */
class RunningJob implements JobContext {
  opened: Connection | undefined = undefined
  discard = false
  wrote = false

  constructor (
    private readonly pool: ConnectionPool,
    readonly file: string,
    readonly dataDir: string,
    readonly limits: JobContext['limits'],
    readonly inline: boolean,
    readonly schemaStamp: number | undefined,
    readonly deadline: CommitDeadline | undefined,
    private readonly maxSizeBytes: number | undefined,
    private readonly readsOnly: boolean
  ) {}

  get db (): Database { return this.connection().db }
  prepare (sql: string): Statement { return this.connection().prepare(sql) }
  prepareRaw (sql: string): Statement { return this.connection().prepareRaw(sql) }
  discardConnection (): void { this.discard = true }
  walBytesPending (): number | undefined { return this.connection().walBytesPending() }
  /** Whether the job's database has enough WAL uncopied to be worth a checkpoint job. */
  checkpointDue (): boolean { return (this.opened?.walBytesPending() ?? 0) >= checkpointAfterBytes }
  noteWrite (): void { this.wrote = true }
  private connection (): Connection {
    if (this.opened === undefined) {
      this.opened = this.pool.acquire(this.file, this.readsOnly)
      this.opened.limitSize(this.maxSizeBytes)
    }
    return this.opened
  }
}

/** Runs jobs by name against pooled connections; the worker process is a thin message loop around it. */
export function createJobRunner (config: WorkerConfig, options: RunnerOptions = {}) {
  const inline = options.inline === true
  const statementBytes = { total: 0 }
  const pool = createConnectionPool(config.maxConnections, { ...options.connection, statementBytes })
  const memory = inline ? undefined : createMemoryGuard(pool, statementBytes, config.maxWorkerRssBytes)
  const limits = Object.freeze({ maxQueryRows: config.maxQueryRows })
  const registry = jobs as unknown as Record<string, Job<unknown, unknown>>
  const readOnlyJobs = options.readOnlyJobs ?? new Set<string>()

  /**
   * `timeoutMs`: the deadline the engine kills the job at (workers only), from which its commit deadline follows;
   * `announce` is called as a commit starts (@see CommitDeadline).
   */
  function run (
    name: string, file: string, args: unknown, schemaStamp?: number, timeoutMs?: number, announce: () => void = () => {}, maxSizeBytes?: number
  ): JobOutcome {
    const started = performance.now()
    const deadline = timeoutMs === undefined ? undefined : { commitBy: started + timeoutMs - overrunMarginMs(timeoutMs), timeoutMs, announce }
    const ctx = new RunningJob(pool, file, config.dataDir, limits, inline, schemaStamp, deadline, maxSizeBytes, readOnlyJobs.has(name))
    try {
      const job = Object.hasOwn(registry, name) ? registry[name] : undefined
      if (job === undefined) throw new Error(`unknown job '${name}'`)
      const value = job(ctx, args)
      const durationMs = performance.now() - started
      // the inline lane counts its commits instead (its connections are the main thread's)
      return !inline && ctx.wrote && ctx.checkpointDue() ? { ok: true, value, durationMs, checkpoint: true } : { ok: true, value, durationMs }
    } catch (err) {
      // inline, the job belongs in a worker (unbounded work, or a lock held elsewhere): it changed nothing
      if (inline && (err instanceof NotInline || isBusy(err))) throw new NotInline()
      // a connection to a damaged file is not kept: a repaired or restored file gets a fresh one
      if (isDamaged((err as { code?: unknown }).code)) ctx.discard = true
      return { ok: false, error: toWire(err, file, ctx.opened?.sizeLimit), durationMs: performance.now() - started }
    } finally {
      // a large statement not kept in the cache is freed by closing its connection (@see statement-cache.ts)
      if (ctx.opened !== undefined) release(file, ctx.opened.db, ctx.discard || ctx.opened.heavy)
      memory?.afterJob()
    }
  }

  // A pooled connection must never keep a transaction open into the next job.
  function release (file: string, db: ReturnType<typeof pool.acquire>['db'], discard: boolean): void {
    if (db.open && db.inTransaction) {
      try {
        db.exec('ROLLBACK')
      } catch {
        discard = true
      }
    }
    if (discard || !db.open) pool.close(file)
  }

  function toWire (err: unknown, file: string, sizeLimit: number | undefined): SerializedError {
    const wire = serializeError(mapSqliteError(err, { file, sizeLimit }))
    return { ...wire, message: hideDataDir(wire.message, config.dataDir) }
  }

  return {
    run,
    has: (file: string) => pool.has(file),
    close: (file: string) => pool.close(file),
    closeAll: () => pool.closeAll(),
    get connections () { return pool.size }
  }
}

export type JobRunner = ReturnType<typeof createJobRunner>

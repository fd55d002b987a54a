import { performance } from 'node:perf_hooks'
import { serializeError, type SerializedError } from '../errors.js'
import { NotInline, type Job, type JobContext } from './context.js'
import type { Database, Statement } from 'better-sqlite3'
import type { Connection, ConnectionOptions } from './connection.js'
import { createConnectionPool, type ConnectionPool } from './connection-pool.js'
import { jobs } from './jobs/index.js'
import { hideDataDir } from './paths.js'
import type { WorkerConfig } from './protocol.js'
import { isDamaged, mapSqliteError } from './sqlite-errors.js'

export type JobOutcome =
  | { ok: true, value: unknown, durationMs: number }
  | { ok: false, error: SerializedError, durationMs: number }

export interface RunnerOptions {
  /** Jobs run on the main thread (see JobContext.inline): `run` throws NotInline for those that must not. */
  inline?: boolean
  connection?: ConnectionOptions
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

  constructor (
    private readonly pool: ConnectionPool,
    readonly file: string,
    readonly dataDir: string,
    readonly limits: JobContext['limits'],
    readonly inline: boolean,
    readonly schemaStamp: number | undefined
  ) {}

  get db (): Database { return this.connection().db }
  prepare (sql: string): Statement { return this.connection().prepare(sql) }
  discardConnection (): void { this.discard = true }
  private connection (): Connection { return (this.opened ??= this.pool.acquire(this.file)) }
}

/** Runs jobs by name against pooled connections; the worker process is a thin message loop around it. */
export function createJobRunner (config: WorkerConfig, options: RunnerOptions = {}) {
  const inline = options.inline === true
  const pool = createConnectionPool(config.maxConnections, options.connection)
  const limits = Object.freeze({ maxQueryRows: config.maxQueryRows })
  const registry = jobs as unknown as Record<string, Job<unknown, unknown>>

  function run (name: string, file: string, args: unknown, schemaStamp?: number): JobOutcome {
    const started = performance.now()
    const ctx = new RunningJob(pool, file, config.dataDir, limits, inline, schemaStamp)
    try {
      const job = Object.hasOwn(registry, name) ? registry[name] : undefined
      if (job === undefined) throw new Error(`unknown job '${name}'`)
      const value = job(ctx, args)
      return { ok: true, value, durationMs: performance.now() - started }
    } catch (err) {
      // inline, the job belongs in a worker (unbounded work, or a lock held elsewhere): it changed nothing
      if (inline && (err instanceof NotInline || isBusy(err))) throw new NotInline()
      // a connection to a damaged file is not kept: a repaired or restored file gets a fresh one
      if (isDamaged((err as { code?: unknown }).code)) ctx.discard = true
      return { ok: false, error: toWire(err, file), durationMs: performance.now() - started }
    } finally {
      if (ctx.opened !== undefined) release(file, ctx.opened.db, ctx.discard)
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

  function toWire (err: unknown, file: string): SerializedError {
    const wire = serializeError(mapSqliteError(err, { file }))
    return { ...wire, message: hideDataDir(wire.message, config.dataDir) }
  }

  return {
    run,
    close: (file: string) => pool.close(file),
    closeAll: () => pool.closeAll(),
    get connections () { return pool.size }
  }
}

export type JobRunner = ReturnType<typeof createJobRunner>

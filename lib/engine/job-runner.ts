import { performance } from 'node:perf_hooks'
import { serializeError, type SerializedError } from '../errors.js'
import { NotInline, type Job, type JobContext } from './context.js'
import type { ConnectionOptions } from './connection.js'
import { createConnectionPool } from './connection-pool.js'
import { jobs } from './jobs/index.js'
import { hideDataDir } from './paths.js'
import type { WorkerConfig } from './protocol.js'
import { mapSqliteError } from './sqlite-errors.js'

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

/** Runs jobs by name against pooled connections; the worker process is a thin message loop around it. */
export function createJobRunner (config: WorkerConfig, options: RunnerOptions = {}) {
  const inline = options.inline === true
  const pool = createConnectionPool(config.maxConnections, options.connection)
  const limits = Object.freeze({ maxQueryRows: config.maxQueryRows })
  const registry = jobs as unknown as Record<string, Job<unknown, unknown>>

  function run (name: string, file: string, args: unknown): JobOutcome {
    const started = performance.now()
    let opened: ReturnType<typeof pool.acquire> | undefined
    let discard = false
    // The connection opens on first use, so a job (the import check) can look at the file before SQLite does.
    const connection = () => (opened ??= pool.acquire(file))
    const ctx: JobContext = {
      get db () { return connection().db },
      prepare: (sql) => connection().prepare(sql),
      file,
      dataDir: config.dataDir,
      limits,
      discardConnection: () => { discard = true },
      inline
    }
    try {
      const job = Object.hasOwn(registry, name) ? registry[name] : undefined
      if (job === undefined) throw new Error(`unknown job '${name}'`)
      const value = job(ctx, args)
      return { ok: true, value, durationMs: performance.now() - started }
    } catch (err) {
      // inline, the job belongs in a worker (unbounded work, or a lock held elsewhere): it changed nothing
      if (inline && (err instanceof NotInline || isBusy(err))) throw new NotInline()
      return { ok: false, error: toWire(err, file), durationMs: performance.now() - started }
    } finally {
      if (opened !== undefined) release(file, opened.db, discard)
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

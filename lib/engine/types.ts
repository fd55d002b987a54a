import type { JobArgs, JobName, JobResult } from './jobs/index.js'

type LogFn = (objOrMsg: object | string, msg?: string) => void

/** The part of a pino logger the engine uses. */
export interface EngineLogger {
  info: LogFn
  warn: LogFn
  error: LogFn
}

export interface EngineOptions {
  /** Absolute path of the data directory (the workers' working directory). */
  dataDir: string
  /** Number of worker processes (>= 1). */
  workers: number
  /** Bound on open connections of the whole engine (inline lane and every worker); the least recently used closes first. */
  maxConnections: number
  /** Closes a connection unused this long (default 60000; 0 never). */
  idleCloseMs?: number
  /** Jobs of one database handed to workers at once (default 8); more wait in the engine's queue. */
  dbMaxInflight?: number
  /** Jobs of one database that may wait (default 256); more are refused with DATABASE_BUSY. */
  dbMaxQueue?: number
  /**
   * Check that a located file exists before using it (a missing one answers DATABASE_UNAVAILABLE) and notice one
   * replaced behind the engine's back. Off for callers whose jobs create the file (tests).
   */
  checkFiles?: boolean
  /** Deadline of every job unless a call overrides it. */
  queryTimeoutMs: number
  /** Passed to jobs as `ctx.limits.maxQueryRows`. */
  maxQueryRows: number
  /** Resident memory past which a worker drops its statement caches and connections (default 512 MiB). */
  maxWorkerRssBytes?: number
  /**
   * Niceness of the worker processes (default 0; the server sets ENGINE_WORKER_NICE): when the CPU is short, the main
   * thread, which serves every request and the inline lane, runs before one tenant's heavy statements (@see worker-process.ts).
   */
  workerNice?: number
  /** The absolute file of a registered database, undefined if there is none. */
  locate: (databaseId: string) => string | undefined
  /** The size quota of a registered database in bytes (`max_page_count` on its connections); undefined: none. */
  maxSizeOf?: (databaseId: string) => number | undefined
  /** Whether bounded jobs may run on the main thread (@see inline.ts); default true. */
  inline?: boolean
  /**
   * Checkpoint the inline lane's commits PASSIVE instead of RESTART: set while a replicator (Litestream) holds
   * a read transaction on the databases, which a RESTART would wait on with writes blocked, and whose own
   * checkpoints then keep the WAL bounded.
   */
  passiveCheckpoints?: boolean
  logger?: EngineLogger
}

/** Told of every job started on a database id (backups follow the writes); it must be cheap and never throw. */
export type JobListener = (databaseId: string, jobName: string) => void

/** A database id, or an explicit absolute file inside the data directory (an upload being checked). */
export type Target = string | { file: string }

export interface RunOptions {
  timeoutMs?: number
  /**
   * The job does not make its database's connection worth keeping (background work such as a storage snapshot's
   * count): it runs where the file is open if a worker can take it, and a connection it opens closes within seconds.
   */
  oneOff?: boolean
}

export interface EngineStats {
  workers: number
  /** Workers started and able to take jobs. */
  ready: number
  /** Workers holding at least one job. */
  busy: number
  /** Jobs waiting in the engine's queue. */
  queued: number
  /** Jobs of hosted databases handed to workers and not answered yet. */
  running: number
  restarts: number
  /** Connections open over every lane (@see budget.ts). */
  openConnections: number
  /** Connections opened so far, and jobs that found theirs open (hits) or had to open it (misses). */
  opens: number
  cacheHits: number
  cacheMisses: number
}

/** An error from a job carries how long the job ran, so failed queries can be logged with their time. */
export type JobError = Error & { code?: string, statusCode?: number, durationMs: number }

export interface Engine {
  run: <K extends JobName>(target: Target, name: K, args: JobArgs<K>, options?: RunOptions) => Promise<JobResult<K>>
  /** Like `run`, with the job's execution time measured inside the worker. */
  timed: <K extends JobName>(target: Target, name: K, args: JobArgs<K>, options?: RunOptions) =>
    Promise<{ result: JobResult<K>, durationMs: number }>
  /**
   * `timed` for a job the inline lane takes, run now on the calling thread; undefined when the job must go to a
   * worker (then call `timed`). Spares a point read the promise and microtask turns of the asynchronous path.
   */
  timedNow: <K extends JobName>(databaseId: string, name: K, args: JobArgs<K>) =>
    { result: JobResult<K>, durationMs: number } | undefined
  /**
   * Runs `fn` with the database to itself: waits for its in-flight jobs, closes its connections in every
   * worker, and holds its new jobs until `fn` settles; they then look the database up again. `fn` must not
   * await a job of the same database: that job waits for `fn`.
   */
  exclusive: <T>(databaseId: string, fn: () => Promise<T> | T) => Promise<T>
  stats: () => EngineStats
  /** Connections the inline lane holds open on the main thread. */
  inlineConnections: () => number
  /** Open connections in each worker, each answered after the job that worker is running. */
  connectionCounts: () => Promise<number[]>
  /** Adds a listener told of every job run on a database id. */
  watch: (listener: JobListener) => void
  /** Refuses new jobs, finishes accepted ones (each bounded by its deadline), then ends every worker. */
  close: () => Promise<void>
}

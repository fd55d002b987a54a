import type { SerializedError } from '../errors.js'
import type { PackedRows } from './json-rows.js'

/** What a worker process needs to know, passed as its first argument (JSON). */
export interface WorkerConfig {
  dataDir: string
  maxConnections: number
  maxQueryRows: number
  /** Resident memory past which a worker drops its statement caches and connections (@see worker-memory.ts). */
  maxWorkerRssBytes?: number
}

/** One job as sent to a worker: `timeoutMs` lets the worker tell when the engine is about to kill it. */
export interface JobMessage { id: number, name: string, file: string, args: unknown, timeoutMs: number, maxSizeBytes?: number }

/**
 * Messages from the engine to a worker. A worker handles jobs and controls strictly in the order they arrive,
 * one at a time, and starts the next only once the answer to the previous one is written to the channel.
 */
export type ToWorker =
  | { type: 'jobs', jobs: JobMessage[] }
  | { type: 'close', id: number, file: string }
  | { type: 'count', id: number }
  | { type: 'shutdown' }

/** Messages from a worker to the engine. `durationMs` is measured inside the worker around the job. */
export type FromWorker =
  | { type: 'ready' }
  /**
   * A result's `rows` array (or its `row`) travels apart, as JSON text (@see json-rows.ts); a long text goes as
   * `piped` bytes on the answer pipe (@see large-answers.ts), and then is empty here. `checkpoint`: the job left
   * enough WAL behind for the engine to run a checkpoint job (workers never checkpoint in a commit).
   */
  | { type: 'done', id: number, value: unknown, rows?: PackedRows, row?: string, piped?: number, durationMs: number, checkpoint?: true }
  /**
   * Job `id` starts a commit, before its commit deadline: the engine lets it finish rather than kill the worker at the
   * deadline, so a 408 never answers a write that was committed (@see CommitDeadline).
   */
  | { type: 'committing', id: number }
  | { type: 'failed', id: number, error: SerializedError, durationMs: number }
  | { type: 'reply', id: number, value: unknown }
  /** A job ran to the edge of its deadline: the worker starts nothing more, its unstarted jobs go elsewhere. */
  | { type: 'stopping' }

/**
 * A worker that finishes a job this close to the job's deadline (or later) stops taking jobs: the engine may
 * already be killing it for that job, and a job started now could commit without anyone hearing of it.
 */
export function overrunMarginMs (timeoutMs: number): number {
  return Math.min(1000, timeoutMs / 5)
}

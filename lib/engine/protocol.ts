import type { SerializedError } from '../errors.js'

/** What a worker process needs to know, passed as its first argument (JSON). */
export interface WorkerConfig {
  dataDir: string
  maxConnections: number
  maxQueryRows: number
}

/** Messages from the engine to a worker. Each worker handles them one at a time, in order. */
export type ToWorker =
  | { type: 'job', id: number, name: string, file: string, args: unknown }
  | { type: 'close', id: number, file: string }
  | { type: 'count', id: number }
  | { type: 'shutdown' }

/** Messages from a worker to the engine. `durationMs` is measured inside the worker around the job. */
export type FromWorker =
  | { type: 'ready' }
  | { type: 'done', id: number, value: unknown, durationMs: number }
  | { type: 'failed', id: number, error: SerializedError, durationMs: number }
  | { type: 'reply', id: number, value: unknown }

/**
 * The inline lane: jobs whose work is bounded by a key lookup run on the server's main thread, skipping the
 * round trip to a worker process, which costs several times the lookup itself. A statement here cannot be
 * killed at its deadline, so only jobs that prove their work bounded run here (`requireBounded`); the others,
 * and any job that meets another connection's lock (busy timeout 0), go to the workers as before.
 * Commits do not checkpoint here (a checkpoint fsyncs): every `commitsPerCheckpoint` of them, the engine has a
 * worker checkpoint the file.
 * A write to a database the lane has no connection to goes to a worker, unless the database was written within
 * `coldWriteWindowMs`: the first commit into a fresh WAL syncs its header (synchronous=NORMAL), and closing a written
 * connection checkpoints with two more syncs. Spread over thousands of databases, every write is such a cold one,
 * and those syncs would stall the main thread, and every request, for about a millisecond each. A database written
 * again soon is a hot one: the lane opens it and writes inline from then on.
 * Table schemas are not re-read from SQLite for every job (asking costs as much as the lookup): the lane hands
 * the job a schema stamp that moves whenever the schema may have changed (@see SqlSource.schemaStamp).
 */
import { performance } from 'node:perf_hooks'
import { NotInline } from './context.js'
import { createJobRunner, type JobOutcome } from './job-runner.js'
import type { WorkerConfig } from './protocol.js'

/** Jobs that may run inline when their table allows it. */
const inlineJobs: ReadonlySet<string> = new Set(['records.get', 'records.insert', 'records.update', 'records.delete', 'changes.read'])
const writeJobs: ReadonlySet<string> = new Set(['records.insert', 'records.update', 'records.delete'])
/** Inline jobs that only read: they open a file read-only, which keeps its `-wal` and `-shm` for the next open. */
const readJobs: ReadonlySet<string> = new Set([...inlineJobs].filter((name) => !writeJobs.has(name)))
/** Inline commits to one database between two checkpoints (the WAL grows by a few pages per commit). */
export const commitsPerCheckpoint = 500
/**
 * Longest time the lane trusts a table schema without asking SQLite. Every change made through the engine is
 * seen at once; this bounds how long one made behind its back (an operator's sqlite3 shell) goes unnoticed.
 */
export const schemaRecheckMs = 1000
/** A database written again within this long of a cold write is opened by the lane for its writes. */
export const coldWriteWindowMs = 2000

export interface InlineLane {
  /** Whether jobs called `name` may run inline at all. */
  accepts: (name: string) => boolean
  /** Runs the job now, or answers undefined when it must go to a worker (it then changed nothing). */
  run: (name: string, databaseId: string, file: string, args: unknown, maxSizeBytes?: number) => JobOutcome | undefined
  /** A worker job on `file` was assigned: until it ends, it may be changing the schema under the lane. */
  workerJobStarted: (file: string) => void
  workerJobEnded: (file: string) => void
  close: (file: string) => void
  /** Closes the connection to `file` (the budget needs it elsewhere) but keeps the file's checkpoint count. */
  release: (file: string) => void
  closeAll: () => void
  readonly connections: number
}

/** What the lane keeps per file, like its connections: closing a file (rename, delete) forgets it. */
interface FileState {
  /** Inline commits since the last checkpoint. */
  commits: number
  /** The schema stamp: it moves when a worker job on the file ends and when a recheck period begins. */
  generation: number
  period: number
}

export function createInlineLane (config: WorkerConfig, onCheckpointDue: (databaseId: string) => void): InlineLane {
  const runner = createJobRunner(config, { inline: true, connection: { busyTimeoutMs: 0, autoCheckpoint: false }, readOnlyJobs: readJobs })
  const files = new Map<string, FileState>()
  const workerJobs = new Map<string, number>()
  /** Files whose last write went to a worker for want of a connection here, oldest first, with its time. */
  const coldWrites = new Map<string, number>()

  /**
   * Whether a write to `file` should run here: the lane holds its connection (one opened by a read is read-only:
   * the write reopens it read-write), or it was written a moment ago.
   */
  function writesHere (file: string): boolean {
    if (runner.has(file)) return true
    const now = performance.now()
    for (const [oldest, at] of coldWrites) {
      if (now - at <= coldWriteWindowMs) break
      coldWrites.delete(oldest)
    }
    const recent = coldWrites.has(file)
    coldWrites.delete(file)
    if (!recent) coldWrites.set(file, now)
    return recent
  }

  function stateOf (file: string): FileState {
    let state = files.get(file)
    if (state === undefined) {
      state = { commits: 0, generation: 0, period: -1 }
      files.set(file, state)
    }
    return state
  }

  /** Undefined (ask SQLite) while a worker job on the file is in flight: it may commit a change at any moment. */
  function schemaStamp (file: string, state: FileState): number | undefined {
    if (workerJobs.has(file)) return undefined
    const period = Math.floor(performance.now() / schemaRecheckMs)
    if (state.period !== period) {
      state.period = period
      state.generation++
    }
    return state.generation
  }

  function committed (databaseId: string, state: FileState): void {
    state.commits++
    if (state.commits < commitsPerCheckpoint) return
    state.commits = 0
    onCheckpointDue(databaseId)
  }

  return {
    accepts: (name) => inlineJobs.has(name),
    run (name, databaseId, file, args, maxSizeBytes) {
      if (writeJobs.has(name) && !writesHere(file)) return undefined
      const state = stateOf(file)
      let outcome: JobOutcome
      try {
        outcome = runner.run(name, file, args, schemaStamp(file, state), undefined, undefined, maxSizeBytes)
      } catch (err) {
        if (err instanceof NotInline) return undefined
        throw err
      }
      if (outcome.ok && writeJobs.has(name)) committed(databaseId, state)
      return outcome
    },
    workerJobStarted (file) {
      workerJobs.set(file, (workerJobs.get(file) ?? 0) + 1)
    },
    workerJobEnded (file) {
      const count = (workerJobs.get(file) ?? 1) - 1
      if (count > 0) workerJobs.set(file, count)
      else workerJobs.delete(file)
      const state = files.get(file)
      if (state !== undefined) state.generation++
    },
    close (file) {
      files.delete(file)
      coldWrites.delete(file)
      runner.close(file)
    },
    release (file) {
      runner.close(file)
    },
    closeAll () {
      files.clear()
      coldWrites.clear()
      runner.closeAll()
    },
    get connections () { return runner.connections }
  }
}

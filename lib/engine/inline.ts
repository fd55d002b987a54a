/**
 * The inline lane: jobs whose work is bounded by a key lookup run on the server's main thread, skipping the
 * round trip to a worker process, which costs several times the lookup itself. A statement here cannot be
 * killed at its deadline, so only jobs that prove their work bounded run here (`requireBounded`); the others,
 * and any job that meets another connection's lock (busy timeout 0), go to the workers as before.
 * Commits do not checkpoint here (a checkpoint fsyncs): every `commitsPerCheckpoint` of them, the engine has a
 * worker checkpoint the file.
 */
import { NotInline } from './context.js'
import { createJobRunner, type JobOutcome } from './job-runner.js'
import type { WorkerConfig } from './protocol.js'

/** Jobs that may run inline when their table allows it. */
const inlineJobs: ReadonlySet<string> = new Set(['records.get', 'records.insert', 'records.update', 'records.delete'])
const writeJobs: ReadonlySet<string> = new Set(['records.insert', 'records.update', 'records.delete'])
/** Inline commits to one database between two checkpoints (the WAL grows by a few pages per commit). */
export const commitsPerCheckpoint = 500

export interface InlineLane {
  /** Whether jobs called `name` may run inline at all. */
  accepts: (name: string) => boolean
  /** Runs the job now, or answers undefined when it must go to a worker (it then changed nothing). */
  run: (name: string, databaseId: string, file: string, args: unknown) => JobOutcome | undefined
  close: (file: string) => void
  closeAll: () => void
  readonly connections: number
}

export function createInlineLane (config: WorkerConfig, onCheckpointDue: (databaseId: string) => void): InlineLane {
  const runner = createJobRunner(config, { inline: true, connection: { busyTimeoutMs: 0, autoCheckpoint: false } })
  // by file, like the connections: closing a file (rename, delete) forgets its count with it
  const commits = new Map<string, number>()

  function committed (databaseId: string, file: string): void {
    const count = (commits.get(file) ?? 0) + 1
    commits.set(file, count % commitsPerCheckpoint)
    if (count === commitsPerCheckpoint) onCheckpointDue(databaseId)
  }

  return {
    accepts: (name) => inlineJobs.has(name),
    run (name, databaseId, file, args) {
      let outcome: JobOutcome
      try {
        outcome = runner.run(name, file, args)
      } catch (err) {
        if (err instanceof NotInline) return undefined
        throw err
      }
      if (outcome.ok && writeJobs.has(name)) committed(databaseId, file)
      return outcome
    },
    close (file) {
      commits.delete(file)
      runner.close(file)
    },
    closeAll () {
      commits.clear()
      runner.closeAll()
    },
    get connections () { return runner.connections }
  }
}

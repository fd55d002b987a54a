import type { JobOutcome } from './job-runner.js'
import { packRows } from './json-rows.js'
import type { FromWorker } from './protocol.js'

/** A result that cannot be sent is a bug in the job, or rows past what one string holds: answered as a 500. */
export function unsendable (id: number, durationMs: number, err: unknown): FromWorker {
  const error = { statusCode: 500, code: 'INTERNAL_ERROR', message: `a job returned a value that cannot be sent: ${(err as Error).message}` }
  return { type: 'failed', id, error, durationMs }
}

/** A worker's answer to job `id`: its rows packed as JSON text (@see json-rows.ts), or its failure. */
export function answerOf (id: number, outcome: JobOutcome): FromWorker {
  if (!outcome.ok) return { type: 'failed', id, error: outcome.error, durationMs: outcome.durationMs }
  try {
    const { value, rows, row } = packRows(outcome.value)
    const done: FromWorker = { type: 'done', id, value, rows, row, durationMs: outcome.durationMs }
    return outcome.checkpoint === true ? { ...done, checkpoint: true } : done
  } catch (err) {
    return unsendable(id, outcome.durationMs, err)
  }
}

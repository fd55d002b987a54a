/**
 * Entry of an engine worker process. It owns its SQLite connections and handles one message at a time, in
 * order, so a control message (close a file, count connections) is answered after the jobs sent before it.
 * The engine may send a job before the previous one is done (pipelining); the next job starts only once the
 * previous answer is written to the channel, so the engine always knows which job a stuck worker is running.
 */
import { performance } from 'node:perf_hooks'
import { openAnswerPipe } from './answer-pipe.js'
import { createJobRunner } from './job-runner.js'
import { splitAnswer } from './large-answers.js'
import { answerOf, unsendable } from './worker-answer.js'
import { overrunMarginMs, type FromWorker, type JobMessage, type ToWorker, type WorkerConfig } from './protocol.js'

type Work = JobMessage | Extract<ToWorker, { type: 'close' | 'count' }>

const config = JSON.parse(process.argv[2] ?? '{}') as WorkerConfig
// SQLite's automatic checkpoint runs inside a commit, where the deadline could cut it after the data is in: the
// engine runs checkpoints as jobs of their own instead, when an answer says the WAL has grown (@see wal-pending.ts)
const runner = createJobRunner(config, { connection: { autoCheckpoint: false } })
const backlog: Work[] = []
const answerPipe = openAnswerPipe()
let busy = false
let stopping = false

function send (message: FromWorker, then?: () => void): void {
  process.send?.(message, undefined, {}, () => then?.())
}

function answer (job: JobMessage): FromWorker {
  const committing = () => send({ type: 'committing', id: job.id })
  return answerOf(job.id, runner.run(job.name, job.file, job.args, undefined, job.timeoutMs, committing, job.maxSizeBytes))
}

function control (work: Exclude<Work, JobMessage>): FromWorker {
  if ('file' in work) {
    runner.close(work.file)
    return { type: 'reply', id: work.id, value: true }
  }
  return { type: 'reply', id: work.id, value: runner.connections }
}

function next (): void {
  if (busy || stopping) return
  const work = backlog.shift()
  if (work === undefined) return
  busy = true
  const proceed = () => { busy = false; next() }
  if (!('name' in work)) return send(control(work), proceed)
  const started = performance.now()
  const message = answer(work)
  if (performance.now() - started <= work.timeoutMs - overrunMarginMs(work.timeoutMs)) return sendAnswer(message, proceed)
  stopping = true
  sendAnswer(message)
  send({ type: 'stopping' })
}

/** Sends an answer; a long one's text goes as bytes on the answer pipe. `then` runs once both are written. */
function sendAnswer (message: FromWorker, then?: () => void): void {
  let bytes: Buffer | undefined
  let pending = 2
  const written = () => { if (--pending === 0) then?.() }
  try {
    const split = splitAnswer(message)
    bytes = split.bytes
    send(split.message, bytes === undefined ? then : written)
  } catch (err) {
    // answered instead of leaving the caller waiting
    const { id, durationMs } = message as { id: number, durationMs: number }
    return send(unsendable(id, durationMs, err), then)
  }
  if (bytes !== undefined) answerPipe.write((message as { id: number }).id, bytes, written)
}

function stop (): void {
  runner.closeAll()
  process.exit(0)
}

process.on('message', (message: ToWorker) => {
  switch (message.type) {
    case 'jobs':
      backlog.push(...message.jobs)
      return next()
    case 'shutdown': return stop()
    default:
      backlog.push(message)
      return next()
  }
})
// Without the engine there is no one to answer: close the files cleanly and leave.
process.on('disconnect', stop)
// The server decides when a worker ends (shutdown message, disconnect, SIGKILL at a deadline). A terminal's Ctrl-C
// or a service manager's SIGTERM reaches every process of the group, and would kill workers mid-statement while
// the server is still closing gracefully: ignore them.
process.on('SIGINT', () => {})
process.on('SIGTERM', () => {})
send({ type: 'ready' })

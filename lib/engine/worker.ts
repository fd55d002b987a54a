/**
 * Entry of an engine worker process. It owns its SQLite connections and handles one message at a time, so a
 * control message (close a file, count connections) is answered in order with the jobs sent before it.
 */
import { createJobRunner } from './job-runner.js'
import type { FromWorker, ToWorker, WorkerConfig } from './protocol.js'

const config = JSON.parse(process.argv[2] ?? '{}') as WorkerConfig
const runner = createJobRunner(config)

function send (message: FromWorker): void {
  process.send?.(message)
}

function reply (message: Extract<ToWorker, { type: 'job' }>): void {
  const outcome = runner.run(message.name, message.file, message.args)
  if (!outcome.ok) {
    send({ type: 'failed', id: message.id, error: outcome.error, durationMs: outcome.durationMs })
    return
  }
  try {
    send({ type: 'done', id: message.id, value: outcome.value, durationMs: outcome.durationMs })
  } catch (err) {
    // A result that cannot be cloned is a bug in the job: answer it as one instead of leaving the caller waiting.
    const error = { statusCode: 500, code: 'INTERNAL_ERROR', message: `job '${message.name}' returned a value that cannot be sent: ${(err as Error).message}` }
    send({ type: 'failed', id: message.id, error, durationMs: outcome.durationMs })
  }
}

function stop (): void {
  runner.closeAll()
  process.exit(0)
}

process.on('message', (message: ToWorker) => {
  switch (message.type) {
    case 'job': return reply(message)
    case 'close':
      runner.close(message.file)
      return send({ type: 'reply', id: message.id, value: true })
    case 'count': return send({ type: 'reply', id: message.id, value: runner.connections })
    case 'shutdown': return stop()
  }
})
// Without the engine there is no one to answer: close the files cleanly and leave.
process.on('disconnect', stop)
send({ type: 'ready' })

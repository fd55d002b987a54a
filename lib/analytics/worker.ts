import { parentPort, workerData } from 'node:worker_threads'
import { createHandlers, type Method, type WorkerConfig, type WorkerRequest, type WorkerResponse } from './handlers.js'

// The analytics worker: the only owner of `_analytics.db`. It answers one request at a time, in order,
// so a flush, a rename and the reads that follow them never interleave.
const handlers = createHandlers(workerData as WorkerConfig)
const port = parentPort as NonNullable<typeof parentPort>

// Work that waits for a quiet moment runs one bounded step per turn of the event loop, so requests that arrive
// meanwhile wait for one step at most: an upgraded file's rollup backfill, then what flushes leave for later
// (`maintain`: the running pattern windows, WAL checkpoints, the raw log's age pruning past its first step). It is scheduled after a request succeeded (the file is
// open) and stops on failure (a locked file), to start again after the next successful request.
let backfillDone = false
let scheduled = false
let closed = false
function quietStep (): void {
  scheduled = false
  if (closed) return
  try {
    if (!backfillDone) {
      backfillDone = !handlers.backfill().pending
      if (!backfillDone) {
        scheduleQuietWork()
        return
      }
    }
    if (handlers.maintain()) scheduleQuietWork() // more left (an age pruning in steps)
  } catch {}
}
function scheduleQuietWork (): void {
  if (scheduled) return
  scheduled = true
  setTimeout(quietStep, 0)
}

port.on('message', (request: WorkerRequest) => {
  let response: WorkerResponse
  try {
    const handler = handlers[request.method] as (args: unknown) => unknown
    response = { id: request.id, ok: true, result: handler(request.args) }
  } catch (err) {
    const e = err as { message?: string, code?: string }
    response = { id: request.id, ok: false, error: { message: e.message ?? String(err), code: e.code } }
  }
  port.postMessage(response)
  if (request.method === ('close' satisfies Method)) {
    closed = true
    port.close()
    return
  }
  if (response.ok) scheduleQuietWork()
})

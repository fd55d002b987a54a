import { parentPort, workerData } from 'node:worker_threads'
import { createHandlers, type Method, type WorkerConfig, type WorkerRequest, type WorkerResponse } from './handlers.js'

// The analytics worker: the only owner of `_analytics.db`. It answers one request at a time, in order,
// so a flush, a rename and the reads that follow them never interleave.
const handlers = createHandlers(workerData as WorkerConfig)
const port = parentPort as NonNullable<typeof parentPort>

// An upgraded file's rollup backfill runs one bounded step per turn of the event loop, so requests that arrive
// meanwhile wait for one step at most. It starts after a request succeeded (the file is open) and stops on
// failure (a locked file), to start again after the next successful request.
let backfill: 'idle' | 'scheduled' | 'done' = 'idle'
function backfillStep (): void {
  if (backfill !== 'scheduled') return // closed meanwhile
  try {
    backfill = handlers.backfill().pending ? 'scheduled' : 'done'
  } catch {
    backfill = 'idle'
  }
  if (backfill === 'scheduled') setTimeout(backfillStep, 0)
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
    backfill = 'done'
    port.close()
    return
  }
  if (response.ok && backfill === 'idle') {
    backfill = 'scheduled'
    setTimeout(backfillStep, 0)
  }
})

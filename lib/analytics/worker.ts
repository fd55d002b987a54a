import { parentPort, workerData } from 'node:worker_threads'
import { createHandlers, type Method, type WorkerConfig, type WorkerRequest, type WorkerResponse } from './handlers.js'

// The analytics worker: the only owner of `_analytics.db`. It answers one request at a time, in order,
// so a flush, a rename and the reads that follow them never interleave.
const handlers = createHandlers(workerData as WorkerConfig)
const port = parentPort as NonNullable<typeof parentPort>

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
  if (request.method === ('close' satisfies Method)) port.close()
})

import { Worker, type Transferable } from 'node:worker_threads'
import type { AnalyticsLogger } from './types.js'
import type { ArgsOf, Method, ResultOf, WorkerConfig, WorkerResponse } from './handlers.js'

interface Pending {
  resolve: (value: unknown) => void
  reject: (err: Error) => void
  worker: Worker
}

export class AnalyticsClosed extends Error {
  constructor () {
    super('analytics recorder is closed')
  }
}

// From TypeScript sources (tests, tsx) the worker is worker.ts and needs the tsx loader. Node 20 ignores
// loaders given in a Worker's execArgv (nodejs/node#47747), so a one-line bootstrap registers tsx inside the
// worker before importing it. From dist, worker.js runs as it is.
function startWorker (config: WorkerConfig): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./worker.js', import.meta.url), { workerData: config })
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'))
  const entry = JSON.stringify(new URL('./worker.ts', import.meta.url).href)
  const bootstrap = `import(${tsx}).then(api => { api.register(); return import(${entry}) })`
  return new Worker(bootstrap, { eval: true, workerData: config })
}

/**
 * Request/response over postMessage to the analytics worker. The worker is started on demand and again
 * after a crash (requests in flight on the dead one reject). It keeps the process alive only while a
 * request is pending.
 */
export function createWorkerClient (config: WorkerConfig, logger: AnalyticsLogger) {
  const pending = new Map<number, Pending>()
  let worker: Worker | null = null
  let nextId = 1
  let closed = false

  function failPendingOf (w: Worker, err: Error): void {
    for (const [id, p] of pending) {
      if (p.worker !== w) continue
      pending.delete(id)
      p.reject(err)
    }
  }

  function start (): Worker {
    const w = startWorker(config)
    w.unref()
    w.on('message', (res: WorkerResponse) => {
      const p = pending.get(res.id)
      if (p === undefined) return
      pending.delete(res.id)
      if (![...pending.values()].some(other => other.worker === w)) w.unref()
      if (res.ok) p.resolve(res.result)
      else p.reject(Object.assign(new Error(res.error.message), { code: res.error.code }))
    })
    w.on('error', err => {
      logger.error({ err }, 'analytics worker failed')
      if (worker === w) worker = null
      failPendingOf(w, err)
    })
    w.on('exit', code => {
      if (worker === w) worker = null
      failPendingOf(w, new Error(`analytics worker exited with code ${code}`))
    })
    return w
  }

  function send<M extends Method> (w: Worker, method: M, args: ArgsOf<M>, transfer: Transferable[]): Promise<ResultOf<M>> {
    const id = nextId++
    return new Promise<ResultOf<M>>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject, worker: w })
      w.ref()
      w.postMessage({ id, method, args }, transfer)
    })
  }

  return {
    /** `transfer` lists buffers of `args` to move to the worker instead of copying them (they are unusable here after). */
    request<M extends Method> (method: M, args: ArgsOf<M>, transfer: Transferable[] = []): Promise<ResultOf<M>> {
      if (closed) return Promise.reject(new AnalyticsClosed())
      return send(worker ??= start(), method, args, transfer)
    },

    /** Ends the worker abruptly, as a crash would: its pending requests reject, the next request starts a new one. */
    async terminate (): Promise<void> {
      const w = worker
      if (w === null) return
      w.ref() // an idle worker is unref'd: without this the process could exit before termination completes
      await w.terminate()
    },

    /** Closes the database in the worker and waits for the worker to end; later requests reject. */
    async close (): Promise<void> {
      if (closed) return
      closed = true
      const w = worker
      if (w === null) return
      const exited = new Promise(resolve => w.once('exit', resolve))
      try {
        await send(w, 'close', undefined, [])
      } catch (err) {
        logger.warn({ err }, 'analytics worker did not close cleanly')
        await w.terminate()
      }
      w.ref() // keep the process alive until the worker has really ended
      await exited
      worker = null
    }
  }
}

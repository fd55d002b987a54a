import path from 'node:path'
import { performance } from 'node:perf_hooks'
import {
  DatabaseNotFound, deserializeError, EngineUnavailable, InvalidRequest, QueryTimeout
} from '../errors.js'
import { createHolds } from './holds.js'
import { createInlineLane } from './inline.js'
import type { JobArgs, JobName, JobResult } from './jobs/index.js'
import { isInside } from './paths.js'
import type { FromWorker } from './protocol.js'
import type { Engine, EngineLogger, EngineOptions, JobError, RunOptions, Target } from './types.js'
import { spawnWorker, type WorkerProcess } from './worker-process.js'

interface Queued {
  id: number
  name: string
  args: unknown
  databaseId: string | undefined
  /** Set for explicit-file targets; database ids are located when the job is dispatched. */
  file: string | undefined
  timeoutMs: number
  resolve: (outcome: { result: unknown, durationMs: number }) => void
  reject: (err: JobError) => void
}

interface Running extends Queued {
  file: string
  sentAt: number
  timer: NodeJS.Timeout
}

const closedMessage = 'the database engine is shutting down'
const crashedMessage = 'the database worker stopped unexpectedly'
const startFailedMessage = 'the database engine could not start its workers'
/** How long a shutting-down worker may take to close its connections before it is killed. */
const shutdownGraceMs = 5000
/** Pause before replacing a worker that died while starting, so a broken install does not spin. */
const restartBackoffMs = 1000

const silent: EngineLogger = { info () {}, warn () {}, error () {} }

function withDuration (err: Error, durationMs: number): JobError {
  return Object.assign(err, { durationMs })
}

function assertOptions (options: EngineOptions): void {
  const positive = (n: number) => Number.isInteger(n) && n >= 1
  if (!path.isAbsolute(options.dataDir)) throw new TypeError('engine dataDir must be an absolute path')
  if (!positive(options.workers)) throw new TypeError('engine workers must be an integer >= 1')
  if (!positive(options.maxConnectionsPerWorker)) throw new TypeError('engine maxConnectionsPerWorker must be an integer >= 1')
  if (!positive(options.queryTimeoutMs)) throw new TypeError('engine queryTimeoutMs must be an integer >= 1')
  if (!positive(options.maxQueryRows)) throw new TypeError('engine maxQueryRows must be an integer >= 1')
}

export function createEngine (options: EngineOptions): Engine {
  assertOptions(options)
  const dataDir = path.resolve(options.dataDir)
  const log = options.logger ?? silent
  const config = { dataDir, maxConnections: options.maxConnectionsPerWorker, maxQueryRows: options.maxQueryRows }

  const workers: WorkerProcess[] = []
  const running = new Map<WorkerProcess, Running>()
  const queue: Queued[] = []
  const holds = createHolds()
  const backoffTimers = new Set<NodeJS.Timeout>()
  let drainWaiter: (() => void) | undefined
  let restarts = 0
  let nextJobId = 1
  let closing: Promise<void> | undefined
  let stopped = false
  const inline = options.inline === false ? undefined : createInlineLane(config, checkpointLater)

  function checkpointLater (databaseId: string): void {
    timed(databaseId, 'database.checkpoint', {}).catch((err: Error) => {
      log.warn({ err, databaseId }, 'a checkpoint of the inline lane\'s commits failed; the next one will retry')
    })
  }

  function start (): WorkerProcess {
    const worker: WorkerProcess = spawnWorker({
      config,
      onError: (err) => log.warn({ err, pid: worker.pid }, 'engine worker channel error')
    }, {
      ready: dispatch,
      result: (message) => settle(worker, message),
      exit: (info) => lost(worker, info)
    })
    return worker
  }

  /** Puts a fresh process in the place of `worker`, which must already be retired or dead. */
  function replace (worker: WorkerProcess, delayMs = 0): void {
    const index = workers.indexOf(worker)
    if (index === -1 || stopped) return
    restarts++
    if (delayMs === 0) {
      workers[index] = start()
      return
    }
    const timer = setTimeout(() => {
      backoffTimers.delete(timer)
      if (!stopped) workers[workers.indexOf(worker)] = start()
    }, delayMs)
    backoffTimers.add(timer)
  }

  function idleWorkers (): WorkerProcess[] {
    return workers.filter((worker) => worker.ready && !running.has(worker))
  }

  /** Sends queued jobs, oldest first, to idle workers; jobs of a database held by `exclusive` stay queued. */
  function dispatch (): void {
    let idle = idleWorkers()
    for (let i = 0; i < queue.length && idle.length > 0;) {
      const job = queue[i]
      if (job.databaseId !== undefined && holds.isHeld(job.databaseId)) {
        i++
        continue
      }
      queue.splice(i, 1)
      const file = job.file ?? options.locate(job.databaseId as string)
      if (file === undefined) {
        job.reject(withDuration(new DatabaseNotFound(job.databaseId), 0))
        continue
      }
      // A worker that already has the file open saves an open and keeps its statement cache warm.
      const worker = idle.find((candidate) => candidate.files.has(file)) ?? idle[0]
      send(worker, { ...job, file })
      idle = idle.filter((candidate) => candidate !== worker)
    }
    checkDrained()
  }

  function send (worker: WorkerProcess, job: Queued & { file: string }): void {
    try {
      worker.sendJob({ type: 'job', id: job.id, name: job.name, file: job.file, args: job.args })
    } catch (err) {
      // arguments the IPC serialiser cannot carry (JSON nested thousands deep overflows its stack): the caller's fault
      job.reject(withDuration(new InvalidRequest(`the request cannot be sent to the database: ${(err as Error).message}`), 0))
      queueMicrotask(dispatch)
      return
    }
    const timer = setTimeout(() => expire(worker), job.timeoutMs)
    running.set(worker, { ...job, sentAt: performance.now(), timer })
    worker.files.set(job.file, true)
    if (job.databaseId !== undefined) holds.started(job.databaseId)
  }

  /** Forgets the job `worker` was running and returns it. */
  function finish (worker: WorkerProcess): Running | undefined {
    const job = running.get(worker)
    if (job === undefined) return undefined
    running.delete(worker)
    clearTimeout(job.timer)
    if (job.databaseId !== undefined) holds.finished(job.databaseId)
    return job
  }

  function settle (worker: WorkerProcess, message: Extract<FromWorker, { type: 'done' | 'failed' }>): void {
    if (running.get(worker)?.id !== message.id) return
    const job = finish(worker) as Running
    if (message.type === 'done') job.resolve({ result: message.value, durationMs: message.durationMs })
    else job.reject(withDuration(deserializeError(message.error), message.durationMs))
    dispatch()
  }

  /** A job ran past its deadline: only killing its process stops a statement inside SQLite. */
  function expire (worker: WorkerProcess): void {
    const job = finish(worker)
    if (job === undefined) return
    log.warn({ job: job.name, databaseId: job.databaseId, timeoutMs: job.timeoutMs, pid: worker.pid },
      'an engine job ran past its deadline: its worker was killed and replaced')
    worker.retire()
    replace(worker)
    job.reject(withDuration(new QueryTimeout(job.timeoutMs), performance.now() - job.sentAt))
    dispatch()
  }

  function lost (worker: WorkerProcess, info: { code: number | null, signal: string | null, wasReady: boolean }): void {
    const job = finish(worker)
    log.error({ pid: worker.pid, code: info.code, signal: info.signal, job: job?.name, databaseId: job?.databaseId },
      info.wasReady ? 'an engine worker stopped unexpectedly and was replaced' : 'an engine worker failed to start')
    replace(worker, info.wasReady ? 0 : restartBackoffMs)
    if (job !== undefined) job.reject(withDuration(new EngineUnavailable(crashedMessage), performance.now() - job.sentAt))
    // Nothing can run while no worker starts: answer the waiting callers instead of leaving them hanging.
    if (!info.wasReady && !workers.some((w) => w.ready)) {
      for (const queued of queue.splice(0)) queued.reject(withDuration(new EngineUnavailable(startFailedMessage), 0))
    }
    dispatch()
  }

  function checkDrained (): void {
    if (drainWaiter !== undefined && queue.length === 0 && running.size === 0) drainWaiter()
  }

  async function closeEverywhere (file: string): Promise<void> {
    inline?.close(file)
    await Promise.all(workers.map(async (worker) => {
      worker.files.delete(file)
      await worker.request({ type: 'close', file })
    }))
  }

  /** Runs the job on the main thread if the inline lane takes it; undefined sends it to a worker. */
  function runInline (databaseId: string, name: string, args: unknown): { result: unknown, durationMs: number } | undefined {
    if (inline === undefined || !inline.accepts(name) || holds.isHeld(databaseId)) return undefined
    const file = options.locate(databaseId)
    if (file === undefined) throw withDuration(new DatabaseNotFound(databaseId), 0)
    const outcome = inline.run(name, databaseId, file, args)
    if (outcome === undefined) return undefined
    if (!outcome.ok) throw withDuration(deserializeError(outcome.error), outcome.durationMs)
    return { result: outcome.value, durationMs: outcome.durationMs }
  }

  async function timed<K extends JobName> (target: Target, name: K, args: JobArgs<K>, runOptions: RunOptions = {}) {
    if (closing !== undefined) throw withDuration(new EngineUnavailable(closedMessage), 0)
    const timeoutMs = runOptions.timeoutMs ?? options.queryTimeoutMs
    if (!(timeoutMs > 0)) throw new TypeError('a job timeout must be a positive number of milliseconds')
    let databaseId: string | undefined
    let file: string | undefined
    if (typeof target === 'string') {
      const done = runInline(target, name, args)
      if (done !== undefined) return done as { result: JobResult<K>, durationMs: number }
      databaseId = target
      // Fail fast on an unknown id; a held database is located again when its jobs are released.
      if (!holds.isHeld(target) && options.locate(target) === undefined) throw withDuration(new DatabaseNotFound(target), 0)
    } else {
      // Never open a file outside the data directory, whoever asks.
      if (!isInside(dataDir, target.file)) throw withDuration(new InvalidRequest('the database file must be inside the data directory'), 0)
      file = path.resolve(target.file)
    }
    const outcome = await new Promise<{ result: unknown, durationMs: number }>((resolve, reject) => {
      queue.push({ id: nextJobId++, name, args, databaseId, file, timeoutMs, resolve, reject })
      dispatch()
    })
    return outcome as { result: JobResult<K>, durationMs: number }
  }

  async function exclusive<T> (databaseId: string, fn: () => Promise<T> | T): Promise<T> {
    if (closing !== undefined) throw new EngineUnavailable(closedMessage)
    const release = await holds.acquire(databaseId)
    try {
      await holds.whenIdle(databaseId)
      const file = options.locate(databaseId)
      if (file !== undefined) await closeEverywhere(file)
      return await fn()
    } finally {
      release()
      dispatch()
    }
  }

  async function shutdown (): Promise<void> {
    if (queue.length > 0 || running.size > 0) {
      await new Promise<void>((resolve) => { drainWaiter = resolve })
    }
    stopped = true
    for (const timer of backoffTimers) clearTimeout(timer)
    inline?.closeAll()
    await Promise.all(workers.map((worker) => worker.shutdown(shutdownGraceMs)))
    log.info({ restarts }, 'database engine closed')
  }

  for (let i = 0; i < options.workers; i++) workers.push(start())

  return {
    async run (target, name, args, runOptions) {
      return (await timed(target, name, args, runOptions)).result
    },
    timed,
    exclusive,
    stats: () => ({ workers: workers.length, busy: running.size, queued: queue.length, restarts }),
    inlineConnections: () => inline?.connections ?? 0,
    async connectionCounts () {
      return await Promise.all(workers.map(async (worker) => await worker.request({ type: 'count' }) as number))
    },
    close () {
      closing ??= shutdown()
      return closing
    }
  }
}

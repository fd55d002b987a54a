import path from 'node:path'
import { performance } from 'node:perf_hooks'
import {
  DatabaseNotFound, deserializeError, EngineUnavailable, InvalidRequest, QueryTimeout
} from '../errors.js'
import { createHolds } from './holds.js'
import { createInlineLane, schemaRecheckMs } from './inline.js'
import { createLocations } from './locations.js'
import type { JobArgs, JobName, JobResult } from './jobs/index.js'
import { unpackRows } from './json-rows.js'
import { isInside } from './paths.js'
import type { FromWorker } from './protocol.js'
import type { Engine, EngineLogger, EngineOptions, JobError, JobListener, RunOptions, Target } from './types.js'
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
  /** False until the job is written to its worker (jobs of one turn go in one message). */
  sent: boolean
  /** When the engine last knew the worker to start it: its send, or the answer to the job before it. */
  startedAt: number | undefined
  timer: NodeJS.Timeout | undefined
  /** The job announced a commit, or its answer is arriving: its deadline moved by `commitGraceMs`. */
  committing?: boolean
}

const closedMessage = 'the database engine is shutting down'
const crashedMessage = 'the database worker stopped unexpectedly'
const startFailedMessage = 'the database engine could not start its workers'
/** How long a shutting-down worker may take to close its connections before it is killed. */
const shutdownGraceMs = 5000
/** Time past its deadline a job that announced its commit gets to finish it before its worker is killed. */
const commitGraceMs = 5000
/** Least deadline of a checkpoint job: copying a WAL that one big write left takes what it takes. */
const checkpointTimeoutMs = 60_000
/** Pause before replacing a worker that died while starting, so a broken install does not spin. */
const restartBackoffMs = 1000
/**
 * Jobs a worker may hold at once: the one it runs and the next, sent ahead so it never idles waiting for the
 * main thread to hear its answer and send more. More would only queue more jobs behind a slow one.
 */
const pipelineDepth = 2
/** A job is sent ahead only behind one that has been running for less than this: a slow job gets no followers. */
const pipelineBehindMs = 5

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
  const config = {
    dataDir, maxConnections: options.maxConnectionsPerWorker, maxQueryRows: options.maxQueryRows, maxWorkerRssBytes: options.maxWorkerRssBytes
  }

  const workers: WorkerProcess[] = []
  /** Each worker's jobs in the order it runs them: the head is running (or about to), the others wait in it. */
  const assigned = new Map<WorkerProcess, Running[]>()
  let flushScheduled = false
  const queue: Queued[] = []
  const holds = createHolds()
  const backoffTimers = new Set<NodeJS.Timeout>()
  let drainWaiter: (() => void) | undefined
  let restarts = 0
  let nextJobId = 1
  let closing: Promise<void> | undefined
  let stopped = false
  const inline = options.inline === false ? undefined : createInlineLane(config, checkpointLater)
  const inlineLocations = createLocations(options.locate, schemaRecheckMs)
  const listeners: JobListener[] = []
  const checkpointArgs = { passive: options.passiveCheckpoints === true }

  /** Databases with a checkpoint job queued or running: one at a time is enough. */
  const checkpointing = new Set<string>()

  /** Checkpoints as a job of its own, never inside a request's commit (@see wal-pending.ts), with a longer deadline. */
  function checkpointLater (databaseId: string): void {
    if (checkpointing.has(databaseId) || closing !== undefined) return
    checkpointing.add(databaseId)
    timed(databaseId, 'database.checkpoint', checkpointArgs, { timeoutMs: Math.max(options.queryTimeoutMs, checkpointTimeoutMs) })
      .catch((err: Error) => {
        log.warn({ err, databaseId }, 'a checkpoint of the WAL failed; the next one will retry')
      })
      .finally(() => checkpointing.delete(databaseId))
  }

  function start (): WorkerProcess {
    const worker: WorkerProcess = spawnWorker({
      config,
      onError: (err) => log.warn({ err, pid: worker.pid }, 'engine worker channel error')
    }, {
      ready: dispatch,
      result: (message) => settle(worker, message),
      stopping: () => onStopping(worker),
      finishing: (id) => onFinishing(worker, id),
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

  const jobsOf = (worker: WorkerProcess): Running[] => assigned.get(worker) ?? []
  const inFlight = (): number => [...assigned.values()].reduce((total, jobs) => total + jobs.length, 0)

  /**
   * The worker for a job on `file`: the least loaded one, and among those one that has the file open (it saves
   * an open and keeps its statement cache warm). A busy worker takes a job only behind a young head.
   */
  function pickWorker (file: string): WorkerProcess | undefined {
    const now = performance.now()
    let best: WorkerProcess | undefined
    let bestScore = Infinity
    for (const worker of workers) {
      if (!worker.ready) continue
      const jobs = jobsOf(worker)
      if (jobs.length >= pipelineDepth) continue
      const head = jobs[0]
      if (head?.startedAt !== undefined && now - head.startedAt > pipelineBehindMs) continue
      const score = jobs.length * 2 + (worker.files.has(file) ? 0 : 1)
      if (score < bestScore) {
        best = worker
        bestScore = score
      }
    }
    return best
  }

  /** Sends queued jobs, oldest first, to workers that can take them; jobs of a held database stay queued. */
  function dispatch (): void {
    for (let i = 0; i < queue.length;) {
      const job = queue[i]
      if (job.databaseId !== undefined && holds.isHeld(job.databaseId)) {
        i++
        continue
      }
      const file = job.file ?? options.locate(job.databaseId as string)
      if (file === undefined) {
        queue.splice(i, 1)
        job.reject(withDuration(new DatabaseNotFound(job.databaseId), 0))
        continue
      }
      const worker = pickWorker(file)
      if (worker === undefined) break
      queue.splice(i, 1)
      assign(worker, { ...job, file, sent: false, startedAt: undefined, timer: undefined })
    }
    checkDrained()
  }

  function assign (worker: WorkerProcess, job: Running): void {
    assigned.set(worker, [...jobsOf(worker), job])
    worker.files.set(job.file, true)
    inline?.workerJobStarted(job.file)
    if (job.databaseId !== undefined) holds.started(job.databaseId)
    if (!flushScheduled) {
      flushScheduled = true
      // every job assigned in this turn of the event loop goes in one message per worker
      setImmediate(flush)
    }
  }

  function flush (): void {
    flushScheduled = false
    for (const worker of workers) {
      const unsent = jobsOf(worker).filter((job) => !job.sent)
      if (unsent.length === 0) continue
      sendJobs(worker, unsent)
      armHead(worker)
    }
    dispatch()
  }

  function sendJobs (worker: WorkerProcess, jobs: Running[]): void {
    const message = (job: Running) => ({ id: job.id, name: job.name, file: job.file, args: job.args, timeoutMs: job.timeoutMs })
    try {
      worker.sendJobs(jobs.map(message))
    } catch {
      // one job's arguments cannot be serialised (JSON nested thousands deep): find it, send the others
      for (const job of jobs) {
        try {
          worker.sendJobs([message(job)])
        } catch (err) {
          unassign(worker, job)
          job.reject(withDuration(new InvalidRequest(`the request cannot be sent to the database: ${(err as Error).message}`), 0))
          continue
        }
        job.sent = true
      }
      return
    }
    for (const job of jobs) job.sent = true
  }

  /** Starts the deadline of the worker's head job, once it is sent and known to be running. */
  function armHead (worker: WorkerProcess): void {
    const head = jobsOf(worker)[0]
    if (head === undefined || !head.sent || head.timer !== undefined) return
    head.startedAt = performance.now()
    head.timer = setTimeout(() => {
      // An answer already in the channel is read before this runs: a job that finished in time is not killed.
      setImmediate(() => { if (jobsOf(worker)[0] === head && head.committing !== true) expire(worker) })
    }, head.timeoutMs)
  }

  function unassign (worker: WorkerProcess, job: Running): void {
    const jobs = jobsOf(worker).filter((candidate) => candidate !== job)
    if (jobs.length > 0) assigned.set(worker, jobs)
    else assigned.delete(worker)
    clearTimeout(job.timer)
    inline?.workerJobEnded(job.file)
    if (job.databaseId !== undefined) holds.finished(job.databaseId)
  }

  /** Takes every job away from `worker` (which is gone or going): the head, and the others back into the queue. */
  function withdraw (worker: WorkerProcess): Running | undefined {
    const [head, ...rest] = jobsOf(worker)
    for (const job of jobsOf(worker)) unassign(worker, job)
    // They never started: the worker starts a job only after answering the one before, and it did not answer the head.
    queue.unshift(...rest.map(requeued))
    return head
  }

  /** A job back as the queue holds it: a database's file is looked up again when it is dispatched. */
  function requeued ({ sent: _sent, startedAt: _startedAt, timer: _timer, committing: _committing, ...job }: Running): Queued {
    return { ...job, file: job.databaseId === undefined ? job.file : undefined }
  }

  function settle (worker: WorkerProcess, message: Extract<FromWorker, { type: 'done' | 'failed' }>): void {
    const job = jobsOf(worker)[0]
    if (job?.id !== message.id) return
    unassign(worker, job)
    if (message.type === 'done') job.resolve({ result: unpackRows(message.value, message.rows, message.row), durationMs: message.durationMs })
    else job.reject(withDuration(deserializeError(message.error), message.durationMs))
    if (message.type === 'done' && message.checkpoint === true && job.databaseId !== undefined) checkpointLater(job.databaseId)
    armHead(worker)
    dispatch()
  }

  /** A job ran past its deadline: only killing its process stops a statement inside SQLite. */
  function expire (worker: WorkerProcess): void {
    const job = withdraw(worker)
    if (job === undefined) return
    log.warn({ job: job.name, databaseId: job.databaseId, timeoutMs: job.timeoutMs, pid: worker.pid },
      'an engine job ran past its deadline: its worker was killed and replaced')
    worker.retire()
    replace(worker)
    job.reject(withDuration(new QueryTimeout(job.timeoutMs), performance.now() - (job.startedAt ?? 0)))
    dispatch()
  }

  /**
   * The head job of `worker` is finishing: it starts a commit before its deadline (killing it now could cut a commit
   * that lands, and answer 408 for a write that happened), or its long answer has begun to arrive (the job is done;
   * tens of megabytes take a while through the channel). Its deadline moves by `commitGraceMs` (a commit, with no
   * checkpoint in it, takes milliseconds, an answer within the result bound well under a second; only a stalled disk
   * reaches that far).
   */
  function onFinishing (worker: WorkerProcess, id: number): void {
    const head = jobsOf(worker)[0]
    if (head?.id !== id || head.committing === true) return
    // read in the same turn as its deadline's timer, it still wins: that timer's check runs after this (setImmediate)
    head.committing = true
    clearTimeout(head.timer)
    head.timer = setTimeout(() => {
      setImmediate(() => { if (jobsOf(worker)[0] === head) expire(worker) })
    }, (head.startedAt ?? performance.now()) + head.timeoutMs + commitGraceMs - performance.now())
  }

  /** The worker answered a job at the edge of its deadline and takes no more: its other jobs go elsewhere. */
  function onStopping (worker: WorkerProcess): void {
    const job = withdraw(worker)
    // the head was answered before the worker stopped; a head still here was not started
    if (job !== undefined) queue.unshift(requeued(job))
    worker.retire()
    replace(worker)
    dispatch()
  }

  function lost (worker: WorkerProcess, info: { code: number | null, signal: string | null, wasReady: boolean }): void {
    const job = withdraw(worker)
    log.error({ pid: worker.pid, code: info.code, signal: info.signal, job: job?.name, databaseId: job?.databaseId },
      info.wasReady ? 'an engine worker stopped unexpectedly and was replaced' : 'an engine worker failed to start')
    replace(worker, info.wasReady ? 0 : restartBackoffMs)
    if (job !== undefined) job.reject(withDuration(new EngineUnavailable(crashedMessage), performance.now() - (job.startedAt ?? performance.now())))
    // Nothing can run while no worker starts: answer the waiting callers instead of leaving them hanging.
    if (!info.wasReady && !workers.some((w) => w.ready)) {
      for (const queued of queue.splice(0)) queued.reject(withDuration(new EngineUnavailable(startFailedMessage), 0))
    }
    dispatch()
  }

  function checkDrained (): void {
    if (drainWaiter !== undefined && queue.length === 0 && inFlight() === 0) drainWaiter()
  }

  /**
   * One connection after the other: the last to close checkpoints the WAL into the file and removes it, but two
   * closing at once may each see the other still open and both leave it behind.
   */
  async function closeEverywhere (file: string): Promise<void> {
    inline?.close(file)
    for (const worker of workers) {
      worker.files.delete(file)
      await worker.request({ type: 'close', file })
    }
  }

  /** Runs the job on the main thread if the inline lane takes it; undefined sends it to a worker. */
  function runInline (databaseId: string, name: string, args: unknown): { result: unknown, durationMs: number } | undefined {
    if (inline === undefined || !inline.accepts(name) || holds.isHeld(databaseId)) return undefined
    const file = inlineLocations.get(databaseId)
    if (file === undefined) throw withDuration(new DatabaseNotFound(databaseId), 0)
    const outcome = inline.run(name, databaseId, file, args)
    if (outcome === undefined) return undefined
    if (!outcome.ok) throw withDuration(deserializeError(outcome.error), outcome.durationMs)
    return { result: outcome.value, durationMs: outcome.durationMs }
  }

  function timedNow<K extends JobName> (databaseId: string, name: K, args: JobArgs<K>) {
    if (closing !== undefined) throw withDuration(new EngineUnavailable(closedMessage), 0)
    for (const listener of listeners) listener(databaseId, name)
    return runInline(databaseId, name, args) as { result: JobResult<K>, durationMs: number } | undefined
  }

  async function timed<K extends JobName> (target: Target, name: K, args: JobArgs<K>, runOptions: RunOptions = {}) {
    if (closing !== undefined) throw withDuration(new EngineUnavailable(closedMessage), 0)
    const timeoutMs = runOptions.timeoutMs ?? options.queryTimeoutMs
    if (!(timeoutMs > 0)) throw new TypeError('a job timeout must be a positive number of milliseconds')
    let databaseId: string | undefined
    let file: string | undefined
    if (typeof target === 'string') {
      for (const listener of listeners) listener(target, name)
      const done = runInline(target, name, args) as { result: JobResult<K>, durationMs: number } | undefined
      if (done !== undefined) return done
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
      inlineLocations.forget(databaseId)
      release()
      dispatch()
    }
  }

  async function shutdown (): Promise<void> {
    if (queue.length > 0 || inFlight() > 0) {
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
    timedNow,
    exclusive,
    watch (listener) { listeners.push(listener) },
    stats: () => ({ workers: workers.length, busy: assigned.size, queued: queue.length, restarts }),
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

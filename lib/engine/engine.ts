import path from 'node:path'
import { performance } from 'node:perf_hooks'
import {
  DatabaseBusy, DatabaseNotFound, deserializeError, EngineUnavailable, InvalidRequest, QueryTimeout
} from '../errors.js'
import { createConnectionBudget, defaultOneOffIdleMs, type Lane } from './budget.js'
import { createDbLimits } from './db-limits.js'
import { createFileGuard } from './file-guard.js'
import { createHolds } from './holds.js'
import { createInlineLane, schemaRecheckMs } from './inline.js'
import { createLocations } from './locations.js'
import type { JobArgs, JobName, JobResult } from './jobs/index.js'
import { unpackRows } from './json-rows.js'
import { isInside } from './paths.js'
import { choose, homeSlot, type Candidate } from './placement.js'
import type { Arrived } from './large-answers.js'
import type { JobMessage } from './protocol.js'
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
  /** @see RunOptions.oneOff */
  oneOff: boolean
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

/**
 * Jobs that make a connection to their database worth keeping no longer than a moment: a change feed's set-up runs
 * once per database subscribed to, in a worker, and a connection it opened would stay there for ENGINE_IDLE_CLOSE_MS
 * (some 200 KB each) while the database's own jobs run elsewhere (the inline lane). They go to a worker that has the
 * file open when one can take them, and a connection they open closes soon after (@see ConnectionBudget.use).
 */
const oneOffJobs: ReadonlySet<string> = new Set(['changes.install', 'changes.bounds'])

/** ENGINE_IDLE_CLOSE_MS, DB_MAX_INFLIGHT and DB_MAX_QUEUE when the caller leaves them out (see CONTRACT.md). */
export const defaultIdleCloseMs = 60_000
export const defaultDbMaxInflight = 8
export const defaultDbMaxQueue = 256

const silent: EngineLogger = { info () {}, warn () {}, error () {} }

function withDuration (err: Error, durationMs: number): JobError {
  return Object.assign(err, { durationMs })
}

function assertOptions (options: EngineOptions): void {
  const positive = (n: number) => Number.isInteger(n) && n >= 1
  if (!path.isAbsolute(options.dataDir)) throw new TypeError('engine dataDir must be an absolute path')
  if (!positive(options.workers)) throw new TypeError('engine workers must be an integer >= 1')
  if (!positive(options.maxConnections)) throw new TypeError('engine maxConnections must be an integer >= 1')
  for (const name of ['dbMaxInflight', 'dbMaxQueue'] as const) {
    if (options[name] !== undefined && !positive(options[name])) throw new TypeError(`engine ${name} must be an integer >= 1`)
  }
  if (!positive(options.queryTimeoutMs)) throw new TypeError('engine queryTimeoutMs must be an integer >= 1')
  if (!positive(options.maxQueryRows)) throw new TypeError('engine maxQueryRows must be an integer >= 1')
}

export function createEngine (options: EngineOptions): Engine {
  assertOptions(options)
  const dataDir = path.resolve(options.dataDir)
  const log = options.logger ?? silent
  // each lane's own pool is a safety net: the budget closes connections before any pool is full
  const config = { dataDir, maxConnections: options.maxConnections, maxQueryRows: options.maxQueryRows, maxWorkerRssBytes: options.maxWorkerRssBytes }
  const idleCloseMs = options.idleCloseMs ?? defaultIdleCloseMs

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
  const inlineLocations = createLocations(locate, schemaRecheckMs)
  const listeners: JobListener[] = []
  const checkpointArgs = { passive: options.passiveCheckpoints === true }
  const limits = createDbLimits(options.dbMaxInflight ?? defaultDbMaxInflight, options.dbMaxQueue ?? defaultDbMaxQueue)
  const budget = createConnectionBudget({ max: options.maxConnections, idleMs: idleCloseMs, onClose: closeIn })
  const guard = options.checkFiles === true ? createFileGuard(dropReplaced) : undefined
  // one-off jobs' connections close within a second or two of their idle time, whatever ENGINE_IDLE_CLOSE_MS is
  const idleTimer = setInterval(() => budget.closeIdle(), Math.min(defaultOneOffIdleMs / 2, idleCloseMs > 0 ? Math.max(250, idleCloseMs / 4) : Infinity))
  idleTimer.unref()

  /** Files whose connection a worker must close once the jobs assigned to it before are sent. */
  const closingFiles = new Map<WorkerProcess, Set<string>>()

  /**
   * Closes a connection the budget let go: the inline lane's at once; a worker's in order with its jobs, which are
   * sent at the end of the turn (a close sent at once could overtake the job that opens the file).
   */
  function closeIn (lane: Lane, file: string): void {
    if (lane === 'inline') return inline?.release(file)
    const worker = workers[lane]
    if (worker === undefined) return
    let files = closingFiles.get(worker)
    if (files === undefined) closingFiles.set(worker, (files = new Set()))
    files.add(file)
    scheduleFlush()
  }

  function scheduleFlush (): void {
    if (flushScheduled) return
    flushScheduled = true
    // every job assigned in this turn of the event loop goes in one message per worker
    setImmediate(flush)
  }

  /** The size quota a job's connection enforces; explicit-file targets (uploads being checked) have none. */
  function maxSizeOf (databaseId: string | undefined): number | undefined {
    return databaseId === undefined ? undefined : options.maxSizeOf?.(databaseId)
  }

  /** The file of a registered database; DatabaseNotFound or (with checkFiles) DatabaseUnavailable otherwise. */
  function locate (databaseId: string): string {
    const file = options.locate(databaseId)
    if (file === undefined) throw new DatabaseNotFound(databaseId)
    guard?.check(file)
    return file
  }

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
      nice: options.workerNice,
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
    // the new process starts with no connection open
    budget.forgetLane(index)
    closingFiles.delete(worker)
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

  /** Workers able to take a job now: ready, with room in their pipeline, and a busy one only behind a young head. */
  function candidates (file: string): Candidate[] {
    const now = performance.now()
    const able: Candidate[] = []
    workers.forEach((worker, slot) => {
      if (!worker.ready) return
      const jobs = jobsOf(worker)
      if (jobs.length >= pipelineDepth) return
      const head = jobs[0]
      if (head?.startedAt !== undefined && now - head.startedAt > pipelineBehindMs) return
      able.push({ slot, load: jobs.length, onlyThisFile: jobs.every((job) => job.file === file), hasFile: budget.has(slot, file) })
    })
    return able
  }

  /** @see placement.ts: the file's home worker, unless its load needs another one; for a one-off job, one that has it open. */
  function pickWorker (file: string, oneOff: boolean): WorkerProcess | undefined {
    const able = candidates(file)
    const home = (oneOff ? able.find((c) => c.hasFile)?.slot : undefined) ?? homeSlot(file, workers.length)
    const slot = choose(able, home)
    return slot === undefined ? undefined : workers[slot]
  }

  /**
   * Whether the database's slow jobs already take every worker but one: its next job waits, so another database's
   * job always finds a worker within one pipeline step instead of behind a slow statement. A job counts as slow
   * once it has run for `pipelineBehindMs` (fast jobs never do); with one worker there is nothing to keep free.
   */
  function hogs (databaseId: string): boolean {
    if (workers.length < 2) return false
    const now = performance.now()
    let slow = 0
    for (const worker of workers) {
      const head = jobsOf(worker)[0]
      if (head?.databaseId === databaseId && head.startedAt !== undefined && now - head.startedAt > pipelineBehindMs) slow++
    }
    return slow >= workers.length - 1
  }

  function enqueue (job: Queued, first = false): void {
    if (first) queue.unshift(job)
    else queue.push(job)
    if (job.databaseId !== undefined) limits.queued(job.databaseId)
  }

  function dequeue (index: number): Queued {
    const [job] = queue.splice(index, 1)
    if (job.databaseId !== undefined) limits.dequeued(job.databaseId)
    return job
  }

  /**
   * Sends queued jobs, oldest first, to workers that can take them; jobs of a held database, or of one at its
   * in-flight limit, stay queued and the jobs of other databases go past them.
   */
  function dispatch (): void {
    for (let i = 0; i < queue.length;) {
      const job = queue[i]
      if (job.databaseId !== undefined && (holds.isHeld(job.databaseId) || !limits.canRun(job.databaseId) || hogs(job.databaseId))) {
        i++
        continue
      }
      let file: string
      try {
        file = job.file ?? locate(job.databaseId as string)
      } catch (err) {
        dequeue(i)
        job.reject(withDuration(err as Error, 0))
        continue
      }
      const worker = pickWorker(file, job.oneOff)
      if (worker === undefined) break
      dequeue(i)
      assign(worker, { ...job, file, sent: false, startedAt: undefined, timer: undefined })
    }
    checkDrained()
  }

  function assign (worker: WorkerProcess, job: Running): void {
    assigned.set(worker, [...jobsOf(worker), job])
    // a close not sent yet would follow this job: the connection stays
    if (!budget.use(workers.indexOf(worker), job.file, job.oneOff)) closingFiles.get(worker)?.delete(job.file)
    inline?.workerJobStarted(job.file)
    if (job.databaseId !== undefined) {
      holds.started(job.databaseId)
      limits.started(job.databaseId)
    }
    scheduleFlush()
  }

  function flush (): void {
    flushScheduled = false
    for (const worker of workers) {
      const unsent = jobsOf(worker).filter((job) => !job.sent)
      if (unsent.length > 0) {
        sendJobs(worker, unsent)
        armHead(worker)
      }
      for (const file of closingFiles.get(worker) ?? []) worker.request({ type: 'close', file }).catch(() => {})
      closingFiles.delete(worker)
    }
    dispatch()
  }

  function sendJobs (worker: WorkerProcess, jobs: Running[]): void {
    const message = (job: Running): JobMessage => ({
      id: job.id, name: job.name, file: job.file, args: job.args, timeoutMs: job.timeoutMs, maxSizeBytes: maxSizeOf(job.databaseId)
    })
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
    if (job.databaseId !== undefined) {
      holds.finished(job.databaseId)
      limits.finished(job.databaseId)
    }
  }

  /** Takes every job away from `worker` (which is gone or going): the head, and the others back into the queue. */
  function withdraw (worker: WorkerProcess): Running | undefined {
    const [head, ...rest] = jobsOf(worker)
    for (const job of jobsOf(worker)) unassign(worker, job)
    // They never started: the worker starts a job only after answering the one before, and it did not answer the head.
    for (const job of rest.reverse()) enqueue(requeued(job), true)
    return head
  }

  /** A job back as the queue holds it: a database's file is looked up again when it is dispatched. */
  function requeued ({ sent: _sent, startedAt: _startedAt, timer: _timer, committing: _committing, ...job }: Running): Queued {
    return { ...job, file: job.databaseId === undefined ? job.file : undefined }
  }

  function settle (worker: WorkerProcess, message: Extract<Arrived, { type: 'done' | 'failed' }>): void {
    const job = jobsOf(worker)[0]
    if (job?.id !== message.id) return
    unassign(worker, job)
    if (message.type === 'done') job.resolve({ result: unpackRows(message.value, message.rows, message.row, message.pieces), durationMs: message.durationMs })
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
    if (job !== undefined) enqueue(requeued(job), true)
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
      while (queue.length > 0) dequeue(0).reject(withDuration(new EngineUnavailable(startFailedMessage), 0))
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
    budget.forgetFile(file)
    for (const worker of workers) await worker.request({ type: 'close', file })
  }

  /**
   * Closes every connection to a file replaced behind the engine's back, at once: each worker gets its close before
   * any job sent after this (jobs go at the end of the turn), so no job reads the old file again.
   */
  function dropReplaced (file: string): void {
    inline?.close(file)
    budget.forgetFile(file)
    for (const worker of workers) worker.request({ type: 'close', file }).catch(() => {})
  }

  /** Runs the job on the main thread if the inline lane takes it; undefined sends it to a worker. */
  function runInline (databaseId: string, name: string, args: unknown): { result: unknown, durationMs: number } | undefined {
    if (inline === undefined || !inline.accepts(name) || holds.isHeld(databaseId)) return undefined
    let file: string | undefined
    try {
      file = inlineLocations.get(databaseId)
    } catch (err) {
      throw withDuration(err as Error, 0)
    }
    if (file === undefined) throw withDuration(new DatabaseNotFound(databaseId), 0)
    budget.use('inline', file)
    const outcome = inline.run(name, databaseId, file, args, maxSizeOf(databaseId))
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
      if (!holds.isHeld(target)) {
        try {
          locate(target)
        } catch (err) {
          throw withDuration(err as Error, 0)
        }
      }
      if (!limits.canQueue(target)) throw withDuration(new DatabaseBusy(), 0)
    } else {
      // Never open a file outside the data directory, whoever asks.
      if (!isInside(dataDir, target.file)) throw withDuration(new InvalidRequest('the database file must be inside the data directory'), 0)
      file = path.resolve(target.file)
    }
    const outcome = await new Promise<{ result: unknown, durationMs: number }>((resolve, reject) => {
      enqueue({ id: nextJobId++, name, args, databaseId, file, timeoutMs, oneOff: runOptions.oneOff === true || oneOffJobs.has(name), resolve, reject })
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
      const file = options.locate(databaseId)
      if (file !== undefined) guard?.forget(file)
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
    clearInterval(idleTimer)
    for (const timer of backoffTimers) clearTimeout(timer)
    inline?.closeAll()
    // one worker after the other: the last connection to a file checkpoints it and removes its -wal and -shm as it
    // closes, but two closing at once may each see the other still open and both leave them behind
    for (const worker of workers) await worker.shutdown(shutdownGraceMs)
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
    stats: () => ({
      workers: workers.length,
      ready: workers.filter((worker) => worker.ready).length,
      busy: assigned.size,
      queued: queue.length,
      running: limits.running,
      restarts,
      openConnections: budget.size,
      // the budget knows every connection a lane holds: a miss is an open
      opens: budget.misses,
      cacheHits: budget.hits,
      cacheMisses: budget.misses
    }),
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

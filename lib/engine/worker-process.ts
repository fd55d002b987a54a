import { fork, type ChildProcess } from 'node:child_process'
import { setPriority } from 'node:os'
import type { Readable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { answerPipeFd, createAnswerReader } from './answer-pipe.js'
import { createAnswerJoiner, type Arrived } from './large-answers.js'
import type { FromWorker, JobMessage, ToWorker, WorkerConfig } from './protocol.js'

// Tests run the engine from TypeScript through tsx; the built server runs compiled JavaScript without a loader.
const fromTypeScript = import.meta.url.endsWith('.ts')
const workerFile = fileURLToPath(new URL(fromTypeScript ? './worker.ts' : './worker.js', import.meta.url))
// Resolved here, not in the child: the child's working directory is the data directory, where 'tsx' is not found.
// --expose-gc: a worker past its memory ceiling collects the statements it dropped (@see worker-memory.ts)
const execArgv = [...(fromTypeScript ? ['--import', import.meta.resolve('tsx')] : []), '--expose-gc']

type Control = { type: 'close', file: string } | { type: 'count' }

/** What a control message answers when the worker cannot: a dead or unborn process holds no connections. */
const fallback: Record<Control['type'], unknown> = { close: true, count: 0 }

export interface WorkerEvents {
  ready: () => void
  result: (message: Extract<Arrived, { type: 'done' | 'failed' }>) => void
  /** The worker finished a job at the edge of its deadline and starts nothing more (see protocol.ts). */
  stopping: () => void
  /**
   * Job `id` of the worker is finishing: it starts a commit, or its long answer has begun to arrive on the pipe. Either
   * way it must not be killed as a runaway at its deadline (see protocol.ts).
   */
  finishing: (id: number) => void
  /**
   * The process ended without being retired by the engine, and every message it sent has been delivered.
   * `wasReady` is false when it never started.
   */
  exit: (info: { code: number | null, signal: NodeJS.Signals | null, wasReady: boolean }) => void
}

/** The engine's handle on one worker process. */
export interface WorkerProcess {
  readonly pid: number | undefined
  /** True once the process has loaded and can take jobs. */
  readonly ready: boolean
  /** Sends jobs in one message; throws, sending nothing, when one of them cannot be serialised. */
  sendJobs: (jobs: JobMessage[]) => void
  /** Sends a control message, answered in order with the jobs sent before it. */
  request: (control: Control) => Promise<unknown>
  /** Kills the process at once (SIGKILL) and stops reporting its events. */
  retire: () => void
  /** Asks the process to close its connections and exit; kills it after `graceMs`. */
  shutdown: (graceMs: number) => Promise<void>
}

export interface SpawnOptions {
  config: WorkerConfig
  /**
   * Niceness of the process. Workers run what the inline lane will not (long scans, big rows, raw SQL); the main
   * thread runs every request. On a machine short of CPU, equal priority gives one tenant's flood of heavy statements
   * as much CPU as the thread that serves every other tenant; at a higher niceness the kernel runs the main thread first
   * and the workers take what is left (all of it when the main thread is idle).
   */
  nice?: number
  onError: (err: Error) => void
}

export function spawnWorker (options: SpawnOptions, events: WorkerEvents): WorkerProcess {
  const { config } = options
  const child: ChildProcess = fork(workerFile, [JSON.stringify(config)], {
    cwd: config.dataDir,
    execArgv,
    // JSON: jobs take and return the wire format (blobs as {"$base64"}, 64-bit integers as strings), so
    // nothing needs structured clone, which measured ~21k round trips/s here against ~30k/s for JSON.
    serialization: 'json',
    // fd 4: the answer pipe, for the bytes of long answers (@see answer-pipe.ts)
    stdio: ['ignore', 'inherit', 'inherit', 'ipc', 'pipe']
  })
  if (options.nice !== undefined && options.nice !== 0 && child.pid !== undefined) {
    try {
      setPriority(child.pid, options.nice)
    } catch (err) {
      options.onError(err as Error)
    }
  }
  const pending = new Map<number, { control: Control, resolve: (value: unknown) => void }>()
  let nextControlId = 1
  let ready = false
  let retired = false
  let exited = false
  const exitedPromise = new Promise<void>((resolve) => child.once('close', () => resolve()))
  const answers = createAnswerJoiner(deliver)
  const pipe = child.stdio[answerPipeFd] as Readable
  pipe.on('data', createAnswerReader((id, piece, last) => answers.piece(id, piece, last)))
  pipe.on('error', (err) => { if (!retired && !exited) options.onError(err) })

  function answerPending (): void {
    for (const { control, resolve } of pending.values()) resolve(fallback[control.type])
    pending.clear()
  }

  function send (message: ToWorker): void {
    // A send to a dying process fails through the callback; its 'exit' event tells the engine what to do.
    child.send(message, (err) => { if (err && !retired && !exited) options.onError(err) })
  }

  child.on('error', (err) => { if (!retired) options.onError(err) })
  child.on('message', (received: FromWorker) => {
    if (retired) return
    answers.message(received)
    // a long answer has begun to arrive: its job is done
    if (received.type === 'done' && received.piped !== undefined && answers.waiting(received.id)) events.finishing(received.id)
  })

  function deliver (message: Arrived): void {
    if (retired) return
    switch (message.type) {
      case 'ready':
        ready = true
        return events.ready()
      case 'reply': {
        const entry = pending.get(message.id)
        pending.delete(message.id)
        return entry?.resolve(message.value)
      }
      case 'stopping': return events.stopping()
      case 'committing': return events.finishing(message.id)
      default: return events.result(message)
    }
  }
  // 'close', not 'exit': it comes once the channel is drained, so every answer sent before the end has arrived
  child.once('close', (code, signal) => {
    exited = true
    answers.clear()
    answerPending()
    if (!retired) events.exit({ code, signal, wasReady: ready })
  })

  return {
    get pid () { return child.pid },
    get ready () { return ready && !retired && !exited },
    sendJobs: (jobs) => send({ type: 'jobs', jobs }),
    request (control) {
      if (!ready || retired || exited) return Promise.resolve(fallback[control.type])
      const id = nextControlId++
      return new Promise((resolve) => {
        pending.set(id, { control, resolve })
        send({ ...control, id })
      })
    },
    retire () {
      retired = true
      answerPending()
      if (!exited) child.kill('SIGKILL')
    },
    async shutdown (graceMs) {
      if (exited) return
      retired = true
      if (ready) send({ type: 'shutdown' })
      else child.kill('SIGKILL')
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
      await exitedPromise
      clearTimeout(timer)
      answerPending()
    }
  }
}

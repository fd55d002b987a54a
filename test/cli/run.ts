// Runs the `litehouse` CLI two ways: the real bin (bin/litehouse.mjs) as a child process, the way a user's shell
// would, and lib/cli/main's `run` in this process with its own environment and captured output (no Node start and
// no module loading per command: the bin only calls `run` and exits with its code, which the spawned cases prove).
import { AsyncLocalStorage } from 'node:async_hooks'
import { execFile } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { run } from '../../lib/cli/main.js'

export const projectRoot = join(import.meta.dirname, '..', '..')
export const bin = join(projectRoot, 'bin', 'litehouse.mjs')

export interface Ran { code: number | null, stdout: string, stderr: string }

/** The environment of a child: none of the caller's Litehouse settings leak in; one engine worker on a loaded machine. */
export function childEnv (env: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env, ENGINE_WORKERS: '1', LOG_LEVEL: 'silent' }
  for (const name of ['DATA_DIR', 'PORT', 'HOST', 'BACKUP_URL', 'LITEHOUSE_URL', 'LITEHOUSE_TOKEN', 'LITEHOUSE_ADMIN_PASSWORD', 'LITEHOUSE_BOOTSTRAP_KEY', 'ADMIN_EMAIL', 'ADMIN_PASSWORD']) delete base[name]
  return { ...base, ...env }
}

/** `litehouse ...args` spawned; never spawnSync: the server a command talks to may run in the test's own process. */
export function litehouse (args: string[], env: Record<string, string | undefined> = {}): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { env: childEnv(env), timeout: 120_000 }, (err, stdout, stderr) => {
      const code = err === null ? 0 : typeof err.code === 'number' ? err.code : null
      resolve({ code, stdout, stderr })
    })
  })
}

/** The output of the command running in this async context; writes from anywhere else (tap's own) pass through. */
const captured = new AsyncLocalStorage<{ stdout: string, stderr: string }>()
let capturing = false

function captureOutput (): void {
  if (capturing) return
  capturing = true
  for (const name of ['stdout', 'stderr'] as const) {
    const stream = process[name]
    const write = stream.write.bind(stream) as (...args: unknown[]) => boolean
    stream.write = ((chunk: string | Uint8Array, encoding?: unknown, callback?: unknown): boolean => {
      const output = captured.getStore()
      if (output === undefined) return write(chunk, encoding, callback)
      output[name] += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString()
      const done = typeof encoding === 'function' ? encoding : callback
      if (typeof done === 'function') process.nextTick(done as () => void)
      return true
    }) as typeof stream.write
  }
}

/** Makes process.env exactly `env` (what a child would get), and returns the function that puts the old one back. */
function swapEnv (env: NodeJS.ProcessEnv): () => void {
  const saved = { ...process.env }
  const setTo = (next: NodeJS.ProcessEnv): void => {
    for (const name of Object.keys(process.env)) if (next[name] === undefined) delete process.env[name]
    for (const [name, value] of Object.entries(next)) if (value !== undefined) process.env[name] = value
  }
  setTo(env)
  return () => setTo(saved)
}

let queue: Promise<unknown> = Promise.resolve()

/**
 * `litehouse ...args` through lib/cli/main's `run` in this process, with the environment a child would get (see
 * childEnv) and its stdout/stderr captured; the exit code is what the bin would exit with. One command at a time,
 * since process.env is the process's. Not for `serve` beyond its usage errors (it would keep serving here).
 */
export function litehouseHere (args: string[], env: Record<string, string | undefined> = {}): Promise<Ran> {
  const turn = queue.then(async () => {
    captureOutput()
    const output = { stdout: '', stderr: '' }
    const restoreEnv = swapEnv(childEnv(env))
    try {
      const code = await captured.run(output, () => run(args))
      if (code === 'serving') throw new Error(`litehouse ${args.join(' ')} started serving in the test process`)
      return { code, ...output }
    } finally {
      restoreEnv()
    }
  })
  queue = turn.catch(() => {})
  return turn
}

/** Every file under `dir` with its size and modification time: equal before and after means nothing was touched. */
export function fingerprint (dir: string): Record<string, string> {
  const files: Record<string, string> = {}
  for (const entry of readdirSync(dir, { recursive: true })) {
    const stat = statSync(join(dir, String(entry)))
    files[String(entry)] = `${stat.size}:${stat.mtimeMs}`
  }
  return files
}

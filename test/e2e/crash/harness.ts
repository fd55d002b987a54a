// Shared by the crash and storage tests: the real server as a child process in its own process group (so a
// SIGKILL can take the engine workers down with it), HTTP calls that report "no answer" instead of throwing,
// read-only integrity checks and a seeded random source.
import { spawn, type ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'

export const projectRoot = fileURLToPath(new URL('../../../', import.meta.url))
const serverScript = fileURLToPath(new URL('./server.ts', import.meta.url))
// resolved here: a command run in another mount namespace starts in `/`, where 'tsx' is not found
const tsx = import.meta.resolve('tsx')

export interface Server {
  url: string
  /** Also the process group id: the engine workers share it. */
  pid: number
  output: () => string
}

/**
 * Starts test/e2e/crash/server.ts on 127.0.0.1 and an ephemeral port over `dataDir`. `launch` lets a caller
 * wrap the command (the storage test runs it inside a mount namespace); `script` runs another server (test/cluster).
 */
export async function startServer (dataDir: string, env: Record<string, string> = {}, launch: string[] = [], script = serverScript): Promise<Server> {
  const command = [...launch, process.execPath, '--import', tsx, script]
  const child: ChildProcess = spawn(command[0], command.slice(1), {
    cwd: projectRoot,
    detached: true,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', ENGINE_WORKERS: '2', ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start within 60 s:\n${output}`)), 60_000)
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const found = /LISTENING (\S+)/.exec(output)
      if (found) { clearTimeout(timer); resolve(found[1]) }
    })
    child.stderr!.on('data', (chunk: Buffer) => { output += chunk.toString() })
    child.once('exit', (code, signal) => { clearTimeout(timer); reject(new Error(`the server ended (${code ?? signal}) while starting:\n${output}`)) })
  })
  child.removeAllListeners('exit')
  return { url, pid: child.pid as number, output: () => output }
}

/** Live (not zombie) processes of a process group, read from /proc. */
export function groupMembers (pgid: number): number[] {
  const members: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      // after the command name in parentheses: state, ppid, pgrp
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      if (Number(pgrp) === pgid && state !== 'Z') members.push(Number(entry))
    } catch {
      // the process ended while we looked
    }
  }
  return members
}

export async function waitForGroupExit (pgid: number, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (groupMembers(pgid).length > 0) {
    if (Date.now() > deadline) throw new Error(`processes of group ${pgid} still run after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** SIGKILL to the whole group (server and workers at once) or to the server process alone. */
export function killServer (server: Server, whole: boolean): void {
  try { process.kill(whole ? -server.pid : server.pid, 'SIGKILL') } catch { /* already gone */ }
}

/** SIGTERM (a graceful close), then SIGKILL to the group if it lingers. */
export async function stopServer (server: Server): Promise<void> {
  try { process.kill(server.pid, 'SIGTERM') } catch { return }
  try {
    await waitForGroupExit(server.pid, 15_000)
  } catch {
    killServer(server, true)
    await waitForGroupExit(server.pid)
  }
}

export interface Answer {
  /** The HTTP status, or 'none' when the connection failed or closed before an answer. */
  status: number | 'none'
  body: any
  /** performance.now() when the answer (or the failure) arrived. */
  at: number
}

/** One HTTP call; a JSON body unless `body` is FormData. Never throws for a lost connection. */
export async function call (server: Server, method: string, path: string, token?: string, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {}
  let payload: string | FormData | undefined
  if (body instanceof FormData) payload = body
  else if (body !== undefined) {
    headers['content-type'] = 'application/json'
    payload = JSON.stringify(body)
  }
  try {
    const res = await fetch(server.url + path, { method, headers, body: payload, signal: AbortSignal.timeout(30_000) })
    const text = res.headers.get('content-type')?.includes('json') ? await res.text() : Buffer.from(await res.arrayBuffer())
    return { status: res.status, body: typeof text === 'string' ? JSON.parse(text) : text, at: performance.now() }
  } catch (err) {
    return { status: 'none', body: String((err as Error).cause ?? err), at: performance.now() }
  }
}

/** The first line of `PRAGMA integrity_check` on a read-only connection ('ok' when sound). */
export function integrity (file: string): string {
  const db = new Database(file, { readonly: true })
  try {
    return (db.pragma('integrity_check') as Array<{ integrity_check: string }>)[0].integrity_check
  } finally {
    db.close()
  }
}

/** mulberry32: a small seeded generator, so a failing run can be replayed with its seed. */
export function seededRandom (seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6D2B79F5) >>> 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

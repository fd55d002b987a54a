import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import type { Announcement } from './announce.js'

export interface ChildServer {
  name: string
  /** `http://127.0.0.1:<port>` */
  url: string
  pid: number
  stop: () => Promise<void>
}

const startTimeoutMs = 60_000
const stopGraceMs = 10_000
const tsx = import.meta.resolve('tsx')
// BENCH_CPU_PROF=<dir> writes a V8 CPU profile of each server (open it in Chrome DevTools) when it stops.
const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []

/**
 * Runs `bench/<script>` in its own node process (so it gets its own event loop, apart from
 * autocannon's) and resolves once it announces its port. Its other output goes to our stderr.
 */
export function startChild (name: string, script: string, env: Record<string, string>): Promise<ChildServer> {
  const file = fileURLToPath(new URL(script, import.meta.url))
  const child = spawn(process.execPath, [...profile, '--import', tsx, file], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  const forward = (line: string) => process.stderr.write(`[${name}] ${line}\n`)
  createInterface({ input: child.stderr! }).on('line', forward)

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`${name} did not start within ${startTimeoutMs} ms`)), startTimeoutMs)
    const fail = (err: Error) => {
      clearTimeout(timer)
      child.kill('SIGKILL')
      reject(err)
    }
    child.once('exit', (code, signal) => fail(new Error(`${name} exited before listening (code ${code}, signal ${signal})`)))
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const port = parsePort(line)
      if (port === undefined) return forward(line)
      clearTimeout(timer)
      child.removeAllListeners('exit')
      resolve({ name, url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => stop(child) })
    })
  })
}

/** A port of 127.0.0.1 free a moment ago. */
async function freePort (): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as { port: number }
  await new Promise((resolve) => probe.close(resolve))
  return port
}

/**
 * Runs the server as a user does, `npm start`'s `node scripts/start.mjs` (the build in dist/, Node's compile cache),
 * on a free port of 127.0.0.1, and resolves at its first healthy `GET /api/health`.
 */
export async function startAsUser (name: string, env: Record<string, string>): Promise<ChildServer> {
  const port = await freePort()
  const script = fileURLToPath(new URL('../scripts/start.mjs', import.meta.url))
  const child = spawn(process.execPath, [script], { env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] })
  createInterface({ input: child.stderr! }).on('line', (line) => process.stderr.write(`[${name}] ${line}\n`))
  const url = `http://127.0.0.1:${port}`
  const until = Date.now() + startTimeoutMs
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${name} exited before it was healthy (code ${child.exitCode})`)
    const healthy = await fetch(`${url}/api/health`).then((res) => res.ok, () => false)
    if (healthy) return { name, url, pid: child.pid!, stop: () => stop(child) }
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  child.kill('SIGKILL')
  throw new Error(`${name} was not healthy within ${startTimeoutMs} ms`)
}

function parsePort (line: string): number | undefined {
  if (!line.startsWith('{"benchPort"')) return undefined
  return (JSON.parse(line) as Announcement).benchPort
}

function stop (child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), stopGraceMs)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

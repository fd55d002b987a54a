import { spawn, type ChildProcess } from 'node:child_process'
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

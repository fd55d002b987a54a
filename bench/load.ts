import autocannon, { type Options, type RawResult, type Request } from 'autocannon'
import { treeCpuMs } from './cpu.js'

/** One kind of request; a function is called afresh for every request (random ids). */
export interface Load {
  method?: 'GET' | 'POST'
  path: string | (() => string)
  headers?: Record<string, string>
  body?: string | (() => string)
}

/** A server (its process id, for its CPU time) and the load to put on it. */
export interface Side { url: string, pid: number, load: Load }

export interface LoadSettings {
  /** Measured seconds per side of a comparison. */
  durationS: number
  /** Unmeasured seconds per side before measuring. */
  warmupS: number
  connections: number
}

export interface Measurement {
  rps: number
  p50: number
  p99: number
  /** Server CPU time (its process and engine workers) per request in microseconds, when /proc tells. */
  cpuUs?: number
  /** Responses that were not 2xx, connection errors and timeouts: the figures are suspect if > 0. */
  failures: number
}

interface Slice { run: RawResult, cpuMs?: number }

function options ({ url, load }: Side, connections: number, duration: number): Options & { skipAggregateResult: true } {
  const { path, body } = load
  const headers = { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...load.headers }
  const request: Request = { method: load.method ?? 'GET', headers }
  if (typeof path === 'string') request.path = path
  if (typeof body === 'string') request.body = body
  if (typeof path === 'function' || typeof body === 'function') {
    request.setupRequest = (raw) => ({
      ...raw,
      ...(typeof path === 'function' ? { path: path() } : {}),
      ...(typeof body === 'function' ? { body: body() } : {})
    })
  }
  return { url, connections, pipelining: 1, duration, timeout: 10, requests: [request], skipAggregateResult: true }
}

async function slice (side: Side, connections: number, seconds: number): Promise<Slice> {
  const before = treeCpuMs(side.pid)
  const run = await autocannon(options(side, connections, seconds))
  const after = treeCpuMs(side.pid)
  return { run, cpuMs: before === undefined || after === undefined ? undefined : after - before }
}

function summarize (url: string, slices: Slice[], connections: number): Measurement {
  const runs = slices.map((s) => s.run)
  const { latency } = autocannon.aggregateResult(runs, { url, connections })
  const sum = (of: (run: RawResult) => number) => runs.reduce((total, run) => total + of(run), 0)
  const completed = sum((run) => run.totalCompletedRequests)
  const cpuMs = slices.every((s) => s.cpuMs !== undefined) ? slices.reduce((total, s) => total + (s.cpuMs ?? 0), 0) : undefined
  return {
    rps: completed / sum((run) => run.duration),
    p50: latency.p50,
    p99: latency.p99,
    cpuUs: cpuMs === undefined || completed === 0 ? undefined : cpuMs * 1000 / completed,
    failures: sum((run) => run.non2xx + run.errors + run.timeouts)
  }
}

/** Balanced order of the slices: each side runs as often early as late. */
const order = ['a', 'b', 'b', 'a', 'b', 'a', 'a', 'b'] as const

/**
 * Measures `a` against `b` in short interleaved slices (A-B-B-A-B-A-A-B, each a quarter of the
 * duration) after a warm-up of each (JIT, statement caches, connections): a change in the machine's
 * load during the comparison then weighs on both sides alike instead of on whichever ran second.
 */
export async function compare (a: Side, b: Side, settings: LoadSettings): Promise<[Measurement, Measurement]> {
  const { connections, durationS, warmupS } = settings
  if (warmupS > 0) {
    await autocannon(options(a, connections, warmupS))
    await autocannon(options(b, connections, warmupS))
  }
  const seconds = durationS / (order.length / 2)
  const taken: Record<'a' | 'b', Slice[]> = { a: [], b: [] }
  for (const side of order) taken[side].push(await slice(side === 'a' ? a : b, connections, seconds))
  return [summarize(a.url, taken.a, connections), summarize(b.url, taken.b, connections)]
}

import autocannon, { type Request } from 'autocannon'
import { treeCpuMs } from '../cpu.js'
import type { FailureLog } from './failures.js'
import type { LatencyLog } from './latencies.js'
import { nextCall, type MixTarget } from './mix.js'

/** The request a connection has in flight. */
interface InFlight { kind?: string, sentAt?: number }

export interface TrafficRun {
  seconds: number
  requests: number
  rps: number
  /** Milliseconds, of the 2xx answers (autocannon's whole milliseconds). */
  p50: number
  p99: number
  p99_9: number
  /** Non-2xx answers, connection errors and timeouts. */
  failures: number
  /** Server CPU time (main process and engine workers) during the run, when /proc tells. */
  cpuMs?: number
}

export interface TrafficSettings {
  connections: number
  seconds: number
  /** Requests per second over all connections; flat out when absent. */
  rate?: number
  /** Where each answer's latency goes, by operation. */
  latencies?: LatencyLog
}

/**
 * The mix as one autocannon request. With pipelining 1 a connection has one request in flight, and
 * autocannon reads its answer before it builds the next, so the connection's context carries the kind.
 */
function mixRequest (target: MixTarget, failures: FailureLog, latencies?: LatencyLog): Request<InFlight> {
  return {
    // autocannon builds a request just before it writes it, also when it has waited for its rate
    setupRequest (request, context) {
      const call = nextCall(target)
      context.kind = call.kind
      context.sentAt = performance.now()
      const headers: Record<string, string> = { authorization: `Bearer ${call.token}` }
      if (call.body !== undefined) headers['content-type'] = 'application/json'
      return { ...request, method: call.method, path: call.path, headers, body: call.body === undefined ? '' : JSON.stringify(call.body) }
    },
    onResponse (status, body, { kind = 'unknown', sentAt }) {
      const ok = status >= 200 && status <= 299
      if (!ok) failures.note(status, kind, body)
      if (sentAt !== undefined) latencies?.record(kind, performance.now() - sentAt, ok)
    }
  }
}

/** One autocannon run of the mix against `url`, with the server's (`pid`'s) CPU time around it. */
export async function runMix (url: string, pid: number, target: MixTarget, failures: FailureLog, settings: TrafficSettings): Promise<TrafficRun> {
  const { connections, seconds, rate, latencies } = settings
  // autocannon's correction for coordinated omission assumes 1 ms between requests whatever the rate
  // (it divides 1 by requests per second), which adds dozens of made-up samples per answer: record what was measured
  const paced = rate === undefined ? {} : { overallRate: Math.max(1, Math.round(rate)), ignoreCoordinatedOmission: true }
  const cpuBefore = treeCpuMs(pid)
  const result = await autocannon({ url, connections, pipelining: 1, duration: seconds, timeout: 10, requests: [mixRequest(target, failures, latencies)], ...paced })
  const cpuAfter = treeCpuMs(pid)
  return {
    seconds: result.duration,
    requests: result.requests.total,
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    p99_9: result.latency.p99_9,
    failures: result.non2xx + result.errors + result.timeouts,
    cpuMs: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore
  }
}

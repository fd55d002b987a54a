// The few parts of autocannon's programmatic API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  export interface Request {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string | Buffer
    setupRequest?: (request: Request) => Request
  }

  export interface Options {
    url: string
    connections?: number
    pipelining?: number
    /** Seconds. */
    duration?: number
    timeout?: number
    requests?: Request[]
    /** Resolve with the raw result, which `aggregateResult` can merge with others. */
    skipAggregateResult?: boolean
  }

  /** What a run resolves with when `skipAggregateResult` is set. */
  export interface RawResult {
    totalCompletedRequests: number
    non2xx: number
    errors: number
    timeouts: number
    /** Seconds the run lasted. */
    duration: number
  }

  export interface Aggregated {
    /** Milliseconds. */
    latency: { average: number, p50: number, p99: number }
  }

  interface Autocannon {
    /** The benchmarks always set `skipAggregateResult`, hence the raw result. */
    (options: Options): Promise<RawResult>
    aggregateResult: (results: RawResult[], options: { url: string, connections?: number }) => Aggregated
  }

  const autocannon: Autocannon
  export default autocannon
}

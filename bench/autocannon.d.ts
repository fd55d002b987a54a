// The few parts of autocannon's programmatic API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  /** One request; `Context` is the per-connection object autocannon passes to the hooks. */
  export interface Request<Context = object> {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string | Buffer
    setupRequest?: (request: Request<Context>, context: Context) => Request<Context>
    /** Called with each answer, before the connection builds its next request. */
    onResponse?: (status: number, body: string, context: Context) => void
  }

  export interface Options<Context = object> {
    url: string
    connections?: number
    pipelining?: number
    /** Seconds. */
    duration?: number
    timeout?: number
    requests?: Array<Request<Context>>
    /** Requests per second over all connections. */
    overallRate?: number
    /** Report measured latencies only, without autocannon's correction for coordinated omission. */
    ignoreCoordinatedOmission?: boolean
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
    latency: { average: number, p50: number, p99: number, p99_9: number }
  }

  /** What a run resolves with by default. */
  export interface Result extends Aggregated {
    duration: number
    requests: { total: number }
    /** Responses by status code, e.g. `{ '200': { count: 9 }, '503': { count: 1 } }`. */
    statusCodeStats?: Record<string, { count: number }>
    non2xx: number
    errors: number
    timeouts: number
  }

  interface Autocannon {
    <Context>(options: Options<Context> & { skipAggregateResult: true }): Promise<RawResult>
    <Context>(options: Options<Context>): Promise<Result>
    aggregateResult: (results: RawResult[], options: { url: string, connections?: number }) => Aggregated
  }

  const autocannon: Autocannon
  export default autocannon
}

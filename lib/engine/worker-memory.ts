import type { ConnectionPool } from './connection-pool.js'
import type { StatementBytes } from './statement-cache.js'

/**
 * A worker's memory ceiling. Statement caches and idle connections are the memory a worker keeps between jobs; past
 * either bound, every connection closes after the job (each finalizes its statements and frees its page cache) and,
 * when the process may ask for it, V8 collects the statements it still holds. The next jobs reopen what they need.
 */

/** Statement memory (estimated) all connections of one worker keep together. */
export const workerStatementBytes = 64 * 1024 * 1024
/** Resident memory past which a worker drops its caches and connections. */
export const defaultWorkerRssBytes = 512 * 1024 * 1024
/** Jobs between two looks at the resident memory (one look reads /proc, some 30 µs). */
const rssCheckEvery = 64

export function createMemoryGuard (pool: ConnectionPool, statements: StatementBytes, maxRssBytes = defaultWorkerRssBytes) {
  let jobs = 0
  return {
    /** After each job: drops everything kept when a bound is passed; answers whether it did. */
    afterJob (): boolean {
      jobs++
      const overRss = jobs % rssCheckEvery === 0 && process.memoryUsage.rss() > maxRssBytes
      if (statements.total <= workerStatementBytes && !overRss) return false
      pool.closeAll()
      globalThis.gc?.()
      return true
    }
  }
}

import { setTimeout as sleep } from 'node:timers/promises'
import { call } from '../api.js'
import { item, itemsTable } from '../items.js'
import type { FailureLog } from './failures.js'
import type { LatencyLog } from './latencies.js'
import { itemsColumns, type SoakDatabase, type SoakServer } from './setup.js'

/** The churn's calls, in the order of a cycle, as they are named in the latency log. */
export const churnKinds = ['database-create', 'table-create', 'record-insert', 'database-delete', 'key-rotate'].map((kind) => `churn ${kind}`)
type ChurnKind = 'database-create' | 'table-create' | 'record-insert' | 'database-delete' | 'key-rotate'

export interface ChurnSummary {
  /** Cycles that created, filled and deleted a database without an error. */
  cycles: number
  rotations: number
  errors: number
}

export interface Churn {
  /** Errors since the last call (or the start): the window's share. */
  takeErrors: () => number
  /** Ends the loop after the call in flight and answers what it did. */
  stop: () => Promise<ChurnSummary>
}

/**
 * What autocannon cannot do, because the calls depend on each other: in a loop at a low fixed rate
 * (one call, then `pauseMs`), create a database `churn-N`, create a table in it, insert a record,
 * delete the database, then rotate the rotation key of a random soak database. A non-2xx is an error.
 */
export function startChurn (server: SoakServer, databases: SoakDatabase[], failures: FailureLog, latencies: LatencyLog, pauseMs = 1000): Churn {
  const summary: ChurnSummary = { cycles: 0, rotations: 0, errors: 0 }
  let untaken = 0
  let stopped = false

  async function step (kind: ChurnKind, method: string, path: string, body?: unknown): Promise<boolean> {
    if (stopped) return false
    const started = performance.now()
    let ok = true
    try {
      await call(server.url, method, path, server.session, body)
    } catch (err) {
      ok = false
      const message = (err as Error).message
      failures.note(/answered (\d{3})/.exec(message)?.[1] ?? 'no answer', `churn ${kind}`, message)
      summary.errors++
      untaken++
    }
    latencies.record(`churn ${kind}`, performance.now() - started, ok)
    await sleep(pauseMs)
    return ok
  }

  async function cycle (n: number): Promise<void> {
    const name = `churn-${n}`
    const base = `/api/databases/${name}`
    // a failed step ends the cycle: the steps after it would fail for that reason alone
    const done = await step('database-create', 'POST', '/api/databases', { name }) &&
      await step('table-create', 'POST', `${base}/tables`, { name: itemsTable, columns: itemsColumns }) &&
      await step('record-insert', 'POST', `${base}/tables/${itemsTable}/records`, item(n)) &&
      await step('database-delete', 'DELETE', base)
    if (done) summary.cycles++
    const db = databases[Math.floor(Math.random() * databases.length)]
    if (await step('key-rotate', 'POST', `/api/databases/${db.name}/keys/${db.rotationKeyId}/rotate`)) summary.rotations++
  }

  const loop = (async () => {
    for (let n = 1; !stopped; n++) await cycle(n)
  })()

  return {
    takeErrors () {
      const errors = untaken
      untaken = 0
      return errors
    },
    async stop () {
      stopped = true
      await loop
      return summary
    }
  }
}

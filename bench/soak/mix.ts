import { categoryCount, item, itemsTable } from '../items.js'
import type { SoakDatabase } from './setup.js'

/** What the traffic may touch: the databases with their keys, and the admin session for analytics. */
export interface MixTarget {
  session: string
  databases: SoakDatabase[]
  /** Rows 1..seedRows exist in every database and are never deleted. */
  seedRows: number
}

/** One request of the mix. `kind` names the operation in error reports. */
export interface MixCall {
  kind: string
  method: 'GET' | 'POST' | 'PATCH'
  path: string
  token: string
  body?: unknown
}

const random = (below: number) => Math.floor(Math.random() * below)
const price = () => random(100_000) / 100

const pointSelect = `SELECT * FROM ${itemsTable} WHERE id = ?`
const aggregate = `SELECT category, count(*) AS n, round(avg(price), 2) AS avg_price FROM ${itemsTable} WHERE price >= ? GROUP BY category ORDER BY n DESC`

type Build = (db: SoakDatabase, target: MixTarget) => Omit<MixCall, 'kind'>

/** The operations and their share of the traffic, in percent. */
export const operations: Array<{ kind: string, weight: number, build: Build }> = [
  {
    kind: 'records-get', weight: 45,
    build: (db, { seedRows }) => ({ method: 'GET', token: db.key, path: `/api/databases/${db.name}/tables/${itemsTable}/records/${1 + random(seedRows)}` })
  },
  {
    kind: 'records-list', weight: 15,
    build: (db) => {
      const filter = encodeURIComponent(JSON.stringify({ category: `c${random(categoryCount)}`, price__gte: price() / 2 }))
      return { method: 'GET', token: db.key, path: `/api/databases/${db.name}/tables/${itemsTable}/records?filter=${filter}&sort=-price&limit=20` }
    }
  },
  {
    kind: 'records-insert', weight: 15,
    build: (db) => ({ method: 'POST', token: db.key, path: `/api/databases/${db.name}/tables/${itemsTable}/records`, body: item(1 + random(100_000)) })
  },
  {
    kind: 'records-update', weight: 10,
    build: (db, { seedRows }) => ({ method: 'PATCH', token: db.key, path: `/api/databases/${db.name}/tables/${itemsTable}/records/${1 + random(seedRows)}`, body: { price: price() } })
  },
  {
    kind: 'raw-sql', weight: 10,
    build: (db, { seedRows }) => ({
      method: 'POST', token: db.key, path: `/api/databases/${db.name}/query`,
      body: Math.random() < 0.5 ? { sql: pointSelect, params: [1 + random(seedRows)] } : { sql: aggregate, params: [price()] }
    })
  },
  // analytics answers from the admin session; overview answers are cached by the server for 60 s
  { kind: 'analytics-overview', weight: 2, build: (db, { session }) => ({ method: 'GET', token: session, path: '/api/analytics/overview?range=24h' }) },
  { kind: 'analytics-top-queries', weight: 1.5, build: (db, { session }) => ({ method: 'GET', token: session, path: '/api/analytics/top-queries?range=24h' }) },
  // not in the soak (weight 0): `npm run bench:mix-ops -- --ops=...` measures it against the whole answer above
  { kind: 'analytics-top-queries-50', weight: 0, build: (db, { session }) => ({ method: 'GET', token: session, path: '/api/analytics/top-queries?range=24h&limit=50' }) },
  { kind: 'analytics-database', weight: 1.5, build: (db, { session }) => ({ method: 'GET', token: session, path: `/api/analytics/${db.name}/overview?range=24h` }) }
]

const totalWeight = operations.reduce((sum, op) => sum + op.weight, 0)

/** A random operation by weight, on a random database with that database's key (analytics: the admin session). */
export function nextCall (target: MixTarget): MixCall {
  let ticket = Math.random() * totalWeight
  const op = operations.find((candidate) => (ticket -= candidate.weight) < 0) ?? operations[0]
  return { kind: op.kind, ...op.build(target.databases[random(target.databases.length)], target) }
}

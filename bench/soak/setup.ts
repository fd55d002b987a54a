import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { call, eachLimited } from '../api.js'
import { startChild, type ChildServer } from '../child.js'
import { item, itemsTable } from '../items.js'

export interface SoakServer extends ChildServer {
  /** Admin session token. */
  session: string
}

export interface SoakDatabase {
  name: string
  /** Write-scope key the traffic uses. */
  key: string
  /** Id of a second write-scope key, used only by the churn's rotations (so the traffic's key stays valid). */
  rotationKeyId: string
}

/** Rows seeded into every database: ids 1..seedRows, which reads and updates pick from and nobody deletes. */
export const seedRows = 200
const bulkLimit = 1000
const admin = { email: 'soak@example.com', password: 'soak password 1' }

/** The items table as the tables API creates it. */
export const itemsColumns = [
  { name: 'id', type: 'integer', primary_key: true, auto_increment: true },
  { name: 'title', type: 'text' },
  { name: 'price', type: 'real' },
  { name: 'category', type: 'text' },
  { name: 'created', type: 'text' }
]

/** The real Litehouse app in its own process (bench/server.ts), configured like bench/servers.ts does, and signed in. */
export async function startLitehouse (root: string): Promise<SoakServer> {
  const dataDir = join(root, 'data')
  mkdirSync(dataDir)
  const server = await startChild('litehouse', 'server.ts', {
    DATA_DIR: dataDir, LOG_LEVEL: 'warn', ANALYTICS: 'on', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password
  })
  try {
    const { token } = await call<{ token: string }>(server.url, 'POST', '/api/admin/login', undefined, admin)
    return { ...server, session: token }
  } catch (err) {
    await server.stop()
    throw err
  }
}

export const databaseName = (n: number) => `soak-${String(n).padStart(5, '0')}`

async function createDatabase (server: SoakServer, name: string): Promise<SoakDatabase> {
  const { url, session } = server
  const base = `/api/databases/${name}`
  await call(url, 'POST', '/api/databases', session, { name })
  await call(url, 'POST', `${base}/tables`, session, { name: itemsTable, columns: itemsColumns })
  await call(url, 'POST', `${base}/query`, session, { sql: `CREATE INDEX ${itemsTable}_category ON ${itemsTable} (category)` })
  for (let first = 1; first <= seedRows; first += bulkLimit) {
    const rows = Array.from({ length: Math.min(bulkLimit, seedRows - first + 1) }, (_, i) => item(first + i))
    const inserted = await call<Array<{ id: number }>>(url, 'POST', `${base}/tables/${itemsTable}/records`, session, rows)
    // reads pick ids 1..seedRows: make sure that is what the table holds
    if (inserted.at(-1)?.id !== first + rows.length - 1) throw new Error(`${name}: seeded rows did not get ids ${first}..${first + rows.length - 1}`)
  }
  const traffic = await call<{ key: string }>(url, 'POST', `${base}/keys`, session, { label: 'soak traffic', scope: 'write' })
  const rotation = await call<{ id: string }>(url, 'POST', `${base}/keys`, session, { label: 'soak rotation', scope: 'write' })
  return { name, key: traffic.key, rotationKeyId: rotation.id }
}

/** Creates `count` databases through the API, 4 at a time, each with a seeded items table and two keys. */
export async function createDatabases (server: SoakServer, count: number): Promise<SoakDatabase[]> {
  const databases: SoakDatabase[] = []
  const names = Array.from({ length: count }, (_, i) => databaseName(i + 1))
  await eachLimited(names, 4, async (name) => { databases.push(await createDatabase(server, name)) })
  return databases
}

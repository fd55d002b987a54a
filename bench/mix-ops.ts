// Each operation of the soak's mix alone, on databases picked uniformly over N (default 10,000), flat out over 10
// connections: req/s, p50 and p99 per operation, in one run. The soak mixes them; this bench says which of them
// slows down when the traffic is spread over many tenants (writes, raw SQL, a database's analytics...).
//   npm run bench:mix-ops [-- --dbs=10000 --seconds=8 --ops=records-get,records-insert]
// Each database is a copy of one made through the API (an indexed items table of 200 rows, a write key), registered
// while the server is stopped (bench/seed.ts); the server is the build in dist/, as `npm start` runs it.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { call } from './api.js'
import { startChild } from './child.js'
import { item } from './items.js'
import { registerCopies } from './seed.js'
import { itemsColumns, seedRows } from './soak/setup.js'
import { operations, type MixTarget } from './soak/mix.js'

const { values } = parseArgs({ options: { dbs: { type: 'string', default: '10000' }, seconds: { type: 'string', default: '8' }, ops: { type: 'string' } } })
const dbs = Number(values.dbs)
const seconds = Number(values.seconds)
const chosen = values.ops?.split(',') ?? operations.map((op) => op.kind)
const unknown = chosen.filter((kind) => !operations.some((op) => op.kind === kind))
if (!(dbs >= 1) || !(seconds > 0) || unknown.length > 0) throw new Error(`--dbs >= 1, --seconds > 0, --ops among ${operations.map((op) => op.kind).join(', ')}`)

const root = mkdtempSync(join(tmpdir(), 'litehouse-mix-ops-'))
const dataDir = join(root, 'data')
mkdirSync(dataDir)
const admin = { email: 'mix@example.com', password: 'mix password 1' }
const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', ANALYTICS: 'on', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password }
const signIn = async (url: string) => (await call<{ token: string }>(url, 'POST', '/api/admin/login', undefined, admin)).token
const names = Array.from({ length: dbs }, (_, i) => `m${String(i).padStart(5, '0')}`)

let server = await startChild('litehouse', 'server.ts', env)
try {
  const session = await signIn(server.url)
  const template = '_template'
  await call(server.url, 'POST', '/api/databases', session, { name: 'template' })
  await call(server.url, 'POST', '/api/databases/template/tables', session, { name: 'items', columns: itemsColumns })
  await call(server.url, 'POST', '/api/databases/template/query', session, { sql: 'CREATE INDEX items_category ON items (category)' })
  await call(server.url, 'POST', '/api/databases/template/tables/items/records', session, Array.from({ length: seedRows }, (_, i) => item(i + 1)))
  await server.stop()
  copyFileSync(join(dataDir, 'template.db'), join(dataDir, `${template}.db`))
  const keys = registerCopies(dataDir, template, names, { writeKeys: true })
  rmSync(join(dataDir, `${template}.db`))
  server = await startChild('litehouse', 'server.ts', env)
  const target: MixTarget = { session: await signIn(server.url), databases: names.map((name, i) => ({ name, key: keys[i], rotationKeyId: '' })), seedRows }
  console.log(`# ${dbs} databases, ${seconds} s per operation, 10 connections, load average ${loadavg()[0].toFixed(1)} before`)
  console.log('| operation | req/s | p50 | p99 | non-2xx |\n|---|---:|---:|---:|---:|')
  for (const kind of chosen) {
    const op = operations.find((candidate) => candidate.kind === kind)!
    const result = await autocannon({
      url: server.url,
      connections: 10,
      duration: seconds,
      requests: [{
        setupRequest: (request) => {
          const built = op.build(target.databases[Math.floor(Math.random() * dbs)], target)
          const body = built.body === undefined ? undefined : JSON.stringify(built.body)
          return { ...request, method: built.method, path: built.path, body, headers: { authorization: `Bearer ${built.token}`, 'content-type': 'application/json' } }
        }
      }]
    })
    console.log(`| ${kind} | ${Math.round(result.requests.total / seconds)} | ${result.latency.p50} ms | ${result.latency.p99} ms | ${result.non2xx} |`)
  }
} finally {
  await server.stop()
  rmSync(root, { recursive: true, force: true })
}

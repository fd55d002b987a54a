// The bare baseline: Fastify + better-sqlite3 on the main thread, serving the items table of
// BASELINE_DB with the same URLs and JSON shapes as Litehouse's record routes, and nothing else:
// no auth, no validation, no analytics, no worker processes. Prints its port like bench/server.ts.
import Database from 'better-sqlite3'
import Fastify from 'fastify'
import { announce, closeOnSignals } from './announce.js'
import { itemsTable } from './items.js'

const file = process.env.BASELINE_DB
if (!file) throw new Error('BASELINE_DB must name the items database file')

const db = new Database(file)
db.pragma('journal_mode = WAL')
db.pragma('synchronous = NORMAL')

const getById = db.prepare(`SELECT * FROM ${itemsTable} WHERE id = ?`)
const listByCategory = db.prepare(`SELECT * FROM ${itemsTable} WHERE category = ? ORDER BY price DESC LIMIT ? OFFSET ?`)
const insert = db.prepare(`INSERT INTO ${itemsTable} (title, price, category, created) VALUES (@title, @price, @category, @created) RETURNING *`)
const insertAll = db.transaction((rows: unknown[]) => rows.map((row) => insert.get(row)))

type Params = { id: string }
type ListQuery = { filter?: string, limit?: string, offset?: string }

const server = Fastify({ logger: false })
const records = '/api/databases/:db/tables/:table/records'

server.get<{ Params: Params }>(`${records}/:id`, async function (request, reply) {
  const row = getById.get(request.params.id)
  if (row === undefined) return reply.code(404).send({ statusCode: 404, code: 'RECORD_NOT_FOUND', error: 'Not Found', message: 'no such record' })
  return { data: row }
})

// only the one query the benchmark sends: {"category": ...}, sorted by -price
server.get<{ Querystring: ListQuery }>(records, async function (request) {
  const { category } = JSON.parse(request.query.filter ?? '{}') as { category: string }
  const limit = Number(request.query.limit ?? 50)
  const offset = Number(request.query.offset ?? 0)
  const rows = listByCategory.all(category, limit + 1, offset)
  return { data: rows.slice(0, limit), meta: { limit, offset, hasMore: rows.length > limit } }
})

server.post(records, async function (request, reply) {
  const many = Array.isArray(request.body)
  const rows = insertAll(many ? request.body as unknown[] : [request.body])
  reply.code(201)
  return { data: many ? rows : rows[0] }
})

server.addHook('onClose', async () => { db.close() })
await server.listen({ host: '127.0.0.1', port: 0 })
announce(server)
closeOnSignals(server)

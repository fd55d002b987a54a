import t from 'tap'
import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { as, build, signIn, workspace } from '../helper.js'
import { exportChunkRows } from '../../lib/engine/jobs/export.js'

const { app } = await build(t)
const admin = as(app, await signIn(app))
const { freshDatabase, keyFor, sql } = workspace(admin, 'export')

const exportUrl = (db: string, table: string, query: Record<string, string> = {}) =>
  `/api/databases/${db}/tables/${table}/export?${new URLSearchParams(query).toString()}`

/** A table whose values need every kind of CSV care. */
async function withOddValues (): Promise<string> {
  const db = await freshDatabase()
  await sql(db, 'CREATE TABLE odd (id INTEGER PRIMARY KEY, label TEXT, price REAL, data BLOB, big INTEGER)')
  await sql(db, 'INSERT INTO odd (label, price, data, big) VALUES (?, ?, ?, ?), (?, ?, ?, ?), (?, ?, ?, ?), (?, ?, ?, ?)', [
    'plain', 1.5, { $base64: 'AP8=' }, null,
    'comma, "quoted"', null, null, null,
    'two\r\nlines', -2, { $base64: '' }, 7,
    '', 0, null, null
  ])
  await sql(db, 'UPDATE odd SET big = 9007199254740993 WHERE id = 1')
  return db
}

t.test('CSV: a header row, RFC 4180 quoting, NULL as an empty field, blobs as base64', async (t) => {
  const db = await withOddValues()
  const res = await admin({ method: 'GET', url: exportUrl(db, 'odd', { format: 'csv' }) })
  t.equal(res.statusCode, 200)
  t.equal(res.headers['content-type'], 'text/csv; charset=utf-8')
  t.equal(res.headers['content-disposition'], 'attachment; filename="odd.csv"')
  t.equal(res.body, [
    'id,label,price,data,big',
    '1,plain,1.5,AP8=,9007199254740993',
    '2,"comma, ""quoted""",,,',
    '3,"two\r\nlines",-2,,7',
    '4,"",0,,',
    ''
  ].join('\r\n'), 'the empty blob and the empty string are not NULL: the string is "" and the blob an empty field')
  const defaulted = await admin({ method: 'GET', url: exportUrl(db, 'odd') })
  t.equal(defaulted.body, res.body, 'csv is the default')
})

t.test('NDJSON: one record a line, as the records API gives them; filter, sort and fields apply', async (t) => {
  const db = await withOddValues()
  const res = await admin({ method: 'GET', url: exportUrl(db, 'odd', { format: 'ndjson' }) })
  t.equal(res.headers['content-type'], 'application/x-ndjson')
  const lines = res.body.split('\n')
  t.equal(lines.pop(), '', 'every line ends with a newline')
  const listed = (await admin({ method: 'GET', url: `/api/databases/${db}/tables/odd/records` })).json().data
  t.strictSame(lines.map((line) => JSON.parse(line)), listed)

  const picked = await admin({ method: 'GET', url: exportUrl(db, 'odd', { format: 'csv', filter: '{"price__gte":0}', sort: '-price', fields: 'label,price' }) })
  t.equal(picked.body, 'label,price\r\nplain,1.5\r\n"",0\r\n')
  const searched = await admin({ method: 'GET', url: exportUrl(db, 'odd', { format: 'ndjson', search: 'QUOTED', fields: 'id' }) })
  t.equal(searched.body, '{"id":2}\n')
  const none = await admin({ method: 'GET', url: exportUrl(db, 'odd', { format: 'csv', filter: '{"id":99}' }) })
  t.equal(none.body, 'id,label,price,data,big\r\n', 'no rows: the header alone')
})

t.test('a table larger than a chunk goes out whole, in order, once; a view without a key too', async (t) => {
  const db = await freshDatabase()
  const total = exportChunkRows * 2 + 123
  await sql(db, 'CREATE TABLE big (id INTEGER PRIMARY KEY, v INTEGER)')
  await sql(db, `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${total}) INSERT INTO big (v) SELECT nullif(i % 10, 0) FROM n`)
  await sql(db, 'CREATE VIEW big_view AS SELECT v, id FROM big')
  for (const [table, sort] of [['big', '-v'], ['big_view', undefined]] as const) {
    const res = await admin({ method: 'GET', url: exportUrl(db, table, { format: 'csv', fields: 'id,v', ...(sort ? { sort } : {}) }) })
    const lines = res.body.trimEnd().split('\r\n').slice(1)
    t.equal(lines.length, total, `${table}: every row`)
    t.equal(new Set(lines).size, total, `${table}: each once`)
    if (sort) t.strictSame([...lines.slice(0, 2), lines.at(-1)], ['9,9', '19,9', `${total - 3},`], 'in the sort order, NULLs last')
  }
})

t.test('bad input: a missing table 404, an unknown format or column 400, a read key may export', async (t) => {
  const db = await withOddValues()
  const cases: Array<[string, Record<string, string>, number, string]> = [
    ['nope', {}, 404, 'TABLE_NOT_FOUND'],
    ['odd', { format: 'xml' }, 400, 'FST_ERR_VALIDATION'],
    ['odd', { fields: 'nope' }, 400, 'UNKNOWN_COLUMN'],
    ['odd', { filter: '{' }, 400, 'INVALID_FILTER'],
    ['odd', { colour: 'red' }, 400, 'FST_ERR_VALIDATION']
  ]
  for (const [table, query, status, code] of cases) {
    const res = await admin({ method: 'GET', url: exportUrl(db, table, query) })
    t.equal(res.statusCode, status, `${table} ${JSON.stringify(query)}`)
    t.equal(res.json().code, code)
  }
  const reader = as(app, await keyFor(db, 'read'))
  t.equal((await reader({ method: 'GET', url: exportUrl(db, 'odd') })).statusCode, 200)
  t.equal((await as(app, undefined)({ method: 'GET', url: exportUrl(db, 'odd') })).statusCode, 401)
})

t.test('a client that disconnects stops the export', async (t) => {
  const server = await build(t)
  const token = await signIn(server.app)
  const call = as(server.app, token)
  const own = workspace(call, 'gone')
  const db = await own.freshDatabase()
  const rows = exportChunkRows * 40
  await own.sql(db, 'CREATE TABLE wide (id INTEGER PRIMARY KEY, pad TEXT)')
  await own.sql(db, `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${rows}) INSERT INTO wide (pad) SELECT hex(randomblob(40)) FROM n`)
  let chunks = 0
  const timed = server.app.engine.timed
  server.app.engine.timed = ((...args: Parameters<typeof timed>) => {
    if (args[1] === 'records.export') chunks++
    return timed(...args)
  }) as typeof timed
  await server.app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = server.app.server.address() as AddressInfo

  await new Promise<void>((resolve, reject) => {
    const req = httpRequest({ port, host: '127.0.0.1', path: exportUrl(db, 'wide'), headers: { authorization: `Bearer ${token}` } }, (res) => {
      t.equal(res.statusCode, 200)
      res.once('data', () => {
        req.destroy()
        resolve()
      })
    })
    req.on('error', (err) => { if (!req.destroyed) reject(err) })
    req.end()
  })
  // give the server time to notice, then make sure it asks for no more chunks
  await new Promise((resolve) => setTimeout(resolve, 500))
  const afterClose = chunks
  await new Promise((resolve) => setTimeout(resolve, 500))
  t.equal(chunks, afterClose, `no chunk asked for after the client left (${chunks} of 40)`)
  t.ok(chunks < 40, 'the export did not run to the end')
  const health = await server.app.inject({ method: 'GET', url: '/api/health' })
  t.equal(health.statusCode, 200, 'the server is fine')
})

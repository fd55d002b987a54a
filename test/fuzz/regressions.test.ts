// One minimal test per defect the fuzzer and the shutdown proof caught, each named after it.
// The last one, if its defect is back, ends in an uncaught exception (outside any request,
// which would crash a real server): it runs last on purpose.
import t, { type Test } from 'tap'
import http from 'node:http'
import net from 'node:net'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { build, signIn } from '../helper.js'

const json = { 'content-type': 'application/json' }
const deepArray = (depth: number): string => '['.repeat(depth) + '1' + ']'.repeat(depth)

/** One app for the tests that leave it running: a database `d` with a table, an admin and a read key. */
async function fixture (t: Test, env: Record<string, string> = {}) {
  const { app } = await build(t, { LOG_LEVEL: 'silent', ...env })
  const token = await signIn(app)
  const admin = { authorization: `Bearer ${token}` }
  const ok = async (method: 'POST', url: string, payload: object) => {
    const res = await app.inject({ method, url, headers: admin, payload })
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`)
    return res.json()
  }
  await ok('POST', '/api/databases', { name: 'd' })
  await ok('POST', '/api/databases/d/query', { sql: 'CREATE TABLE notes (body TEXT, n INTEGER)' })
  await ok('POST', '/api/databases/d/query', { sql: "INSERT INTO notes (body, n) VALUES ('x', 1)" })
  const readKey = (await ok('POST', '/api/databases/d/keys', { label: 'reader', scope: 'read' })).data.key as string
  return { app, admin, readKey }
}

/** The app still answers a plain request: the previous one did not wedge or kill it. */
async function stillServing (t: Test, app: FastifyInstance, admin: Record<string, string>) {
  const res = await app.inject({ method: 'POST', url: '/api/databases/d/query', headers: admin, payload: { sql: 'SELECT count(*) AS n FROM notes' } })
  t.equal(res.statusCode, 200, 'the server still answers the next request')
}

const f = await fixture(t)

t.test('a 10,000-deep JSON value in a record is refused or stored, never a 500 (IPC serialisation overflow)', async (t) => {
  const body = `{"body":${deepArray(10_000)}}`
  for (const [method, url] of [['POST', '/api/databases/d/tables/notes/records'], ['PATCH', '/api/databases/d/tables/notes/records/1']] as const) {
    const res = await f.app.inject({ method, url, headers: { ...f.admin, ...json }, payload: body })
    t.ok(res.statusCode < 500, `${method} answers ${res.statusCode}, not 5xx: ${res.body.slice(0, 120)}`)
    if (res.statusCode >= 400 && res.statusCode < 500) t.type(res.json().code, 'string', 'the refusal carries a code')
  }
  await stillServing(t, f.app, f.admin)
})

t.test('raw SQL named parameters are validated whatever their name (TypeBox Record leaves other keys open)', async (t) => {
  const reader = { authorization: `Bearer ${f.readKey}`, ...json }
  for (const params of [`{"x y":[1]}`, `{"x y":{"nested":true}}`, `{"x y":${deepArray(10_000)}}`]) {
    const res = await f.app.inject({ method: 'POST', url: '/api/databases/d/query', headers: reader, payload: `{"sql":"SELECT 1","params":${params}}` })
    t.equal(res.statusCode, 400, `params ${params.slice(0, 30)} refused: ${res.body.slice(0, 120)}`)
  }
})

t.test('a table name with a NUL inside names no table: notes%00evil is not notes', async (t) => {
  const insert = await f.app.inject({ method: 'POST', url: '/api/databases/d/tables/notes%00x/records', headers: { ...f.admin, ...json }, payload: { n: 2 } })
  t.equal(insert.statusCode, 404, `no insert into notes through notes%00x: ${insert.body.slice(0, 160)}`)
  const drop = await f.app.inject({ method: 'DELETE', url: '/api/databases/d/tables/notes%00evil', headers: f.admin })
  t.equal(drop.statusCode, 404, `DELETE tables/notes%00evil is refused as an unknown table: ${drop.body.slice(0, 160)}`)
  const rows = await f.app.inject({ method: 'POST', url: '/api/databases/d/query', headers: f.admin, payload: { sql: 'SELECT count(*) AS n FROM notes' } })
  t.equal(rows.statusCode, 200, 'notes still exists')
})

t.test('integer query parameters refuse Infinity: Ajv coerces "Infinity" and "1e400" and then skips minimum/maximum', async (t) => {
  for (const url of [
    '/api/analytics/d/queries?limit=Infinity', '/api/analytics/d/queries?limit=-Infinity', '/api/analytics/d/queries?offset=1e400',
    '/api/analytics/errors?limit=-Infinity', '/api/activity?limit=Infinity', '/api/activity?offset=-Infinity'
  ]) {
    const res = await f.app.inject({ method: 'GET', url, headers: f.admin })
    t.equal(res.statusCode, 400, `${url}: ${res.body.slice(0, 140)}`)
    t.not(res.json().code, 'SQL_ERROR', `${url}: refused by validation, not by SQLite`)
  }
})

t.test('a multipart import without a boundary is a 400, not a 500', async (t) => {
  const res = await f.app.inject({
    method: 'POST', url: '/api/databases/import', headers: { ...f.admin, 'content-type': 'multipart/form-data' },
    payload: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nimported\r\n--x--\r\n'
  })
  t.equal(res.statusCode, 400, res.body)
  t.type(res.json().code, 'string', 'with a code')
})

t.test('a raw SQL result is bounded in bytes, not only in rows: a read key cannot make the server build 266 MB', async (t) => {
  const res = await f.app.inject({
    method: 'POST', url: '/api/databases/d/query', headers: { authorization: `Bearer ${f.readKey}`, ...json },
    payload: { sql: 'SELECT zeroblob(200000000) AS z' }
  })
  const refused = res.statusCode >= 400 && res.statusCode < 500
  const truncated = res.statusCode === 200 && res.json().meta?.truncated === true
  t.ok(refused || truncated, `refused (4xx) or truncated, got ${res.statusCode} with ${res.body.length} bytes`)
  t.ok(res.body.length < 100 * 1024 * 1024, 'the answer is far smaller than the 266 MB the value would take')
})

t.test('column names count toward the raw SQL byte budget: one long alias over many rows is truncated too', async (t) => {
  const alias = 'a'.repeat(100_000)
  const res = await f.app.inject({
    method: 'POST', url: '/api/databases/d/query', headers: { authorization: `Bearer ${f.readKey}`, ...json },
    payload: { sql: `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 2000) SELECT x AS "${alias}" FROM c` }
  })
  t.equal(res.statusCode, 200)
  const { meta } = res.json()
  t.equal(meta.truncated, true, 'the 2,000 rows would take 200 MB of JSON')
  t.ok(meta.rowCount > 100 && meta.rowCount < 400, `cut near the 32 MB budget (${meta.rowCount} rows)`)
})

t.test('a malformed HTTP request is answered with the JSON error shape and a code', async (t) => {
  await f.app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = f.app.server.address() as net.AddressInfo
  for (const [what, text] of [
    ['a header line without a colon', 'GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header: x\r\n\r\n'],
    ['headers over the size limit', `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`]
  ]) {
    const answer = await new Promise<string>((resolve) => {
      let out = ''
      const socket = net.connect(port, '127.0.0.1', () => socket.write(text))
      socket.on('data', (chunk) => { out += chunk.toString() })
      socket.on('error', () => {})
      socket.on('close', () => resolve(out))
    })
    const status = Number(/^HTTP\/1\.1 (\d+)/.exec(answer)?.[1])
    t.ok(status >= 400 && status < 500, `${what}: ${status}`)
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4) || '{}')
    t.type(body.code, 'string', `${what}: the body has a code (${JSON.stringify(body)})`)
  }
})

t.test('close() does not wait on the kept-alive connection of a request that was in flight', async (t) => {
  const { app, admin } = await fixture(t)
  await app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = app.server.address() as net.AddressInfo
  const agent = new http.Agent({ keepAlive: true })
  t.teardown(() => agent.destroy())
  const slow = new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: '/api/databases/d/query', method: 'POST', agent, headers: { ...admin, ...json } }, (res) => {
      res.resume()
      res.on('end', () => resolve(res))
    })
    req.on('error', reject)
    req.end(JSON.stringify({ sql: 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 2000000) SELECT count(*) AS n FROM c' }))
  })
  await new Promise((resolve) => setTimeout(resolve, 200))
  const closed = app.close().then(() => 'closed')
  const res = await slow
  t.equal(res.statusCode, 200, 'the in-flight request got its answer')
  t.equal(res.headers.connection, 'close', 'an answer sent while closing ends its connection')
  let timer: NodeJS.Timeout | undefined
  const outcome = await Promise.race([closed, new Promise((resolve) => { timer = setTimeout(() => resolve('still open after 10 s'), 10_000) })])
  clearTimeout(timer)
  t.equal(outcome, 'closed', 'close() finished once the in-flight answer was sent (keepAliveTimeout is 72 s)')
})

t.test('npm start gives in-flight requests a close grace delay beyond fastify start\'s 500 ms default', async (t) => {
  // fastify start exits 1 ("killed by timeout") when close() takes longer than --close-grace-delay,
  // cutting requests that run longer (a query may run QUERY_TIMEOUT_MS) and losing buffered analytics;
  // scripts/start.mjs serves in-process (lib/serve.ts) and gives a close one query deadline plus 5 s
  const script = readFileSync(join(import.meta.dirname, '..', '..', 'scripts', 'start.mjs'), 'utf8')
  t.match(script, /config\.queryTimeoutMs \+ 5000/, 'scripts/start.mjs sets the close grace delay')
})

t.test('a 10,000-deep JSON value queued behind a running job does not crash the process', async (t) => {
  const { app, admin } = await fixture(t, { ENGINE_WORKERS: '1' })
  const slow = app.inject({
    method: 'POST', url: '/api/databases/d/query', headers: admin,
    payload: { sql: 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 2000000) SELECT count(*) AS n FROM c' }
  })
  await new Promise((resolve) => setTimeout(resolve, 100))
  // an update, as an insert of one record runs inline (lib/engine/inline.ts) instead of queueing
  const deep = app.inject({ method: 'PATCH', url: '/api/databases/d/tables/notes/records/1', headers: { ...admin, ...json }, payload: `{"body":${deepArray(10_000)}}` })
  const [first, second] = await Promise.all([slow, deep])
  t.equal(first.statusCode, 200, 'the running job finished')
  t.ok(second.statusCode < 500, `the queued request answers ${second.statusCode}, not 5xx`)
  await stillServing(t, app, admin)
})

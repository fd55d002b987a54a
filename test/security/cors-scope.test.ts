// Issue #30 item 8: a write key may set its database's `cors_origins`, but that must open only the database's data
// routes to browsers. Before, `PATCH .../config {"cors_origins":["*"]}` then a preflight of `DELETE /api/databases/alpha`
// answered 204 allowing any origin: the pattern matched the database route itself, config, keys and export too.
import t from 'tap'
import type { LightMyRequestResponse } from 'fastify'
import { as, build, signIn, workspace } from '../helper.js'

const { app } = await build(t)
const admin = as(app, await signIn(app))
const ws = workspace(admin, 'cors')
const db = await ws.freshDatabase()
await ws.sql(db, 'CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)')
const writer = as(app, await ws.keyFor(db, 'write'))
const origin = 'https://evil.example.com'

const opened = await writer({ method: 'PATCH', url: `/api/databases/${db}/config`, payload: { cors_origins: ['*'] } })
t.equal(opened.statusCode, 200, 'a write key may set cors_origins')

const corsHeaders = (res: LightMyRequestResponse): string[] => Object.keys(res.headers).filter((h) => h.startsWith('access-control-')).sort()

function preflight (url: string, method: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'OPTIONS', url, headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'authorization' } })
}

const closed: Array<[string, string]> = [
  [`/api/databases/${db}`, 'DELETE'],
  [`/api/databases/${db}`, 'PATCH'],
  [`/api/databases/${db}`, 'GET'],
  [`/api/databases/${db}?counts=true`, 'GET'],
  [`/api/databases/${db}/config`, 'PATCH'],
  [`/api/databases/${db}/config`, 'GET'],
  [`/api/databases/${db}/keys`, 'GET'],
  [`/api/databases/${db}/keys`, 'POST'],
  [`/api/databases/${db}/keys/abc/rotate`, 'POST'],
  [`/api/databases/${db}/keys/abc`, 'DELETE'],
  [`/api/databases/${db}/export`, 'POST'],
  [`/api/databases/${db}/backups`, 'POST'],
  [`/api/databases/${db}/restore`, 'POST'],
  [`/api/databases/${db}//config`, 'PATCH'],
  [`/api/databases/${db}/tablesx`, 'GET'],
  ['/api/databases', 'POST'],
  ['/api/databases/import', 'POST']
]

t.test('no preflight of an admin-only route, config, keys or export is allowed', async (t) => {
  for (const [url, method] of closed) {
    const res = await preflight(url, method)
    t.same(corsHeaders(res), [], `${method} ${url} allows no origin`)
  }
})

t.test('no answer of those routes carries CORS headers', async (t) => {
  for (const [url, method] of closed.filter(([, m]) => m === 'GET')) {
    const res = await writer({ method: 'GET', url, headers: { origin } })
    t.same(corsHeaders(res), [], `GET ${url} has no access-control-* header`)
  }
  const exported = await writer({ method: 'POST', url: `/api/databases/${db}/export`, headers: { origin } })
  t.equal(exported.statusCode, 200)
  t.same(corsHeaders(exported), [], 'an export cannot be read by another site')
  const keys = await writer({ method: 'POST', url: `/api/databases/${db}/keys`, headers: { origin }, payload: { label: 'x' } })
  t.equal(keys.statusCode, 201)
  t.same(corsHeaders(keys), [], 'a new key cannot be read by another site')
})

t.test('the data routes still answer the database\'s origins', async (t) => {
  for (const [url, method] of [[`/api/databases/${db}/tables`, 'GET'], [`/api/databases/${db}/tables/t`, 'GET'],
    [`/api/databases/${db}/tables/t/records`, 'POST'], [`/api/databases/${db}/tables/t/records/1`, 'DELETE'],
    [`/api/databases/${db}/query`, 'POST'], [`/api/databases/${db}/tables?x=1`, 'GET']]) {
    const res = await preflight(url, method)
    t.equal(res.statusCode, 204, `${method} ${url}`)
    t.equal(res.headers['access-control-allow-origin'], '*', `${method} ${url} allows the origin`)
  }
  const list = await writer({ method: 'GET', url: `/api/databases/${db}/tables/t/records`, headers: { origin } })
  t.equal(list.headers['access-control-allow-origin'], '*')
})

import t from 'tap'
import type { LightMyRequestResponse } from 'fastify'
import { as, build, signIn } from '../helper.js'

const { app } = await build(t)
const admin = as(app, await signIn(app))
const allowed = 'https://app.example.com'

async function setup (name: string, corsOrigins?: string[]): Promise<void> {
  const created = await admin({ method: 'POST', url: '/api/databases', payload: { name } })
  if (created.statusCode !== 201) throw new Error(`create ${name}: ${created.body}`)
  const table = await admin({ method: 'POST', url: `/api/databases/${name}/query`, payload: { sql: 'CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)' } })
  if (table.statusCode !== 200) throw new Error(`table in ${name}: ${table.body}`)
  if (!corsOrigins) return
  const config = await admin({ method: 'PATCH', url: `/api/databases/${name}/config`, payload: { cors_origins: corsOrigins } })
  if (config.statusCode !== 200) throw new Error(`config of ${name}: ${config.body}`)
}

await setup('web', [allowed])
await setup('open', ['*'])
await setup('plain')

const corsHeaders = (res: LightMyRequestResponse): string[] => Object.keys(res.headers).filter((h) => h.startsWith('access-control-')).sort()

function preflight (url: string, origin: string): Promise<LightMyRequestResponse> {
  // browsers send no credentials with a preflight
  return app.inject({
    method: 'OPTIONS',
    url,
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' }
  })
}

t.test('a listed origin gets access-control-allow-origin on the database\'s data routes', async (t) => {
  for (const url of ['/api/databases/web/tables/t/records', '/api/databases/web/tables', '/api/databases/web/tables/t']) {
    const res = await admin({ method: 'GET', url, headers: { origin: allowed } })
    t.equal(res.statusCode, 200, url)
    t.equal(res.headers['access-control-allow-origin'], allowed, `${url} allows the origin`)
    t.match(String(res.headers.vary), /origin/i, `${url} varies by Origin`)
  }
  const created = await admin({ method: 'POST', url: '/api/databases/web/tables/t/records', headers: { origin: allowed }, payload: { v: 'x' } })
  t.equal(created.statusCode, 201)
  t.equal(created.headers['access-control-allow-origin'], allowed, 'writes too')
})

t.test('a browser app using the database\'s key can read its error answers', async (t) => {
  const key = (await admin({ method: 'POST', url: '/api/databases/web/keys', payload: { label: 'browser', scope: 'read' } })).json().data.key
  const ok = await as(app, key)({ method: 'GET', url: '/api/databases/web/tables/t/records', headers: { origin: allowed } })
  t.equal(ok.statusCode, 200)
  t.equal(ok.headers['access-control-allow-origin'], allowed)
  const denied = await as(app, key)({ method: 'POST', url: '/api/databases/web/tables/t/records', headers: { origin: allowed }, payload: { v: 'x' } })
  t.equal(denied.statusCode, 403)
  t.equal(denied.headers['access-control-allow-origin'], allowed, 'a 403 carries the header')
  const anonymous = await app.inject({ method: 'GET', url: '/api/databases/web/tables', headers: { origin: allowed } })
  t.equal(anonymous.statusCode, 401)
  t.equal(anonymous.headers['access-control-allow-origin'], allowed, 'a 401 carries the header')
})

t.test('any other origin gets no CORS headers', async (t) => {
  for (const origin of ['https://evil.example.com', 'http://app.example.com', 'https://app.example.com:8443',
    'https://app.example.com.evil.com', 'https://sub.app.example.com', 'null']) {
    const res = await admin({ method: 'GET', url: '/api/databases/web/tables', headers: { origin } })
    t.equal(res.statusCode, 200, 'the request itself is served: the browser enforces CORS')
    t.same(corsHeaders(res), [], `${origin} gets no access-control-* header`)
  }
})

t.test('preflight OPTIONS answers 204, with the allowances for the listed origin only', async (t) => {
  const res = await preflight('/api/databases/web/tables/t/records', allowed)
  t.equal(res.statusCode, 204)
  t.equal(res.body, '')
  t.equal(res.headers['access-control-allow-origin'], allowed)
  const methods = String(res.headers['access-control-allow-methods']).split(/,\s*/)
  for (const method of ['GET', 'POST', 'PATCH', 'DELETE']) t.ok(methods.includes(method), `allows ${method}`)
  const headers = String(res.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/)
  for (const header of ['authorization', 'content-type']) t.ok(headers.includes(header), `allows the ${header} header`)

  // the database itself, its config, keys and export are not data routes (test/security/cors-scope.test.ts)
  const detail = await preflight('/api/databases/web', allowed)
  t.same(corsHeaders(detail), [])

  const other = await preflight('/api/databases/web/tables/t/records', 'https://evil.example.com')
  t.ok(other.statusCode < 500)
  t.equal(other.headers['access-control-allow-origin'], undefined)
  t.equal(other.headers['access-control-allow-methods'], undefined)
  t.equal(other.headers['access-control-allow-headers'], undefined)

  const unknown = await preflight('/api/databases/nope/tables', allowed)
  t.ok(unknown.statusCode < 500)
  t.same(corsHeaders(unknown), [], 'an unknown database allows nobody')
})

t.test('"*" allows any origin', async (t) => {
  for (const origin of [allowed, 'https://anyone.example.org', 'http://localhost:5173']) {
    const res = await admin({ method: 'GET', url: '/api/databases/open/tables', headers: { origin } })
    t.ok(['*', origin].includes(String(res.headers['access-control-allow-origin'])), `${origin} is allowed`)
    const pre = await preflight('/api/databases/open/tables/t/records', origin)
    t.equal(pre.statusCode, 204)
    t.ok(['*', origin].includes(String(pre.headers['access-control-allow-origin'])))
    t.match(pre.headers['access-control-allow-methods'], /POST/)
  }
})

t.test('a database without cors_origins sends no CORS headers', async (t) => {
  const res = await admin({ method: 'GET', url: '/api/databases/plain/tables', headers: { origin: allowed } })
  t.equal(res.statusCode, 200)
  t.same(corsHeaders(res), [])
  t.same(corsHeaders(await preflight('/api/databases/plain/tables/t/records', allowed)), [])
  t.same(corsHeaders(await admin({ method: 'GET', url: '/api/databases/plain/tables' })), [], 'nor without an Origin')
})

t.test('routes that belong to no single database send no CORS headers', async (t) => {
  for (const url of ['/api/databases', '/api/health', '/api/admin/me', '/api/activity']) {
    const res = await admin({ method: 'GET', url, headers: { origin: allowed } })
    t.equal(res.statusCode, 200, url)
    t.same(corsHeaders(res), [], `${url} has no CORS headers`)
  }
})

t.test('changes to cors_origins and renames apply at once', async (t) => {
  await setup('moving', [allowed])
  const before = await admin({ method: 'GET', url: '/api/databases/moving/tables', headers: { origin: allowed } })
  t.equal(before.headers['access-control-allow-origin'], allowed)

  t.equal((await admin({ method: 'PATCH', url: '/api/databases/moving', payload: { name: 'moved' } })).statusCode, 200)
  const renamed = await admin({ method: 'GET', url: '/api/databases/moved/tables', headers: { origin: allowed } })
  t.equal(renamed.headers['access-control-allow-origin'], allowed, 'the origins follow the database to its new name')

  t.equal((await admin({ method: 'PATCH', url: '/api/databases/moved/config', payload: { cors_origins: ['https://other.example.com'] } })).statusCode, 200)
  const changed = await admin({ method: 'GET', url: '/api/databases/moved/tables', headers: { origin: allowed } })
  t.same(corsHeaders(changed), [], 'the removed origin is refused at once')
  const added = await admin({ method: 'GET', url: '/api/databases/moved/tables', headers: { origin: 'https://other.example.com' } })
  t.equal(added.headers['access-control-allow-origin'], 'https://other.example.com')
})

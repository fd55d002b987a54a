import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { loadConfig } from '../../fastify.config.js'
import { as, build, signIn, workspace } from '../helper.js'

/** An app with an admin session, one database holding table `t`, and key helpers. */
async function setup (t: Parameters<typeof build>[0], env: Record<string, string> = {}) {
  const { app } = await build(t, env)
  const admin = as(app, await signIn(app))
  const ws = workspace(admin, 'rl')
  const db = await ws.freshDatabase()
  await ws.sql(db, 'CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)')
  async function newKey (payload: Record<string, unknown>): Promise<{ id: string, key: string, rateLimit?: unknown }> {
    const res = await admin({ method: 'POST', url: `/api/databases/${db}/keys`, payload: { label: 'k', ...payload } })
    if (res.statusCode !== 201) throw new Error(`create key failed: ${res.body}`)
    return res.json().data
  }
  return { app, admin, ws, db, newKey }
}

const get = (app: FastifyInstance, key: string, db: string) => as(app, key)({ method: 'GET', url: `/api/databases/${db}/tables/t/records` })

t.test('a key with a rate limit: headers, then 429 RATE_LIMITED with Retry-After', async (t) => {
  const { app, db, newKey } = await setup(t)
  const limited = await newKey({ rateLimit: { max: 2, timeWindowSeconds: 60 } })
  t.same(limited.rateLimit, { max: 2, timeWindowSeconds: 60 }, 'create answers the rate limit')

  const first = await get(app, limited.key, db)
  t.equal(first.statusCode, 200)
  t.equal(first.headers['ratelimit-limit'], '2')
  t.equal(first.headers['ratelimit-remaining'], '1')
  t.ok(Number(first.headers['ratelimit-reset']) > 0 && Number(first.headers['ratelimit-reset']) <= 60, 'reset in seconds within the window')
  t.notOk(first.headers['x-ratelimit-limit'], 'only the standard draft names')
  t.equal((await get(app, limited.key, db)).headers['ratelimit-remaining'], '0')

  const refused = await get(app, limited.key, db)
  t.equal(refused.statusCode, 429)
  t.equal(refused.json().code, 'RATE_LIMITED')
  t.ok(Number(refused.headers['retry-after']) > 0, 'Retry-After in seconds')
  t.equal(refused.headers['ratelimit-remaining'], '0')

  t.test('another key of the same database is not limited', async (t) => {
    const other = await newKey({ rateLimit: { max: 2, timeWindowSeconds: 60 } })
    t.equal((await get(app, other.key, db)).statusCode, 200)
    t.equal((await get(app, other.key, db)).headers['ratelimit-remaining'], '0')
    const free = await newKey({})
    const res = await get(app, free.key, db)
    t.equal(res.statusCode, 200)
    t.notOk(res.headers['ratelimit-limit'], 'a key without a limit (and no KEY_RATE_LIMIT) gets no headers')
  })
})

t.test('a refused request runs no statement and leaves no analytics event', async (t) => {
  const { app, admin, ws, db, newKey } = await setup(t)
  const limited = await newKey({ rateLimit: { max: 1, timeWindowSeconds: 60 } })
  const insert = (v: string) => as(app, limited.key)({ method: 'POST', url: `/api/databases/${db}/query`, payload: { sql: 'INSERT INTO t (v) VALUES (?)', params: [v] } })
  t.equal((await insert('allowed')).statusCode, 200)
  t.equal((await insert('refused')).statusCode, 429)
  t.same(await ws.sql(db, 'SELECT v FROM t'), [{ v: 'allowed' }], 'only the allowed insert ran')
  await app.analytics.flush()
  const log = (await admin({ method: 'GET', url: `/api/analytics/${db}/queries?limit=100` })).json().data as unknown[]
  const inserts = log.filter((event) => JSON.stringify(event).includes('INSERT INTO t'))
  t.equal(inserts.length, 1, 'one analytics event: the allowed insert')
})

t.test('admin sessions are not limited by key limits', async (t) => {
  const { admin, db } = await setup(t, { KEY_RATE_LIMIT: '1/60' })
  for (let i = 0; i < 3; i++) {
    const res = await admin({ method: 'GET', url: `/api/databases/${db}/tables/t/records` })
    t.equal(res.statusCode, 200)
    t.notOk(res.headers['ratelimit-limit'])
  }
})

t.test('KEY_RATE_LIMIT is the default of keys without their own limit', async (t) => {
  const { app, admin, db, newKey } = await setup(t, { KEY_RATE_LIMIT: '1/30' })
  const plain = await newKey({})
  t.equal(plain.rateLimit, undefined, 'the key has no limit of its own: the answer names none')
  const first = await get(app, plain.key, db)
  t.equal(first.headers['ratelimit-limit'], '1')
  t.ok(Number(first.headers['ratelimit-reset']) <= 30)
  t.equal((await get(app, plain.key, db)).statusCode, 429)
  const own = await newKey({ rateLimit: { max: 5, timeWindowSeconds: 60 } })
  t.equal((await get(app, own.key, db)).headers['ratelimit-limit'], '5', 'a key\'s own limit wins')
  const listed = (await admin({ method: 'GET', url: `/api/databases/${db}/keys` })).json().data as Array<{ id: string, rateLimit: unknown }>
  t.same(listed.map((k) => k.rateLimit), [null, { max: 5, timeWindowSeconds: 60 }], 'the list shows each key\'s own limit')
})

t.test('KEY_RATE_LIMIT is validated at start', async (t) => {
  t.same(loadConfig({ KEY_RATE_LIMIT: '100/60' }).keyRateLimit, { max: 100, timeWindowSeconds: 60 })
  t.equal(loadConfig({}).keyRateLimit, undefined)
  for (const bad of ['100', '0/60', '100/0', '-1/60', 'ten/60', '100/60s']) {
    t.throws(() => loadConfig({ KEY_RATE_LIMIT: bad }), /KEY_RATE_LIMIT/, bad)
  }
})

t.test('PATCH /keys/:id sets and clears a key\'s limit', async (t) => {
  const { app, admin, ws, db, newKey } = await setup(t)
  const target = await newKey({ scope: 'read' })
  const patch = (on: ReturnType<typeof as>, rateLimit: unknown, id = target.id) =>
    on({ method: 'PATCH', url: `/api/databases/${db}/keys/${id}`, payload: { rateLimit } })

  t.equal((await get(app, target.key, db)).headers['ratelimit-limit'], undefined)
  const byAdmin = await patch(admin, { max: 1, timeWindowSeconds: 60 })
  t.equal(byAdmin.statusCode, 200)
  t.match(byAdmin.json().data, { id: target.id, scope: 'read', rateLimit: { max: 1, timeWindowSeconds: 60 } })
  t.equal((await get(app, target.key, db)).headers['ratelimit-limit'], '1', 'the new limit applies at once')
  t.equal((await get(app, target.key, db)).statusCode, 429)

  const writer = as(app, await ws.keyFor(db, 'write'))
  const byWriteKey = await patch(writer, { max: 50, timeWindowSeconds: 10 })
  t.equal(byWriteKey.statusCode, 200, 'a write key of the database may PATCH')
  t.same(byWriteKey.json().data.rateLimit, { max: 50, timeWindowSeconds: 10 })
  t.equal((await get(app, target.key, db)).headers['ratelimit-limit'], '50')

  const reader = as(app, await ws.keyFor(db, 'read'))
  const byReadKey = await patch(reader, null)
  t.equal(byReadKey.statusCode, 403, 'a read key may not PATCH')
  t.equal(byReadKey.json().code, 'INSUFFICIENT_SCOPE')

  t.equal((await patch(admin, null)).json().data.rateLimit, null, 'null clears the limit')
  t.equal((await get(app, target.key, db)).headers['ratelimit-limit'], undefined)

  for (const bad of [{ max: 0, timeWindowSeconds: 60 }, { max: 10 }, { max: 10, timeWindowSeconds: 0 }, { max: 1.5, timeWindowSeconds: 60 }, { max: 10, timeWindowSeconds: 60, extra: 1 }, '10/60']) {
    const res = await patch(admin, bad)
    t.equal(res.statusCode, 400, JSON.stringify(bad))
    t.equal(res.json().code, 'FST_ERR_VALIDATION')
  }
  t.equal((await admin({ method: 'PATCH', url: `/api/databases/${db}/keys/${target.id}`, payload: {} })).statusCode, 400, 'rateLimit is required')
  t.equal((await newKeyStatus(admin, db, { label: 'x', rateLimit: { max: -1, timeWindowSeconds: 60 } })), 400, 'create validates it too')
  t.equal((await patch(admin, null, 'apk_doesnotexist')).statusCode, 404)
})

async function newKeyStatus (admin: ReturnType<typeof as>, db: string, payload: Record<string, unknown>): Promise<number> {
  return (await admin({ method: 'POST', url: `/api/databases/${db}/keys`, payload })).statusCode
}

t.test('the OpenAPI document lists 429 and the RateLimit headers on routes a key may call, not on admin routes', async (t) => {
  const { app } = await build(t)
  const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
  const records = doc.paths['/api/databases/{db}/tables/{table}/records'].get.responses
  t.ok(records['429'], 'a key route lists 429')
  t.ok(records['429'].headers['retry-after'], '429 carries Retry-After')
  for (const name of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']) t.ok(records['200'].headers[name], `200 carries ${name}`)
  t.ok(doc.paths['/api/databases/{db}/keys/{id}'].patch, 'PATCH /keys/{id} is documented')
  const admins = doc.paths['/api/analytics/overview'].get.responses
  t.notOk(admins['429'], 'an admin-only route does not')
})

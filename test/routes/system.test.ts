import t from 'tap'
import Fastify from 'fastify'
import { as, build, signIn } from '../helper.js'
import { packageInfo } from '../../lib/package-info.js'

t.test('GET /api/health is public and has no data wrapper', async (t) => {
  const { app } = await build(t)
  const res = await app.inject({ method: 'GET', url: '/api/health' })
  t.equal(res.statusCode, 200)
  t.same(res.json(), { status: 'ok', version: packageInfo.version, databases: 0 })
  t.ok(res.headers['x-request-id'], 'every response names its request id')
})

t.test('settings', async (t) => {
  const { app } = await build(t)
  const token = await signIn(app)
  const call = as(app, token)

  t.same((await call({ method: 'GET', url: '/api/settings' })).json(), { data: { timezone: 'UTC', serverUrl: 'http://localhost:3000' } })

  const changed = await call({ method: 'PATCH', url: '/api/settings', payload: { timezone: 'Asia/Tokyo', serverUrl: 'https://db.example.com' } })
  t.equal(changed.statusCode, 200)
  t.same(changed.json(), { data: { timezone: 'Asia/Tokyo', serverUrl: 'https://db.example.com' } })
  t.same((await call({ method: 'GET', url: '/api/settings' })).json().data.timezone, 'Asia/Tokyo')

  for (const [payload, code] of [
    [{ timezone: 'Mars/Olympus' }, 'INVALID_TIMEZONE'],
    [{ serverUrl: 'ftp://x' }, 'FST_ERR_VALIDATION'],
    [{ colour: 'blue' }, 'FST_ERR_VALIDATION'],
    [{}, 'FST_ERR_VALIDATION'],
    [{ timezone: 7 }, 'FST_ERR_VALIDATION']
  ] as const) {
    const res = await call({ method: 'PATCH', url: '/api/settings', payload })
    t.equal(res.statusCode, 400, JSON.stringify(payload))
    t.equal(res.json().code, code)
  }
  t.same((await call({ method: 'GET', url: '/api/settings' })).json().data.timezone, 'Asia/Tokyo', 'refused changes changed nothing')

  for (const token of [undefined, 'garbage']) {
    t.equal((await as(app, token)({ method: 'GET', url: '/api/settings' })).statusCode, 401)
  }
})

t.test('GET /api/activity pages the audit log newest first', async (t) => {
  const { app } = await build(t)
  const token = await signIn(app)
  const call = as(app, token)
  await call({ method: 'PATCH', url: '/api/settings', payload: { timezone: 'Europe/Paris' } })
  const all = (await call({ method: 'GET', url: '/api/activity' })).json()
  t.same(all.data.map((e: { action: string }) => e.action), ['settings.update', 'admin.login', 'admin.setup'])
  t.same(all.meta, { limit: 50, offset: 0, total: 3 })
  t.match(all.data[0], { actor: { type: 'admin', id: /^adm_/, email: 'admin@example.com' }, details: { timezone: 'Europe/Paris' }, ip: '127.0.0.1', database: null })
  const page = (await call({ method: 'GET', url: '/api/activity?limit=1&offset=1' })).json()
  t.same(page.data.map((e: { action: string }) => e.action), ['admin.login'])
  t.same(page.meta, { limit: 1, offset: 1, total: 3 })
  t.equal((await call({ method: 'GET', url: '/api/activity?limit=1001' })).statusCode, 400)
  t.equal((await call({ method: 'GET', url: '/api/activity?offset=-1' })).statusCode, 400)
  t.equal((await call({ method: 'GET', url: '/api/activity?bogus=1' })).statusCode, 400)
})

t.test('errors keep the contract shape', async (t) => {
  const { app } = await build(t, { MAX_BODY_SIZE: '2048' })
  const unknown = await app.inject({ method: 'GET', url: '/api/nope' })
  t.equal(unknown.statusCode, 404)
  t.same(unknown.json(), { statusCode: 404, code: 'ROUTE_NOT_FOUND', error: 'Not Found', message: 'route GET /api/nope not found' })

  const big = await app.inject({ method: 'POST', url: '/api/admin/login', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(4096) }) })
  t.equal(big.statusCode, 413)
  t.equal(big.json().code, 'BODY_TOO_LARGE', 'our own code, not Fastify\'s')
  const form = await app.inject({ method: 'POST', url: '/api/admin/login', headers: { 'content-type': 'application/xml' }, payload: '<x/>' })
  t.equal(form.statusCode, 415)
  t.equal(form.json().code, 'UNSUPPORTED_MEDIA_TYPE')

  const broken = await app.inject({ method: 'POST', url: '/api/admin/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' })
  t.equal(broken.statusCode, 400)
  t.type(broken.json().code, 'string')
  t.notMatch(broken.body, /at .*\.(js|ts):\d+/, 'no stack trace')
})

t.test('an unexpected failure answers 500 without details', async (t) => {
  const { app } = await build(t)
  app.store.admins.count = () => { throw new TypeError('boom at /secret/path.ts:12') }
  const res = await app.inject({ method: 'GET', url: '/api/admin/status' })
  t.equal(res.statusCode, 500)
  t.same(res.json(), { statusCode: 500, code: 'INTERNAL_ERROR', error: 'Internal Server Error', message: 'internal server error' })
  t.notMatch(res.body, /secret|boom/)
})

t.test('the admin routes plugin can be registered alone with a prefix', async (t) => {
  const dataDir = (await build(t)).dataDir
  const { testConfig } = await import('../helper.js')
  const config = testConfig(dataDir)
  const app = Fastify()
  t.teardown(() => app.close())
  await app.register((await import('../../plugins/config.js')).default, { config })
  await app.register((await import('../../plugins/errors.js')).default)
  await app.register((await import('../../plugins/store.js')).default)
  await app.register((await import('../../plugins/rate-limit.js')).default)
  await app.register((await import('../../plugins/auth.js')).default)
  await app.register((await import('../../routes/admin.js')).default, { prefix: '/internal/admins' })
  await app.ready()
  const setup = await app.inject({ method: 'POST', url: '/internal/admins/setup', payload: { email: 'e@example.com', password: 'embedded!' } })
  t.equal(setup.statusCode, 201)
  const login = await app.inject({ method: 'POST', url: '/internal/admins/login', payload: { email: 'e@example.com', password: 'embedded!' } })
  const me = await app.inject({ method: 'GET', url: '/internal/admins/me', headers: { authorization: `Bearer ${login.json().data.token}` } })
  t.equal(me.json().data.email, 'e@example.com')
})

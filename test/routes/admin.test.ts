import t from 'tap'
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { adminCredentials, as, build, signIn } from '../helper.js'

t.test('GET /api/admin/status tells whether an admin exists', async (t) => {
  const { app } = await build(t)
  t.same((await app.inject({ method: 'GET', url: '/api/admin/status' })).json(), { data: { hasAdmin: false } })
  await signIn(app)
  t.same((await app.inject({ method: 'GET', url: '/api/admin/status' })).json(), { data: { hasAdmin: true } })
})

t.test('POST /api/admin/setup', async (t) => {
  t.test('creates the first admin without credentials', async (t) => {
    const { app } = await build(t)
    const res = await app.inject({ method: 'POST', url: '/api/admin/setup', payload: adminCredentials })
    t.equal(res.statusCode, 201)
    const { data } = res.json()
    t.match(data, { id: /^adm_[0-9a-z]{24}$/, email: adminCredentials.email })
    t.same(Object.keys(data).sort(), ['email', 'id'])
  })

  t.test('refuses a second admin without a session or bootstrap key', async (t) => {
    const { app } = await build(t)
    await signIn(app)
    const res = await app.inject({ method: 'POST', url: '/api/admin/setup', payload: { email: 'other@example.com', password: 'another password' } })
    t.equal(res.statusCode, 403)
    t.equal(res.json().code, 'SETUP_FORBIDDEN')
  })

  t.test('lets an admin session add another admin, who can then sign in', async (t) => {
    const { app } = await build(t)
    const token = await signIn(app)
    const other = { email: 'second@example.com', password: 'another password' }
    const res = await as(app, token)({ method: 'POST', url: '/api/admin/setup', payload: other })
    t.equal(res.statusCode, 201)
    const login = await app.inject({ method: 'POST', url: '/api/admin/login', payload: other })
    t.equal(login.statusCode, 200)
  })

  t.test('accepts the bootstrap key only when it matches', async (t) => {
    const { app } = await build(t, { BOOTSTRAP_KEY: 'a-very-secret-bootstrap-key' })
    await signIn(app)
    const wrong = await app.inject({ method: 'POST', url: '/api/admin/setup', headers: { 'x-bootstrap-key': 'nope' }, payload: { email: 'b@example.com', password: 'password123' } })
    t.equal(wrong.statusCode, 403)
    const right = await app.inject({ method: 'POST', url: '/api/admin/setup', headers: { 'x-bootstrap-key': 'a-very-secret-bootstrap-key' }, payload: { email: 'b@example.com', password: 'password123' } })
    t.equal(right.statusCode, 201)
  })

  t.test('refuses a duplicate email with 409 ADMIN_EXISTS', async (t) => {
    const { app } = await build(t)
    const token = await signIn(app)
    const res = await as(app, token)({ method: 'POST', url: '/api/admin/setup', payload: { ...adminCredentials, email: adminCredentials.email.toUpperCase() } })
    t.equal(res.statusCode, 409)
    t.equal(res.json().code, 'ADMIN_EXISTS')
  })

  // one app for the refused bodies (none creates an admin), each from its own address: setup is throttled per IP
  t.test('answers 400 to a bad body and creates no admin', async (t) => {
    const { app } = await build(t)
    for (const [i, [name, payload]] of ([
      ['a bad email', { email: 'not-an-email', password: 'long enough' }],
      ['a short password', { email: 'a@example.com', password: 'short' }],
      ['a missing password', { email: 'a@example.com' }],
      ['an extra member', { email: 'a@example.com', password: 'long enough', role: 'root' }],
      ['a non-object body', ['a@example.com']]
    ] as const).entries()) {
      const res = await app.inject({ method: 'POST', url: '/api/admin/setup', payload: payload as object, remoteAddress: `10.0.1.${i + 1}` })
      t.equal(res.statusCode, 400, `${name}: 400`)
      t.equal(res.json().code, 'FST_ERR_VALIDATION', `${name}: FST_ERR_VALIDATION`)
      t.equal((await app.inject({ method: 'GET', url: '/api/admin/status' })).json().data.hasAdmin, false, `${name}: no admin`)
    }
  })
})

t.test('POST /api/admin/login', async (t) => {
  t.test('returns a token that works for /me', async (t) => {
    const { app } = await build(t)
    const token = await signIn(app)
    t.match(token, /^[A-Za-z0-9_-]{43}$/)
    const me = await as(app, token)({ method: 'GET', url: '/api/admin/me' })
    t.equal(me.statusCode, 200)
    t.match(me.json(), { data: { id: /^adm_/, email: adminCredentials.email } })
  })

  t.test('refuses a wrong password and an unknown email alike with 401 and logs the failure', async (t) => {
    const { app } = await build(t)
    const token = await signIn(app)
    for (const payload of [{ ...adminCredentials, password: 'wrong password' }, { email: 'nobody@example.com', password: 'whatever1' }]) {
      const res = await app.inject({ method: 'POST', url: '/api/admin/login', payload })
      t.equal(res.statusCode, 401)
      t.same(res.json(), { statusCode: 401, code: 'INVALID_CREDENTIALS', error: 'Unauthorized', message: 'invalid email or password' })
    }
    const activity = await as(app, token)({ method: 'GET', url: '/api/activity' })
    const failed = activity.json().data.filter((e: { action: string }) => e.action === 'admin.login_failed')
    t.equal(failed.length, 2)
    t.equal(failed[0].details.email, 'nobody@example.com')
    t.equal(failed[0].ip, '127.0.0.1')
  })

  t.test('is throttled after 5 attempts per 15 minutes with 429 and Retry-After', async (t) => {
    const { app } = await build(t)
    const bad = { email: 'nobody@example.com', password: 'whatever1' }
    for (let i = 0; i < 5; i++) {
      t.equal((await app.inject({ method: 'POST', url: '/api/admin/login', payload: bad })).statusCode, 401)
    }
    const res = await app.inject({ method: 'POST', url: '/api/admin/login', payload: bad })
    t.equal(res.statusCode, 429)
    t.equal(res.json().code, 'RATE_LIMITED')
    t.match(res.json().message, /retry-after \d+ seconds/)
    t.ok(Number(res.headers['retry-after']) > 800, 'retry-after is about 15 minutes')
    const other = await app.inject({ method: 'POST', url: '/api/admin/login', payload: bad, remoteAddress: '10.0.0.9' })
    t.equal(other.statusCode, 401, 'another IP has its own budget')
  })

  t.test('setup is throttled too', async (t) => {
    const { app } = await build(t)
    for (let i = 0; i < 5; i++) await app.inject({ method: 'POST', url: '/api/admin/setup', payload: { email: 'x' } })
    t.equal((await app.inject({ method: 'POST', url: '/api/admin/setup', payload: adminCredentials })).statusCode, 429)
  })
})

t.test('POST /api/admin/logout kills the token at once', async (t) => {
  const { app } = await build(t)
  const token = await signIn(app)
  const res = await as(app, token)({ method: 'POST', url: '/api/admin/logout' })
  t.same(res.json(), { data: { loggedOut: true } })
  const me = await as(app, token)({ method: 'GET', url: '/api/admin/me' })
  t.equal(me.statusCode, 401)
  t.equal(me.json().code, 'UNAUTHORIZED')
})

t.test('GET /api/admin/me needs a credential', async (t) => {
  const { app } = await build(t)
  await signIn(app)
  for (const token of [undefined, 'garbage', 'lh_notakey']) {
    const res = await as(app, token)({ method: 'GET', url: '/api/admin/me' })
    t.equal(res.statusCode, 401, `token ${token}`)
    t.equal(res.json().code, 'UNAUTHORIZED')
  }
})

t.test('sessions expire after SESSION_TTL_HOURS', async (t) => {
  const { app } = await build(t, { SESSION_TTL_HOURS: '0.0000003' }) // about 1 ms
  const token = await signIn(app)
  await new Promise((resolve) => setTimeout(resolve, 20))
  t.equal((await as(app, token)({ method: 'GET', url: '/api/admin/me' })).statusCode, 401)
})

t.test('passwords and tokens are never stored or logged in clear', async (t) => {
  const { app, dataDir, logs } = await build(t, { LOG_LEVEL: 'trace' })
  const token = await signIn(app)
  await as(app, token)({ method: 'GET', url: '/api/admin/me' })
  await app.inject({ method: 'POST', url: '/api/admin/login', payload: { ...adminCredentials, password: 'wrong but secret' } })
  await app.close()
  const files = readdirSync(dataDir).filter((f) => f.startsWith('_system.db'))
  const bytes = Buffer.concat(files.map((f) => readFileSync(join(dataDir, f)))).toString('latin1')
  t.ok(bytes.includes('$argon2id$'), 'the password is stored as an argon2id hash')
  for (const secret of [adminCredentials.password, token, 'wrong but secret']) {
    t.notOk(bytes.includes(secret), 'secret absent from _system.db')
    t.notOk(logs.join('').includes(secret), 'secret absent from the logs')
  }
  t.ok(logs.length > 0, 'the logs were captured')
})

t.test('a restart keeps admins and settings', async (t) => {
  const first = await build(t)
  const token = await signIn(first.app)
  await as(first.app, token)({ method: 'PATCH', url: '/api/settings', payload: { timezone: 'Europe/Paris' } })
  await first.app.close()
  const second = await build(t, {}, first.dataDir)
  const again = await signIn(second.app)
  const settings = await as(second.app, again)({ method: 'GET', url: '/api/settings' })
  t.equal(settings.json().data.timezone, 'Europe/Paris')
})

t.test('ADMIN_EMAIL and ADMIN_PASSWORD create the first admin at start', async (t) => {
  const { app } = await build(t, { ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'from the environment' })
  t.equal((await app.inject({ method: 'GET', url: '/api/admin/status' })).json().data.hasAdmin, true)
  const login = await app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: 'ops@example.com', password: 'from the environment' } })
  t.equal(login.statusCode, 200)
})

t.test('a server with no admin logs how to create one', async (t) => {
  const { logs } = await build(t, { LOG_LEVEL: 'info' })
  t.match(logs.join(''), /no admin exists yet: create one with POST \/api\/admin\/setup/)
})

// Embedding (issue #27): the area plugins declare what they need, so a host that forgets the root plugin fails at
// ready() with the missing decorator named; and a host with Fastify's default options gets Litehouse's validation
// and error shape on the areas it mounts, its own routes and principal beside them.
import { Writable } from 'node:stream'
import t from 'tap'
import Fastify, { type FastifyInstance } from 'fastify'
import litehouse, { configFrom, databases, query, records, tables } from '../../index.js'
import configPlugin from '../../plugins/config.js'
import storePlugin from '../../plugins/store.js'
import rateLimitPlugin from '../../plugins/rate-limit.js'
import authPlugin from '../../plugins/auth.js'
import enginePlugin from '../../plugins/engine.js'
import { tempDir, testConfig } from '../helper.js'

const quiet = { LOG_LEVEL: 'silent', ENGINE_WORKERS: 2, ANALYTICS_FLUSH_MS: 60000 } as const

t.test('the records plugin registered alone fails at ready() naming the decorator it needs', async (t) => {
  const host = Fastify()
  t.teardown(() => host.close())
  host.register(records, { prefix: '/data' })
  await t.rejects(async () => { await host.ready() }, { code: 'FST_ERR_PLUGIN_NOT_PRESENT_IN_INSTANCE', message: /The decorator 'engine' required by 'litehouse-records' is not present/ })
})

t.test('a core without analytics fails at ready() naming track, not at the first request', async (t) => {
  const host = Fastify()
  t.teardown(() => host.close())
  await host.register(configPlugin, { config: testConfig(tempDir(t)) })
  await host.register(storePlugin)
  await host.register(rateLimitPlugin)
  await host.register(authPlugin)
  await host.register(enginePlugin)
  host.register(records, { prefix: '/data' })
  await t.rejects(async () => { await host.ready() }, /The decorator 'track' required by 'litehouse-records' is not present/)
})

t.test('settings are validated like the environment, and a misspelt one is refused with the nearest name', async (t) => {
  t.throws(() => configFrom({ DATADIR: '/tmp/x' } as never), /DATADIR is not a setting: did you mean DATA_DIR\?/)
  t.throws(() => configFrom({ PORT: 70000 }), /PORT=70000/)
  t.equal(configFrom({ QUERY_TIMEOUT_MS: '2000' }).queryTimeoutMs, 2000, 'text converted as the environment is')
  const host = Fastify()
  t.teardown(() => host.close())
  host.register(litehouse, { settings: { ...quiet, DATA_DIR: tempDir(t), ANALYTICS: 'maybe' as never } })
  await t.rejects(async () => { await host.ready() }, /invalid configuration: ANALYTICS="maybe"/, 'a bad setting stops the boot naming it')
})

t.test('a host with default Fastify options: Litehouse validation and errors on its areas, its own routes and principal', async (t) => {
  const dataDir = tempDir(t)
  const warnings: string[] = []
  // Fastify's defaults, apart from a log to read
  const host: FastifyInstance = Fastify({ logger: { level: 'warn', stream: new Writable({ write (chunk, _enc, done) { warnings.push(String(chunk)); done() } }) } })
  t.teardown(() => host.close())
  await host.register(litehouse, { settings: { ...quiet, DATA_DIR: dataDir } })
  // the host's own authentication: its user becomes a Litehouse admin principal
  host.addHook('onRequest', (request, _reply, done) => {
    if (request.headers['x-user'] === 'alice') request.principal = { kind: 'admin', adminId: 'host-alice', email: 'alice@example.com', token: '' }
    done()
  })
  host.get('/hello', async () => ({ hello: 'world' }))
  for (const area of [databases, tables, records, query]) await host.register(area, { prefix: '/data' })
  await host.ready()
  t.equal(host.config.dataDir, dataDir, 'the settings given, not process.env')
  t.match(warnings.join(''), /routerOptions\.maxParamLength is 100: a longer path parameter \(a long record id\) answers 404/,
    'the server option a plugin cannot set is named at boot')

  const as = (method: 'GET' | 'POST', url: string, payload?: object) => host.inject({ method, url, payload, headers: { 'x-user': 'alice' } })
  t.same((await host.inject({ method: 'GET', url: '/hello' })).json(), { hello: 'world' })
  t.equal((await as('POST', '/data', { name: 'app' })).statusCode, 201)

  const created = await as('POST', '/data/app/tables', {
    name: 'tasks', columns: [{ name: 'id', type: 'integer', primary_key: true }, { name: 'done', type: 'boolean', nullable: false, default: false }]
  })
  t.equal(created.statusCode, 201, created.body)
  const info = await as('POST', '/data/app/query', { sql: "SELECT dflt_value FROM pragma_table_info('tasks') WHERE name = 'done'" })
  t.same(info.json().data, [{ dflt_value: '0' }], 'the boolean default is stored as a boolean (0), not the string \'false\'')

  const inserted = await as('POST', '/data/app/tables/tasks/records', { id: 1 })
  t.equal(inserted.statusCode, 201, inserted.body)
  t.equal(inserted.json().data.done, false, 'and read back as a boolean')

  const extra = await as('POST', '/data/app/query', { sql: 'SELECT 1', surprise: true })
  t.equal(extra.statusCode, 400, 'an unknown body member is refused, not silently dropped (the host\'s removeAdditional)')
  t.equal(extra.json().code, 'FST_ERR_VALIDATION')
  t.match(extra.json().message, /surprise/, 'with Litehouse\'s message naming it')

  const missing = await as('GET', '/data/nothing/tables/tasks/records')
  t.equal(missing.statusCode, 404)
  t.match(missing.json(), { code: 'DATABASE_NOT_FOUND', error: 'Not Found' }, 'the contract\'s error shape without the host setting a handler')
  t.equal((await host.inject({ method: 'GET', url: '/data/app/tables/tasks/records' })).json().code, 'UNAUTHORIZED', 'no principal: refused')
})

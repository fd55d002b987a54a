// Issue #30 item 7: a write key created 100,000 keys in 94 s, after which `GET .../keys` built a 24 MB reply on the
// main thread (1.3-1.5 s each). Keys per database are now capped (MAX_KEYS_PER_DATABASE, default 1000: 409
// TOO_MANY_KEYS) and the list comes a page at a time (`limit`/`offset`, default and most 1000 per page).
import t from 'tap'
import { loadConfig } from '../../fastify.config.js'
import { as, build, signIn, workspace } from '../helper.js'

t.test('MAX_KEYS_PER_DATABASE defaults to 1000 and must be a positive integer', async (t) => {
  t.equal(loadConfig({}).maxKeysPerDatabase, 1000)
  t.equal(loadConfig({ MAX_KEYS_PER_DATABASE: '7' }).maxKeysPerDatabase, 7)
  t.throws(() => loadConfig({ MAX_KEYS_PER_DATABASE: '0' }), /MAX_KEYS_PER_DATABASE/)
})

t.test('a write key cannot create keys beyond the cap', async (t) => {
  const { app } = await build(t, { MAX_KEYS_PER_DATABASE: '5' })
  const admin = as(app, await signIn(app))
  const ws = workspace(admin, 'cap')
  const db = await ws.freshDatabase()
  const other = await ws.freshDatabase()
  const writer = as(app, await ws.keyFor(db, 'write'))
  for (let i = 2; i <= 5; i++) {
    const res = await writer({ method: 'POST', url: `/api/databases/${db}/keys`, payload: { label: `k${i}` } })
    t.equal(res.statusCode, 201, `key ${i}`)
  }
  for (const caller of [writer, admin]) {
    const over = await caller({ method: 'POST', url: `/api/databases/${db}/keys`, payload: { label: 'one too many' } })
    t.equal(over.statusCode, 409)
    t.equal(over.json().code, 'TOO_MANY_KEYS')
    t.match(over.json().message, /5 API keys/)
  }
  const listed = await writer({ method: 'GET', url: `/api/databases/${db}/keys` })
  t.equal(listed.json().data.length, 5, 'nothing was created past the cap')
  t.equal((await admin({ method: 'POST', url: `/api/databases/${other}/keys`, payload: { label: 'x' } })).statusCode, 201, 'the cap is per database')

  const victim = listed.json().data[4].id
  t.equal((await writer({ method: 'DELETE', url: `/api/databases/${db}/keys/${victim}` })).statusCode, 200)
  t.equal((await writer({ method: 'POST', url: `/api/databases/${db}/keys`, payload: { label: 'again' } })).statusCode, 201, 'a revoked key frees its place')
  t.equal((await writer({ method: 'POST', url: `/api/databases/${db}/keys/${listed.json().data[1].id}/rotate` })).statusCode, 200, 'rotating needs no free place')
})

t.test('the keys list is paged and bounded', async (t) => {
  const { app } = await build(t, { MAX_KEYS_PER_DATABASE: '5000' })
  const admin = as(app, await signIn(app))
  const ws = workspace(admin, 'page')
  const db = await ws.freshDatabase()
  const reader = as(app, await ws.keyFor(db, 'read'))
  const id = app.store.databases.findByName(db)?.id as string
  app.store.db.transaction(() => { for (let i = 0; i < 1200; i++) app.store.keys.create(id, `bulk ${i}`, 'read') })()

  const first = await reader({ method: 'GET', url: `/api/databases/${db}/keys` })
  t.equal(first.statusCode, 200)
  t.ok(Array.isArray(first.json().data), 'data stays the spec\'s array')
  t.equal(first.json().data.length, 1000, 'the default page stops at 1000')
  t.same(first.json().meta, { limit: 1000, offset: 0, total: 1201 })

  const page = await reader({ method: 'GET', url: `/api/databases/${db}/keys?limit=10&offset=1195` })
  t.equal(page.statusCode, 200)
  t.equal(page.json().data.length, 6, 'the last page holds the rest')
  t.same(page.json().meta, { limit: 10, offset: 1195, total: 1201 })
  t.notOk(page.body.includes('"key"'), 'no raw key in a list')
  const seen = new Set<string>()
  for (let offset = 0; offset < 1201; offset += 500) {
    const res = await reader({ method: 'GET', url: `/api/databases/${db}/keys?limit=500&offset=${offset}` })
    for (const key of res.json().data) seen.add(key.id)
  }
  t.equal(seen.size, 1201, 'pages cover every key once')

  for (const query of ['limit=1001', 'limit=-1', 'offset=-1', 'limit=x', 'other=1']) {
    const bad = await reader({ method: 'GET', url: `/api/databases/${db}/keys?${query}` })
    t.equal(bad.statusCode, 400, query)
  }
})

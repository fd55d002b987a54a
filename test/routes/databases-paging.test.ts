import t from 'tap'
import { as, build, signIn } from '../helper.js'

// GET /api/databases with limit/offset/search (CONTRACT "Many databases"); without them, the spec's bare list.
const { app } = await build(t)
const admin = as(app, await signIn(app))

const names = ['alpha', 'beta', 'gamma-shop', 'delta-shop', 'epsilon', 'shop-zeta', 'eta']
for (const name of names) {
  const res = await admin({ method: 'POST', url: '/api/databases', payload: { name } })
  if (res.statusCode !== 201) throw new Error(`create ${name}: ${res.body}`)
}
const byName = [...names].sort((a, b) => a.localeCompare(b))

const list = (query = '') => admin({ method: 'GET', url: `/api/databases${query}` })
const namesOf = (body: { data: Array<{ name: string }> }): string[] => body.data.map((d) => d.name)

t.test('without paging parameters the answer is every database and no meta', async (t) => {
  const res = await list()
  t.equal(res.statusCode, 200)
  t.same(namesOf(res.json()), byName)
  t.notOk('meta' in res.json())
})

t.test('limit and offset page through the names in order, with meta { limit, offset, total }', async (t) => {
  const first = (await list('?limit=3')).json()
  t.same(namesOf(first), byName.slice(0, 3))
  t.same(first.meta, { limit: 3, offset: 0, total: names.length })
  const second = (await list('?limit=3&offset=3')).json()
  t.same(namesOf(second), byName.slice(3, 6))
  t.same(second.meta, { limit: 3, offset: 3, total: names.length })
  const last = (await list('?limit=3&offset=6')).json()
  t.same(namesOf(last), byName.slice(6))
  const beyond = (await list('?offset=100')).json()
  t.same(beyond, { data: [], meta: { limit: 50, offset: 100, total: names.length } }, 'offset alone pages with the default limit')
  t.same(Object.keys(first.data[0]).sort(), ['createdAt', 'group', 'id', 'name', 'path', 'readonly', 'sizeBytes', 'tableCount'], 'items are the usual summaries')
})

t.test('search is a case-insensitive substring of the name, and total counts the matches', async (t) => {
  const res = (await list('?search=SHOP')).json()
  t.same(namesOf(res), ['delta-shop', 'gamma-shop', 'shop-zeta'].sort((a, b) => a.localeCompare(b)))
  t.same(res.meta, { limit: 50, offset: 0, total: 3 })
  const paged = (await list('?search=shop&limit=1&offset=1')).json()
  t.same(paged.meta, { limit: 1, offset: 1, total: 3 })
  t.equal(paged.data.length, 1)
  t.same((await list('?search=nothing-like-it')).json(), { data: [], meta: { limit: 50, offset: 0, total: 0 } })
})

t.test('a page follows creates, renames and deletes', async (t) => {
  t.equal((await admin({ method: 'POST', url: '/api/databases', payload: { name: 'aaa-first' } })).statusCode, 201)
  t.same(namesOf((await list('?limit=1')).json()), ['aaa-first'])
  t.equal((await admin({ method: 'PATCH', url: '/api/databases/aaa-first', payload: { name: 'zzz-last' } })).statusCode, 200)
  t.same(namesOf((await list('?limit=1')).json()), [byName[0]])
  t.same(namesOf((await list(`?limit=1&offset=${names.length}`)).json()), ['zzz-last'])
  t.equal((await admin({ method: 'DELETE', url: '/api/databases/zzz-last' })).statusCode, 200)
  t.equal((await list('?limit=1')).json().meta.total, names.length)
})

t.test('the list opens no database: it is served from the registry', async (t) => {
  const opens = app.engine.stats().opens
  await list('?limit=5&search=a')
  await list()
  t.equal(app.engine.stats().opens, opens)
})

t.test('bad paging parameters are 400s; a key may not list', async (t) => {
  for (const query of ['?limit=0', '?limit=1001', '?limit=x', '?offset=-1', `?search=${'a'.repeat(129)}`, '?page=2']) {
    const res = await list(query)
    t.equal(res.statusCode, 400, query)
    t.equal(res.json().code, 'FST_ERR_VALIDATION', query)
  }
  const key = (await admin({ method: 'POST', url: '/api/databases/alpha/keys', payload: { label: 'app', scope: 'write' } })).json().data.key
  t.equal((await as(app, key)({ method: 'GET', url: '/api/databases?limit=5' })).statusCode, 403)
})

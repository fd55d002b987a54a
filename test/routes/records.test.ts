import t from 'tap'
import { as, build, signIn, workspace } from '../helper.js'

// One app for the whole file (sign-in is slow); every subtest works in its own database.
const { app } = await build(t)
const admin = as(app, await signIn(app))
const { freshDatabase, keyFor, sql } = workspace(admin, 'records')

const recordsUrl = (db: string, table = 'items') => `/api/databases/${db}/tables/${table}/records`
const ids = (body: { data: Array<{ id: number }> }) => body.data.map((r) => r.id)

/** `?filter=...` with the JSON URL-encoded, as a client must send it. */
function query (params: Record<string, unknown>): string {
  const parts = Object.entries(params).map(([name, value]) =>
    `${name}=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`)
  return parts.length > 0 ? `?${parts.join('&')}` : ''
}

const blob = { $base64: Buffer.from([0, 1, 2, 253, 254, 255]).toString('base64') }

/** items: integer key, unique not-null text, real, integer, text and blob columns. */
async function createItems (db: string): Promise<void> {
  const res = await admin({
    method: 'POST',
    url: `/api/databases/${db}/tables`,
    payload: {
      name: 'items',
      columns: [
        { name: 'id', type: 'integer', primary_key: true },
        { name: 'name', type: 'text', nullable: false, unique: true },
        { name: 'price', type: 'real' },
        { name: 'qty', type: 'integer' },
        { name: 'note', type: 'text' },
        { name: 'data', type: 'blob' }
      ]
    }
  })
  if (res.statusCode !== 201) throw new Error(`create table failed: ${res.body}`)
}

const seed = [
  { name: 'apple', price: 1.5, qty: 10, note: 'red fruit', data: blob },
  { name: 'Banana', price: 0.25, qty: 0, note: null, data: null },
  { name: 'cherry', price: 3, qty: 5, note: '100% juice', data: null },
  { name: 'date_x', price: 3, qty: null, note: 'sweet_dry', data: null },
  { name: 'elder', price: 10, qty: 2, note: "x' OR '1'='1", data: null },
  { name: 'fig', price: null, qty: 7, note: 'Fig', data: null }
]

async function seededItems (): Promise<string> {
  const db = await freshDatabase()
  await createItems(db)
  const res = await admin({ method: 'POST', url: recordsUrl(db), payload: seed })
  if (res.statusCode !== 201) throw new Error(`seed failed: ${res.body}`)
  return db
}

const countItems = async (db: string) => ((await sql(db, 'SELECT count(*) AS n FROM items')) as Array<{ n: number }>)[0].n

t.test('POST .../records', async (t) => {
  t.test('creates one record and returns it as stored, blobs included', async (t) => {
    const db = await freshDatabase()
    await createItems(db)
    const res = await admin({ method: 'POST', url: recordsUrl(db), payload: { name: 'apple', price: 1.5, qty: 3, note: null, data: blob } })
    t.equal(res.statusCode, 201)
    const record = { id: 1, name: 'apple', price: 1.5, qty: 3, note: null, data: blob }
    t.strictSame(res.json(), { data: record })
    t.strictSame((await admin({ method: 'GET', url: `${recordsUrl(db)}/1` })).json(), { data: record }, 'reads back the same')
    t.strictSame(await sql(db, 'SELECT typeof(data) AS t, hex(data) AS h, typeof(price) AS p, typeof(qty) AS q, typeof(note) AS n FROM items'),
      [{ t: 'blob', h: '000102FDFEFF', p: 'real', q: 'integer', n: 'null' }], 'stored with the right SQLite types')
  })

  t.test('creates many records from an array, in order', async (t) => {
    const db = await freshDatabase()
    await createItems(db)
    const res = await admin({ method: 'POST', url: recordsUrl(db), payload: seed })
    t.equal(res.statusCode, 201)
    const { data } = res.json()
    t.equal(data.length, seed.length)
    t.strictSame(data, seed.map((row, i) => ({ id: i + 1, ...row })))
    t.equal(await countItems(db), seed.length)
  })

  t.test('answers the same shapes when a worker does the insert (a table with a trigger): an object for one, an array for many', async (t) => {
    const db = await freshDatabase()
    await createItems(db)
    await sql(db, 'CREATE TABLE audit (name TEXT)')
    await sql(db, 'CREATE TRIGGER items_audit AFTER INSERT ON items BEGIN INSERT INTO audit VALUES (new.name); END')
    const one = await admin({ method: 'POST', url: recordsUrl(db), payload: { name: 'pear', data: blob } })
    t.equal(one.statusCode, 201)
    t.equal(one.body, JSON.stringify({ data: { id: 1, name: 'pear', price: null, qty: null, note: null, data: blob } }), 'one record, as an object')
    const many = await admin({ method: 'POST', url: recordsUrl(db), payload: [{ name: 'fig', qty: 2 }] })
    t.equal(many.body, JSON.stringify({ data: [{ id: 2, name: 'fig', price: null, qty: 2, note: null, data: null }] }), 'an array of one, as an array')
    t.strictSame(await sql(db, 'SELECT name FROM audit'), [{ name: 'pear' }, { name: 'fig' }], 'the trigger ran')
  })

  t.test('takes up to 1000 records; 1001 or none answer 400 and insert nothing', async (t) => {
    const db = await freshDatabase()
    await createItems(db)
    const rows = (n: number, tag: string) => Array.from({ length: n }, (_, i) => ({ name: `${tag}${i}`, qty: i }))
    for (const payload of [rows(1001, 'x'), []]) {
      const res = await admin({ method: 'POST', url: recordsUrl(db), payload })
      t.equal(res.statusCode, 400, `${payload.length} rows`)
    }
    t.equal(await countItems(db), 0)
    const res = await admin({ method: 'POST', url: recordsUrl(db), payload: rows(1000, 'y') })
    t.equal(res.statusCode, 201)
    t.equal(res.json().data.length, 1000)
    t.equal(await countItems(db), 1000)
  })

  t.test('a batch with one bad row inserts nothing', async (t) => {
    const db = await freshDatabase()
    await createItems(db)
    await admin({ method: 'POST', url: recordsUrl(db), payload: { name: 'kept' } })
    for (const [label, bad, pattern] of [
      ['unique', { name: 'first' }, /UNIQUE constraint failed: items\.name/],
      ['not null', { price: 2 }, /NOT NULL constraint failed: items\.name/]
    ] as const) {
      const res = await admin({ method: 'POST', url: recordsUrl(db), payload: [{ name: 'first' }, { name: 'second' }, bad, { name: 'fourth' }] })
      t.equal(res.statusCode, 409, label)
      t.equal(res.json().code, 'CONSTRAINT_VIOLATION')
      t.match(res.json().message, pattern)
      t.strictSame(await sql(db, 'SELECT name FROM items'), [{ name: 'kept' }], 'the batch left no row behind')
    }
    const unknown = await admin({ method: 'POST', url: recordsUrl(db), payload: [{ name: 'a' }, { name: 'b', colour: 'red' }] })
    t.equal(unknown.statusCode, 400)
    t.equal(unknown.json().code, 'UNKNOWN_COLUMN')
    t.equal(await countItems(db), 1)
  })

  t.test('NOT NULL and UNIQUE violations answer 409 with SQLite\'s message', async (t) => {
    const db = await freshDatabase()
    await createItems(db)
    await admin({ method: 'POST', url: recordsUrl(db), payload: { name: 'apple' } })
    const dupe = await admin({ method: 'POST', url: recordsUrl(db), payload: { name: 'apple' } })
    t.strictSame(dupe.json(), { statusCode: 409, code: 'CONSTRAINT_VIOLATION', error: 'Conflict', message: 'UNIQUE constraint failed: items.name' })
    const missing = await admin({ method: 'POST', url: recordsUrl(db), payload: { price: 1 } })
    t.strictSame(missing.json(), { statusCode: 409, code: 'CONSTRAINT_VIOLATION', error: 'Conflict', message: 'NOT NULL constraint failed: items.name' })
    const nulled = await admin({ method: 'POST', url: recordsUrl(db), payload: { name: null } })
    t.equal(nulled.statusCode, 409)
    t.equal(await countItems(db), 1)
  })

  t.test('refuses bodies that are not records', async (t) => {
    const db = await freshDatabase()
    await createItems(db)
    for (const payload of ['"text"', '42', '[1, 2]', '[{"name": "a"}, "b"]', 'null']) {
      const res = await admin({ method: 'POST', url: recordsUrl(db), headers: { 'content-type': 'application/json' }, payload })
      t.equal(res.statusCode, 400, payload)
    }
    const badBlob = await admin({ method: 'POST', url: recordsUrl(db), payload: { name: 'x', data: { $base64: 'not base64!' } } })
    t.equal(badBlob.statusCode, 400)
    t.equal(await countItems(db), 0)
    const missing = await admin({ method: 'POST', url: recordsUrl(db, 'ghost'), payload: { name: 'x' } })
    t.equal(missing.statusCode, 404)
    t.equal(missing.json().code, 'TABLE_NOT_FOUND')
  })
})

t.test('GET, PATCH and DELETE .../records/:id', async (t) => {
  const db = await seededItems()
  const get = await admin({ method: 'GET', url: `${recordsUrl(db)}/2` })
  t.strictSame(get.json(), { data: { id: 2, ...seed[1] } })

  const patched = await admin({ method: 'PATCH', url: `${recordsUrl(db)}/2`, payload: { price: 0.5, note: 'yellow', data: { $base64: 'AQI=' } } })
  t.equal(patched.statusCode, 200)
  t.strictSame(patched.json(), { data: { id: 2, name: 'Banana', price: 0.5, qty: 0, note: 'yellow', data: { $base64: 'AQI=' } } })
  t.strictSame((await admin({ method: 'GET', url: `${recordsUrl(db)}/2` })).json(), patched.json(), 'the change was stored')

  const clash = await admin({ method: 'PATCH', url: `${recordsUrl(db)}/2`, payload: { name: 'apple' } })
  t.equal(clash.statusCode, 409)
  t.equal(clash.json().code, 'CONSTRAINT_VIOLATION')
  t.match(clash.json().message, 'UNIQUE constraint failed: items.name')
  const unknown = await admin({ method: 'PATCH', url: `${recordsUrl(db)}/2`, payload: { colour: 'red' } })
  t.equal(unknown.statusCode, 400)
  t.equal(unknown.json().code, 'UNKNOWN_COLUMN')
  t.equal((await admin({ method: 'PATCH', url: `${recordsUrl(db)}/2`, payload: {} })).statusCode, 400)

  const deleted = await admin({ method: 'DELETE', url: `${recordsUrl(db)}/2` })
  t.equal(deleted.statusCode, 200)
  t.strictSame(deleted.json(), { data: { deleted: true, id: 2 } })
  t.equal(await countItems(db), seed.length - 1)

  for (const id of ['2', '999', 'abc', '1.5', '99999999999999999999999']) {
    for (const request of [
      { method: 'GET', url: `${recordsUrl(db)}/${id}` },
      { method: 'PATCH', url: `${recordsUrl(db)}/${id}`, payload: { qty: 1 } },
      { method: 'DELETE', url: `${recordsUrl(db)}/${id}` }
    ] as const) {
      const res = await admin(request)
      t.equal(res.statusCode, 404, `${request.method} ${id}`)
      t.equal(res.json().code, 'RECORD_NOT_FOUND')
    }
  }
  t.equal(await countItems(db), seed.length - 1, 'misses changed nothing')
})

t.test('integers beyond 2^53 come back exactly, as decimal strings', async (t) => {
  const db = await freshDatabase()
  await createItems(db)
  await sql(db, "INSERT INTO items (id, name, qty) VALUES (9007199254740993, 'big', -9223372036854775808)")
  const expected = { id: '9007199254740993', name: 'big', price: null, qty: '-9223372036854775808', note: null, data: null }
  t.strictSame((await admin({ method: 'GET', url: `${recordsUrl(db)}/9007199254740993` })).json(), { data: expected })
  t.strictSame((await admin({ method: 'GET', url: recordsUrl(db) })).json().data, [expected])
})

t.test('a table with a text primary key is addressed by that text', async (t) => {
  const db = await freshDatabase()
  await sql(db, 'CREATE TABLE tags (slug TEXT PRIMARY KEY, label TEXT)')
  await admin({ method: 'POST', url: recordsUrl(db, 'tags'), payload: [{ slug: 'a b', label: 'spaced' }, { slug: '42', label: 'digits' }] })
  t.strictSame((await admin({ method: 'GET', url: `${recordsUrl(db, 'tags')}/a%20b` })).json(), { data: { slug: 'a b', label: 'spaced' } })
  t.strictSame((await admin({ method: 'GET', url: `${recordsUrl(db, 'tags')}/42` })).json(), { data: { slug: '42', label: 'digits' } })
  t.strictSame((await admin({ method: 'DELETE', url: `${recordsUrl(db, 'tags')}/42` })).json(), { data: { deleted: true, id: '42' } })
})

t.test('a table without a primary key is addressed by rowid', async (t) => {
  const db = await freshDatabase()
  await sql(db, 'CREATE TABLE log (msg TEXT, level INTEGER)')
  const created = await admin({ method: 'POST', url: recordsUrl(db, 'log'), payload: [{ msg: 'one', level: 1 }, { msg: 'two', level: 2 }] })
  t.strictSame(created.json(), { data: [{ msg: 'one', level: 1 }, { msg: 'two', level: 2 }] })
  t.strictSame((await admin({ method: 'GET', url: `${recordsUrl(db, 'log')}/2` })).json(), { data: { msg: 'two', level: 2 } })
  t.strictSame((await admin({ method: 'PATCH', url: `${recordsUrl(db, 'log')}/1`, payload: { level: 9 } })).json(), { data: { msg: 'one', level: 9 } })
  t.strictSame((await admin({ method: 'DELETE', url: `${recordsUrl(db, 'log')}/2` })).json(), { data: { deleted: true, id: 2 } })
  t.equal((await admin({ method: 'GET', url: `${recordsUrl(db, 'log')}/2` })).statusCode, 404)
  t.strictSame(await sql(db, 'SELECT rowid, * FROM log'), [{ rowid: 1, msg: 'one', level: 9 }])
})

t.test('a composite-key table answers 400 COMPOSITE_PRIMARY_KEY on :id routes', async (t) => {
  const db = await freshDatabase()
  await sql(db, 'CREATE TABLE pairs (a INTEGER, b INTEGER, v TEXT, PRIMARY KEY (a, b))')
  t.equal((await admin({ method: 'POST', url: recordsUrl(db, 'pairs'), payload: [{ a: 1, b: 1, v: 'x' }, { a: 1, b: 2, v: 'y' }] })).statusCode, 201)
  for (const request of [
    { method: 'GET', url: `${recordsUrl(db, 'pairs')}/1` },
    { method: 'PATCH', url: `${recordsUrl(db, 'pairs')}/1`, payload: { v: 'z' } },
    { method: 'DELETE', url: `${recordsUrl(db, 'pairs')}/1` }
  ] as const) {
    const res = await admin(request)
    t.equal(res.statusCode, 400, request.method)
    t.equal(res.json().code, 'COMPOSITE_PRIMARY_KEY')
  }
  const list = await admin({ method: 'GET', url: recordsUrl(db, 'pairs') + query({ sort: '-b' }) })
  t.strictSame(list.json().data, [{ a: 1, b: 2, v: 'y' }, { a: 1, b: 1, v: 'x' }], 'listing still works')
})

t.test('GET .../records', async (t) => {
  const db = await seededItems()
  const list = async (params: Record<string, unknown>) => {
    const res = await admin({ method: 'GET', url: recordsUrl(db) + query(params) })
    if (res.statusCode !== 200) throw new Error(`${JSON.stringify(params)}: ${res.body}`)
    return res.json()
  }

  t.test('defaults: every column, key order, limit 50', async (t) => {
    const body = await list({})
    t.strictSame(body, { data: seed.map((row, i) => ({ id: i + 1, ...row })), meta: { limit: 50, offset: 0, hasMore: false, nextCursor: null } })
  })

  t.test('every filter operator, through the query string', async (t) => {
    for (const [filter, expected] of [
      [{ name: 'apple' }, [1]],
      [{ name__eq: 'apple' }, [1]],
      [{ name: 'APPLE' }, []],
      [{ price__ne: 3 }, [1, 2, 5]],
      [{ price__gt: 1.5 }, [3, 4, 5]],
      [{ price__gte: 1.5 }, [1, 3, 4, 5]],
      [{ price__lt: 3 }, [1, 2]],
      [{ price__lte: 3 }, [1, 2, 3, 4]],
      [{ id__in: [2, 4, 99] }, [2, 4]],
      [{ name__in: ['fig', 'apple'] }, [1, 6]],
      [{ name__like: 'b%' }, [2]],
      [{ name__like: '%e%' }, [1, 3, 4, 5]],
      [{ name__glob: '[a-c]*' }, [1, 3]],
      [{ name__glob: 'B*' }, [2]],
      [{ qty: null }, [4]],
      [{ qty__ne: null }, [1, 2, 3, 5, 6]],
      [{ price__gte: 1, qty__gt: 4 }, [1, 3]],
      [{ qty__eq: 0, name: 'Banana' }, [2]],
      [{ data: blob }, [1]],
      [{}, [1, 2, 3, 4, 5, 6]]
    ] as const) {
      t.strictSame(ids(await list({ filter })), expected, JSON.stringify(filter))
    }
  })

  t.test('sort: ascending, descending and comma lists, ties broken by the key', async (t) => {
    t.strictSame(ids(await list({ sort: 'price' })), [6, 2, 1, 3, 4, 5])
    t.strictSame(ids(await list({ sort: '-price' })), [5, 3, 4, 1, 2, 6])
    t.strictSame(ids(await list({ sort: '-price,-id' })), [5, 4, 3, 1, 2, 6])
    t.strictSame(ids(await list({ sort: 'qty,name' })), [4, 2, 5, 3, 6, 1])
    t.strictSame(ids(await list({ sort: '-id' })), [6, 5, 4, 3, 2, 1])
  })

  t.test('fields picks columns, search matches text literally and case-insensitively', async (t) => {
    t.strictSame((await list({ fields: 'name,price', filter: { id__lte: 2 } })).data, [{ name: 'apple', price: 1.5 }, { name: 'Banana', price: 0.25 }])
    t.strictSame((await list({ fields: 'id', sort: '-id', limit: 2 })).data, [{ id: 6 }, { id: 5 }])
    t.strictSame(ids(await list({ search: 'FRUIT' })), [1])
    t.strictSame(ids(await list({ search: 'an' })), [2])
    t.strictSame(ids(await list({ search: 'fig' })), [6])
    t.strictSame(ids(await list({ search: '%' })), [3], '% is literal')
    t.strictSame(ids(await list({ search: '_' })), [4], '_ is literal')
    t.strictSame(ids(await list({ search: "'" })), [5], 'a quote is literal')
    t.strictSame(ids(await list({ search: 'e', filter: { price__gt: 2 } })), [3, 4, 5], 'search and filter combine')
    t.strictSame(ids(await list({ search: 'nothing like it' })), [])
  })

  t.test('limit, offset, hasMore and count', async (t) => {
    t.strictSame(await list({ limit: '0' }), { data: [], meta: { limit: 0, offset: 0, hasMore: true, nextCursor: null } })
    t.match(await list({ limit: '2' }).then((b) => [ids(b), b.meta]), [[1, 2], { limit: 2, offset: 0, hasMore: true, nextCursor: String }])
    t.strictSame(await list({ limit: '2', offset: '4' }).then((b) => [ids(b), b.meta]), [[5, 6], { limit: 2, offset: 4, hasMore: false, nextCursor: null }])
    t.strictSame(await list({ limit: '5', offset: '1' }).then((b) => [ids(b), b.meta.hasMore]), [[2, 3, 4, 5, 6], false])
    t.strictSame(await list({ offset: '100' }), { data: [], meta: { limit: 50, offset: 100, hasMore: false, nextCursor: null } })
    t.strictSame((await list({ limit: '1000' })).meta, { limit: 1000, offset: 0, hasMore: false, nextCursor: null })
    t.strictSame(await list({ filter: { price__gte: 3 }, limit: '1', count: 'true' }).then((b) => [ids(b), b.meta]),
      [[3], { limit: 1, offset: 0, hasMore: true, total: 3, nextCursor: (await list({ filter: { price__gte: 3 }, limit: '1' })).meta.nextCursor }])
    t.strictSame((await list({ count: 'true', offset: '100', search: 'e' })).meta, { limit: 50, offset: 100, hasMore: false, total: 4, nextCursor: null })
    for (const params of [{ limit: '1001' }, { limit: '-1' }, { limit: 'ten' }, { offset: '-1' }, { count: 'maybe' }, { colour: 'red' }]) {
      const res = await admin({ method: 'GET', url: recordsUrl(db) + query(params) })
      t.equal(res.statusCode, 400, JSON.stringify(params))
    }
  })

  t.test('bad filter, sort and fields answer 400 with a precise code', async (t) => {
    for (const [params, code] of [
      [{ filter: '{"name": ' }, 'INVALID_FILTER'],
      [{ filter: 'name=apple' }, 'INVALID_FILTER'],
      [{ filter: '[1, 2]' }, 'INVALID_FILTER'],
      [{ filter: 'null' }, 'INVALID_FILTER'],
      [{ filter: { colour: 'red' } }, 'UNKNOWN_COLUMN'],
      [{ filter: { colour__gt: 1 } }, 'UNKNOWN_COLUMN'],
      [{ filter: { price__between: [1, 2] } }, 'UNKNOWN_OPERATOR'],
      [{ filter: { price__GT: 1 } }, 'UNKNOWN_OPERATOR'],
      [{ filter: { id__in: 2 } }, 'INVALID_VALUE'],
      [{ filter: { id__in: 'a,b' } }, 'INVALID_VALUE'],
      [{ filter: { id__in: [] } }, 'INVALID_VALUE'],
      [{ filter: { price__gt: null } }, 'INVALID_VALUE'],
      [{ filter: { price: { nested: 1 } } }, 'INVALID_VALUE'],
      [{ sort: 'colour' }, 'UNKNOWN_COLUMN'],
      [{ sort: '-price,colour' }, 'UNKNOWN_COLUMN'],
      [{ sort: 'price,' }, 'INVALID_VALUE'],
      [{ fields: 'name,colour' }, 'UNKNOWN_COLUMN'],
      [{ fields: 'Name' }, 'UNKNOWN_COLUMN']
    ] as const) {
      const res = await admin({ method: 'GET', url: recordsUrl(db) + query(params) })
      t.equal(res.statusCode, 400, JSON.stringify(params))
      t.equal(res.json().code, code, JSON.stringify(params))
    }
  })
})

t.test('SQL fragments anywhere in a request are refused or taken literally', async (t) => {
  const db = await seededItems()
  await sql(db, 'CREATE TABLE secrets (v TEXT)')
  await sql(db, "INSERT INTO secrets VALUES ('s3cret')")
  const state = async () => ({
    schema: await sql(db, 'SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY name'),
    items: await sql(db, 'SELECT * FROM items ORDER BY id'),
    secrets: await sql(db, 'SELECT count(*) AS n FROM secrets')
  })
  const before = await state()
  const drop = '; DROP TABLE items; --'
  const tables = ['items; DROP TABLE items', 'items" ; DROP TABLE items; --', "items' OR '1'='1", 'items WHERE 1=1', 'sqlite_master', 'secrets UNION SELECT * FROM items']
  const refused: Array<[string, object, string]> = []

  for (const table of tables) {
    const url = recordsUrl(db, encodeURIComponent(table))
    refused.push([`table ${table} (list)`, { method: 'GET', url }, 'TABLE_NOT_FOUND'])
    refused.push([`table ${table} (insert)`, { method: 'POST', url, payload: { name: 'x' } }, 'TABLE_NOT_FOUND'])
    refused.push([`table ${table} (delete)`, { method: 'DELETE', url: `${url}/1` }, 'TABLE_NOT_FOUND'])
    refused.push([`table ${table} (drop)`, { method: 'DELETE', url: `/api/databases/${db}/tables/${encodeURIComponent(table)}` }, 'TABLE_NOT_FOUND'])
  }
  for (const [filter, code] of [
    [{ [`name${drop}`]: 'x' }, 'UNKNOWN_COLUMN'],
    [{ 'name = name OR 1=1 --': 1 }, 'UNKNOWN_COLUMN'],
    [{ 'name" OR 1=1 --': 'x' }, 'UNKNOWN_COLUMN'],
    [{ '1=1) OR (1': 1 }, 'UNKNOWN_COLUMN'],
    [{ '(SELECT v FROM secrets)': 's3cret' }, 'UNKNOWN_COLUMN'],
    [{ [`price__gt 0 OR 1=1${drop}`]: 1 }, 'UNKNOWN_OPERATOR'],
    [{ 'price__eq; DELETE FROM items': 1 }, 'UNKNOWN_OPERATOR'],
    [{ 'price__in) OR 1=1 --': [1] }, 'UNKNOWN_OPERATOR']
  ] as const) {
    refused.push([`filter ${JSON.stringify(filter)}`, { method: 'GET', url: recordsUrl(db) + query({ filter }) }, code])
  }
  for (const sort of [`name${drop}`, 'name DESC', '(SELECT v FROM secrets)', 'price; DELETE FROM items', '-id,1', 'rowid) --']) {
    refused.push([`sort ${sort}`, { method: 'GET', url: recordsUrl(db) + query({ sort }) }, 'UNKNOWN_COLUMN'])
  }
  for (const fields of ['*', 'name,(SELECT v FROM secrets)', `name FROM items${drop}`, 'name AS x', 'count(*)']) {
    refused.push([`fields ${fields}`, { method: 'GET', url: recordsUrl(db) + query({ fields }) }, 'UNKNOWN_COLUMN'])
  }
  refused.push(['limit', { method: 'GET', url: recordsUrl(db) + query({ limit: `1${drop}` }) }, 'FST_ERR_VALIDATION'])
  refused.push(['offset', { method: 'GET', url: recordsUrl(db) + query({ offset: '0 UNION SELECT v FROM secrets' }) }, 'FST_ERR_VALIDATION'])
  refused.push(['insert column', { method: 'POST', url: recordsUrl(db), payload: { [`name") VALUES ('x')${drop}`]: 'x' } }, 'UNKNOWN_COLUMN'])
  refused.push(['update column', { method: 'PATCH', url: `${recordsUrl(db)}/1`, payload: { [`name" = 'x'${drop}`]: 'x' } }, 'UNKNOWN_COLUMN'])
  for (const id of ['1 OR 1=1', '1; DROP TABLE items', "1' OR '1'='1", '0 UNION SELECT v FROM secrets']) {
    for (const method of ['GET', 'DELETE'] as const) refused.push([`id ${id} (${method})`, { method, url: `${recordsUrl(db)}/${encodeURIComponent(id)}` }, 'RECORD_NOT_FOUND'])
    refused.push([`id ${id} (PATCH)`, { method: 'PATCH', url: `${recordsUrl(db)}/${encodeURIComponent(id)}`, payload: { qty: 0 } }, 'RECORD_NOT_FOUND'])
  }

  for (const [label, request, code] of refused) {
    const res = await admin(request as never)
    t.ok(res.statusCode >= 400 && res.statusCode < 500, `${label}: answers 4xx`)
    t.equal(res.json().code, code, `${label}: ${code}`)
    t.notMatch(res.body, /s3cret/, `${label}: no data leaks`)
  }

  // Values are data: they match stored text exactly, or nothing.
  const literal = async (params: Record<string, unknown>) => {
    const res = await admin({ method: 'GET', url: recordsUrl(db) + query(params) })
    t.equal(res.statusCode, 200, JSON.stringify(params))
    return ids(res.json())
  }
  t.strictSame(await literal({ filter: { note: "x' OR '1'='1" } }), [5], 'the stored injection text matches itself only')
  t.strictSame(await literal({ filter: { name: "x' OR '1'='1" } }), [])
  t.strictSame(await literal({ filter: { name: `apple${drop}` } }), [])
  t.strictSame(await literal({ filter: { name__like: "%' OR 1=1 --" } }), [])
  t.strictSame(await literal({ filter: { name__glob: '*) OR (1=1' } }), [])
  // a value that is not of the column's type is refused, not compared
  for (const filter of [{ id__in: ['1) OR (1=1', 2] }, { price__gt: '0 OR 1=1' }]) {
    const res = await admin({ method: 'GET', url: recordsUrl(db) + query({ filter }) })
    t.equal(res.json().code, 'INVALID_VALUE', JSON.stringify(filter))
  }
  t.strictSame(await literal({ search: "' OR 1=1 --" }), [])
  t.strictSame(await literal({ search: `%'${drop}` }), [])
  t.strictSame(await literal({ search: '(SELECT v FROM secrets)' }), [])
  const inserted = await admin({ method: 'POST', url: recordsUrl(db), payload: { name: `Robert'); DROP TABLE items; --`, note: '" OR 1=1 --' } })
  t.equal(inserted.statusCode, 201)
  t.strictSame(inserted.json().data, { id: 7, name: "Robert'); DROP TABLE items; --", price: null, qty: null, note: '" OR 1=1 --', data: null }, 'stored verbatim')
  t.equal((await admin({ method: 'DELETE', url: `${recordsUrl(db)}/7` })).statusCode, 200)

  t.strictSame(await state(), before, 'sqlite_master and every row are unchanged')
})

t.test('a read key may list and get but not write', async (t) => {
  const db = await seededItems()
  const reader = as(app, await keyFor(db, 'read'))
  t.equal((await reader({ method: 'GET', url: recordsUrl(db) + query({ filter: { qty__gt: 1 } }) })).statusCode, 200)
  t.strictSame((await reader({ method: 'GET', url: `${recordsUrl(db)}/1` })).json(), { data: { id: 1, ...seed[0] } })
  for (const request of [
    { method: 'POST', url: recordsUrl(db), payload: { name: 'new' } },
    { method: 'POST', url: recordsUrl(db), payload: [{ name: 'new' }] },
    { method: 'PATCH', url: `${recordsUrl(db)}/1`, payload: { qty: 0 } },
    { method: 'DELETE', url: `${recordsUrl(db)}/1` }
  ] as const) {
    const res = await reader(request)
    t.equal(res.statusCode, 403, request.method)
    t.equal(res.json().code, 'INSUFFICIENT_SCOPE')
  }
  t.strictSame((await admin({ method: 'GET', url: recordsUrl(db) })).json().data, seed.map((row, i) => ({ id: i + 1, ...row })), 'nothing changed')

  const writer = as(app, await keyFor(db, 'write'))
  t.equal((await writer({ method: 'POST', url: recordsUrl(db), payload: { name: 'new' } })).statusCode, 201)
  t.equal((await writer({ method: 'PATCH', url: `${recordsUrl(db)}/7`, payload: { qty: 1 } })).statusCode, 200)
  t.equal((await writer({ method: 'DELETE', url: `${recordsUrl(db)}/7` })).statusCode, 200)

  const other = await freshDatabase()
  await createItems(other)
  const stranger = await writer({ method: 'GET', url: recordsUrl(other) })
  t.equal(stranger.statusCode, 403)
  t.equal(stranger.json().code, 'KEY_WRONG_DATABASE')
})

t.test('a readonly database refuses record writes for everyone', async (t) => {
  const db = await seededItems()
  const writer = as(app, await keyFor(db, 'write'))
  await admin({ method: 'PATCH', url: `/api/databases/${db}/config`, payload: { readonly: true } })
  for (const caller of [admin, writer]) {
    for (const request of [
      { method: 'POST', url: recordsUrl(db), payload: { name: 'new' } },
      { method: 'PATCH', url: `${recordsUrl(db)}/1`, payload: { qty: 0 } },
      { method: 'DELETE', url: `${recordsUrl(db)}/1` }
    ] as const) {
      const res = await caller(request)
      t.equal(res.statusCode, 403, request.method)
      t.equal(res.json().code, 'DATABASE_READONLY')
    }
    t.equal((await caller({ method: 'GET', url: `${recordsUrl(db)}/1` })).statusCode, 200)
  }
  t.equal(await countItems(db), seed.length)
})

t.test('path parameters as long as the schemas allow: a 512-character id and a 256-character table name', async (t) => {
  const db = await freshDatabase()
  const table = 'T'.repeat(256)
  await sql(db, `CREATE TABLE "${table}" (slug TEXT PRIMARY KEY, v INTEGER)`)
  for (const id of ['k'.repeat(101), 'é'.repeat(512), '😀'.repeat(256)]) {
    const url = `${recordsUrl(db, table)}/${encodeURIComponent(id)}`
    t.equal((await admin({ method: 'POST', url: recordsUrl(db, table), payload: { slug: id, v: 1 } })).statusCode, 201)
    t.strictSame((await admin({ method: 'GET', url })).json(), { data: { slug: id, v: 1 } }, `GET ${id.length}`)
    t.strictSame((await admin({ method: 'PATCH', url, payload: { v: 2 } })).json(), { data: { slug: id, v: 2 } }, `PATCH ${id.length}`)
    t.strictSame((await admin({ method: 'DELETE', url })).json(), { data: { deleted: true, id } }, `DELETE ${id.length}`)
  }
  const tooLong = await admin({ method: 'GET', url: `${recordsUrl(db, table)}/${'k'.repeat(513)}` })
  t.equal(tooLong.statusCode, 400, 'past the schema: a validation error, not a missing route')
  t.equal(tooLong.json().code, 'FST_ERR_VALIDATION')
})

import t, { type Test } from 'tap'
import { as, build, signIn, workspace } from '../helper.js'

const { app } = await build(t)
const admin = as(app, await signIn(app))
const { freshDatabase, keyFor, sql } = workspace(admin, 'cursor')

type Query = Record<string, string | undefined>
const listUrl = (db: string, table: string, query: Query) =>
  `/api/databases/${db}/tables/${table}/records?` + new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined) as Array<[string, string]>).toString()
const list = async (db: string, table: string, query: Query, caller = admin) => await caller({ method: 'GET', url: listUrl(db, table, query) })

/** Every page from the first, following meta.nextCursor; fails the test on a non-200. */
async function walk (t: Test, db: string, table: string, query: Query): Promise<{ rows: unknown[], pages: number }> {
  const rows: unknown[] = []
  let cursor: string | undefined
  let pages = 0
  do {
    const res = await list(db, table, { ...query, cursor })
    if (res.statusCode !== 200) t.fail(res.body)
    const body = res.json()
    rows.push(...body.data)
    pages++
    t.equal(body.meta.nextCursor !== null, body.meta.hasMore, 'a cursor exactly when more rows follow')
    cursor = body.meta.nextCursor ?? undefined
  } while (cursor !== undefined && pages < 500)
  return { rows, pages }
}

/** A table with NULLs, ties, text and numbers: 60 rows. */
async function withItems (): Promise<string> {
  const db = await freshDatabase()
  await sql(db, 'CREATE TABLE items (id INTEGER PRIMARY KEY, price REAL, name TEXT, tag TEXT, data BLOB)')
  await sql(db, `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60)
    INSERT INTO items (price, name, tag, data) SELECT CASE WHEN i % 7 = 0 THEN NULL ELSE i % 5 END,
      CASE WHEN i % 4 = 0 THEN NULL ELSE 'item ' || (i % 9) END, CASE WHEN i % 3 = 0 THEN 'sale' ELSE NULL END,
      CASE WHEN i % 2 = 0 THEN randomblob(2) ELSE NULL END FROM n`)
  return db
}

t.test('following nextCursor visits every row once, in the order offset pages give, for any sort', async (t) => {
  const db = await withItems()
  const sorts = [undefined, 'price', '-price', 'price,-name', '-name,price', 'tag,-price,name', '-data', '-id', 'name,id']
  const filters = [undefined, JSON.stringify({ price__gte: 2 }), JSON.stringify({ tag: null })]
  for (const sort of sorts) {
    for (const filter of filters) {
      for (const search of filter === undefined ? [undefined, 'item 1'] : [undefined]) {
        const base = { sort, filter, search }
        const all = (await list(db, 'items', { ...base, limit: '1000' })).json().data
        const { rows, pages } = await walk(t, db, 'items', { ...base, limit: '7' })
        t.strictSame(rows, all, `sort ${sort} filter ${filter} search ${search}: ${pages} pages`)
      }
    }
  }
})

t.test('cursors work on rowid and composite-key tables, and with fields leaving out the sort columns', async (t) => {
  const db = await freshDatabase()
  await sql(db, 'CREATE TABLE notes (body TEXT, n INTEGER)')
  await sql(db, "WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 25) INSERT INTO notes SELECT 'note ' || (i % 4), i % 3 FROM s")
  const all = (await list(db, 'notes', { sort: '-n', limit: '1000' })).json().data
  const walked = await walk(t, db, 'notes', { sort: '-n', limit: '4' })
  t.strictSame(walked.rows, all, 'rowid table')
  t.notOk(walked.rows.some((row) => Object.keys(row as object).some((k) => k.startsWith('__lh'))), 'no cursor column leaks into the rows')
  const slim = await walk(t, db, 'notes', { sort: 'n', fields: 'body', limit: '6' })
  t.strictSame(slim.rows, (await list(db, 'notes', { sort: 'n', fields: 'body', limit: '1000' })).json().data)
  t.strictSame(Object.keys(slim.rows[0] as object), ['body'])

  await sql(db, 'CREATE TABLE pairs (a INTEGER, b TEXT, v INTEGER, PRIMARY KEY (a, b))')
  await sql(db, "WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 20) INSERT INTO pairs SELECT i % 3, 'k' || i, i % 2 FROM s")
  t.strictSame((await walk(t, db, 'pairs', { sort: 'v', limit: '3' })).rows, (await list(db, 'pairs', { sort: 'v', limit: '1000' })).json().data, 'composite key')
})

t.test('the last page says nextCursor null; an empty page too', async (t) => {
  const db = await withItems()
  const last = await list(db, 'items', { limit: '100' })
  t.match(last.json().meta, { hasMore: false, nextCursor: null })
  const first = (await list(db, 'items', { limit: '59' })).json().meta.nextCursor
  const end = await list(db, 'items', { limit: '5', cursor: first })
  t.strictSame([end.json().data.length, end.json().meta.nextCursor], [1, null])
})

t.test('a malformed, altered, stale or foreign cursor answers 400 INVALID_CURSOR', async (t) => {
  const db = await withItems()
  await sql(db, 'CREATE TABLE other (id INTEGER PRIMARY KEY, price REAL)')
  await sql(db, 'INSERT INTO other (price) VALUES (1), (2), (3)')
  const cursor = (await list(db, 'items', { sort: '-price', filter: '{"price__gte":1}', limit: '3' })).json().meta.nextCursor as string
  const flip = (s: string, at: number) => s.slice(0, at) + (s[at] === 'A' ? 'B' : 'A') + s.slice(at + 1)
  const [body, check] = cursor.split('.')
  const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), p: [null, { i: '1' }] })).toString('base64url')
  const cases: Array<[string, string, Query]> = [
    ['garbage', 'garbage', {}],
    ['an altered body', `${flip(body, 5)}.${check}`, {}],
    ['an altered checksum', `${body}.${flip(check, 2)}`, {}],
    ['a cut cursor', cursor.slice(0, -3), {}],
    ['a rebuilt body with the old checksum', `${forged}.${check}`, {}],
    ['another sort', cursor, { sort: 'price' }],
    ['another filter', cursor, { filter: '{"price__gte":2}' }],
    ['a search added', cursor, { search: 'item' }],
    ['with an offset', cursor, { offset: '3' }]
  ]
  for (const [label, bad, changes] of cases) {
    const res = await list(db, 'items', { sort: '-price', filter: '{"price__gte":1}', limit: '3', ...changes, cursor: bad })
    t.equal(res.statusCode, 400, label)
    t.equal(res.json().code, 'INVALID_CURSOR', `${label}: ${res.json().message}`)
  }
  const foreign = await list(db, 'other', { sort: '-price', filter: '{"price__gte":1}', limit: '3', cursor })
  t.equal(foreign.json().code, 'INVALID_CURSOR', 'another table')
  t.equal((await list(db, 'items', { sort: '-price', filter: '{"price__gte":1}', limit: '3', cursor })).statusCode, 200, 'the cursor itself is fine')

  // the schema moved on: the same name now has a composite key, so the position no longer fits
  await sql(db, 'DROP TABLE other')
  const before = (await list(db, 'items', { limit: '2' })).json().meta.nextCursor
  await sql(db, 'ALTER TABLE items RENAME TO old_items')
  await sql(db, 'CREATE TABLE items (a INTEGER, b INTEGER, PRIMARY KEY (a, b))')
  await sql(db, 'INSERT INTO items VALUES (1, 1), (1, 2), (2, 1)')
  const stale = await list(db, 'items', { limit: '2', cursor: before })
  t.equal(stale.json().code, 'INVALID_CURSOR', 'a stale cursor')

  await sql(db, 'CREATE VIEW cheap AS SELECT price, name FROM old_items')
  const view = await list(db, 'cheap', { limit: '2' })
  t.equal(view.json().meta.nextCursor, null, 'a view without a key gives no cursor')
  t.equal((await list(db, 'cheap', { limit: '2', cursor: before })).json().code, 'INVALID_CURSOR')
})

t.test('a read key pages with cursors', async (t) => {
  const db = await withItems()
  const reader = as(app, await keyFor(db, 'read'))
  const first = (await list(db, 'items', { limit: '10' }, reader)).json()
  const second = await list(db, 'items', { limit: '10', cursor: first.meta.nextCursor }, reader)
  t.equal(second.statusCode, 200)
  t.equal(second.json().data[0].id, 11)
})

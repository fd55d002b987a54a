import t from 'tap'
import { recordJobs, type ListRecordsArgs } from '../../../lib/engine/jobs/records.js'
import { readTableInfo } from '../../../lib/sql/table-info.js'
import { keptInsertTexts, maxInsertTextsPerTable } from '../../../lib/sql/write.js'
import { apiError, openContext, type Teardown, type TestContext } from './helper.js'

const list = recordJobs['records.list']
const get = recordJobs['records.get']
const insert = recordJobs['records.insert']
const update = recordJobs['records.update']
const remove = recordJobs['records.delete']

const blob12 = { $base64: Buffer.from([1, 2]).toString('base64') }

/** A table with integer, text, real, null and blob values. */
function items (t: Teardown): TestContext {
  const ctx = openContext(t)
  ctx.db.exec(`
    CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT, price REAL, qty INTEGER, note VARCHAR(20), data BLOB);
    INSERT INTO items VALUES
      (1, 'Apple', 1.5, 10, 'fresh%', x'0102'),
      (2, 'banana', 0.25, NULL, 'ripe_one', NULL),
      (3, 'Cherry', 3, 5, NULL, x''),
      (4, NULL, 2.75, 0, 'a\\b', NULL),
      (5, 'apple pie', NULL, 7, 'APPLE', NULL);
  `)
  return ctx
}

function ids (ctx: TestContext, args: Partial<ListRecordsArgs>): number[] {
  return list(ctx, { table: 'items', limit: 1000, offset: 0, ...args }).rows.map((row) => row.id as number)
}

function filterIds (ctx: TestContext, filter: unknown): number[] {
  return ids(ctx, { filter: JSON.stringify(filter) })
}

t.test('records.list filters with every operator', async (t) => {
  const ctx = items(t)
  t.same(filterIds(ctx, { name: 'Apple' }), [1], 'a bare value is equality')
  t.same(filterIds(ctx, { name__eq: 'Apple' }), [1])
  t.same(filterIds(ctx, { name__ne: 'Apple' }), [2, 3, 5], 'ne leaves out NULL, as SQL does')
  t.same(filterIds(ctx, { price__gt: 1.5 }), [3, 4])
  t.same(filterIds(ctx, { price__gte: 1.5 }), [1, 3, 4])
  t.same(filterIds(ctx, { price__lt: 1.5 }), [2])
  t.same(filterIds(ctx, { price__lte: 1.5 }), [1, 2])
  t.same(filterIds(ctx, { qty__in: [0, 5, 99] }), [3, 4])
  t.same(filterIds(ctx, { name__in: ['banana'] }), [2])
  t.same(filterIds(ctx, { name__like: 'apple%' }), [1, 5], 'LIKE is case-insensitive with % as wildcard')
  t.same(filterIds(ctx, { name__like: '_anana' }), [2])
  t.same(filterIds(ctx, { name__glob: 'A*' }), [1], 'GLOB is case-sensitive with * as wildcard')
  t.same(filterIds(ctx, { name__glob: '?herry' }), [3])
  t.same(filterIds(ctx, { qty__gte: 5, price__lt: 2 }), [1], 'conditions are joined with AND')
  t.same(filterIds(ctx, {}), [1, 2, 3, 4, 5], 'an empty filter matches every row')
})

t.test('records.list handles null, booleans, blobs and numbers given as strings', async (t) => {
  const ctx = items(t)
  t.same(filterIds(ctx, { name: null }), [4], 'equality with null is IS NULL')
  t.same(filterIds(ctx, { qty__eq: null }), [2])
  t.same(filterIds(ctx, { price__ne: null }), [1, 2, 3, 4], 'ne null is IS NOT NULL')
  t.same(filterIds(ctx, { qty__in: [null, 10] }), [1], 'null inside IN matches nothing, as SQL does')
  t.same(filterIds(ctx, { qty: false }), [4], 'false binds as 0')
  t.same(filterIds(ctx, { qty__lte: true }), [4], 'true binds as 1')
  t.same(filterIds(ctx, { data: blob12 }), [1], 'a blob is given as $base64')
  t.same(filterIds(ctx, { qty: '10' }), [1], 'the column affinity converts a numeric string')
  for (const op of ['gt', 'gte', 'lt', 'lte', 'like', 'glob']) {
    t.match(apiError(() => filterIds(ctx, { [`price__${op}`]: null })), { code: 'INVALID_VALUE', statusCode: 400 }, `${op} with null`)
  }
})

t.test('records.list refuses malformed filters with typed errors', async (t) => {
  const ctx = items(t)
  const cases: Array<[string, string, RegExp?]> = [
    ['{"name":', 'INVALID_FILTER', /not valid JSON/],
    ['[1,2]', 'INVALID_FILTER'],
    ['"name"', 'INVALID_FILTER'],
    ['null', 'INVALID_FILTER'],
    ['{"nope":1}', 'UNKNOWN_COLUMN', /column 'nope' does not exist in table 'items'/],
    ['{"nope__gt":1}', 'UNKNOWN_COLUMN', /column 'nope'/],
    ['{"nope__bad":1}', 'UNKNOWN_COLUMN', /column 'nope__bad'/],
    ['{"price__between":1}', 'UNKNOWN_OPERATOR', /'between'/],
    ['{"price__GT":1}', 'UNKNOWN_OPERATOR', /'GT'/],
    ['{"price__in":[]}', 'INVALID_VALUE', /non-empty array/],
    ['{"price__in":5}', 'INVALID_VALUE'],
    ['{"price__in":[[1]]}', 'INVALID_VALUE'],
    ['{"price__in":[{"a":1}]}', 'INVALID_VALUE'],
    ['{"price":[1]}', 'INVALID_VALUE'],
    ['{"price":{"a":1}}', 'INVALID_VALUE'],
    [JSON.stringify({ price__in: Array.from({ length: 1001 }, (_, i) => i) }), 'INVALID_VALUE']
  ]
  for (const [filter, code, message] of cases) {
    const err = apiError(() => list(ctx, { table: 'items', filter, limit: 10, offset: 0 }))
    t.match(err, { code, statusCode: 400 }, filter.slice(0, 40))
    if (message) t.match(err.message, message)
  }
})

t.test('a column whose name ends in an operator is still a column', async (t) => {
  const ctx = openContext(t)
  ctx.db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, tag__in TEXT, a__b TEXT); INSERT INTO t VALUES (1, 'x', 'p'), (2, 'y', 'q')")
  const run = (filter: unknown): unknown[] => list(ctx, { table: 't', filter: JSON.stringify(filter), limit: 10, offset: 0 }).rows.map((r) => r.id)
  t.same(run({ tag__in: 'y' }), [2], 'the whole key is a column: equality')
  t.same(run({ tag__in__in: ['x', 'y'] }), [1, 2], 'split on the last __')
  t.same(run({ a__b: 'q' }), [2])
  t.same(run({ a__b__ne: 'q' }), [1])
})

t.test('records.list sorts by one or several columns', async (t) => {
  const ctx = items(t)
  t.same(ids(ctx, {}), [1, 2, 3, 4, 5], 'by primary key when no sort is given')
  t.same(ids(ctx, { sort: 'price' }), [5, 2, 1, 4, 3], 'ascending, NULL first as in SQLite')
  t.same(ids(ctx, { sort: '-price' }), [3, 4, 1, 2, 5])
  t.same(ids(ctx, { sort: '-id' }), [5, 4, 3, 2, 1])
  t.same(ids(ctx, { sort: 'note,-qty' }), [3, 5, 4, 1, 2], 'a comma list')
  ctx.db.exec('UPDATE items SET qty = 1')
  t.same(ids(ctx, { sort: '-qty' }), [1, 2, 3, 4, 5], 'ties keep the key order, so pages are stable')
  t.match(apiError(() => ids(ctx, { sort: 'nope' })), { code: 'UNKNOWN_COLUMN', statusCode: 400 })
  t.match(apiError(() => ids(ctx, { sort: '-nope' })), { code: 'UNKNOWN_COLUMN', message: /'nope'/ })
  t.match(apiError(() => ids(ctx, { sort: 'price,' })), { code: 'INVALID_VALUE', statusCode: 400 })
  t.match(apiError(() => ids(ctx, { sort: '-' })), { code: 'INVALID_VALUE' })
  t.match(apiError(() => ids(ctx, { sort: 'price, qty' })), { code: 'UNKNOWN_COLUMN', message: /' qty'/ })
})

t.test('records.list returns only the requested fields', async (t) => {
  const ctx = items(t)
  const page = list(ctx, { table: 'items', fields: 'name,id,name', limit: 2, offset: 0 })
  t.same(page.rows, [{ name: 'Apple', id: 1 }, { name: 'banana', id: 2 }], 'deduplicated, in the order asked')
  t.same(Object.keys(page.rows[0]), ['name', 'id'])
  t.match(apiError(() => list(ctx, { table: 'items', fields: 'id,nope', limit: 2, offset: 0 })), { code: 'UNKNOWN_COLUMN' })
  t.match(apiError(() => list(ctx, { table: 'items', fields: 'id,,name', limit: 2, offset: 0 })), { code: 'INVALID_VALUE' })
})

t.test('records.list searches text columns case-insensitively, with % and _ literal', async (t) => {
  const ctx = items(t)
  t.same(ids(ctx, { search: 'APPLE' }), [1, 5], 'name and note are searched, case-insensitively')
  t.same(ids(ctx, { search: 'an' }), [2])
  t.same(ids(ctx, { search: '%' }), [1], '% is literal')
  t.same(ids(ctx, { search: '_' }), [2], '_ is literal')
  t.same(ids(ctx, { search: 'a\\b' }), [4], 'a backslash is literal')
  t.same(ids(ctx, { search: '0.25' }), [], 'a REAL column is not searched')
  t.same(ids(ctx, { search: 'APPLE', filter: '{"qty__gt":8}' }), [1], 'search and filter combine')

  const numbers = openContext(t)
  numbers.db.exec('CREATE TABLE n (id INTEGER PRIMARY KEY, v REAL); INSERT INTO n VALUES (1, 1.5)')
  t.same(list(numbers, { table: 'n', search: '1', limit: 10, offset: 0 }).rows, [], 'no text columns: no row matches')
})

t.test('records.list paginates with limit, offset, hasMore and an opt-in total', async (t) => {
  const ctx = items(t)
  const page = (limit: number, offset: number, extra: Partial<ListRecordsArgs> = {}): ReturnType<typeof list> =>
    list(ctx, { table: 'items', limit, offset, ...extra })
  t.same(page(2, 0).rows.map((r) => r.id), [1, 2])
  t.equal(page(2, 0).hasMore, true)
  t.same(page(2, 4).rows.map((r) => r.id), [5])
  t.equal(page(2, 4).hasMore, false)
  t.equal(page(5, 0).hasMore, false, 'exactly all rows: nothing more')
  t.equal(page(4, 0).hasMore, true)
  t.same(page(0, 0).rows, [], 'limit 0 returns no rows')
  t.equal(page(0, 0).hasMore, true, 'but tells that rows exist')
  t.same(page(1000, 0).rows.length, 5, 'limit 1000 is accepted')
  t.same(page(10, 50).rows, [], 'offset past the end')
  t.equal(page(10, 50).hasMore, false)
  t.equal(page(2, 0).total, undefined, 'no total unless asked')
  t.equal(page(2, 0, { count: true }).total, 5)
  t.equal(page(1, 0, { count: true, filter: '{"qty__gte":5}' }).total, 3, 'total counts matching rows, not the page')
  t.equal(page(1, 0, { count: true, search: 'apple' }).total, 2)
  t.match(apiError(() => page(1001, 0)), { code: 'INVALID_VALUE' })
  t.match(apiError(() => page(-1, 0)), { code: 'INVALID_VALUE' })
  t.match(apiError(() => page(1, -1)), { code: 'INVALID_VALUE' })
})

t.test('the SQL of a list depends on the shape of the request, never on its values', async (t) => {
  const ctx = items(t)
  const sqlOf = (filter: unknown, search?: string): string =>
    list(ctx, { table: 'items', filter: JSON.stringify(filter), search, sort: '-price', limit: 3, offset: 1 }).sql
  const a = sqlOf({ qty__gt: 1, name__in: ['a', 'b'] }, 'x')
  t.equal(a, sqlOf({ name__in: ['secret', 'values'], qty__gt: 999 }, 'other'), 'key order and values do not matter')
  t.notOk(a.includes('secret') || a.includes('999'))
  t.not(a, sqlOf({ qty__gt: 1, name__in: ['a', 'b', 'c'] }, 'x'), 'in-list length is shape')
  t.equal(a, 'SELECT * FROM "items" WHERE "name" IN (?, ?) AND "qty" > ? AND ("name" LIKE ? ESCAPE \'\\\' OR "note" LIKE ? ESCAPE \'\\\') ' +
    'ORDER BY "price" DESC, "id" LIMIT ? OFFSET ?')
})

t.test('records come back with blobs as $base64', async (t) => {
  const ctx = items(t)
  t.same(get(ctx, { table: 'items', id: '1' }).row.data, blob12)
  t.same(get(ctx, { table: 'items', id: '3' }).row.data, { $base64: '' })
  t.same(list(ctx, { table: 'items', limit: 1, offset: 0 }).rows[0].data, blob12)
})

t.test('records.get finds a record by its key', async (t) => {
  const ctx = items(t)
  const found = get(ctx, { table: 'items', id: '2' })
  t.same(found.row, { id: 2, name: 'banana', price: 0.25, qty: null, note: 'ripe_one', data: null })
  t.equal(found.sql, 'SELECT * FROM "items" WHERE "id" = ?')
  for (const id of ['9', 'abc', '1.0', '', '1 OR 1=1', '99999999999999999999999']) {
    t.match(apiError(() => get(ctx, { table: 'items', id })), { code: 'RECORD_NOT_FOUND', statusCode: 404 }, `id ${JSON.stringify(id)}`)
  }
  t.match(apiError(() => get(ctx, { table: 'nope', id: '1' })), { code: 'TABLE_NOT_FOUND', statusCode: 404 })
  t.match(apiError(() => get(ctx, { table: 'sqlite_schema', id: '1' })), { code: 'TABLE_NOT_FOUND' }, 'internal tables are hidden')
  t.match(apiError(() => list(ctx, { table: 'sqlite_master', limit: 1, offset: 0 })), { code: 'TABLE_NOT_FOUND' })
  t.equal(get(ctx, { table: 'ITEMS', id: '1' }).row.name, 'Apple', 'table names match case-insensitively, as in SQLite')
})

t.test('records are addressed by text keys, rowids, and refused for composite keys and views', async (t) => {
  const ctx = openContext(t)
  ctx.db.exec(`
    CREATE TABLE tags (slug TEXT PRIMARY KEY, label TEXT) WITHOUT ROWID;
    INSERT INTO tags VALUES ('007', 'bond'), ('x', 'ex');
    CREATE TABLE plain (a TEXT, b INTEGER);
    INSERT INTO plain VALUES ('one', 1), ('two', 2);
    CREATE TABLE shadowed (rowid TEXT, v INTEGER);
    INSERT INTO shadowed VALUES ('r', 10), ('s', 20);
    CREATE TABLE pair (a INTEGER, b INTEGER, v TEXT, PRIMARY KEY (a, b));
    INSERT INTO pair VALUES (1, 2, 'x');
    CREATE TABLE loose (k PRIMARY KEY, v TEXT);
    INSERT INTO loose VALUES (5, 'five'), ('w', 'word');
    CREATE TABLE big (id INTEGER PRIMARY KEY, v TEXT);
    INSERT INTO big VALUES (1152921504606846976, 'huge');
    CREATE VIEW cheap AS SELECT a FROM plain WHERE b < 2;
  `)
  t.same(get(ctx, { table: 'tags', id: '007' }).row, { slug: '007', label: 'bond' }, 'a text key is the string as given')
  t.same(get(ctx, { table: 'plain', id: '2' }).row, { a: 'two', b: 2 }, 'no primary key: the rowid')
  t.equal(get(ctx, { table: 'plain', id: '2' }).sql, 'SELECT * FROM "plain" WHERE rowid = ?')
  t.same(get(ctx, { table: 'shadowed', id: '2' }).row, { rowid: 's', v: 20 }, 'a column named rowid: its other name')
  t.same(get(ctx, { table: 'loose', id: '5' }).row, { k: 5, v: 'five' }, 'an untyped key takes a number when the id is one')
  t.same(get(ctx, { table: 'loose', id: 'w' }).row, { k: 'w', v: 'word' })
  t.equal(get(ctx, { table: 'big', id: '1152921504606846976' }).row.v, 'huge', 'ids beyond 2^53 are exact')
  t.same(list(ctx, { table: 'plain', limit: 10, offset: 0 }).sql, 'SELECT *, rowid AS "__lh_cursor_0" FROM "plain" ORDER BY rowid LIMIT ? OFFSET ?', 'the rowid is read for the cursor')
  t.same(list(ctx, { table: 'pair', limit: 10, offset: 0 }).sql, 'SELECT * FROM "pair" ORDER BY "a", "b" LIMIT ? OFFSET ?')
  t.match(apiError(() => get(ctx, { table: 'pair', id: '1' })), { code: 'COMPOSITE_PRIMARY_KEY', statusCode: 400 })
  t.match(apiError(() => remove(ctx, { table: 'pair', id: '1' })), { code: 'COMPOSITE_PRIMARY_KEY' })
  t.same(list(ctx, { table: 'cheap', limit: 10, offset: 0 }).rows, [{ a: 'one' }], 'a view can be listed')
  t.match(apiError(() => get(ctx, { table: 'cheap', id: '1' })), { code: 'INVALID_REQUEST', statusCode: 400 })
  t.match(apiError(() => insert(ctx, { table: 'cheap', rows: [{ a: 'z' }] })), { code: 'SQL_ERROR', message: /view/ },
    'SQLite decides whether a view takes writes')
})

t.test('records.insert stores one or many records in one transaction', async (t) => {
  const ctx = items(t)
  const one = insert(ctx, { table: 'items', rows: [{ name: 'Date', price: 4, data: { $base64: 'AAE=' } }] })
  t.same(one.rows, [{ id: 6, name: 'Date', price: 4, qty: null, note: null, data: { $base64: 'AAE=' } }], 'returned as stored')
  t.equal(one.sql, 'INSERT INTO "items" ("name", "price", "data") VALUES (?, ?, ?) RETURNING *', 'columns in table order')
  t.same(Buffer.from(ctx.db.prepare('SELECT data FROM items WHERE id = 6').pluck().get() as Buffer), Buffer.from([0, 1]), 'stored as a real blob')

  const many = insert(ctx, { table: 'items', rows: [{ qty: 1 }, {}, { name: 'x', qty: '1' }] })
  t.same(many.rows.map((r) => [r.id, r.qty]), [[7, 1], [8, null], [9, 1]])
  // runs of rows naming the same columns share a statement; a change of columns, and back, must switch it
  const runs = insert(ctx, { table: 'items', rows: [{ name: 'a', qty: 1 }, { name: 'b', qty: 2 }, { qty: 3 }, { name: 'c', qty: 4 }, { qty: 5 }] })
  const stored = ctx.db.prepare('SELECT id, name, qty FROM items WHERE id >= 10 ORDER BY id').all()
  const expected = [{ id: 10, name: 'a', qty: 1 }, { id: 11, name: 'b', qty: 2 }, { id: 12, name: null, qty: 3 }, { id: 13, name: 'c', qty: 4 }, { id: 14, name: null, qty: 5 }]
  t.same(stored, expected, 'each row stored with its own columns')
  t.same(runs.rows.map(({ id, name, qty }) => ({ id, name, qty })), expected, 'each row returned as stored')
  const empty = insert(ctx, { table: 'items', rows: [{}] })
  t.equal(empty.sql, 'INSERT INTO "items" DEFAULT VALUES RETURNING *')

  // values by declared type: a text column takes no object, an untyped one stores it as JSON text
  t.match(apiError(() => insert(ctx, { table: 'items', rows: [{ note: { a: [1, 2] } as unknown as string }] })), { code: 'INVALID_VALUE' })
  t.match(apiError(() => insert(ctx, { table: 'items', rows: [{ qty: true as unknown as number }] })), { code: 'INVALID_VALUE' })
  ctx.db.exec('CREATE TABLE loose_values (id INTEGER PRIMARY KEY, v)')
  const json = insert(ctx, { table: 'loose_values', rows: [{ v: { a: [1, 2] } }, { v: ['x'] }] })
  t.same(json.rows.map((r) => r.v), ['{"a":[1,2]}', '["x"]'], 'objects and arrays are stored as JSON text in an untyped column')
})

t.test('records.insert writes each set of columns into its own statement, past the texts kept per table', async (t) => {
  const ctx = openContext(t)
  const names = Array.from({ length: 9 }, (_, i) => `c${i}`)
  ctx.db.exec(`CREATE TABLE wide (id INTEGER PRIMARY KEY, ${names.join(', ')}); CREATE TABLE other (id INTEGER PRIMARY KEY, x, y)`)
  // 300 records, each naming a different set of columns: more sets than one table's texts are kept for
  const records = Array.from({ length: 300 }, (_, n) => Object.fromEntries(names.filter((_, i) => ((n + 1) >> i) & 1).map((name) => [name, n])))
  const first = insert(ctx, { table: 'wide', rows: records.slice(0, 150) })
  const second = insert(ctx, { table: 'wide', rows: records })
  const expected = (n: number, id: number) => ({ id, ...Object.fromEntries(names.map((name, i) => [name, ((n + 1) >> i) & 1 ? n : null])) })
  t.same(first.rows, records.slice(0, 150).map((_, n) => expected(n, n + 1)), 'the first batch, as stored')
  t.same(second.rows, records.map((_, n) => expected(n, n + 151)), 'the second, once texts are kept, and past the bound')
  t.same(ctx.db.prepare('SELECT * FROM wide WHERE id > 150 ORDER BY id').all(), records.map((_, n) => expected(n, n + 151)), 'every row holds its own columns')
  const wide = readTableInfo(ctx, 'wide')
  t.equal(keptInsertTexts(wide), maxInsertTextsPerTable, 'texts kept up to the bound, no more')
  insert(ctx, { table: 'wide', rows: records.slice(0, 10) })
  t.equal(keptInsertTexts(wide), maxInsertTextsPerTable, 'sets seen again add nothing')
  // the same column positions in another table: its own text
  t.equal(insert(ctx, { table: 'other', rows: [{ x: 1 }] }).sql, 'INSERT INTO "other" ("x") VALUES (?) RETURNING *')
  t.equal(insert(ctx, { table: 'wide', rows: [{ c0: 1 }] }).sql, 'INSERT INTO "wide" ("c0") VALUES (?) RETURNING *')
})

t.test('records.insert refuses bad input and rolls back the whole batch', async (t) => {
  const ctx = openContext(t)
  ctx.db.exec('CREATE TABLE u (id INTEGER PRIMARY KEY, email TEXT UNIQUE NOT NULL, n INTEGER CHECK (n >= 0))')
  insert(ctx, { table: 'u', rows: [{ email: 'a@x' }] })
  const count = (): number => ctx.db.prepare('SELECT count(*) FROM u').pluck().get() as number

  const dup = apiError(() => insert(ctx, { table: 'u', rows: [{ email: 'b@x' }, { email: 'c@x' }, { email: 'a@x' }] }))
  t.match(dup, { code: 'CONSTRAINT_VIOLATION', statusCode: 409, message: /UNIQUE/ })
  t.equal(count(), 1, 'the good rows before the bad one were rolled back')
  t.throws(() => insert(ctx, { table: 'u', rows: [{ email: 'a@x' }] }), { code: 'SQLITE_CONSTRAINT_UNIQUE' },
    'the job throws SQLite\'s own error; the engine maps it')
  t.match(apiError(() => insert(ctx, { table: 'u', rows: [{ n: 1 }] })), { code: 'CONSTRAINT_VIOLATION', message: /NOT NULL/ })
  t.match(apiError(() => insert(ctx, { table: 'u', rows: [{ email: 'd@x', n: -1 }] })), { code: 'CONSTRAINT_VIOLATION', message: /CHECK/ })
  t.match(apiError(() => insert(ctx, { table: 'u', rows: [{ email: 'd@x' }, { email: 'e@x', nope: 1 }] })),
    { code: 'UNKNOWN_COLUMN', message: "column 'nope' does not exist in table 'u'" })
  t.match(apiError(() => insert(ctx, { table: 'u', rows: [] })), { code: 'INVALID_VALUE' })
  t.match(apiError(() => insert(ctx, { table: 'u', rows: Array.from({ length: 1001 }, (_, i) => ({ email: `${i}` })) })), { code: 'INVALID_VALUE' })
  t.match(apiError(() => insert(ctx, { table: 'u', rows: [null as unknown as Record<string, unknown>] })), { code: 'INVALID_VALUE' })
  t.match(apiError(() => insert(ctx, { table: 'u', rows: [{ email: { $base64: '!!' } }] })), { code: 'INVALID_VALUE' })
  t.equal(count(), 1, 'nothing was written by any refused batch')

  const thousand = insert(ctx, { table: 'u', rows: Array.from({ length: 1000 }, (_, i) => ({ email: `user${i}@x`, n: i })) })
  t.equal(thousand.rows.length, 1000)
  t.equal(count(), 1001)
})

t.test('records.update changes a record and returns it', async (t) => {
  const ctx = items(t)
  const changed = update(ctx, { table: 'items', id: '2', values: { qty: 3, note: null } })
  t.same(changed.row, { id: 2, name: 'banana', price: 0.25, qty: 3, note: null, data: null })
  t.equal(changed.sql, 'UPDATE "items" SET "qty" = ?, "note" = ? WHERE "id" = ? RETURNING *')
  t.same(update(ctx, { table: 'items', id: '2', values: { id: 20 } }).row.id, 20, 'the key may change')
  t.match(apiError(() => get(ctx, { table: 'items', id: '2' })), { code: 'RECORD_NOT_FOUND' })
  t.match(apiError(() => update(ctx, { table: 'items', id: '2', values: { qty: 1 } })), { code: 'RECORD_NOT_FOUND', statusCode: 404 })
  t.match(apiError(() => update(ctx, { table: 'items', id: '1', values: {} })), { code: 'INVALID_VALUE' })
  t.match(apiError(() => update(ctx, { table: 'items', id: '1', values: { nope: 1 } })), { code: 'UNKNOWN_COLUMN' })
  t.match(apiError(() => update(ctx, { table: 'items', id: '1', values: { id: 3 } })), { code: 'CONSTRAINT_VIOLATION', statusCode: 409 })
})

t.test('records.delete removes a record', async (t) => {
  const ctx = items(t)
  t.same(remove(ctx, { table: 'items', id: '3' }), { id: 3, sql: 'DELETE FROM "items" WHERE "id" = ?' })
  t.match(apiError(() => remove(ctx, { table: 'items', id: '3' })), { code: 'RECORD_NOT_FOUND', statusCode: 404 })
  t.equal(ctx.db.prepare('SELECT count(*) FROM items').pluck().get(), 4)
})

t.test('any table name and column name works when it already exists', async (t) => {
  const ctx = openContext(t)
  const table = 'we"ird; DROP TABLE x; --'
  ctx.db.exec('CREATE TABLE "we""ird; DROP TABLE x; --" (id INTEGER PRIMARY KEY, "co""l" TEXT, "x y" INTEGER)')
  insert(ctx, { table, rows: [{ 'co"l': 'a', 'x y': 2 }, { 'co"l': 'b', 'x y': 1 }] })
  const page = list(ctx, { table, filter: JSON.stringify({ 'x y__gte': 1 }), sort: '-x y', fields: 'co"l', search: 'a', limit: 10, offset: 0 })
  t.same(page.rows, [{ 'co"l': 'a' }])
  t.same(update(ctx, { table, id: '1', values: { 'co"l': 'c' } }).row, { id: 1, 'co"l': 'c', 'x y': 2 })
  t.same(remove(ctx, { table, id: '2' }).id, 2)
})

t.test('the schema cache follows schema changes', async (t) => {
  const ctx = items(t)
  t.notOk('extra' in list(ctx, { table: 'items', limit: 1, offset: 0 }).rows[0])
  ctx.db.exec("ALTER TABLE items ADD COLUMN extra TEXT DEFAULT 'e'")
  t.equal(list(ctx, { table: 'items', limit: 1, offset: 0 }).rows[0].extra, 'e', 'a new column shows at once')
  t.same(ids(ctx, { filter: '{"extra":"e"}' }), [1, 2, 3, 4, 5], 'and can be filtered on')
  ctx.db.exec('DROP TABLE items')
  t.match(apiError(() => list(ctx, { table: 'items', limit: 1, offset: 0 })), { code: 'TABLE_NOT_FOUND' })
})

import t from 'tap'
import { as, build, signIn, workspace } from '../helper.js'

// Values by declared type (CONTRACT.md): every type rule, on every record path, with a wrong value for each.
const { app } = await build(t)
const admin = as(app, await signIn(app))
const { freshDatabase, sql } = workspace(admin, 'values')

const recordsUrl = (db: string, table = 'things') => `/api/databases/${db}/tables/${table}/records`
const filterUrl = (db: string, filter: unknown, table = 'things') => `${recordsUrl(db, table)}?filter=${encodeURIComponent(JSON.stringify(filter))}`
const blob = { $base64: Buffer.from([0, 1, 2, 255]).toString('base64') }

const columns = [
  { name: 'id', type: 'integer', primary_key: true },
  { name: 'n', type: 'integer' },
  { name: 'big', type: 'bigint' },
  { name: 'r', type: 'real' },
  { name: 'd', type: 'decimal' },
  { name: 's', type: 'text' },
  { name: 'b', type: 'boolean' },
  { name: 'day', type: 'date' },
  { name: 'at', type: 'datetime' },
  { name: 'ts', type: 'timestamp' },
  { name: 'j', type: 'json' },
  { name: 'bl', type: 'blob' }
]
const empty = Object.fromEntries(columns.map((c) => [c.name, null]))

/** A database with `things` (one column of each kind) and, when `trigger`, a trigger that sends its writes to a worker. */
async function things (trigger = false): Promise<string> {
  const db = await freshDatabase()
  const res = await admin({ method: 'POST', url: `/api/databases/${db}/tables`, payload: { name: 'things', columns } })
  if (res.statusCode !== 201) throw new Error(res.body)
  if (trigger) {
    await sql(db, 'CREATE TABLE audit (id INTEGER)')
    await sql(db, 'CREATE TRIGGER things_audit AFTER INSERT ON things BEGIN INSERT INTO audit VALUES (new.id); END')
  }
  return db
}

const count = async (db: string): Promise<number> => (await sql(db, 'SELECT count(*) AS n FROM things'))[0].n

// Each value as sent, and as every record route answers it.
const written = {
  n: '42', big: '9007199254740993', r: '2.5', d: 7, s: 'plain', b: true, day: '2026-11-26', at: '2026-11-26T11:20:00Z',
  ts: '2026-11-26 11:20:00.123+01:00', j: ['a', 'b'], bl: blob
}
const read = {
  id: 1, n: 42, big: '9007199254740993', r: 2.5, d: 7, s: 'plain', b: true, day: '2026-11-26', at: '2026-11-26T11:20:00Z',
  ts: '2026-11-26 11:20:00.123+01:00', j: ['a', 'b'], bl: blob
}

for (const lane of ['inline', 'worker'] as const) {
  t.test(`every type reads back as written, on create, get, list and update (${lane})`, async (t) => {
    const db = await things(lane === 'worker')
    const created = await admin({ method: 'POST', url: recordsUrl(db), payload: written })
    t.equal(created.statusCode, 201)
    t.strictSame(created.json().data, read, 'create answers typed values')
    t.strictSame((await admin({ method: 'GET', url: `${recordsUrl(db)}/1` })).json().data, read, 'get')
    t.strictSame((await admin({ method: 'GET', url: recordsUrl(db) })).json().data, [read], 'list')
    t.strictSame(await sql(db, 'SELECT n, typeof(n) AS tn, big, r, typeof(r) AS tr, b, typeof(b) AS tb, j, typeof(j) AS tj FROM things'),
      [{ n: 42, tn: 'integer', big: '9007199254740993', r: 2.5, tr: 'real', b: 1, tb: 'integer', j: '["a","b"]', tj: 'text' }],
      'stored as SQLite values: booleans 1/0, JSON as its text, numeric strings as numbers')

    const bulk = await admin({ method: 'POST', url: recordsUrl(db), payload: [{ b: false, j: { x: [1, null] } }, { b: 1, j: 'text' }, { b: 0, j: 12.5 }] })
    t.equal(bulk.statusCode, 201)
    t.strictSame(bulk.json().data.map((r: { b: boolean, j: unknown }) => [r.b, r.j]), [[false, { x: [1, null] }], [true, 'text'], [false, 12.5]],
      'bulk: 0/1 take booleans, any JSON value round-trips')

    const patched = await admin({ method: 'PATCH', url: `${recordsUrl(db)}/1`, payload: { b: false, j: { tags: ['x'] }, n: '-7', r: '1e3' } })
    t.equal(patched.statusCode, 200)
    t.strictSame(patched.json().data, { ...read, b: false, j: { tags: ['x'] }, n: -7, r: 1000 }, 'update answers typed values')
    t.strictSame((await admin({ method: 'GET', url: `${recordsUrl(db)}/1` })).json().data, patched.json().data, 'and stored them')
    const nulls = await admin({ method: 'PATCH', url: `${recordsUrl(db)}/1`, payload: { ...empty, id: 1 } })
    t.strictSame(nulls.json().data, { ...empty, id: 1 }, 'null fits every type')
  })
}

// For each column, values that do not fit it: each answers 400 INVALID_VALUE naming the column and its type.
const misfits: Array<[string, unknown[], RegExp]> = [
  ['n', ['abc', 1.5, '1.5', true, '', '9223372036854775808', 1e19, [1], { a: 1 }], /integer/],
  ['big', ['12abc', false], /integer/],
  ['r', ['abc', '', '1e', '0x10', 'Infinity', true, [1], { a: 1 }], /number/],
  ['d', ['1,5', false], /number/],
  ['s', [true, [1], { a: 1 }, blob], /string/],
  ['b', ['true', 'yes', 2, -1, 0.5, [true], {}], /true or false/],
  ['day', ['2026-02-30', '26-11-2026', '2026-11-26T10:00:00Z', 'tomorrow', 20261126, true], /ISO 8601 date/],
  ['at', ['yesterday', '2026-11-26T25:00:00', '2026-13-01', 1700000000, false], /ISO 8601 date-time/],
  ['ts', ['2026-11-26T10:61', 'now'], /ISO 8601 date-time/],
  ['bl', ['AAEC', 5, [1], { $base64: 'not base64!' }], /blob|base64/]
]

t.test('a value that does not fit its column: 400 INVALID_VALUE naming the column and type, nothing written', async (t) => {
  const db = await things()
  const seeded = await admin({ method: 'POST', url: recordsUrl(db), payload: written })
  t.equal(seeded.statusCode, 201)
  for (const [column, values, type] of misfits) {
    for (const value of values) {
      const label = `${column} = ${JSON.stringify(value)}`
      const one = await admin({ method: 'POST', url: recordsUrl(db), payload: { s: 'one', [column]: value } })
      t.equal(one.statusCode, 400, `create ${label}`)
      t.equal(one.json().code, 'INVALID_VALUE', `create ${label}`)
      t.match(one.json().message, `column '${column}'`, `${label}: names the column`)
      if (!/base64!/.test(label)) t.match(one.json().message, type, `${label}: names the expected type`)
      const batch = await admin({ method: 'POST', url: recordsUrl(db), payload: [{ s: 'first' }, { s: 'second', [column]: value }] })
      t.equal(batch.json().code, 'INVALID_VALUE', `bulk ${label}`)
      const update = await admin({ method: 'PATCH', url: `${recordsUrl(db)}/1`, payload: { s: 'changed', [column]: value } })
      t.equal(update.json().code, 'INVALID_VALUE', `update ${label}`)
    }
  }
  t.equal(await count(db), 1, 'nothing of any refused request was written, not even the good records of a batch')
  t.strictSame((await admin({ method: 'GET', url: `${recordsUrl(db)}/1` })).json().data, read, 'the record is unchanged')
})

t.test('numeric strings that convert exactly are taken; integers keep all 64 bits', async (t) => {
  const db = await things()
  const res = await admin({ method: 'POST', url: recordsUrl(db), payload: [{ n: '42.0', big: '-9223372036854775808', r: '-.5', d: '12' }, { n: 1e3, r: 3 }] })
  t.equal(res.statusCode, 201, res.body)
  t.strictSame(res.json().data.map((r: Record<string, unknown>) => [r.n, r.big, r.r, r.d]), [[42, '-9223372036854775808', -0.5, 12], [1000, null, 3, null]])
})

t.test('filters take the same JSON values', async (t) => {
  const db = await things()
  await admin({ method: 'POST', url: recordsUrl(db), payload: [{ b: true, j: ['a'], n: 1 }, { b: false, j: { k: 1 }, n: 2 }, { b: true, j: 'a', n: 3, day: '2026-11-26' }] })
  const ids = async (filter: unknown): Promise<number[]> => {
    const res = await admin({ method: 'GET', url: filterUrl(db, filter) })
    t.equal(res.statusCode, 200, `${JSON.stringify(filter)}: ${res.body}`)
    return res.json().data.map((r: { id: number }) => r.id)
  }
  t.strictSame(await ids({ b: true }), [1, 3], 'true matches a stored 1')
  t.strictSame(await ids({ b: 0 }), [2], '0 matches false')
  t.strictSame(await ids({ b__in: [false] }), [2])
  t.strictSame(await ids({ j: ['a'] }), [1], 'a JSON array matches its stored text')
  t.strictSame(await ids({ j: { k: 1 } }), [2], 'so does an object')
  t.strictSame(await ids({ j: 'a' }), [3], 'and a string')
  t.strictSame(await ids({ n: '2' }), [2], 'a numeric string compares as its number')
  t.strictSame(await ids({ day__gte: '2026-11' }), [3], 'a date column compares with any string (a prefix)')
  t.strictSame(await ids({ j__like: '%a%' }), [1, 3], 'like compares the stored text')
  for (const filter of [{ b: 'yes' }, { n: 'abc' }, { r__gt: 'abc' }, { n__in: [1, 'x'] }]) {
    const res = await admin({ method: 'GET', url: filterUrl(db, filter) })
    t.equal(res.statusCode, 400, JSON.stringify(filter))
    t.equal(res.json().code, 'INVALID_VALUE', JSON.stringify(filter))
  }
})

t.test('columns of other declared types, and values raw SQL stored, keep SQLite\'s own values', async (t) => {
  const db = await freshDatabase()
  await sql(db, 'CREATE TABLE odd (id INTEGER PRIMARY KEY, m MONEY, u, v VARCHAR(20), flag BOOLEAN, doc JSON)')
  const res = await admin({ method: 'POST', url: recordsUrl(db, 'odd'), payload: { m: 'abc', u: true, v: 'sized', flag: true, doc: [1] } })
  t.equal(res.statusCode, 201, res.body)
  t.strictSame(res.json().data, { id: 1, m: 'abc', u: 1, v: 'sized', flag: true, doc: [1] },
    'an unlisted type takes anything; VARCHAR(20) is text; BOOLEAN and JSON in capitals are typed')
  t.equal((await admin({ method: 'POST', url: recordsUrl(db, 'odd'), payload: { v: true } })).json().code, 'INVALID_VALUE', 'a sized type keeps its rule')
  await sql(db, "INSERT INTO odd (id, flag, doc) VALUES (2, 7, 'not json {')")
  t.strictSame((await admin({ method: 'GET', url: `${recordsUrl(db, 'odd')}/2` })).json().data, { id: 2, m: null, u: null, v: null, flag: 7, doc: 'not json {' },
    'a boolean other than 0/1 and text that is not JSON read as stored')
  t.strictSame(await sql(db, 'SELECT flag, doc FROM odd WHERE id = 1'), [{ flag: 1, doc: '[1]' }], 'raw SQL results keep SQLite values')
})

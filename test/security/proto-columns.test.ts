// Issue #30 item 9: a column named `__proto__` (or `constructor`, `toString`, ...) is data like any other. Rows built
// as plain objects turned `row.__proto__ = <blob>` into a prototype change: every read of the table answered 500, and
// a text value in it vanished from the answer.
import t from 'tap'
import { as, build, signIn, workspace } from '../helper.js'

const { app } = await build(t)
const admin = as(app, await signIn(app))
const ws = workspace(admin, 'proto')
const names = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__']
const blob = { $base64: Buffer.from([1, 2, 3]).toString('base64') }

async function table (db: string, protoType: 'BLOB' | 'TEXT'): Promise<void> {
  const columns = names.map((name, i) => `"${name}" ${i === 0 ? protoType : 'TEXT'}`).join(', ')
  await ws.sql(db, `CREATE TABLE t (id INTEGER PRIMARY KEY, ${columns})`)
}

function expected (id: number, proto: unknown): Record<string, unknown> {
  const row: Record<string, unknown> = { id }
  Object.defineProperty(row, '__proto__', { value: proto, enumerable: true, writable: true, configurable: true })
  for (const name of names.slice(1)) row[name] = `${name}-${id}`
  return row
}

/** The record as the client parsed it (JSON.parse keeps `__proto__` as an own member). */
function own (row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(row).map((k) => [k, row[k]]))
}

for (const protoType of ['BLOB', 'TEXT'] as const) {
  t.test(`a ${protoType} column named __proto__ round-trips on every records route and raw SQL`, async (t) => {
    const db = await ws.freshDatabase()
    await table(db, protoType)
    const proto = protoType === 'BLOB' ? blob : 'a text value'
    const protoSql = protoType === 'BLOB' ? "x'010203'" : "'a text value'"
    const values = names.slice(1).map((name) => `'${name}-1'`).join(', ')
    await ws.sql(db, `INSERT INTO t VALUES (1, ${protoSql}, ${values})`)
    const want = own(expected(1, proto))

    const list = await admin({ method: 'GET', url: `/api/databases/${db}/tables/t/records` })
    t.equal(list.statusCode, 200, list.body)
    t.same(own(list.json().data[0]), want, 'list')
    t.ok(list.body.includes('"__proto__":'), 'the member is in the reply text')

    const fields = await admin({ method: 'GET', url: `/api/databases/${db}/tables/t/records?fields=id,__proto__` })
    t.equal(fields.statusCode, 200, fields.body)
    t.same(Object.keys(fields.json().data[0]), ['id', '__proto__'], 'fields')

    const one = await admin({ method: 'GET', url: `/api/databases/${db}/tables/t/records/1` })
    t.equal(one.statusCode, 200, one.body)
    t.same(own(one.json().data), want, 'get')

    const raw = await admin({ method: 'POST', url: `/api/databases/${db}/query`, payload: { sql: 'SELECT * FROM t' } })
    t.equal(raw.statusCode, 200, raw.body)
    t.same(own(raw.json().data[0]), want, 'raw SQL')
    t.same(raw.json().meta.columns, ['id', ...names], 'raw SQL columns')

    const alias = await admin({ method: 'POST', url: `/api/databases/${db}/query`, payload: { sql: "SELECT x'ff' AS __proto__, 'c' AS constructor" } })
    t.equal(alias.statusCode, 200, alias.body)
    t.same(own(alias.json().data[0]), own({ ...Object.fromEntries([['__proto__', { $base64: '/w==' }]]), constructor: 'c' }), 'aliases')

    // writes: the body names the columns, RETURNING * answers the row
    const body = JSON.stringify(expected(2, proto))
    const created = await admin({ method: 'POST', url: `/api/databases/${db}/tables/t/records`, headers: { 'content-type': 'application/json' }, payload: body })
    t.equal(created.statusCode, 201, created.body)
    t.same(own(created.json().data), own(expected(2, proto)), 'insert')

    const batch = `[${body.replace('"id":2', '"id":3').replaceAll('-2"', '-3"')}]`
    const many = await admin({ method: 'POST', url: `/api/databases/${db}/tables/t/records`, headers: { 'content-type': 'application/json' }, payload: batch })
    t.equal(many.statusCode, 201, many.body)
    t.same(own(many.json().data[0]), own(expected(3, proto)), 'batch insert')

    const other = protoType === 'BLOB' ? { $base64: 'AAE=' } : 'changed'
    const patched = await admin({ method: 'PATCH', url: `/api/databases/${db}/tables/t/records/2`, headers: { 'content-type': 'application/json' }, payload: `{"__proto__":${JSON.stringify(other)},"constructor":"k"}` })
    t.equal(patched.statusCode, 200, patched.body)
    t.same(patched.json().data.constructor, 'k', 'update: constructor')
    t.same(own(patched.json().data).__proto__, other, 'update: __proto__')

    const stored = await ws.sql(db, 'SELECT typeof("__proto__") AS kind, "constructor" FROM t WHERE id = 2')
    t.same(stored[0], { kind: protoType.toLowerCase(), constructor: 'k' }, 'stored as sent')

    // the prototype of nothing on the server changed
    t.equal(({} as Record<string, unknown>).constructor, Object, 'Object.prototype untouched')
  })
}

t.test('a key reading such a table gets the same answers (the inline lane and the workers)', async (t) => {
  const db = await ws.freshDatabase()
  await table(db, 'BLOB')
  await ws.sql(db, `INSERT INTO t VALUES (1, x'010203', ${names.slice(1).map((n) => `'${n}-1'`).join(', ')})`)
  const key = as(app, await ws.keyFor(db, 'read'))
  for (let i = 0; i < 4; i++) {
    const one = await key({ method: 'GET', url: `/api/databases/${db}/tables/t/records/1` })
    t.equal(one.statusCode, 200, one.body)
    t.same(own(one.json().data), own(expected(1, blob)))
  }
})

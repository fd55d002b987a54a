import t from 'tap'
import type { AnalyticsEvent } from '../../lib/analytics/index.js'
import { as, build, signIn, workspace } from '../helper.js'

type Call = ReturnType<typeof as>

const { app } = await build(t, { MAX_QUERY_ROWS: '5' })
const admin = as(app, await signIn(app))
const { freshDatabase, keyFor, sql } = workspace(admin, 'batch')

type Statement = { sql: string, params?: unknown }
const batch = (caller: Call, db: string, statements: Statement[]) =>
  caller({ method: 'POST', url: `/api/databases/${db}/batch`, payload: { statements } })

/** A database with `t (id INTEGER PRIMARY KEY, name TEXT UNIQUE)` holding 'a'. */
async function withTable (): Promise<string> {
  const db = await freshDatabase()
  await sql(db, 'CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT UNIQUE)')
  await sql(db, "INSERT INTO t (name) VALUES ('a')")
  return db
}

t.test('every statement answers what POST .../query answers for it, in order', async (t) => {
  const db = await freshDatabase()
  const res = await batch(admin, db, [
    { sql: 'CREATE TABLE u (id INTEGER PRIMARY KEY, name TEXT)' },
    { sql: 'INSERT INTO u (name) VALUES (?), (?)', params: ['x', 'y'] },
    { sql: 'UPDATE u SET name = :n WHERE id = 2', params: { n: 'z' } },
    { sql: 'SELECT id, name FROM u ORDER BY id' },
    { sql: 'WITH RECURSIVE c(value) AS (SELECT 1 UNION ALL SELECT value + 1 FROM c WHERE value < 9) SELECT value FROM c' }
  ])
  t.equal(res.statusCode, 200, res.body)
  t.strictSame(res.json(), {
    data: [
      { data: { changes: 0, lastInsertRowid: null } },
      { data: { changes: 2, lastInsertRowid: 2 } },
      { data: { changes: 1, lastInsertRowid: null } },
      { data: [{ id: 1, name: 'x' }, { id: 2, name: 'z' }], meta: { columns: ['id', 'name'], rowCount: 2, truncated: false } },
      { data: [{ value: 1 }, { value: 2 }, { value: 3 }, { value: 4 }, { value: 5 }], meta: { columns: ['value'], rowCount: 5, truncated: true } }
    ]
  }, 'the row cap applies to each statement')
  t.strictSame(await sql(db, 'SELECT name FROM u ORDER BY id'), [{ name: 'x' }, { name: 'z' }], 'committed')
})

t.test('0 or 101 statements, or a malformed statement, are refused', async (t) => {
  const db = await withTable()
  for (const statements of [[], Array.from({ length: 101 }, () => ({ sql: 'SELECT 1' }))]) {
    const res = await batch(admin, db, statements)
    t.equal(res.statusCode, 400, `${statements.length} statements`)
    t.equal(res.json().code, 'FST_ERR_VALIDATION')
  }
  t.equal((await batch(admin, db, Array.from({ length: 100 }, (_, i) => ({ sql: 'SELECT ? AS i', params: [i] })))).statusCode, 200, '100 is the limit')
  const extra = await admin({ method: 'POST', url: `/api/databases/${db}/batch`, payload: { statements: [{ sql: 'SELECT 1', x: 1 }] } })
  t.equal(extra.statusCode, 400)
  const missing = await admin({ method: 'POST', url: `/api/databases/${db}/batch`, payload: {} })
  t.equal(missing.statusCode, 400)
})

t.test('a statement that fails halfway leaves nothing of the batch, and is named', async (t) => {
  const db = await withTable()
  const cases: Array<[string, Statement[], number, string, number]> = [
    ['a constraint', [{ sql: "INSERT INTO t (name) VALUES ('b')" }, { sql: "UPDATE t SET name = 'c' WHERE id = 1" }, { sql: "INSERT INTO t (name) VALUES ('b')" }], 409, 'CONSTRAINT_VIOLATION', 2],
    ['an SQL error', [{ sql: "INSERT INTO t (name) VALUES ('b')" }, { sql: 'SELECT nope FROM t' }], 400, 'SQL_ERROR', 1],
    ['a runtime error', [{ sql: 'DELETE FROM t' }, { sql: 'SELECT abs(-9223372036854775808)' }], 400, 'SQL_ERROR', 1],
    ['a table created by the batch', [{ sql: 'CREATE TABLE v (x)' }, { sql: 'INSERT INTO v VALUES (1)' }, { sql: 'INSERT INTO missing VALUES (1)' }], 400, 'SQL_ERROR', 2],
    ['a missing parameter', [{ sql: "INSERT INTO t (name) VALUES ('b')" }, { sql: 'SELECT ?' }], 400, 'INVALID_VALUE', 1],
    ['two statements in one', [{ sql: 'DELETE FROM t' }, { sql: 'SELECT 1; SELECT 2' }], 400, 'MULTIPLE_STATEMENTS', 1],
    ['transaction control', [{ sql: 'DELETE FROM t' }, { sql: 'COMMIT' }], 400, 'INVALID_REQUEST', 1]
  ]
  for (const [label, statements, status, code, index] of cases) {
    const res = await batch(admin, db, statements)
    t.equal(res.statusCode, status, label)
    t.match(res.json(), { statusCode: status, code, statementIndex: index }, label)
    t.strictSame(await sql(db, 'SELECT id, name FROM t'), [{ id: 1, name: 'a' }], `${label}: nothing kept`)
    t.strictSame(await sql(db, "SELECT name FROM sqlite_schema WHERE name = 'v'"), [], `${label}: no table kept`)
  }
})

t.test('a write with a read key, or on a readonly database, is refused before anything runs', async (t) => {
  const db = await withTable()
  const reader = as(app, await keyFor(db, 'read'))
  // the first statement fails when it runs: a 403 for the second one shows that it never did
  const failsWhenRun = { sql: 'SELECT abs(-9223372036854775808)' }
  const refused = await batch(reader, db, [failsWhenRun, { sql: "INSERT INTO t (name) VALUES ('b')" }])
  t.equal(refused.statusCode, 403)
  t.match(refused.json(), { code: 'INSUFFICIENT_SCOPE', statementIndex: 1 })
  const reads = await batch(reader, db, [{ sql: 'SELECT name FROM t' }, { sql: 'SELECT count(*) AS n FROM t' }])
  t.equal(reads.statusCode, 200, 'a read key may batch reads')

  const forbidden = await batch(admin, db, [failsWhenRun, { sql: "VACUUM INTO 'x.db'" }])
  t.match(forbidden.json(), { statusCode: 403, code: 'FORBIDDEN_STATEMENT', statementIndex: 1 })

  await admin({ method: 'PATCH', url: `/api/databases/${db}/config`, payload: { readonly: true } })
  const frozen = await batch(admin, db, [failsWhenRun, { sql: 'DELETE FROM t' }])
  t.match(frozen.json(), { statusCode: 403, code: 'DATABASE_READONLY', statementIndex: 1 })
  t.strictSame(await sql(db, 'SELECT name FROM t'), [{ name: 'a' }])
})

t.test('a key of another database, or none, gets nothing', async (t) => {
  const db = await withTable()
  const other = await freshDatabase()
  const stranger = as(app, await keyFor(other, 'write'))
  t.equal((await batch(stranger, db, [{ sql: 'SELECT 1' }])).json().code, 'KEY_WRONG_DATABASE')
  t.equal((await batch(as(app, undefined), db, [{ sql: 'SELECT 1' }])).statusCode, 401)
})

t.test('one analytics event per statement', async (t) => {
  const db = await withTable()
  const events: AnalyticsEvent[] = []
  const record = app.analytics.record
  app.analytics.record = (event) => { events.push(event) }
  t.teardown(() => { app.analytics.record = record })
  await batch(admin, db, [{ sql: "INSERT INTO t (name) VALUES ('b')" }, { sql: 'SELECT * FROM t' }])
  t.match(events, [
    { database: db, operation: 'update', statsOperation: 'raw_query', rowCount: 1, status: 'ok', sqlText: "INSERT INTO t (name) VALUES ('b')" },
    { database: db, operation: 'select', statsOperation: 'raw_query', rowCount: 2, status: 'ok', sqlText: 'SELECT * FROM t' }
  ])
  t.equal(events.length, 2)
  events.length = 0
  await batch(admin, db, [{ sql: "INSERT INTO t (name) VALUES ('c')" }, { sql: 'SELECT nope' }, { sql: 'SELECT 1' }])
  t.match(events, [{ status: 'error', errorMsg: /rolled back/ }, { status: 'error', errorMsg: /no such column/ }])
  t.equal(events.length, 2, 'the statement after the failure never ran')
})

t.test('a batch past the deadline answers 408, keeps nothing, and the server keeps serving', async (t) => {
  const slow = await build(t, { QUERY_TIMEOUT_MS: '1000' })
  const call = as(slow.app, await signIn(slow.app))
  const own = workspace(call, 'slow')
  const db = await own.freshDatabase()
  await own.sql(db, 'CREATE TABLE w (x INTEGER)')
  const runaway = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM c'
  const stuck = batch(call, db, [{ sql: 'INSERT INTO w VALUES (1)' }, { sql: 'CREATE TABLE y (z)' }, { sql: runaway }])
  const other = await own.freshDatabase()
  const meanwhile = await call({ method: 'POST', url: `/api/databases/${other}/query`, payload: { sql: 'SELECT 1 AS one' } })
  t.strictSame(meanwhile.json().data, [{ one: 1 }], 'another database is served meanwhile')
  const res = await stuck
  t.equal(res.statusCode, 408)
  t.equal(res.json().code, 'QUERY_TIMEOUT')
  t.strictSame(await own.sql(db, 'SELECT count(*) AS n FROM w'), [{ n: 0 }], 'the insert was rolled back')
  t.strictSame(await own.sql(db, "SELECT name FROM sqlite_schema WHERE name = 'y'"), [], 'the table was not kept')
  const after = await batch(call, db, [{ sql: 'INSERT INTO w VALUES (2)' }, { sql: 'SELECT x FROM w' }])
  t.strictSame(after.json().data[1].data, [{ x: 2 }], 'the database takes the next batch')
})

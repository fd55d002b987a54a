import t from 'tap'
import { existsSync, mkdirSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { performance } from 'node:perf_hooks'
import { as, build, signIn, tempDir, workspace } from '../helper.js'

type Call = ReturnType<typeof as>

// The data directory sits alone inside a directory of its own, so that any file a statement
// manages to create next to it (`../x.db`) shows up in a listing that nothing else touches.
const outer = tempDir(t)
const dataDir = join(outer, 'data')
mkdirSync(dataDir)
const { app } = await build(t, { MAX_QUERY_ROWS: '5' }, dataDir)
const admin = as(app, await signIn(app))
const { freshDatabase, keyFor, sql } = workspace(admin, 'query')

const run = (caller: Call, db: string, sql: string, params?: unknown) =>
  caller({ method: 'POST', url: `/api/databases/${db}/query`, payload: params === undefined ? { sql } : { sql, params } })


/** A database with `t (id INTEGER PRIMARY KEY, name TEXT UNIQUE)` holding 'a' and 'b'. */
async function withTable (on: Call = admin): Promise<string> {
  const db = await freshDatabase(on)
  await sql(db, 'CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT UNIQUE)', undefined, on)
  await sql(db, "INSERT INTO t (name) VALUES ('a'), ('b')", undefined, on)
  return db
}

t.test('a SELECT answers rows with columns, rowCount and truncated', async (t) => {
  const db = await withTable()
  const res = await run(admin, db, 'SELECT id, name AS label FROM t ORDER BY id')
  t.equal(res.statusCode, 200)
  t.strictSame(res.json(), { data: [{ id: 1, label: 'a' }, { id: 2, label: 'b' }], meta: { columns: ['id', 'label'], rowCount: 2, truncated: false } })
  t.strictSame((await run(admin, db, 'SELECT * FROM t WHERE id > 9')).json(), { data: [], meta: { columns: ['id', 'name'], rowCount: 0, truncated: false } })
  t.strictSame((await run(admin, db, 'PRAGMA table_info(t)')).json().meta.rowCount, 2, 'reading pragmas return rows too')
  t.strictSame((await run(admin, db, "SELECT x'00ff' AS b, 9007199254740993 AS big")).json().data, [{ b: { $base64: 'AP8=' }, big: '9007199254740993' }],
    'blobs and big integers survive JSON')
})

t.test('other statements answer { changes, lastInsertRowid }', async (t) => {
  const db = await withTable()
  // lastInsertRowid only where the statement inserted a row: SQLite keeps an earlier insert's on the connection
  const cases: Array<[string, object]> = [
    ["INSERT INTO t (name) VALUES ('c')", { changes: 1, lastInsertRowid: 3 }],
    ["UPDATE t SET name = name || '!' WHERE id < 3", { changes: 2, lastInsertRowid: null }],
    ['DELETE FROM t WHERE id = 1', { changes: 1, lastInsertRowid: null }],
    ['CREATE TABLE u (x INTEGER)', { changes: 0, lastInsertRowid: null }],
    ['ALTER TABLE u ADD COLUMN y TEXT', { changes: 0, lastInsertRowid: null }],
    ['CREATE INDEX u_y ON u (y)', { changes: 0, lastInsertRowid: null }],
    ['DROP TABLE u', { changes: 0, lastInsertRowid: null }],
    ["INSERT OR IGNORE INTO t (name) VALUES ('c')", { changes: 0, lastInsertRowid: null }],
    ["WITH n(v) AS (SELECT 'd' UNION ALL SELECT 'e') INSERT INTO t (name) SELECT v FROM n", { changes: 2, lastInsertRowid: 5 }],
    ["WITH n(v) AS (SELECT 'e') UPDATE t SET name = 'E' WHERE name IN (SELECT v FROM n)", { changes: 1, lastInsertRowid: null }],
    ["REPLACE INTO t (id, name) VALUES (9, 'f')", { changes: 1, lastInsertRowid: 9 }],
    ['DELETE FROM t WHERE id > 3', { changes: 3, lastInsertRowid: null }]
  ]
  for (const [text, expected] of cases) {
    const res = await run(admin, db, text)
    t.equal(res.statusCode, 200, text)
    t.strictSame(res.json(), { data: expected }, text)
  }
  t.strictSame(await sql(db, 'SELECT * FROM t ORDER BY id'), [{ id: 2, name: 'b!' }, { id: 3, name: 'c' }])
  t.strictSame(await sql(db, "SELECT name FROM sqlite_master WHERE name = 'u'"), [])
})

t.test('RETURNING answers the rows', async (t) => {
  const db = await withTable()
  const inserted = await run(admin, db, "INSERT INTO t (name) VALUES ('c'), ('d') RETURNING id, name")
  t.strictSame(inserted.json(), { data: [{ id: 3, name: 'c' }, { id: 4, name: 'd' }], meta: { columns: ['id', 'name'], rowCount: 2, truncated: false } })
  t.strictSame((await run(admin, db, "UPDATE t SET name = upper(name) WHERE id > 2 RETURNING name")).json().data, [{ name: 'C' }, { name: 'D' }])
  t.strictSame((await run(admin, db, 'DELETE FROM t WHERE id = 4 RETURNING *')).json().data, [{ id: 4, name: 'D' }])
  t.strictSame(await sql(db, 'SELECT name FROM t ORDER BY id'), [{ name: 'a' }, { name: 'b' }, { name: 'C' }], 'the writes happened')
})

t.test('parameters', async (t) => {
  const db = await withTable()
  t.strictSame(await sql(db, 'SELECT name FROM t WHERE id = ? OR name = ? ORDER BY id', [1, 'b']), [{ name: 'a' }, { name: 'b' }], 'positional')
  t.strictSame(await sql(db, 'SELECT ?2 AS second, ?1 AS first', ['one', 'two']), [{ second: 'two', first: 'one' }], 'numbered')
  t.strictSame(await sql(db, 'SELECT :a AS a, @b AS b, $c AS c', { a: 1, b: 'two', c: null }), [{ a: 1, b: 'two', c: null }], 'named, by bare name')
  t.strictSame(await sql(db, 'SELECT :a AS a', { ':a': 5 }), [{ a: 5 }], 'named, with the prefix')
  t.strictSame(await sql(db, 'SELECT hex(?) AS h', [{ $base64: 'AP8=' }]), [{ h: '00FF' }], 'a blob')
  t.strictSame(await sql(db, "INSERT INTO t (name) VALUES (?) RETURNING id", ["x'); DROP TABLE t; --"]), [{ id: 3 }])
  t.strictSame(await sql(db, 'SELECT name FROM t WHERE id = 3'), [{ name: "x'); DROP TABLE t; --" }], 'a value stays a value')

  // Every JSON type must reach SQLite as itself, not as its text (booleans as 1/0).
  t.strictSame(await sql(db, 'SELECT ? AS i, ? AS r, ? AS s, ? AS n, ? AS b, typeof(?) AS tn', [7, 1.5, '7', null, true, null]),
    [{ i: 7, r: 1.5, s: '7', n: null, b: 1, tn: 'null' }], 'positional values keep their types')
  t.strictSame(await sql(db, 'SELECT :i AS i, :n AS n, :b AS b', { i: 7, n: null, b: false }), [{ i: 7, n: null, b: 0 }], 'named values keep their types')
  t.strictSame(await sql(db, 'SELECT count(*) AS n FROM t WHERE id = ?', [1]), [{ n: 1 }], 'an integer parameter matches an integer key')

  for (const [text, params] of [
    ['SELECT ?', []],
    ['SELECT ?', undefined],
    ['SELECT ?, ?', [1]],
    ['SELECT ?', [1, 2]],
    ['SELECT :a', { b: 1 }],
    ['SELECT :a', [1]],
    ['SELECT ?', { a: 1 }],
    ['INSERT INTO t (name) VALUES (?)', []]
  ] as const) {
    const res = await run(admin, db, text, params)
    t.equal(res.statusCode, 400, `${text} ${JSON.stringify(params)}`)
    t.equal(res.json().code, 'INVALID_VALUE')
  }
  for (const params of [{ 'bad name': 1 }, { a: [1] }]) {
    t.equal((await run(admin, db, 'SELECT ?', params)).statusCode, 400, JSON.stringify(params))
  }
  t.equal((await sql(db, 'SELECT count(*) AS n FROM t'))[0].n, 3, 'refused statements wrote nothing')
})

t.test('one statement per request', async (t) => {
  const db = await withTable()
  for (const text of ['SELECT 1; SELECT 2', 'SELECT 1; DROP TABLE t', "INSERT INTO t (name) VALUES ('z'); DELETE FROM t", 'SELECT 1;;SELECT 2']) {
    const res = await run(admin, db, text)
    t.equal(res.statusCode, 400, text)
    t.equal(res.json().code, 'MULTIPLE_STATEMENTS')
  }
  t.strictSame(await sql(db, 'SELECT count(*) AS n FROM t'), [{ n: 2 }], 'no part of them ran')
  t.strictSame(await sql(db, 'SELECT 1 AS one;'), [{ one: 1 }], 'a trailing semicolon is fine')
  t.strictSame(await sql(db, 'SELECT 1 AS one; -- done'), [{ one: 1 }], 'so is a trailing comment')
  t.strictSame(await sql(db, "SELECT ';' AS s"), [{ s: ';' }], 'a semicolon inside a string is no separator')
  for (const text of ['   ', '-- nothing', ';', 'BEGIN', 'COMMIT']) {
    t.equal((await run(admin, db, text)).statusCode, 400, JSON.stringify(text))
  }
  t.equal((await run(admin, db, '')).statusCode, 400)
})

t.test('SQL errors answer 400 SQL_ERROR, constraint failures 409, with SQLite\'s message', async (t) => {
  const db = await withTable()
  t.strictSame((await run(admin, db, 'SELEC 1')).json(), { statusCode: 400, code: 'SQL_ERROR', error: 'Bad Request', message: 'near "SELEC": syntax error' })
  t.strictSame((await run(admin, db, 'SELECT * FROM nope')).json(), { statusCode: 400, code: 'SQL_ERROR', error: 'Bad Request', message: 'no such table: nope' })
  t.strictSame((await run(admin, db, 'SELECT nope FROM t')).json().message, 'no such column: nope')
  const dupe = await run(admin, db, "INSERT INTO t (name) VALUES ('a')")
  t.strictSame(dupe.json(), { statusCode: 409, code: 'CONSTRAINT_VIOLATION', error: 'Conflict', message: 'UNIQUE constraint failed: t.name' })
  await sql(db, 'CREATE TABLE c (n INTEGER NOT NULL CHECK (n > 0))')
  t.match((await run(admin, db, 'INSERT INTO c VALUES (NULL)')).json(), { statusCode: 409, message: 'NOT NULL constraint failed: c.n' })
  t.match((await run(admin, db, 'INSERT INTO c VALUES (0)')).json(), { statusCode: 409, message: /CHECK constraint failed/ })
  const unknown = await run(admin, 'ghost', 'SELECT 1')
  t.equal(unknown.statusCode, 404)
  t.equal(unknown.json().code, 'DATABASE_NOT_FOUND')
})

t.test('rows are capped at MAX_QUERY_ROWS', async (t) => {
  const db = await freshDatabase()
  const series = (n: number) => `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ${n}) SELECT x FROM c`
  t.strictSame((await run(admin, db, series(10))).json(), { data: [1, 2, 3, 4, 5].map((x) => ({ x })), meta: { columns: ['x'], rowCount: 5, truncated: true } })
  t.strictSame((await run(admin, db, series(5))).json().meta, { columns: ['x'], rowCount: 5, truncated: false }, 'exactly the cap is not truncated')
  await sql(db, 'CREATE TABLE n (x INTEGER)')
  const returning = await run(admin, db, `INSERT INTO n ${series(8)} RETURNING x`)
  t.strictSame(returning.json().meta, { columns: ['x'], rowCount: 5, truncated: true }, 'RETURNING is capped too')
  t.strictSame(await sql(db, 'SELECT count(*) AS n FROM n'), [{ n: 8 }], 'the statement still wrote every row (SQLite runs RETURNING writes on the first step)')
})

t.test('a read key runs only what SQLite calls read-only; a readonly database refuses writes for everyone', async (t) => {
  const db = await withTable()
  const reader = as(app, await keyFor(db, 'read'))
  const writer = as(app, await keyFor(db, 'write'))
  t.strictSame(await sql(db, 'SELECT name FROM t ORDER BY id', undefined, reader), [{ name: 'a' }, { name: 'b' }])
  t.equal((await run(reader, db, 'PRAGMA table_info(t)')).statusCode, 200)
  t.equal((await run(reader, db, 'EXPLAIN QUERY PLAN SELECT * FROM t')).statusCode, 200)
  const writes = ["INSERT INTO t (name) VALUES ('r')", 'UPDATE t SET name = 1', 'DELETE FROM t', 'DROP TABLE t', 'CREATE TABLE x (a)',
    'ALTER TABLE t ADD COLUMN z', "INSERT INTO t (name) VALUES ('r') RETURNING *", 'PRAGMA user_version = 7', 'REINDEX']
  for (const text of writes) {
    const res = await run(reader, db, text)
    t.equal(res.statusCode, 403, text)
    t.equal(res.json().code, 'INSUFFICIENT_SCOPE')
  }
  t.equal((await run(writer, db, "INSERT INTO t (name) VALUES ('w')")).statusCode, 200, 'a write key may write')

  await admin({ method: 'PATCH', url: `/api/databases/${db}/config`, payload: { readonly: true } })
  for (const caller of [admin, writer]) {
    for (const text of writes) {
      const res = await run(caller, db, text)
      t.equal(res.statusCode, 403, text)
      t.equal(res.json().code, 'DATABASE_READONLY')
    }
    t.equal((await run(caller, db, 'SELECT count(*) FROM t')).statusCode, 200, 'reads still work')
  }
  t.strictSame(await sql(db, 'SELECT name FROM t ORDER BY id'), [{ name: 'a' }, { name: 'b' }, { name: 'w' }], 'nothing refused ran')
  t.strictSame(await sql(db, 'PRAGMA user_version'), [{ user_version: 0 }])
  t.strictSame(await sql(db, "SELECT name FROM sqlite_master WHERE name = 'x'"), [])
})

/** Schemas other than main and temp on the connection that serves the next request. */
const attached = "SELECT name FROM pragma_database_list WHERE name NOT IN ('main', 'temp')"

/** Runs `text` on both engine workers at once (the helper starts two), so every pooled connection answers. */
async function onEveryConnection (db: string, text: string, caller: Call = admin): Promise<unknown[]> {
  return Promise.all([sql(db, text, undefined, caller), sql(db, text, undefined, caller)])
}

/** Every file below `outer` (the data directory and its parent), as relative paths. */
function listing (): string[] {
  return (readdirSync(outer, { recursive: true }) as string[]).map((f) => relative(outer, join(outer, f))).sort()
}

/** Files below `outer` that were not in `before`. */
function newFiles (before: string[]): string[] {
  return listing().filter((file) => !before.includes(file))
}

t.test('isolation: statements that reach outside the database are refused and create no file', async (t) => {
  const alpha = await withTable()
  const beta = await withTable()
  const frozen = await withTable()
  await sql(alpha, 'CREATE TABLE logs (x INTEGER)')
  await sql(frozen, 'CREATE TABLE logs (x INTEGER)')
  await admin({ method: 'PATCH', url: `/api/databases/${frozen}/config`, payload: { readonly: true } })
  const alphaWriter = as(app, await keyFor(alpha, 'write'))
  const alphaReader = as(app, await keyFor(alpha, 'read'))
  const vacuumTarget = join(tmpdir(), `litehouse-vacuum-${process.pid}.db`)
  const outside = join(outer, 'outside.db')
  const cte = 'WITH x AS (SELECT 1) INSERT INTO logs SELECT * FROM x'
  const tmpX = existsSync('/tmp/x.db')

  const cases: Array<[string, Call, string, string, unknown?]> = [
    ["a key attaching another tenant's file", alphaWriter, `ATTACH '${beta}.db' AS b`, 'FORBIDDEN_STATEMENT'],
    ["a key attaching another tenant's file by absolute path", alphaWriter, `ATTACH DATABASE '${join(dataDir, `${beta}.db`)}' AS b`, 'FORBIDDEN_STATEMENT'],
    ["a key attaching its own file", alphaWriter, `ATTACH '${alpha}.db' AS b`, 'FORBIDDEN_STATEMENT'],
    ['a key attaching _system.db', alphaWriter, "ATTACH '_system.db' AS s", 'FORBIDDEN_STATEMENT'],
    ['the admin attaching _system.db', admin, "ATTACH '_system.db' AS s", 'FORBIDDEN_STATEMENT'],
    ['the admin attaching _analytics.db', admin, "ATTACH DATABASE '_analytics.db' AS a", 'FORBIDDEN_STATEMENT'],
    ['the admin attaching _system.db by absolute path', admin, `ATTACH '${join(dataDir, '_system.db')}' AS s`, 'FORBIDDEN_STATEMENT'],
    ['the admin attaching ../x.db', admin, "ATTACH '../x.db' AS x", 'FORBIDDEN_STATEMENT'],
    ['a key attaching ../x.db', alphaWriter, "ATTACH '../x.db' AS x", 'FORBIDDEN_STATEMENT'],
    ['the admin attaching an absolute path outside', admin, `ATTACH '${outside}' AS x`, 'FORBIDDEN_STATEMENT'],
    ['the admin attaching a file that does not exist yet', admin, "ATTACH 'brandnew.db' AS x", 'FORBIDDEN_STATEMENT'],
    ['the admin attaching a URI that creates', admin, "ATTACH 'file:x.db?mode=rwc' AS x", 'FORBIDDEN_STATEMENT'],
    ['the admin attaching a URI to a hosted file', admin, `ATTACH 'file:${beta}.db' AS x`, 'FORBIDDEN_STATEMENT'],
    ['a key attaching a memory URI', alphaWriter, "ATTACH 'file::memory:?cache=shared' AS x", 'FORBIDDEN_STATEMENT'],
    ['an ATTACH built from an expression', admin, "ATTACH '_sys' || 'tem.db' AS x", 'FORBIDDEN_STATEMENT'],
    ['the admin attaching _system.db through a parameter', admin, 'ATTACH ? AS s', 'FORBIDDEN_STATEMENT', ['_system.db']],
    ['a key attaching a tenant through a parameter', alphaWriter, 'ATTACH DATABASE ? AS b', 'FORBIDDEN_STATEMENT', [`${beta}.db`]],
    ['a key attaching ../x.db through a named parameter', alphaWriter, 'ATTACH :f AS x', 'FORBIDDEN_STATEMENT', { f: '../x.db' }],
    ['the admin attaching through a numbered parameter', admin, 'ATTACH ?2 AS x', 'FORBIDDEN_STATEMENT', [':memory:', '_analytics.db']],
    ['the admin attaching a URI through a parameter', admin, 'ATTACH ? AS x', 'FORBIDDEN_STATEMENT', ['file:x.db?mode=rwc']],
    ['VACUUM INTO /tmp/x.db', admin, "VACUUM INTO '/tmp/x.db'", 'FORBIDDEN_STATEMENT'],
    ['VACUUM INTO a fresh temp file', admin, `VACUUM INTO '${vacuumTarget}'`, 'FORBIDDEN_STATEMENT'],
    ['VACUUM INTO inside the data directory', alphaWriter, "VACUUM INTO 'copy.db'", 'FORBIDDEN_STATEMENT'],
    ['VACUUM INTO through a parameter', admin, 'VACUUM main INTO ?', 'FORBIDDEN_STATEMENT', ['../x.db']],
    ['load_extension', admin, "SELECT load_extension('x')", 'FORBIDDEN_STATEMENT'],
    ['load_extension by a key', alphaWriter, "SELECT load_extension('/tmp/x.so', 'init')", 'FORBIDDEN_STATEMENT'],
    ['PRAGMA writable_schema', admin, 'PRAGMA writable_schema = 1', 'FORBIDDEN_STATEMENT'],
    ['PRAGMA writable_schema by call', alphaWriter, 'PRAGMA main.writable_schema(ON)', 'FORBIDDEN_STATEMENT'],
    ['a write hidden in a CTE by a read key', alphaReader, cte, 'INSUFFICIENT_SCOPE'],
    ['a write hidden in a CTE on a readonly database', admin, cte, 'DATABASE_READONLY'],
    ['a read key creating a trigger', alphaReader, 'CREATE TRIGGER trg AFTER INSERT ON t BEGIN DELETE FROM t; END', 'INSUFFICIENT_SCOPE'],
    ['a read key creating a temp trigger', alphaReader, 'CREATE TEMP TRIGGER trg AFTER INSERT ON t BEGIN DELETE FROM t; END', 'INSUFFICIENT_SCOPE'],
    ['a read key creating a temp table', alphaReader, 'CREATE TEMP TABLE scratch (x)', 'INSUFFICIENT_SCOPE'],
    ['a read key creating a temp view', alphaReader, 'CREATE TEMP VIEW v AS SELECT 1', 'INSUFFICIENT_SCOPE']
  ]

  for (const [label, caller, text, code, params] of cases) {
    const db = label.includes('readonly') ? frozen : alpha
    const before = listing()
    const res = await run(caller, db, text, params)
    t.equal(res.statusCode, 403, `${label}: 403`)
    t.equal(res.json().code, code, `${label}: ${code}`)
    t.strictSame(newFiles(before), [], `${label}: no new file`)
  }
  t.notOk(existsSync(vacuumTarget), 'VACUUM INTO wrote nothing')
  t.equal(existsSync('/tmp/x.db'), tmpX, '/tmp/x.db is as it was')
  t.notOk(existsSync(join(outer, 'x.db')), 'no ../x.db')
  t.notOk(existsSync(outside), 'no file outside')

  for (const db of [alpha, frozen]) {
    t.strictSame(await sql(db, 'SELECT count(*) AS n FROM logs'), [{ n: 0 }], `${db}: the hidden writes did not run`)
    t.strictSame(await sql(db, "SELECT type, name FROM sqlite_master WHERE type IN ('trigger', 'view')"), [], `${db}: no trigger or view`)
  }
  t.strictSame(await onEveryConnection(alpha, attached), [[], []], 'nothing stays attached')
  t.strictSame(await onEveryConnection(alpha, 'SELECT count(*) AS n FROM temp.sqlite_master'), [[{ n: 0 }], [{ n: 0 }]], 'no temp objects')
  t.strictSame(await sql(alpha, 'PRAGMA writable_schema'), [{ writable_schema: 0 }])
})

t.test('allowed counterparts: a key attaches :memory:, an admin attaches a hosted database; both detach afterwards', async (t) => {
  const alpha = await withTable()
  const beta = await withTable()
  const writer = as(app, await keyFor(alpha, 'write'))
  const reader = as(app, await keyFor(alpha, 'read'))
  const before = listing()

  // SQLite counts ATTACH as read-only (it changes the connection, not a file), so a read key may attach memory too.
  for (const [caller, text] of [[writer, "ATTACH ':memory:' AS scratch"], [writer, "ATTACH DATABASE '' AS scratch"], [writer, 'ATTACH ? AS scratch'], [reader, "ATTACH ':memory:' AS scratch"]] as const) {
    const res = await run(caller, alpha, text, text.includes('?') ? [':memory:'] : undefined)
    t.equal(res.statusCode, 200, text)
    t.match(res.json(), { data: { changes: 0 } })
    // asked as the admin: pragma_database_list is refused to keys (test/security/server-paths.test.ts)
    t.strictSame(await onEveryConnection(alpha, attached), [[], []], 'the attachment did not outlive its request')
  }

  const attach = await run(admin, alpha, `ATTACH '${beta}.db' AS other`)
  t.equal(attach.statusCode, 200, attach.body)
  const after = await run(admin, alpha, 'SELECT name FROM other.t')
  t.equal(after.statusCode, 400, 'the next request cannot see the schema name')
  t.equal(after.json().code, 'SQL_ERROR')
  t.match(after.json().message, /no such table: other\.t/)
  t.strictSame(await onEveryConnection(alpha, attached), [[], []])
  t.strictSame(await sql(beta, 'SELECT count(*) AS n FROM t'), [{ n: 2 }], 'the attached database is intact')
  t.strictSame(newFiles(before), [], 'no new file')
})

t.test('a runaway statement answers 408 while everyone else is served', async (t) => {
  const slow = await build(t, { QUERY_TIMEOUT_MS: '1500' })
  const token = await signIn(slow.app)
  const call = as(slow.app, token)
  const target = await freshDatabase(call)
  const other = await withTable(call)
  await sql(target, 'CREATE TABLE w (x INTEGER)', undefined, call)
  const runaway = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM c'

  async function timed<T> (promise: Promise<T>, start: number): Promise<{ value: T, ms: number }> {
    const value = await promise
    return { value, ms: performance.now() - start }
  }

  const start = performance.now()
  const stuck = timed(run(call, target, runaway), start)
  await new Promise((resolve) => setTimeout(resolve, 300)) // let the runaway reach its worker
  const others = await Promise.all([
    timed(slow.app.inject({ method: 'GET', url: '/api/health' }), start),
    timed(run(call, other, 'SELECT count(*) AS n FROM t'), start),
    timed(run(call, other, "INSERT INTO t (name) VALUES ('during') RETURNING id"), start)
  ])
  const answer = await stuck
  t.equal(answer.value.statusCode, 408)
  t.strictSame(answer.value.json(), { statusCode: 408, code: 'QUERY_TIMEOUT', error: 'Request Timeout', message: 'the statement ran longer than 1500 ms and was stopped' })
  t.ok(answer.ms < 2500, `answered within the deadline + 1 s (${Math.round(answer.ms)} ms)`)
  t.equal(others[0].value.statusCode, 200, 'health answered')
  t.strictSame(others[1].value.json().data, [{ n: 2 }], 'another database answered')
  t.equal(others[2].value.statusCode, 200, 'another database took a write')
  for (const [i, other] of others.entries()) {
    t.ok(other.ms < answer.ms, `request ${i} done in ${Math.round(other.ms)} ms, before the runaway's answer at ${Math.round(answer.ms)} ms`)
  }

  const write = 'INSERT INTO w SELECT x FROM (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT x FROM c)'
  const killed = await timed(run(call, target, write), performance.now())
  t.equal(killed.value.statusCode, 408, 'a runaway write is stopped too')
  t.ok(killed.ms < 2500, `within the deadline + 1 s (${Math.round(killed.ms)} ms)`)

  t.strictSame(await sql(target, 'PRAGMA integrity_check', undefined, call), [{ integrity_check: 'ok' }])
  t.strictSame(await sql(target, 'SELECT count(*) AS n FROM w', undefined, call), [{ n: 0 }], 'the killed transaction left no rows')
  t.strictSame(await sql(target, "INSERT INTO w VALUES (1) RETURNING x", undefined, call), [{ x: 1 }], 'the database takes writes again')
})

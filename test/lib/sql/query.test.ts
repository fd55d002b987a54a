import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import t from 'tap'
import { queryJobs, type QueryArgs, type QueryResult } from '../../../lib/engine/jobs/query.js'
import { apiError, openContext, snapshot, type Teardown, type TestContext } from './helper.js'

const runQuery = queryJobs['query.run']

function run (ctx: TestContext, sql: string, params?: QueryArgs['params'], options: Partial<QueryArgs> = {}): QueryResult {
  return runQuery(ctx, { sql, params, allowWrite: true, databaseName: 'shop', principal: 'admin', ...options })
}

function rows (result: QueryResult): unknown[] {
  if (result.kind !== 'rows') throw new Error(`expected rows, got ${JSON.stringify(result)}`)
  return result.rows
}

function shop (t: Teardown, maxQueryRows?: number): TestContext {
  const ctx = openContext(t, { maxQueryRows, file: 'shop.db' })
  ctx.db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT UNIQUE, data BLOB); INSERT INTO t (name) VALUES ('a'), ('b')")
  return ctx
}

/** The connection settings a statement must never change on a pooled connection. */
function connectionState (ctx: TestContext): unknown {
  const read = (name: string): unknown => ctx.db.pragma(name, { simple: true })
  return {
    foreign_keys: read('foreign_keys'),
    writable_schema: read('writable_schema'),
    recursive_triggers: read('recursive_triggers'),
    query_only: read('query_only'),
    journal_mode: read('journal_mode'),
    cache_size: read('cache_size'),
    ignore_check_constraints: read('ignore_check_constraints'),
    case_sensitive_like: ctx.db.prepare("SELECT 'a' LIKE 'A' AS v").pluck().get(),
    databases: ctx.db.pragma('database_list')
  }
}

t.test('a SELECT returns rows, columns and the select operation', async (t) => {
  const ctx = shop(t)
  const result = run(ctx, 'SELECT id, name AS label FROM t ORDER BY id')
  t.same(result, {
    kind: 'rows',
    rows: [{ id: 1, label: 'a' }, { id: 2, label: 'b' }],
    columns: ['id', 'label'],
    rowCount: 2,
    truncated: false,
    operation: 'select'
  })
  t.same(run(ctx, 'SELECT * FROM t WHERE id > 5'), { kind: 'rows', rows: [], columns: ['id', 'name', 'data'], rowCount: 0, truncated: false, operation: 'select' })
})

t.test('other statements return changes, lastInsertRowid and the update operation', async (t) => {
  const ctx = shop(t)
  t.same(run(ctx, "INSERT INTO t (name) VALUES ('c')"), { kind: 'run', changes: 1, lastInsertRowid: 3, operation: 'update' })
  t.same(run(ctx, "UPDATE t SET name = name || '!'"), { kind: 'run', changes: 3, lastInsertRowid: null, operation: 'update' }, 'no insert: no rowid')
  t.same(run(ctx, 'CREATE TABLE made (x INTEGER)'), { kind: 'run', changes: 0, lastInsertRowid: null, operation: 'update', tableCount: 2 }, 'a schema change brings the table count')
  t.match(run(ctx, 'ALTER TABLE made ADD COLUMN y TEXT'), { kind: 'run' })
  t.same(rows(run(ctx, 'SELECT name FROM pragma_table_info(?)', ['made'])), [{ name: 'x' }, { name: 'y' }])
  t.match(run(ctx, 'DROP TABLE made'), { kind: 'run' })
  t.equal(ctx.db.prepare("SELECT count(*) FROM sqlite_schema WHERE name = 'made'").pluck().get(), 0)
})

t.test('RETURNING makes a write return rows', async (t) => {
  const ctx = shop(t)
  t.same(run(ctx, "INSERT INTO t (name) VALUES ('z') RETURNING id, name"), {
    kind: 'rows', rows: [{ id: 3, name: 'z' }], columns: ['id', 'name'], rowCount: 1, truncated: false, operation: 'select'
  })
})

t.test('parameters bind by position or by name', async (t) => {
  const ctx = shop(t)
  t.same(rows(run(ctx, 'SELECT ? AS a, ? AS b', [1, 'x'])), [{ a: 1, b: 'x' }])
  t.same(rows(run(ctx, 'SELECT ?2 AS a, ?1 AS b', ['first', 'second'])), [{ a: 'second', b: 'first' }])
  t.same(rows(run(ctx, 'SELECT :a AS a, @b AS b, $c AS c', { a: 1, b: 2, c: 3 })), [{ a: 1, b: 2, c: 3 }])
  t.same(rows(run(ctx, 'SELECT :a AS a, @b AS b', { ':a': 1, '@b': 2 })), [{ a: 1, b: 2 }], 'a member may carry the prefix')
  t.same(rows(run(ctx, 'SELECT ? AS yes, ? AS no, ? AS none', [true, false, null])), [{ yes: 1, no: 0, none: null }])
  t.same(rows(run(ctx, 'SELECT ? AS v', [{ $base64: 'AAEC' }])), [{ v: { $base64: 'AAEC' } }], 'blobs in and out as $base64')
  t.same(rows(run(ctx, 'SELECT typeof(?) AS v', [{ $base64: 'AAEC' }])), [{ v: 'blob' }])
  t.same(rows(run(ctx, 'SELECT ? AS v', [{ a: 1 }])), [{ v: '{"a":1}' }], 'objects bind as JSON text')
  t.same(rows(run(ctx, 'SELECT count(*) AS n FROM t WHERE name = ?', ["a' OR '1'='1"])), [{ n: 0 }], 'a value stays a value')

  const cases: Array<[string, QueryArgs['params']]> = [
    ['SELECT ? AS a', []],
    ['SELECT ? AS a', undefined],
    ['SELECT ? AS a', [1, 2]],
    ['SELECT :a AS a', { b: 1 }],
    ['SELECT ? AS a', { a: 1 }],
    ['SELECT :a AS a', [1]]
  ]
  for (const [sql, params] of cases) {
    const err = apiError(() => run(ctx, sql, params))
    t.match(err, { code: 'INVALID_VALUE', statusCode: 400 }, `${sql} with ${JSON.stringify(params)}: ${err.message}`)
  }
  t.match(apiError(() => run(ctx, 'SELECT ? AS a', [Number.NaN])), { code: 'INVALID_VALUE' })
})

t.test('SQL errors keep SQLite\'s message and map to 400 or 409', async (t) => {
  const ctx = shop(t)
  t.match(apiError(() => run(ctx, 'SELEC 1')), { code: 'SQL_ERROR', statusCode: 400, message: /syntax error/ })
  t.match(apiError(() => run(ctx, 'SELECT * FROM nope')), { code: 'SQL_ERROR', message: /no such table: nope/ })
  t.match(apiError(() => run(ctx, "INSERT INTO t (name) VALUES ('a')")), { code: 'CONSTRAINT_VIOLATION', statusCode: 409, message: /UNIQUE/ })
})

t.test('rows are capped at maxQueryRows without reading the rest', async (t) => {
  const ctx = shop(t, 50)
  const counted = (n: number): string => `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT ${n}) SELECT x FROM c`
  const capped = run(ctx, counted(1000))
  t.match(capped, { kind: 'rows', rowCount: 50, truncated: true })
  t.equal(rows(capped).length, 50)
  t.same(rows(capped)[49], { x: 50 })
  t.match(run(ctx, counted(50)), { rowCount: 50, truncated: false }, 'exactly the cap is not truncated')
  t.match(run(ctx, counted(49)), { rowCount: 49, truncated: false })
  const endless = run(ctx, 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c')
  t.match(endless, { rowCount: 50, truncated: true }, 'an endless SELECT stops at the cap')
  t.same(rows(run(ctx, 'SELECT count(*) AS n FROM t')), [{ n: 2 }], 'the connection is usable afterwards')
})

t.test('bigints come back exactly: numbers when safe, strings otherwise', async (t) => {
  const ctx = shop(t)
  ctx.db.defaultSafeIntegers(true)
  ctx.db.exec('CREATE TABLE big (id INTEGER PRIMARY KEY, n INTEGER)')
  const inserted = run(ctx, 'INSERT INTO big VALUES (1152921504606846976, 7)')
  t.match(inserted, { kind: 'run', lastInsertRowid: '1152921504606846976' })
  t.same(rows(run(ctx, 'SELECT id, n FROM big')), [{ id: '1152921504606846976', n: 7 }])
})

t.test('one statement per request', async (t) => {
  const ctx = shop(t)
  const before = snapshot(ctx)
  for (const sql of ['SELECT 1; SELECT 2', 'SELECT 1;SELECT 2;', "INSERT INTO t (name) VALUES ('x'); DROP TABLE t", 'SELECT 1; -- c\n SELECT 2']) {
    t.match(apiError(() => run(ctx, sql)), { code: 'MULTIPLE_STATEMENTS', statusCode: 400 }, sql)
  }
  t.equal(snapshot(ctx), before, 'nothing ran')
  t.match(rows(run(ctx, 'SELECT 1 AS one; -- a trailing comment')), [{ one: 1 }], 'a trailing semicolon and comment are fine')
  t.match(run(ctx, "CREATE TRIGGER tr AFTER INSERT ON t BEGIN UPDATE t SET name = upper(new.name) WHERE id = new.id; END"), { kind: 'run' },
    'a trigger body is one statement')
  for (const sql of ['', '   ', '-- only a comment', '/* only */', ';', ' ; ;']) {
    t.match(apiError(() => run(ctx, sql)), { code: 'INVALID_REQUEST', statusCode: 400 }, JSON.stringify(sql))
  }
})

t.test('transaction control is refused', async (t) => {
  const ctx = shop(t)
  for (const sql of ['BEGIN', 'begin transaction', 'BEGIN IMMEDIATE', 'COMMIT', 'END', 'ROLLBACK', 'SAVEPOINT a', 'RELEASE a', '/* c */ -- x\n Begin']) {
    t.match(apiError(() => run(ctx, sql)), { code: 'INVALID_REQUEST', statusCode: 400, message: /transactions span one request/ }, sql)
  }
  t.notOk(ctx.db.inTransaction)
})

t.test('read-only callers run only statements SQLite calls read-only', async (t) => {
  const ctx = shop(t)
  const before = snapshot(ctx)
  const writes = [
    "INSERT INTO t (name) VALUES ('x')",
    'UPDATE t SET name = 1',
    'DELETE FROM t',
    'DROP TABLE t',
    'CREATE TABLE x (a)',
    'ALTER TABLE t ADD COLUMN c',
    "WITH x AS (SELECT 'y' AS n) INSERT INTO t (name) SELECT n FROM x",
    'CREATE TRIGGER tr AFTER INSERT ON t BEGIN DELETE FROM t; END',
    'CREATE TEMP TABLE tmp (a)',
    'CREATE TEMP VIEW v AS SELECT 1',
    'PRAGMA user_version = 3',
    'VACUUM',
    'REINDEX',
    "INSERT INTO t (name) VALUES ('r') RETURNING *"
  ]
  for (const sql of writes) {
    t.match(apiError(() => run(ctx, sql, undefined, { allowWrite: false })), { code: 'DATABASE_READONLY', statusCode: 403, message: "database 'shop' is read-only" }, sql)
    t.match(apiError(() => run(ctx, sql, undefined, { allowWrite: false, deniedCode: 'INSUFFICIENT_SCOPE', principal: 'key' })),
      { code: 'INSUFFICIENT_SCOPE', statusCode: 403, message: 'read-only API keys can only run statements that read' }, sql)
  }
  t.equal(snapshot(ctx), before, 'nothing was written')
  t.equal(ctx.discarded, 0)
  const reads = ['SELECT * FROM t', 'PRAGMA table_info(t)', 'PRAGMA user_version', 'PRAGMA integrity_check', 'EXPLAIN QUERY PLAN SELECT * FROM t',
    'WITH x AS (SELECT 1) SELECT * FROM x', "ATTACH ':memory:' AS m"]
  for (const sql of reads) t.doesNotThrow(() => run(ctx, sql, undefined, { allowWrite: false, principal: 'key' }), sql)
})

t.test('PRAGMA reads and allowlisted settings run; other settings are refused before they apply', async (t) => {
  const ctx = shop(t)
  t.same(rows(run(ctx, 'PRAGMA table_info(t)')).map((c) => (c as { name: string }).name), ['id', 'name', 'data'])
  t.same(rows(run(ctx, "PRAGMA main.table_info('t')")).length, 3)
  t.same(rows(run(ctx, 'PRAGMA integrity_check')), [{ integrity_check: 'ok' }])
  t.same(rows(run(ctx, 'PRAGMA foreign_keys')), [{ foreign_keys: 1 }], 'a read of any pragma is fine')
  t.match(run(ctx, 'PRAGMA user_version = 7'), { kind: 'run' })
  t.same(rows(run(ctx, 'PRAGMA user_version')), [{ user_version: 7 }])
  t.match(run(ctx, 'PRAGMA main.application_id = 42'), { kind: 'run' })
  t.equal(ctx.db.pragma('application_id', { simple: true }), 42)

  const state = connectionState(ctx)
  const refused = [
    'PRAGMA writable_schema = 1', 'PRAGMA writable_schema = ON', 'PRAGMA ignore_check_constraints = 1', 'PRAGMA foreign_keys = 0',
    'PRAGMA foreign_keys(0)', 'PRAGMA main.foreign_keys = OFF', "PRAGMA 'foreign_keys' = 0", 'PRAGMA "foreign_keys" = 0',
    'PRAGMA query_only = 1', 'PRAGMA journal_mode = DELETE', 'PRAGMA journal_mode(memory)', 'PRAGMA locking_mode = EXCLUSIVE',
    'PRAGMA synchronous = OFF', 'PRAGMA mmap_size = 1000000', "PRAGMA temp_store_directory = '/tmp'", "PRAGMA data_store_directory = '/tmp'",
    'PRAGMA trusted_schema = 1', 'PRAGMA recursive_triggers = 1', 'PRAGMA defer_foreign_keys = 1', 'PRAGMA cell_size_check = 1',
    'PRAGMA case_sensitive_like = 1', 'PRAGMA legacy_alter_table = 1', 'PRAGMA cache_size = 5', 'PRAGMA busy_timeout = 0',
    'PRAGMA soft_heap_limit = 1', 'PRAGMA unknown_future_pragma = 1', 'EXPLAIN PRAGMA foreign_keys = 0',
    '/* x */ pragma FOREIGN_KEYS=0', 'SELECT 1; PRAGMA foreign_keys = 0'
  ]
  for (const sql of refused) {
    t.match(apiError(() => run(ctx, sql)), { code: 'FORBIDDEN_STATEMENT', statusCode: 403 }, sql)
  }
  t.same(connectionState(ctx), state, 'the connection is exactly as before')
})

t.test('VACUUM INTO and load_extension are refused for everyone, wherever they hide', async (t) => {
  const ctx = shop(t)
  const target = path.join(ctx.dataDir, 'copy.db')
  const refused = [
    `VACUUM INTO '${target}'`, `vacuum main into '${target}'`, 'VACUUM INTO ?', `/* x */ VaCuUm\nINTO '${target}'`,
    `EXPLAIN VACUUM INTO '${target}'`,
    "SELECT load_extension('x')", "select LOAD_EXTENSION('x')", "SELECT \"load_extension\"('x')",
    "CREATE VIEW v AS SELECT load_extension('x')", "CREATE TRIGGER tr AFTER INSERT ON t BEGIN SELECT load_extension('x'); END"
  ]
  for (const sql of refused) {
    t.match(apiError(() => run(ctx, sql, sql.includes('?') ? [target] : undefined)), { code: 'FORBIDDEN_STATEMENT', statusCode: 403 }, sql)
  }
  t.notOk(fs.existsSync(target), 'no copy was written')
  t.same(rows(run(ctx, "SELECT 'VACUUM INTO x; load_extension' AS s -- load_extension")), [{ s: 'VACUUM INTO x; load_extension' }],
    'words inside strings and comments do not count')
  t.same(rows(run(ctx, 'SELECT 1 AS "into" /* load_extension */')), [{ into: 1 }])
  t.match(run(ctx, 'VACUUM'), { kind: 'run' }, 'a plain VACUUM is fine')
})

t.test('ATTACH: keys may attach only new empty databases', async (t) => {
  const ctx = shop(t)
  fs.writeFileSync(path.join(ctx.dataDir, 'other.db'), '')
  const key = { principal: 'key' as const }
  const state = connectionState(ctx)
  for (const [sql, params] of [
    ["ATTACH ':memory:' AS m", undefined],
    ["ATTACH DATABASE '' AS m", undefined],
    ['ATTACH ? AS m', [':memory:']],
    ['ATTACH :file AS m', { file: ':memory:' }],
    ["/* c */ -- d\n attach ':memory:' as m", undefined]
  ] as Array<[string, QueryArgs['params']]>) {
    t.match(run(ctx, sql, params, key), { kind: 'run' }, sql)
  }
  t.same(connectionState(ctx), state, 'and every attachment is detached after its request')

  for (const [sql, params] of [
    ["ATTACH 'other.db' AS o", undefined],
    ['ATTACH ? AS o', ['other.db']],
    ['ATTACH @f AS o', { f: 'other.db' }],
    ["ATTACH ':MEMORY:' AS o", undefined],
    ["/* c */ ATTACH 'other.db' AS o", undefined],
    ["EXPLAIN ATTACH 'other.db' AS o", undefined]
  ] as Array<[string, QueryArgs['params']]>) {
    t.match(apiError(() => run(ctx, sql, params, key)), { code: 'FORBIDDEN_STATEMENT', statusCode: 403 }, sql)
  }
})

t.test('ATTACH: admins may attach existing hosted databases inside the data directory', async (t) => {
  const ctx = shop(t)
  const other = path.join(ctx.dataDir, 'other.db')
  const Database = (await import('better-sqlite3')).default
  const seed = new Database(other)
  seed.exec("CREATE TABLE o (v TEXT); INSERT INTO o VALUES ('there')")
  seed.close()
  fs.writeFileSync(path.join(ctx.dataDir, '_system.db'), '')
  fs.writeFileSync(path.join(ctx.dataDir, '_analytics.db'), '')
  const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'litehouse-outside-'))
  t.teardown(() => fs.rmSync(outside, { recursive: true, force: true }))
  fs.writeFileSync(path.join(outside, 'far.db'), '')
  fs.symlinkSync(path.join(outside, 'far.db'), path.join(ctx.dataDir, 'link.db'))
  fs.mkdirSync(path.join(ctx.dataDir, 'sub'))
  fs.writeFileSync(path.join(ctx.dataDir, 'sub', 'deep.db'), '')

  const state = connectionState(ctx)
  t.match(run(ctx, `ATTACH '${other}' AS o`), { kind: 'run' }, 'an absolute path inside the data directory')
  t.match(run(ctx, 'ATTACH ? AS o', [other]), { kind: 'run' })
  const cwd = process.cwd()
  process.chdir(ctx.dataDir) // an engine worker runs with the data directory as its working directory
  t.teardown(() => process.chdir(cwd))
  t.match(run(ctx, "ATTACH 'other.db' AS o"), { kind: 'run' }, 'a path relative to the data directory')
  t.same(connectionState(ctx), state, 'nothing stays attached')

  const refused = [
    'missing.db', '_system.db', '_analytics.db', '../other.db', path.join(outside, 'far.db'), 'link.db', 'sub/deep.db',
    'file:other.db', 'FILE:other.db?mode=ro', 'OTHER.db', 'other.db-wal', 'other', '/etc/passwd', 'other.db\0x'
  ]
  for (const file of refused) {
    t.match(apiError(() => run(ctx, 'ATTACH ? AS o', [file])), { code: 'FORBIDDEN_STATEMENT', statusCode: 403 }, JSON.stringify(file))
    t.match(apiError(() => run(ctx, `ATTACH '${file.replaceAll("'", "''")}' AS o`)), { code: 'FORBIDDEN_STATEMENT' }, JSON.stringify(file))
  }
  for (const sql of [
    "ATTACH 'oth' || 'er.db' AS o", 'ATTACH other AS o', 'ATTACH "other.db" AS o', "ATTACH ':memory:' AS m KEY 'secret'",
    "ATTACH 'other.db' AS o KEY ''", "ATTACH (':memory:') AS m", 'ATTACH ? AS o', "ATTACH ':memory:' AS 'a' || 'b'"
  ]) {
    t.match(apiError(() => run(ctx, sql, sql.includes('?') ? [5] : undefined)), { code: 'FORBIDDEN_STATEMENT' }, sql)
  }
  t.same(connectionState(ctx), state)
})

t.test('TEMP objects make the job drop its connection', async (t) => {
  const ctx = shop(t)
  run(ctx, "INSERT INTO t (name) VALUES ('c')")
  run(ctx, 'CREATE TABLE kept (a)')
  t.equal(ctx.discarded, 0, 'ordinary writes keep the connection')
  run(ctx, 'CREATE TEMP TABLE scratch (a)')
  t.equal(ctx.discarded, 1)
  ctx.db.exec('DROP TABLE temp.scratch')
  run(ctx, 'CREATE TEMP TRIGGER tt AFTER INSERT ON t BEGIN SELECT 1; END')
  t.equal(ctx.discarded, 2)
})

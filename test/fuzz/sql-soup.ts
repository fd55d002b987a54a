import type { Rng } from './prng.js'
import { hostileNumber, hostileString } from './hostile.js'

/**
 * Raw SQL token soup: keywords, identifiers (real and hostile), literals, parameters and
 * punctuation, sometimes shaped by a statement template so some of it parses and runs.
 */

const keywords = [
  'SELECT', 'FROM', 'WHERE', 'INSERT', 'INTO', 'VALUES', 'UPDATE', 'SET', 'DELETE', 'CREATE', 'TABLE', 'TEMP', 'TEMPORARY',
  'VIEW', 'TRIGGER', 'INDEX', 'DROP', 'ALTER', 'RENAME', 'TO', 'ADD', 'COLUMN', 'PRAGMA', 'ATTACH', 'DETACH', 'DATABASE',
  'AS', 'VACUUM', 'REINDEX', 'ANALYZE', 'BEGIN', 'COMMIT', 'ROLLBACK', 'SAVEPOINT', 'RELEASE', 'WITH', 'RECURSIVE', 'UNION',
  'ALL', 'JOIN', 'LEFT', 'CROSS', 'ON', 'ORDER', 'BY', 'GROUP', 'HAVING', 'LIMIT', 'OFFSET', 'RETURNING', 'OR', 'AND', 'NOT',
  'NULL', 'IS', 'IN', 'LIKE', 'GLOB', 'REGEXP', 'MATCH', 'BETWEEN', 'CASE', 'WHEN', 'THEN', 'ELSE', 'END', 'EXPLAIN', 'QUERY',
  'PLAN', 'REPLACE', 'DO', 'NOTHING', 'CONFLICT', 'DEFAULT', 'CAST', 'INTEGER', 'TEXT', 'BLOB', 'PRIMARY', 'KEY', 'IF',
  'EXISTS', 'DISTINCT', 'WINDOW', 'OVER', 'PARTITION', 'FILTER', 'COLLATE', 'NOCASE', 'ESCAPE', 'INDEXED', 'VIRTUAL', 'USING',
  'WITHOUT', 'ROWID', 'STRICT', 'GENERATED', 'ALWAYS', 'STORED', 'RAISE', 'ABORT', 'FAIL', 'IGNORE', 'INSTEAD', 'OF',
  'BEFORE', 'AFTER', 'FOR', 'EACH', 'ROW', 'MATERIALIZED', 'EXCEPT', 'INTERSECT', 'VALUES', 'TRANSACTION', 'IMMEDIATE', 'EXCLUSIVE'
]

const identifiers = [
  'items', 'notes', 'pairs', 'cheap', 'id', 'title', 'price', 'tags', 'data', 'sku', 'body', 'n', 'a', 'b', 'v', 'rowid',
  'sqlite_master', 'sqlite_schema', 'sqlite_temp_master', 'sqlite_sequence', 'sqlite_stat1', 'main', 'temp', '"items"',
  '[items]', '`items`', '"main"."items"', 'main.items', 'temp.t', 'pragma_table_info', 'json_each', 'json_tree', 'x', 't', 'c',
  'api_keys', 'admins', 'sessions', '_system', 'fts5', 'rtree', 'generate_series', '"a""b"', '""', '[]', 'sqlite_dbpage'
]

const functions = [
  'count(*)', 'load_extension(\'x\')', 'randomblob(16)', 'randomblob(1000000)', 'zeroblob(1000000)', 'hex(randomblob(8))',
  "json('{\"a\":1}')", "json_extract('{\"a\":[1,2]}', '$.a[1]')", "printf('%s-%d', 'x', 2)", "printf('%.1000c', 'x')",
  'substr(title, 2)', "replace(title, 'a', 'b')", 'upper(title)', 'length(data)', 'abs(-9223372036854775808)',
  'sqlite_version()', 'typeof(price)', 'unicode(title)', 'char(0, 65)', 'random()', 'changes()', 'last_insert_rowid()',
  'total_changes()', 'sqlite_source_id()', 'quote(data)', 'likelihood(1, 0.5)', 'coalesce(NULL, 1)', 'iif(1, 2, 3)',
  'instr(title, \'a\')', 'group_concat(title)', 'max(id)', 'min(price)', 'sum(price)', 'avg(price)', 'round(price, 2)',
  "strftime('%s', 'now')", "date('now')", 'sqlite_compileoption_used(\'THREADSAFE\')', 'fts3_tokenizer(\'simple\')',
  "readfile('/etc/passwd')", "writefile('x', 'y')", "edit('x')", 'sqlite_offset(id)', 'unhex(\'zz\')', 'octet_length(title)',
  'json_group_array(id)', 'row_number() OVER ()', 'ntile(0) OVER ()', "format('%q', title)", 'concat_ws(\',\', 1, 2)'
]

const literals = [
  '1', '0', '-1', '9223372036854775807', '9223372036854775808', '-9223372036854775808', '1e308', '1e999', '0.5', '0x7fffffffffffffff',
  "'str'", "''", "'a''b'", "'%'", "'\u0000'", "'😀'", "'\uD800'", "x'00'", "X'FF'", "x'zz'", 'NULL', 'TRUE', 'FALSE', 'CURRENT_TIMESTAMP',
  "'../_system.db'", "'alpha.db'", "'beta.db'", "':memory:'", "'file:alpha.db?mode=rw'", "'/etc/passwd'"
]

const params = ['?', '?1', '?2', '?999', '?32767', '?32768', '?0', ':a', '@a', '$a', '$a::b', ':', '@', '$']

const punctuation = ['(', ')', ',', ';', '*', '=', '==', '<>', '!=', '||', '.', '-', '+', '/', '%', '<<', '>>', '~', '&', '|', '<', '>=', '->', '->>']

const comments = ['--', '-- x\n', '/*', '*/', '/* c */', '\n', '\t', '\u000b', '\u000c', '\u00a0']

/** Whole statements aimed at the guard: each must be refused for a read key or on a read-only database. */
const pointed = [
  'PRAGMA writable_schema = 1', 'PRAGMA foreign_keys = OFF', 'PRAGMA journal_mode = DELETE', 'PRAGMA user_version = 7',
  'PRAGMA main.user_version = 8', 'PRAGMA "user_version" = 9', 'PRAGMA application_id = 1', 'PRAGMA optimize', 'PRAGMA optimize(0x10002)',
  'PRAGMA incremental_vacuum', 'PRAGMA wal_checkpoint(TRUNCATE)', 'PRAGMA query_only = 0', 'PRAGMA recursive_triggers = 1',
  'EXPLAIN PRAGMA foreign_keys = OFF', "ATTACH 'alpha.db' AS a", "ATTACH ':memory:' AS m", "ATTACH '' AS e", 'ATTACH ? AS p',
  "ATTACH DATABASE '../_system.db' AS s", "ATTACH 'file:_system.db?mode=ro' AS s", 'DETACH m', "VACUUM INTO 'copy.db'",
  'VACUUM', 'ANALYZE', 'REINDEX', 'CREATE TEMP TABLE t (x)', 'CREATE TEMP VIEW v AS SELECT 1', 'CREATE TABLE z (x)',
  'CREATE INDEX i ON items (title)', 'DROP TABLE items', 'DROP VIEW cheap', 'DELETE FROM items', 'UPDATE items SET price = 0',
  "INSERT INTO items (title) VALUES ('x')", 'INSERT INTO notes DEFAULT VALUES', 'REPLACE INTO pairs VALUES (1, \'x\', \'z\')',
  'ALTER TABLE items ADD COLUMN z', 'ALTER TABLE items RENAME TO things', 'BEGIN', 'BEGIN IMMEDIATE', 'COMMIT', 'SAVEPOINT s',
  'WITH x AS (SELECT 1) DELETE FROM items', 'WITH x AS (SELECT 1) UPDATE items SET title = \'\'',
  "SELECT load_extension('/tmp/x.so')", "SELECT \"load_extension\"('x')", 'SELECT * FROM items; DELETE FROM items',
  'SELECT 1; PRAGMA writable_schema = 1', 'SELECT 1 /* ; */ ; DROP TABLE items', "SELECT ';' ; DROP TABLE items",
  'INSERT INTO items (title) SELECT title FROM items RETURNING *', 'DELETE FROM items RETURNING *',
  'UPDATE items SET title = title RETURNING id', 'CREATE TRIGGER tr AFTER INSERT ON items BEGIN DELETE FROM items; END',
  "SELECT * FROM pragma_table_info('items')", 'SELECT * FROM sqlite_dbpage', "SELECT fts3_tokenizer('simple', x'00')",
  'SELECT zeroblob(2000000)', "SELECT printf('%.*c', 3000000, 'x')", 'SELECT * FROM items a, items b, items c, items d',
  'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c',
  'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 200000) SELECT count(*) FROM c',
  'SELECT ?', 'SELECT :a, @a, $a', 'SELECT ?1, ?2', 'SELECT ?32767', 'select\u0000; drop table items', 'SELECT 1\u0000PRAGMA writable_schema=1'
]

const templates: Array<(soup: (n: number) => string) => string> = [
  (s) => `SELECT ${s(3)} FROM items WHERE ${s(4)}`,
  (s) => `SELECT ${s(5)}`,
  (s) => `WITH x AS (${s(4)}) SELECT * FROM x`,
  (s) => `PRAGMA ${s(2)}`,
  (s) => `INSERT INTO items (title, price) VALUES (${s(2)}, ${s(2)})`,
  (s) => `UPDATE items SET title = ${s(2)} WHERE ${s(3)}`,
  (s) => `DELETE FROM items WHERE ${s(3)}`,
  (s) => `CREATE ${s(4)}`,
  (s) => `ATTACH ${s(1)} AS ${s(1)}`,
  (s) => `EXPLAIN ${s(6)}`,
  (s) => `SELECT * FROM ${s(1)} ${s(6)}`
]

function token (rng: Rng): string {
  switch (rng.int(0, 9)) {
    case 0: case 1: return rng.pick(keywords)
    case 2: case 3: return rng.pick(identifiers)
    case 4: return rng.pick(functions)
    case 5: return rng.pick(literals)
    case 6: return rng.pick(params)
    case 7: return rng.pick(punctuation)
    case 8: return rng.pick(comments)
    default: return rng.chance(0.5) ? `'${hostileString(rng, { allowHuge: false }).replaceAll("'", "''")}'` : hostileString(rng, { allowHuge: false })
  }
}

function soup (rng: Rng, count: number): string {
  return Array.from({ length: rng.int(1, count) }, () => token(rng)).join(rng.pick([' ', ' ', '', '\n']))
}

const columnsOf: Record<string, string[]> = {
  items: ['id', 'title', 'price', 'tags', 'data', 'sku', 'rowid'], notes: ['body', 'n', 'rowid'], pairs: ['a', 'b', 'v'], cheap: ['id', 'title']
}
const binary = ['+', '-', '*', '/', '%', '||', '=', '<>', '<', '>=', 'AND', 'OR', 'LIKE', 'GLOB', 'IS', 'IS NOT', '->', '->>', '&', '<<']
/** Scalar functions with the argument counts SQLite accepts. */
const scalarFunctions: Array<[string, number, number]> = [
  ['abs', 1, 1], ['length', 1, 1], ['upper', 1, 1], ['lower', 1, 1], ['hex', 1, 1], ['quote', 1, 1], ['typeof', 1, 1],
  ['json', 1, 1], ['json_type', 1, 2], ['round', 1, 2], ['trim', 1, 2], ['unicode', 1, 1], ['zeroblob', 1, 1], ['randomblob', 1, 1],
  ['char', 1, 3], ['instr', 2, 2], ['substr', 2, 3], ['printf', 1, 3], ['coalesce', 2, 3], ['ifnull', 2, 2], ['nullif', 2, 2],
  ['max', 2, 3], ['min', 2, 3], ['iif', 3, 3], ['likely', 1, 1], ['unhex', 1, 2], ['json_extract', 2, 2], ['format', 1, 3]
]

/** A well-formed expression over `columns`, so grammar-shaped statements reach the engine. */
function expression (rng: Rng, columns: string[], depth = 0): string {
  const roll = rng.int(0, depth > 2 ? 2 : 7)
  switch (roll) {
    case 0: return rng.pick(columns)
    case 1: return rng.pick(literals.filter((l) => l !== "x'zz'"))
    case 2: return rng.pick(['?', ':a', '@a', '$a', 'NULL'])
    case 3: return `${expression(rng, columns, depth + 1)} ${rng.pick(binary)} ${expression(rng, columns, depth + 1)}`
    case 4: {
      const [name, min, max] = rng.pick(scalarFunctions)
      return `${name}(${Array.from({ length: rng.int(min, max) }, () => expression(rng, columns, depth + 1)).join(', ')})`
    }
    case 5: return `(SELECT ${expression(rng, columns, depth + 1)} FROM ${rng.pick(Object.keys(columnsOf))} LIMIT 1)`
    case 6: return `CASE WHEN ${expression(rng, columns, depth + 1)} THEN ${expression(rng, columns, depth + 1)} ELSE ${expression(rng, columns, depth + 1)} END`
    default: return `CAST(${expression(rng, columns, depth + 1)} AS ${rng.pick(['INTEGER', 'TEXT', 'REAL', 'BLOB', 'NUMERIC'])})`
  }
}

/** A statement shaped by SQLite's grammar, reads and writes alike. */
function grammatical (rng: Rng): string {
  const table = rng.pick(Object.keys(columnsOf))
  const columns = columnsOf[table]
  const e = (): string => expression(rng, columns)
  const where = rng.chance(0.6) ? ` WHERE ${e()}` : ''
  switch (rng.int(0, 7)) {
    case 0: case 1: case 2:
      return `SELECT ${rng.chance(0.2) ? 'DISTINCT ' : ''}${Array.from({ length: rng.int(1, 3) }, e).join(', ')} FROM ${table}${where}` +
        `${rng.chance(0.3) ? ` GROUP BY ${e()}` : ''}${rng.chance(0.3) ? ` ORDER BY ${e()} ${rng.pick(['ASC', 'DESC', 'NULLS LAST'])}` : ''}` +
        `${rng.chance(0.3) ? ` LIMIT ${e()} OFFSET ${e()}` : ''}`
    case 3: return `WITH w AS (SELECT ${e()} AS x FROM ${table}${where}) SELECT x, count(*) FROM w GROUP BY x`
    case 4: return `INSERT INTO ${table} (${columns.filter((c) => c !== 'rowid').slice(0, 2).join(', ')}) VALUES (${e()}, ${e()})${rng.chance(0.3) ? ' RETURNING *' : ''}`
    case 5: return `UPDATE ${table} SET ${rng.pick(columns.filter((c) => c !== 'rowid'))} = ${e()}${where}${rng.chance(0.3) ? ' RETURNING *' : ''}`
    case 6: return `DELETE FROM ${table}${where}`
    default: return `SELECT * FROM ${table} ${rng.pick(['JOIN', 'LEFT JOIN', 'CROSS JOIN'])} ${rng.pick(Object.keys(columnsOf))} AS o ON ${e()}${where}`
  }
}

export function sqlSoup (rng: Rng): string {
  const roll = rng.int(0, 9)
  if (roll < 2) return rng.pick(pointed)
  if (roll < 5) return grammatical(rng)
  if (roll < 7) return rng.pick(templates)((n) => soup(rng, n))
  if (roll < 8) return `${rng.pick(pointed)} ${soup(rng, 4)}`
  return soup(rng, 25)
}

/** Bind parameters for a soup statement: none, positional or named, with hostile values. */
export function sqlParams (rng: Rng): unknown {
  const value = (): unknown => rng.pick<() => unknown>([
    () => hostileString(rng, { allowHuge: false }), () => hostileNumber(rng), () => null, () => rng.chance(0.5),
    () => ({ $base64: rng.pick(['AAEC', '', '!!!']) }), () => rng.pick(["alpha.db", '../_system.db', ':memory:', 'file:beta.db'])
  ])()
  const plain = (): unknown => rng.pick<unknown>(['apple', '', "'; DROP TABLE items; --", 1, -1.5, 0, null, 9007199254740991])
  switch (rng.int(0, 9)) {
    case 0: case 1: case 2: case 3: return undefined
    case 4: case 5: return Array.from({ length: rng.int(1, 3) }, plain)
    case 6: return { a: plain(), b: plain() }
    case 7: return Array.from({ length: rng.int(0, 4) }, value)
    case 8: return Object.fromEntries(rng.sample(['a', 'b', '1', 'x', '$a', ':a'], rng.int(0, 3)).map((k) => [k, value()]))
    default: return rng.pick<unknown>([[], {}, Array.from({ length: 32767 }, () => 1), { a: { nested: 1 } }, [[1]], 'x'])
  }
}

/**
 * A statement and its parameters: most of the time the parameters fit the placeholders the
 * statement uses (so it runs), otherwise they are drawn at random.
 */
export function sqlStatement (rng: Rng): { sql: string, params: unknown } {
  const sql = sqlSoup(rng)
  if (rng.chance(0.3)) return { sql, params: sqlParams(rng) }
  const plain = (): unknown => rng.pick<unknown>(['apple', '', "'; DROP TABLE items; --", 1, -1.5, 0, null, 9007199254740991, { $base64: 'AAEC' }])
  const positional = sql.match(/\?(?!\d)/g)?.length ?? 0
  const named = /[:@$]a\b/.test(sql)
  if (positional > 0 && !named) return { sql, params: Array.from({ length: positional }, plain) }
  if (named && positional === 0) return { sql, params: { a: plain() } }
  return { sql, params: undefined }
}

import Database from 'better-sqlite3'
import t from 'tap'
import { isApiIdentifier, quoteIdent } from '../../../lib/sql/ident.js'
import { splitStatements, tokenize } from '../../../lib/sql/tokenize.js'
import { affinityOf, isSearchableType, normaliseColumnType } from '../../../lib/sql/types.js'
import { toBindParams, toBindValue, toWireRow } from '../../../lib/sql/values.js'

t.test('quoteIdent quotes any name so SQLite reads it back unchanged', async (t) => {
  const db = new Database(':memory:')
  t.teardown(() => db.close())
  for (const name of ['plain', 'with space', 'a"b', '"', '""x""', "it's", '; DROP TABLE x; --', 'naïve 名前', 'select']) {
    db.exec(`CREATE TABLE ${quoteIdent(name)} (${quoteIdent(name)} TEXT)`)
    t.same(db.prepare('SELECT name FROM pragma_table_info(?)').all(name), [{ name }], JSON.stringify(name))
    db.exec(`DROP TABLE ${quoteIdent(name)}`)
  }
  t.equal(quoteIdent('a"b'), '"a""b"')
})

t.test('isApiIdentifier accepts only simple names', async (t) => {
  for (const name of ['a', 'Users', 'order_items', 'x1', 'A'.repeat(64), 'sqlitex']) t.ok(isApiIdentifier(name), name)
  for (const name of ['', '1a', '_a', 'a-b', 'a b', 'a.b', 'é', 'A'.repeat(65), 'sqlite_a', 'SQLITE_a', 'a"', 'a\0']) {
    t.notOk(isApiIdentifier(name), JSON.stringify(name))
  }
})

t.test('column types: the accepted list and SQLite\'s affinity rules', async (t) => {
  t.equal(normaliseColumnType('VarChar'), 'varchar')
  t.throws(() => normaliseColumnType('varchar(5)'), { code: 'INVALID_COLUMN_TYPE' })
  const affinities: Array<[string, string]> = [
    ['INTEGER', 'INTEGER'], ['bigint', 'INTEGER'], ['FLOATING POINT', 'INTEGER'], ['varchar(20)', 'TEXT'], ['CLOB', 'TEXT'],
    ['json', 'NUMERIC'], ['blob', 'BLOB'], ['', 'BLOB'], ['double', 'REAL'], ['float', 'REAL'], ['decimal(10,2)', 'NUMERIC'],
    ['boolean', 'NUMERIC'], ['datetime', 'NUMERIC']
  ]
  for (const [type, affinity] of affinities) t.equal(affinityOf(type), affinity, type)
  for (const type of ['text', 'VARCHAR(3)', 'char', 'json', 'date', 'DATETIME', 'timestamp', '']) t.ok(isSearchableType(type), type)
  for (const type of ['integer', 'real', 'blob', 'boolean', 'numeric']) t.notOk(isSearchableType(type), type)
})

t.test('tokenize skips strings, quoted identifiers and comments', async (t) => {
  const tokens = tokenize(`SELECT 'it''s -- no', "a""b", [c d], \`e\`\`f\`, x'00ff', ?, ?12, :n, @m, $o, 1.5e-3, 0x1F -- tail
    /* block ; 'x' */ FROM t;`)
  t.same(tokens.map((token) => [token.kind, token.value]), [
    ['word', 'SELECT'], ['string', "it's -- no"], ['punct', ','], ['ident', 'a"b'], ['punct', ','], ['ident', 'c d'], ['punct', ','],
    ['ident', 'e`f'], ['punct', ','], ['blob', '00ff'], ['punct', ','], ['param', '?'], ['punct', ','], ['param', '?12'], ['punct', ','],
    ['param', ':n'], ['punct', ','], ['param', '@m'], ['punct', ','], ['param', '$o'], ['punct', ','], ['number', '1.5e-3'], ['punct', ','],
    ['number', '0x1F'], ['word', 'FROM'], ['word', 't'], ['punct', ';']
  ])
  t.same(tokenize("'unterminated ; PRAGMA x=1").map((token) => token.kind), ['string'], 'an open string runs to the end')
  t.same(tokenize('/* open comment PRAGMA x=1'), [])
  t.same(splitStatements(tokenize('a; ; b c;')).map((s) => s.map((token) => token.value)), [['a'], ['b', 'c']])
})

t.test('values: JSON in, SQLite values bound, and back out losslessly', async (t) => {
  t.equal(toBindValue(true, 'v'), 1)
  t.equal(toBindValue(false, 'v'), 0)
  t.equal(toBindValue(null, 'v'), null)
  t.same(toBindValue({ $base64: 'AAE=' }, 'v'), Buffer.from([0, 1]))
  t.same(toBindValue({ $base64: 'AAE' }, 'v'), Buffer.from([0, 1]), 'padding is optional')
  t.same(toBindValue({ $base64: '_-8' }, 'v'), Buffer.from([0xff, 0xef]), 'base64url works too')
  t.throws(() => toBindValue({ $base64: 'not base64!' }, 'v'), { code: 'INVALID_VALUE' })
  t.throws(() => toBindValue({ $base64: 5 }, 'v'), { code: 'INVALID_VALUE' })
  t.equal(toBindValue({ $base64: 'AA', other: 1 }, 'v'), '{"$base64":"AA","other":1}', 'other objects are JSON text')
  t.equal(toBindValue([1, 'a'], 'v'), '[1,"a"]')
  t.throws(() => toBindValue(Infinity, 'v'), { code: 'INVALID_VALUE' })
  const deep = JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)) as unknown[]
  t.throws(() => toBindValue(deep, 'value of \'body\''), { code: 'INVALID_VALUE', message: "value of 'body' is nested too deeply" },
    'JSON too deep to write as text is the request\'s fault, not a stack overflow answered 500')
  const row = { a: Buffer.from([1, 2, 3]), b: new Uint8Array([4]), c: 2n ** 60n, d: 5n, e: 'x', f: null }
  t.same(toWireRow(row), { a: { $base64: 'AQID' }, b: { $base64: 'BA==' }, c: '1152921504606846976', d: 5, e: 'x', f: null })
  const plain = { a: 1, b: 'x' }
  t.equal(toWireRow(plain), plain, 'rows without blobs are not copied')
  t.same(toBindParams({ ':a': 1, '@b': true, $c: null, d: 'x' }), { a: 1, b: 1, c: null, d: 'x' })
  const named = toBindParams(JSON.parse('{"__proto__": 7}')) as Record<string, unknown>
  t.same(Object.entries(named), [['__proto__', 7]], 'a member named __proto__ is just a name, not a prototype')
  t.same(toBindParams(undefined), [])
})

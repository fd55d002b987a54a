import t from 'tap'
import { normalizeSql } from '../../../lib/analytics/patterns.js'
import { boundedText, cutMarker, failedPattern } from '../../../lib/analytics/stored-text.js'

// CONTRACT.md "Analytics at constant cost": what a pattern keeps and what becomes `?`
const cases: Array<[sql: string, pattern: string, rule: string]> = [
  ['SELECT * FROM items WHERE id = 5', 'SELECT * FROM items WHERE id = ?', 'a number'],
  ['SELECT * FROM items WHERE id = 6', 'SELECT * FROM items WHERE id = ?', 'another number, the same pattern'],
  ["SELECT * FROM t WHERE name = 'O''Brien' AND price > 1.5e3", 'SELECT * FROM t WHERE name = ? AND price > ?', 'a string with an escaped quote, an exponent'],
  ['SELECT * FROM t WHERE a = -5 AND b = 0x1F', 'SELECT * FROM t WHERE a = ? AND b = ?', 'a negative number, hex'],
  ['SELECT a - 1 FROM t', 'SELECT a - ? FROM t', 'a subtraction keeps its minus'],
  ["INSERT INTO t (b) VALUES (X'0aFF')", 'INSERT INTO t (b) VALUES (?)', 'a blob'],
  ["SELECT * FROM t WHERE id IN (1, 2, 'x', ?)", 'SELECT * FROM t WHERE id IN (?)', 'an IN list of values'],
  ['SELECT * FROM t WHERE id IN (SELECT id FROM u)', 'SELECT * FROM t WHERE id IN (SELECT id FROM u)', 'an IN subquery stays'],
  ['SELECT "col 1", t2.x FROM [tab 3] WHERE y = :y AND z = ?2 AND w = @w', 'SELECT "col 1", t2.x FROM [tab 3] WHERE y = :y AND z = ?2 AND w = @w', 'identifiers and parameters stay'],
  ['SELECT  a\n\tFROM   t', 'SELECT a FROM t', 'whitespace runs become one space'],
  ['SELECT a FROM t -- note 7\nWHERE b = 1', 'SELECT a FROM t WHERE b = ?', 'a line comment goes'],
  ["SELECT a FROM t /* traceparent='00-4bf92f35' */ WHERE b = 1", 'SELECT a FROM t WHERE b = ?', 'a block comment goes'],
  ['SELECT a FROM t /* never closed', 'SELECT a FROM t', 'an unclosed block comment goes to the end']
]

t.test('literals become ?, identifiers, parameters and structure stay', async t => {
  for (const [sql, pattern, rule] of cases) t.equal(normalizeSql(sql), pattern, rule)
})

t.test('a text cut at the cap keeps its marker as written, whatever path made it', async t => {
  const long = `SELECT '${'y'.repeat(10_000)}' AS v`
  t.equal(normalizeSql(boundedText(long)), 'SELECT ?' + cutMarker, 'a success: cut, then its pattern')
  t.equal(normalizeSql(failedPattern(`SELEC 7 '${'x'.repeat(10_000)}'`)), 'SELEC ? ?' + cutMarker, 'a failure: its pattern, then again')
  t.equal(normalizeSql('SELECT 1' + cutMarker + ' AND 2'), 'SELECT ? AND ?', 'elsewhere it is a comment')
})

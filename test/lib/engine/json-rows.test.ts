import t from 'tap'
import { firstRow, JsonRows, JsonText, packRows, unpackRows } from '../../../lib/engine/json-rows.js'
import { buildEngine } from './helpers.js'

t.test('a worker packs a result\'s rows as JSON text and the engine puts them back as JsonRows', async (t) => {
  const rows = [{ id: 1, name: 'lamp', data: { $base64: 'AAE=' } }, { id: 2, name: 'desk "oak"', data: null }]
  const packed = packRows({ rows, hasMore: false, sql: 'SELECT 1' })
  t.same(packed, { value: { hasMore: false, sql: 'SELECT 1' }, rows: { json: JSON.stringify(rows), length: 2 } }, 'rows travel apart')
  // what the process channel does to the message
  const crossed = JSON.parse(JSON.stringify(packed)) as typeof packed
  const delivered = unpackRows(crossed.value, crossed.rows) as { rows: JsonRows, hasMore: boolean, sql: string }
  t.ok(delivered.rows instanceof JsonRows)
  t.equal(delivered.rows.length, 2)
  t.equal(delivered.rows.json, JSON.stringify(rows), 'the text is the rows as JSON.stringify writes them')
  t.same([delivered.hasMore, delivered.sql], [false, 'SELECT 1'], 'the other members are untouched')
  t.equal(JSON.stringify({ data: delivered.rows }), JSON.stringify({ data: rows }), 'a serializer that does not know the class still writes the rows')

  for (const value of [{ kind: 'run', changes: 1 }, { rows: 'not an array' }, null, 7, 'text']) {
    t.same(packRows(value), { value }, `passed as it is: ${JSON.stringify(value)}`)
    t.equal(unpackRows(value, undefined), value)
  }
})

t.test('the first row of JsonRows is its own JSON text', async (t) => {
  const one = new JsonRows(JSON.stringify([{ id: 1, name: '[x]' }]), 1)
  t.same(one.first(), new JsonText('{"id":1,"name":"[x]"}'))
  const two = new JsonRows(JSON.stringify([{ id: 1 }, { id: 2 }]), 2)
  t.equal(two.first()?.json, '{"id":1}')
  t.equal(new JsonRows('[]', 0).first(), undefined)
  t.same(firstRow([{ id: 3 }]), { id: 3 }, 'an array from the inline lane gives its first element')
  t.equal((firstRow(one) as JsonText).json, '{"id":1,"name":"[x]"}')
})

t.test('rows answered by a worker arrive as JsonRows; rows the inline lane answers stay an array', async (t) => {
  const { engine, register } = buildEngine(t, { workers: 1 })
  const file = register('shop')
  const { default: Database } = await import('better-sqlite3')
  const db = new Database(file)
  db.exec("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO items (name) VALUES ('lamp'), ('desk')")
  db.close()

  const listed = await engine.run('shop', 'records.list', { table: 'items', limit: 10, offset: 0 })
  t.ok(listed.rows instanceof JsonRows, 'a list runs in a worker')
  t.same([listed.rows.length, listed.rows instanceof JsonRows && JSON.parse(listed.rows.json)], [2, [{ id: 1, name: 'lamp' }, { id: 2, name: 'desk' }]])
  const batch = await engine.run('shop', 'records.insert', { table: 'items', rows: [{ name: 'a' }, { name: 'b' }] })
  t.ok(batch.rows instanceof JsonRows, 'a batch insert runs in a worker')
  t.equal(batch.rows.length, 2)
  const query = await engine.run('shop', 'query.run', { sql: 'SELECT count(*) AS n FROM items', allowWrite: false, databaseName: 'shop', principal: 'key' })
  t.ok(query.kind === 'rows' && query.rows instanceof JsonRows, 'raw SQL runs in a worker')
  t.same([query.kind === 'rows' && query.rowCount], [1])

  const one = await engine.run('shop', 'records.insert', { table: 'items', rows: [{ name: 'c' }] })
  t.ok(Array.isArray(one.rows), 'one insert runs inline: a plain array')
  t.same(one.rows, [{ id: 5, name: 'c' }])
})

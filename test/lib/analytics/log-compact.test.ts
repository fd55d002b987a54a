import { join } from 'node:path'
import Database from 'better-sqlite3'
import t from 'tap'
import { migrate as migrateV5 } from './fixtures/schema-v5.js'
import { rollupsToV6 } from './fixtures/downgrade.js'
import { rollupTables } from '../../../lib/analytics/rollups.js'
import { patternWindowTables } from '../../../lib/analytics/pattern-windows.js'
import { schemaVersion } from '../../../lib/analytics/schema.js'
import { createHandlers } from '../../../lib/analytics/handlers.js'
import { encodeEvents } from '../../../lib/analytics/wire.js'
import { logRowsPerInsert } from '../../../lib/analytics/log-rows.js'
import { maxDictionaryChars, maxDictionaryTexts } from '../../../lib/analytics/log-schema.js'
import type { QueryLogRow, StampedEvent } from '../../../lib/analytics/types.js'
import { count, event, rollUp, tempDir } from './helper.js'

const now = Date.parse('2026-11-20T12:30:00.000Z')
const shop = { id: 'uuid-shop', name: 'shop' }
const template = 'SELECT * FROM "items" WHERE "id" = ?'

function stamped (i: number, overrides: Partial<StampedEvent> = {}): StampedEvent {
  return { ...event(), durationMs: i / 8, rowCount: i, at: now - 60_000 + i, ...overrides }
}

function open (t: { teardown: (fn: () => unknown) => void }, file = join(tempDir(t), '_analytics.db')) {
  const h = createHandlers({ file, busyTimeoutMs: 50 })
  t.teardown(() => h.close())
  h.open()
  const db = new Database(file)
  t.teardown(() => db.close())
  return { h, db, file }
}

const flush = (h: ReturnType<typeof createHandlers>, events: StampedEvent[]): void => {
  h.flush({ events: encodeEvents(events), timeZone: 'UTC', nowMs: now })
}

t.test('the dictionary stores each text once; rows hold its ids, a statement with literals is logged as its pattern', async t => {
  const { h, db } = open(t)
  const events = Array.from({ length: 3 * logRowsPerInsert }, (_, i) => stamped(i))
  events.push(stamped(1000, { sqlText: 'SELECT * FROM items WHERE id = 42', tableName: null }))
  events.push(stamped(1002, { sqlText: "SELECT * FROM items WHERE id = 43 AND secret = 'hunter2'", tableName: null }))
  events.push(stamped(1001, { status: 'error', errorMsg: 'no such table: nope', sqlText: 'SELECT * FROM nope' }))
  flush(h, events)
  flush(h, [stamped(2000)])

  const texts = db.prepare('SELECT text FROM _log_texts').pluck().all() as string[]
  for (const text of ['shop', 'uuid-shop', 'items', 'select', 'ok', 'error', template, 'no such table: nope', 'SELECT * FROM nope']) {
    t.equal(texts.filter(x => x === text).length, 1, `${text} stored once`)
  }
  t.notOk(texts.some(x => x.includes('42') || x.includes('hunter2')), 'no literal is stored')
  const templateId = db.prepare('SELECT id FROM _log_texts WHERE text = ?').pluck().get(template)
  t.equal(db.prepare('SELECT COUNT(*) FROM _log WHERE sql_id = ?').pluck().get(templateId), 3 * logRowsPerInsert + 1, 'rows refer to it by id')
  t.same(db.prepare('SELECT typeof(sql) AS kind, typeof(sql_id) AS ref, typeof(at) AS at, typeof(owner) AS owner FROM _log WHERE row_count IN (1000, 1001, 1002) ORDER BY id').all(),
    Array(3).fill({ kind: 'null', ref: 'integer', at: 'integer', owner: 'integer' }), 'statements with literals are ids too')
  t.same(db.prepare('SELECT sql_text FROM _query_log WHERE row_count IN (1000, 1002) ORDER BY id').pluck().all(),
    ['SELECT * FROM items WHERE id = ?', 'SELECT * FROM items WHERE id = ? AND secret = ?'], 'the view reads the patterns')
  t.equal(count(db, '_log'), events.length + 1)
})

// A dictionary filled to either bound: as many texts as it holds, or as many characters (8 texts of 4 MiB).
const fillers = {
  maxDictionaryTexts: [`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
    INSERT INTO _log_texts (text) SELECT 'filler ' || i FROM n`, maxDictionaryTexts],
  maxDictionaryChars: [`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 8)
    INSERT INTO _log_texts (text) SELECT hex(zeroblob(? / 16)) || i FROM n`, maxDictionaryChars]
} as const

for (const [bound, [fillSql, size]] of Object.entries(fillers)) {
  t.test(`past ${bound} new statements and messages stay in their rows; names and known texts still get ids`, async t => {
    const file = join(tempDir(t), '_analytics.db')
    const first = createHandlers({ file, busyTimeoutMs: 50 })
    first.open()
    first.close()
    const fill = new Database(file)
    fill.prepare(fillSql).run(size)
    fill.prepare("INSERT INTO _log_texts (text) VALUES ('SELECT b FROM known')").run()
    fill.close()
    const { h, db } = open(t, file)
    flush(h, [stamped(1, { sqlText: 'SELECT a FROM flood', status: 'error', errorMsg: 'no such table: flood' }), stamped(2, { sqlText: 'SELECT b FROM known' })])
    t.same(db.prepare('SELECT sql_id IS NULL AS inRow, sql, error_id IS NULL AS errorInRow, error, owner IS NOT NULL AS owner FROM _log ORDER BY id').all(), [
      { inRow: 1, sql: 'SELECT a FROM flood', errorInRow: 1, error: 'no such table: flood', owner: 1 },
      { inRow: 0, sql: null, errorInRow: 1, error: null, owner: 1 }
    ], 'a text already stored keeps its id')
    t.same(db.prepare('SELECT sql_text, error_msg, database_id FROM _query_log ORDER BY id').all(), [
      { sql_text: 'SELECT a FROM flood', error_msg: 'no such table: flood', database_id: 'uuid-shop' },
      { sql_text: 'SELECT b FROM known', error_msg: null, database_id: 'uuid-shop' }
    ])
    // the rollups hold a pattern the same way, by its id or past the bound as its text, and every read resolves both
    flush(h, [stamped(3, { sqlText: 'SELECT a FROM flood' })])
    t.same(db.prepare('SELECT typeof(pattern) AS held, calls, errors FROM _hourly_patterns ORDER BY 1').all(),
      [{ held: 'integer', calls: 1, errors: 0 }, { held: 'text', calls: 2, errors: 1 }], 'the same text adds to the same row')
    t.same(db.prepare('SELECT typeof(pattern) AS held, count FROM _daily_query_sums ORDER BY 1').all(),
      [{ held: 'integer', count: 1 }, { held: 'text', count: 2 }], 'so do the daily sums')
    t.same(db.prepare('SELECT sql_text, count FROM _daily_queries ORDER BY count').all(),
      [{ sql_text: 'SELECT b FROM known', count: 1 }, { sql_text: 'SELECT a FROM flood', count: 2 }])
    const listed = (items: Array<{ sql_text: string, calls: number }>): unknown[] => items.map(p => [p.sql_text, p.calls])
    t.same(listed(h.patterns({ database: shop, range: '24h', nowMs: now }).items), [['SELECT a FROM flood', 2], ['SELECT b FROM known', 1]])
    t.same(listed(h.patterns({ database: shop, range: '24h', nowMs: now, search: 'flood' }).items), [['SELECT a FROM flood', 2]], 'searched')
    t.same(listed(h.topQueries({ range: '24h', nowMs: now })), [['SELECT a FROM flood', 2]], 'from the running windows')
    t.same(listed(h.topQueriesFromHours('24h', now)), [['SELECT a FROM flood', 2]], 'from the hourly rows')
  })
}

t.test('the _query_log view returns every row with the spec\'s columns, as it was recorded', async t => {
  const { h, db } = open(t)
  const events = [
    stamped(1),
    stamped(2, { tableName: null, sqlText: null, operation: 'update' }),
    stamped(3, { status: 'error', errorMsg: 'UNIQUE constraint failed', sqlText: "INSERT INTO t VALUES ('x', 1.5e3)" }),
    stamped(4, { database: 'blog', databaseId: 'uuid-blog', sqlText: 'SELECT x FROM "42"' }), // a name that looks like a number stays
    stamped(5, { at: now - 3_600_000 - 1000 }) // a whole second: '.000'
  ]
  flush(h, events)
  const rows = db.prepare('SELECT * FROM _query_log ORDER BY id').all() as QueryLogRow[]
  t.same(rows, events.map((e, i) => ({
    id: i + 1,
    database: e.database,
    table_name: e.tableName,
    operation: e.operation,
    duration_ms: e.durationMs,
    row_count: e.rowCount,
    status: e.status,
    error_msg: e.errorMsg,
    timestamp: new Date(e.at).toISOString(),
    database_id: e.databaseId,
    sql_text: e.sqlText === "INSERT INTO t VALUES ('x', 1.5e3)" ? 'INSERT INTO t VALUES (?, ?)' : e.sqlText // its pattern
  })))
  t.same(Object.keys(rows[0]), ['id', 'database', 'table_name', 'operation', 'duration_ms', 'row_count', 'status', 'error_msg', 'timestamp',
    'database_id', 'sql_text'], 'the columns of the v5 table, in its order')

  // the raw-log endpoints read the compact table and answer the view's rows
  const page = h.queries({ database: shop, range: '24h', nowMs: now, limit: 10 })
  t.same(page.rows.map(r => r.id), [3, 2, 1, 5], 'newest first, this database only')
  t.same(page.rows[0], rows[2])
  t.same(h.queries({ database: shop, range: '24h', nowMs: now, search: 'insert' }).rows.map(r => r.sql_text), ['INSERT INTO t VALUES (?, ?)'])
  t.same(h.errors({ search: 'unique' }), [rows[2]])
})

t.test('an INSERT into the view (another client, as before) lands in the compact log', async t => {
  const { h, db } = open(t)
  flush(h, [stamped(1)])
  db.prepare(`INSERT INTO _query_log (database, table_name, operation, duration_ms, row_count, status, error_msg, timestamp, database_id, sql_text)
    VALUES ('shop', NULL, 'select', 2.5, 7, 'error', 'boom', '2026-11-20T12:00:00.123Z', 'uuid-shop', 'SELECT 1')`).run()
  db.prepare(`INSERT INTO _query_log (database, operation, status, timestamp) VALUES ('old', 'select', 'ok', 'yesterday')`).run()
  t.same(db.prepare('SELECT * FROM _query_log WHERE id > 1 ORDER BY id').all(), [
    { id: 2, database: 'shop', table_name: null, operation: 'select', duration_ms: 2.5, row_count: 7, status: 'error', error_msg: 'boom', timestamp: '2026-11-20T12:00:00.123Z', database_id: 'uuid-shop', sql_text: 'SELECT 1' },
    { id: 3, database: 'old', table_name: null, operation: 'select', duration_ms: 0, row_count: 0, status: 'ok', error_msg: null, timestamp: 'yesterday', database_id: null, sql_text: null }
  ])
  t.equal(db.prepare('SELECT typeof(at) FROM _log WHERE id = 2').pluck().get(), 'integer', 'a canonical time is stored as milliseconds')
  t.same(h.errors({}).map(r => r.id), [2])
})

t.test('a v5 file upgrades in place: every log row, its ids and its answers are kept', async t => {
  const file = join(tempDir(t), '_analytics.db')
  const v5 = new Database(file)
  migrateV5(v5)
  const insert = v5.prepare(`INSERT INTO _query_log (database, table_name, operation, duration_ms, row_count, status, error_msg, timestamp, database_id, sql_text)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
  v5.transaction(() => {
    for (let i = 0; i < 300; i++) {
      const error = i % 10 === 0
      insert.run(i % 7 === 0 ? 'old' : 'shop', i % 2 === 0 ? 'items' : null, i % 3 === 0 ? 'insert' : 'select', i / 4, i, error ? 'error' : 'ok',
        error ? `boom ${i % 3}` : null, new Date(now - i * 60_000).toISOString(), i % 7 === 0 ? null : 'uuid-shop',
        i % 2 === 0 ? template : `SELECT * FROM items WHERE id = ${i}`)
    }
    insert.run('shop', null, 'select', 1, 1, 'ok', null, 'not a time', 'uuid-shop', null)
  })()
  v5.prepare('DELETE FROM _query_log WHERE id > 299').run() // the counter stays at 301
  v5.prepare("INSERT INTO _query_log (database, operation, status, timestamp, database_id) VALUES ('shop', 'select', 'ok', 'not a time', 'uuid-shop')").run()
  v5.prepare("INSERT INTO _query_log (database, operation, status, timestamp) VALUES ('gone', 'select', 'ok', '2026-11-20T12:00:00.000Z')").run()
  v5.prepare('DELETE FROM _query_log WHERE id = 303').run() // the counter is past the highest id
  // rolled up as a v5 server did: by today's writer, its rows then brought back to the v4 to v6 layout
  v5.exec('DROP TABLE _hourly_stats; DROP TABLE _hourly_patterns; DROP TABLE _pattern_windows; DROP TABLE _pattern_windows_hour')
  v5.exec(rollupTables)
  v5.exec(patternWindowTables)
  rollUp(v5)
  v5.transaction(() => {
    rollupsToV6(v5)
    v5.pragma('user_version = 5')
  })()
  t.equal(v5.pragma('user_version', { simple: true }), 5)
  const before = v5.prepare('SELECT * FROM _query_log ORDER BY id').all()
  v5.close()

  const { h, db } = open(t, file)
  t.same(h.open(), { from: 5, to: schemaVersion })
  t.equal(db.prepare("SELECT type FROM sqlite_master WHERE name = '_query_log'").pluck().get(), 'view')
  t.same(db.prepare('SELECT * FROM _query_log ORDER BY id').all(), before, 'every row reads back as it was')
  t.equal(db.prepare('SELECT COUNT(*) FROM _log_texts WHERE text = ?').pluck().get(template), 1)
  t.equal(db.prepare("SELECT typeof(sql) FROM _log WHERE id = 2").pluck().get(), 'text', 'statements with literals stay in their rows')
  t.equal(db.prepare("SELECT COUNT(*) FROM sqlite_master WHERE name LIKE '_query_log_%'").pluck().get(), 1, 'only the view\'s trigger is left of the table')

  const oldRows = before as QueryLogRow[]
  const page = h.queries({ database: shop, range: '24h', nowMs: now, limit: 5, search: 'select * from items where id = 1' })
  t.same(page.rows, oldRows.filter(r => r.database_id === 'uuid-shop' && r.sql_text?.startsWith('SELECT * FROM items WHERE id = 1') === true)
    .sort((a, b) => b.timestamp.localeCompare(a.timestamp)).slice(0, 5))
  t.same(h.errors({ limit: 3 }), oldRows.filter(r => r.status === 'error').slice(0, 3))
  t.same(h.queries({ database: { id: 'uuid-old', name: 'old' }, range: '24h', nowMs: now, limit: 3 }).rows, oldRows.filter(r => r.database === 'old').slice(0, 3),
    'rows without an id still belong to their name')
  t.equal(h.overview({ range: '24h', nowMs: now }).queries, 299, 'the rollups are untouched (rows without a time are not in them)')

  flush(h, [stamped(1)])
  t.equal(db.prepare('SELECT MAX(id) FROM _query_log').pluck().get(), 304, 'ids go on after the highest ever given')
  h.rename({ databaseId: 'uuid-shop', newName: 'store' })
  t.same(db.prepare('SELECT DISTINCT database FROM _query_log WHERE database_id IS NOT NULL').pluck().all(), ['store'])
  t.equal(db.prepare("SELECT COUNT(*) FROM _query_log WHERE database = 'old' AND database_id IS NULL").pluck().get(), 43, 'rows without an id keep their name')
})

import Database from 'better-sqlite3'
import t from 'tap'
import { join } from 'node:path'
import { migrate, schemaVersion } from '../../../lib/analytics/schema.js'
import { createWriter } from '../../../lib/analytics/writer.js'
import type { StampedEvent } from '../../../lib/analytics/types.js'
import { dailyToV8, latenciesToV9 } from './fixtures/downgrade.js'
import { event, sorted, tempDir } from './helper.js'

type Db = Database.Database

function openWriter (t: { teardown: (fn: () => unknown) => void }, file = join(tempDir(t), '_analytics.db')) {
  const db = new Database(file)
  t.teardown(() => db.close())
  migrate(db)
  return { db, writer: createWriter(db), file }
}

const at = Date.parse('2026-11-20T10:00:00.000Z')
const stamped = (ms: number, overrides: Partial<StampedEvent> = {}) => ({ ...event(overrides), at: ms }) as StampedEvent
const all = (db: Db, table: string): unknown[] => sorted(db.prepare(`SELECT * FROM ${table}`).all())

t.test('a flush\'s daily rows are held by day number and dictionary ids, and read through views with the spec\'s columns', async t => {
  const { db, writer } = openWriter(t)
  writer.flush([
    stamped(at, { operation: 'select', sqlText: 'SELECT * FROM items WHERE id = 5', rowCount: 3 }),
    stamped(at + 1, { operation: 'select', sqlText: 'SELECT * FROM items WHERE id = 6', rowCount: 4 }),
    stamped(at - 86_400_000, { operation: 'insert', sqlText: null, rowCount: 1 })
  ], 'UTC')
  t.equal(db.prepare("SELECT type FROM sqlite_master WHERE name = '_daily_queries'").pluck().get(), 'view')
  t.same(db.prepare('SELECT day, typeof(owner) AS owner, typeof(op) AS op, typeof(name) AS name, count, rows_read, rows_written FROM _daily_stat_sums ORDER BY day').all(), [
    { day: 20776, owner: 'integer', op: 'integer', name: 'integer', count: 1, rows_read: 0, rows_written: 1 },
    { day: 20777, owner: 'integer', op: 'integer', name: 'integer', count: 2, rows_read: 7, rows_written: 0 }
  ], 'days since 1970-01-01 (2026-11-19 is day 20776) and ids')
  t.same(db.prepare('SELECT typeof(pattern) FROM _daily_query_sums').pluck().all(), ['integer', 'integer'], 'the pattern by its id')
  t.same(db.prepare('SELECT * FROM _daily_stats ORDER BY date').all(), [
    { date: '2026-11-19', database_name: 'shop', database_id: 'uuid-shop', operation: 'insert', count: 1, rows_read: 0, rows_written: 1 },
    { date: '2026-11-20', database_name: 'shop', database_id: 'uuid-shop', operation: 'select', count: 2, rows_read: 7, rows_written: 0 }
  ])
  t.same(db.prepare('SELECT * FROM _daily_queries ORDER BY date').all(), [
    { date: '2026-11-19', database_name: 'shop', database_id: 'uuid-shop', sql_text: 'insert', count: 1, row_count: 1 },
    { date: '2026-11-20', database_name: 'shop', database_id: 'uuid-shop', sql_text: 'SELECT * FROM items WHERE id = ?', count: 2, row_count: 7 }
  ])
  t.same(db.prepare("SELECT count FROM _daily_queries WHERE sql_text LIKE 'SELECT%' AND date = '2026-11-20'").pluck().all(), [2], 'filtered by the spec\'s columns')
  t.equal(db.prepare('SELECT COUNT(*) FROM _daily_stats_legacy').pluck().get(), 0)
})

t.test('a date that is not YYYY-MM-DD keeps its text, in the legacy table, summed across flushes', async t => {
  const { db, writer } = openWriter(t)
  const far = 8e15 // year 255,479: past what the compact log's times and the day numbers hold
  writer.flush([stamped(far, { rowCount: 2 })], 'UTC')
  writer.flush([stamped(far, { rowCount: 3 })], 'UTC')
  const legacy = db.prepare('SELECT date, database_id, count, rows_read FROM _daily_stats_legacy').all() as Array<{ date: string }>
  t.equal(legacy.length, 1)
  t.match(legacy[0], { database_id: 'uuid-shop', count: 2, rows_read: 5 })
  t.not(legacy[0].date.length, 10)
  t.same(db.prepare('SELECT date, count FROM _daily_stats').all(), [{ date: legacy[0].date, count: 2 }], 'read through the view')
  t.equal(db.prepare('SELECT COUNT(*) FROM _daily_stat_sums').pluck().get(), 0)

  writer.flush([stamped(at, { rowCount: 1 })], 'UTC')
  writer.rename('uuid-shop', 'renamed')
  t.same(db.prepare('SELECT DISTINCT database_name FROM _daily_stats').pluck().all(), ['renamed'], 'a rename reaches the compact and the legacy rows')
  t.same(db.prepare('SELECT database_name FROM _daily_stats_legacy').pluck().all(), ['renamed'])
})

t.test('the views keep the spec\'s unique constraints and take INSERT, UPDATE and DELETE', async t => {
  const { db } = openWriter(t)
  const insert = db.prepare('INSERT INTO _daily_queries (date, database_name, database_id, sql_text, count) VALUES (?, ?, ?, ?, ?)')
  insert.run('2026-11-20', 'shop', 'uuid-shop', 'SELECT ?', 4)
  t.throws(() => insert.run('2026-11-20', 'renamed', 'uuid-shop', 'SELECT ?', 1), /UNIQUE constraint failed/, '(database_id, date, sql_text) is unique')
  insert.run('2026-11-21', 'shop', 'uuid-shop', 'SELECT ?', 1)
  insert.run('2026-11-20', 'old', null, 'SELECT ?', 2) // a row written before ids existed: NULLs are distinct, as in the table
  insert.run('2026-11-20', 'old', null, 'SELECT ?', 3)
  t.equal(db.prepare('SELECT COUNT(*) FROM _daily_query_sums').pluck().get(), 2)
  t.equal(db.prepare('SELECT COUNT(*) FROM _daily_queries_legacy').pluck().get(), 2)
  t.same(db.prepare('SELECT row_count FROM _daily_queries').pluck().all(), [0, 0, 0, 0], 'a sum not given is 0, as the table\'s default')

  db.prepare("UPDATE _daily_queries SET count = count + 10, database_name = 'shop2' WHERE database_id = 'uuid-shop' AND date = '2026-11-20'").run()
  db.prepare("UPDATE _daily_queries SET count = 30 WHERE database_id IS NULL AND count = 3").run()
  t.same(all(db, '_daily_queries'), sorted([
    { date: '2026-11-20', database_name: 'shop2', database_id: 'uuid-shop', sql_text: 'SELECT ?', count: 14, row_count: 0 },
    { date: '2026-11-21', database_name: 'shop', database_id: 'uuid-shop', sql_text: 'SELECT ?', count: 1, row_count: 0 },
    { date: '2026-11-20', database_name: 'old', database_id: null, sql_text: 'SELECT ?', count: 2, row_count: 0 },
    { date: '2026-11-20', database_name: 'old', database_id: null, sql_text: 'SELECT ?', count: 30, row_count: 0 }
  ]))
  db.prepare("DELETE FROM _daily_queries WHERE date = '2026-11-20'").run()
  t.same(all(db, '_daily_queries'), [{ date: '2026-11-21', database_name: 'shop', database_id: 'uuid-shop', sql_text: 'SELECT ?', count: 1, row_count: 0 }])
  t.equal(db.prepare('SELECT COUNT(*) FROM _daily_queries_legacy').pluck().get(), 0)

  const stat = db.prepare('INSERT INTO _daily_stats (date, database_name, database_id, operation, count) VALUES (?, ?, ?, ?, ?)')
  stat.run('2026-11-20', 'shop', 'uuid-shop', 'raw_query', 1)
  t.throws(() => stat.run('2026-11-20', 'shop', 'uuid-shop', 'raw_query', 1), /UNIQUE constraint failed/, '(database_id, date, operation) is unique')
})

t.test('a v8 file\'s daily tables move into the compact ones at open; rows without an id stay as they were', async t => {
  const dir = tempDir(t)
  const file = join(dir, '_analytics.db')
  const before = new Database(file)
  migrate(before)
  createWriter(before).flush([
    stamped(at, { sqlText: 'SELECT * FROM items WHERE id = 5', rowCount: 3 }),
    stamped(at + 1, { database: 'blog', databaseId: 'uuid-blog', operation: 'insert', sqlText: 'INSERT INTO posts VALUES (1)', rowCount: 1 })
  ], 'UTC')
  before.transaction(() => {
    latenciesToV9(before)
    dailyToV8(before)
    before.pragma('user_version = 8')
  })()
  before.exec("INSERT INTO _daily_stats (date, database_name, operation, count) VALUES ('2026-01-01', 'old', 'select', 9)")
  before.exec("INSERT INTO _daily_queries (date, database_name, sql_text, count) VALUES ('2026-01-01', 'old', NULL, 9)")
  const stats = all(before, '_daily_stats')
  const queries = all(before, '_daily_queries')
  t.equal(stats.length, 3)
  before.close()

  const { db } = openWriter(t, file)
  t.equal(db.pragma('user_version', { simple: true }), schemaVersion)
  t.same(all(db, '_daily_stats'), stats, 'every row reads back as it was')
  t.same(all(db, '_daily_queries'), queries)
  t.equal(db.prepare('SELECT COUNT(*) FROM _daily_stat_sums').pluck().get(), 2)
  t.equal(db.prepare('SELECT COUNT(*) FROM _daily_query_sums').pluck().get(), 2)
  t.same(db.prepare('SELECT database_name, count FROM _daily_stats_legacy').all(), [{ database_name: 'old', count: 9 }])
  t.same(db.prepare('SELECT database_name, count FROM _daily_queries_legacy').all(), [{ database_name: 'old', count: 9 }])
})

import t, { type Test } from 'tap'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { migrate, schemaVersion } from '../../../lib/analytics/schema.js'
import { count, event, inspect, manualClock, openAnalytics, sorted, tempDir, waitFor } from './helper.js'

type Db = Database.Database

const v1Layout = `
CREATE TABLE _query_log (id INTEGER PRIMARY KEY AUTOINCREMENT, database TEXT, table_name TEXT, operation TEXT,
  duration_ms REAL, row_count INTEGER, status TEXT, error_msg TEXT, timestamp TEXT);
CREATE TABLE _storage_snapshots (id INTEGER PRIMARY KEY AUTOINCREMENT, database TEXT, size_bytes INTEGER,
  table_count INTEGER, timestamp TEXT);
CREATE TABLE _daily_stats (date TEXT, database_name TEXT, operation TEXT, count INTEGER, rows_read INTEGER,
  rows_written INTEGER, UNIQUE (date, database_name, operation));
CREATE TABLE _daily_queries (date TEXT, database_name TEXT, sql_text TEXT, count INTEGER, row_count INTEGER,
  UNIQUE (date, database_name, sql_text));
`

const v2Layout = `
CREATE TABLE _query_log (id INTEGER PRIMARY KEY AUTOINCREMENT, database TEXT, table_name TEXT, operation TEXT,
  duration_ms REAL, row_count INTEGER, status TEXT, error_msg TEXT, timestamp TEXT, database_id TEXT, sql_text TEXT);
CREATE TABLE _storage_snapshots (id INTEGER PRIMARY KEY AUTOINCREMENT, database TEXT, size_bytes INTEGER,
  table_count INTEGER, timestamp TEXT, database_id TEXT);
CREATE TABLE _daily_stats (date TEXT, database_name TEXT, operation TEXT, count INTEGER, rows_read INTEGER,
  rows_written INTEGER, UNIQUE (date, database_name, operation));
CREATE TABLE _daily_queries (date TEXT, database_name TEXT, sql_text TEXT, count INTEGER, row_count INTEGER,
  UNIQUE (date, database_name, sql_text));
`

const dailyStats = [
  { date: '2026-11-19', database_name: 'shop', operation: 'select', count: 7, rows_read: 70, rows_written: 0 },
  { date: '2026-11-20', database_name: 'shop', operation: 'insert', count: 2, rows_read: 0, rows_written: 2 },
  { date: '2026-11-20', database_name: 'old', operation: 'raw_query', count: 1, rows_read: 5, rows_written: 0 }
]
const dailyQueries = [
  { date: '2026-11-19', database_name: 'shop', sql_text: 'SELECT 1', count: 7, row_count: 70 },
  { date: '2026-11-20', database_name: 'shop', sql_text: null, count: 2, row_count: 2 },
  { date: '2026-11-20', database_name: 'shop', sql_text: null, count: 3, row_count: 9 }
]

function seedDaily (db: Db): void {
  const stat = db.prepare('INSERT INTO _daily_stats VALUES (:date, :database_name, :operation, :count, :rows_read, :rows_written)')
  for (const row of dailyStats) stat.run(row)
  const query = db.prepare('INSERT INTO _daily_queries VALUES (:date, :database_name, :sql_text, :count, :row_count)')
  for (const row of dailyQueries) query.run(row)
}

function buildV1 (file: string, userVersion: number): void {
  const db = new Database(file)
  db.exec(v1Layout)
  const log = db.prepare(`INSERT INTO _query_log (database, table_name, operation, duration_ms, row_count, status, error_msg, timestamp)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
  log.run('shop', 'items', 'select', 1.5, 3, 'ok', null, '2026-11-20T10:00:00.000Z')
  log.run('shop', null, 'update', 2, 0, 'error', 'boom', '2026-11-20T10:01:00.000Z')
  log.run('old', 'x', 'insert', 3, 1, 'ok', null, '2026-11-20T10:02:00.000Z')
  const snap = db.prepare('INSERT INTO _storage_snapshots (database, size_bytes, table_count, timestamp) VALUES (?, ?, ?, ?)')
  snap.run('shop', 4096, 1, '2026-11-20T09:00:00.000Z')
  snap.run('old', 8192, 2, '2026-11-20T09:00:00.000Z')
  seedDaily(db)
  db.pragma(`user_version = ${userVersion}`)
  db.close()
}

function buildV2 (file: string): void {
  const db = new Database(file)
  db.exec(v2Layout)
  const log = db.prepare(`INSERT INTO _query_log (database, table_name, operation, duration_ms, row_count, status, error_msg, timestamp, database_id, sql_text)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
  log.run('shop', 'items', 'select', 1.5, 3, 'ok', null, '2026-11-20T10:00:00.000Z', 'uuid-shop', 'SELECT 1')
  log.run('old', 'x', 'insert', 3, 1, 'ok', null, '2026-11-20T10:02:00.000Z', null, null)
  const snap = db.prepare('INSERT INTO _storage_snapshots (database, size_bytes, table_count, timestamp, database_id) VALUES (?, ?, ?, ?, ?)')
  snap.run('shop', 4096, 1, '2026-11-20T09:00:00.000Z', 'uuid-shop')
  seedDaily(db)
  db.pragma('user_version = 2')
  db.close()
}

function columns (db: Db, table: string): string[] {
  return (db.pragma(`table_info(${table})`) as Array<{ name: string }>).map(c => c.name)
}

const currentIndexes = [
  '_log_at',
  '_log_errors',
  '_log_owner_at',
  '_log_unidentified',
  '_storage_snapshots_database_id_timestamp',
  '_storage_snapshots_unidentified'
]

function indexSql (db: Db): Map<string, string> {
  const rows = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as Array<{ name: string, sql: string }>
  return new Map(rows.map(r => [r.name, r.sql]))
}

/** The endpoint indexes; the name ones are partial, so an event with an id (every new one) never writes to them. */
function assertIndexes (t: Test, db: Db): void {
  const sql = indexSql(db)
  t.same([...sql.keys()], currentIndexes, 'the index set')
  t.match(sql.get('_log_unidentified'), /\(name, at\) WHERE owner IS NULL$/)
  t.match(sql.get('_storage_snapshots_unidentified'), /\(database, timestamp\) WHERE database_id IS NULL$/)
}

function assertV3 (t: Test, db: Db): void {
  t.equal(db.pragma('user_version', { simple: true }), schemaVersion)
  t.ok(columns(db, '_query_log').includes('database_id') && columns(db, '_query_log').includes('sql_text'))
  t.ok(columns(db, '_storage_snapshots').includes('database_id'))
  t.same(columns(db, '_daily_stats'), ['date', 'database_name', 'database_id', 'operation', 'count', 'rows_read', 'rows_written'])
  t.same(columns(db, '_daily_queries'), ['date', 'database_name', 'database_id', 'sql_text', 'count', 'row_count'])
  assertIndexes(t, db)
  // The v3 keys: a second row with the same (database_id, date, operation) is refused.
  db.exec("INSERT INTO _daily_stats (date, database_name, database_id, operation) VALUES ('2000-01-01', 'k', 'id-k', 'select')")
  t.throws(() => db.exec("INSERT INTO _daily_stats (date, database_name, database_id, operation) VALUES ('2000-01-01', 'k2', 'id-k', 'select')"), /UNIQUE/)
  db.exec("INSERT INTO _daily_queries (date, database_name, database_id, sql_text) VALUES ('2000-01-01', 'k', 'id-k', 'q')")
  t.throws(() => db.exec("INSERT INTO _daily_queries (date, database_name, database_id, sql_text) VALUES ('2000-01-01', 'k2', 'id-k', 'q')"), /UNIQUE/)
  db.exec("DELETE FROM _daily_stats WHERE date = '2000-01-01'; DELETE FROM _daily_queries WHERE date = '2000-01-01'")
}

function assertDailyKept (t: Test, db: Db): void {
  t.same(sorted(db.prepare('SELECT date, database_name, operation, count, rows_read, rows_written FROM _daily_stats').all()), sorted(dailyStats))
  t.same(sorted(db.prepare('SELECT date, database_name, sql_text, count, row_count FROM _daily_queries').all()), sorted(dailyQueries))
  t.equal(db.prepare('SELECT COUNT(*) AS n FROM _daily_stats WHERE database_id IS NOT NULL').pluck().get(), 0, 'older rows keep a NULL id')
}

for (const userVersion of [1, 0]) {
  t.test(`a v1 file (user_version ${userVersion}) upgrades to the current layout keeping every row`, async t => {
    const file = join(tempDir(t), '_analytics.db')
    buildV1(file, userVersion)
    const db = new Database(file)
    t.teardown(() => db.close())
    t.same(migrate(db), { from: userVersion, to: schemaVersion })
    assertV3(t, db)
    t.same(db.prepare('SELECT * FROM _query_log ORDER BY id').all(), [
      { id: 1, database: 'shop', table_name: 'items', operation: 'select', duration_ms: 1.5, row_count: 3, status: 'ok', error_msg: null, timestamp: '2026-11-20T10:00:00.000Z', database_id: null, sql_text: null },
      { id: 2, database: 'shop', table_name: null, operation: 'update', duration_ms: 2, row_count: 0, status: 'error', error_msg: 'boom', timestamp: '2026-11-20T10:01:00.000Z', database_id: null, sql_text: null },
      { id: 3, database: 'old', table_name: 'x', operation: 'insert', duration_ms: 3, row_count: 1, status: 'ok', error_msg: null, timestamp: '2026-11-20T10:02:00.000Z', database_id: null, sql_text: null }
    ])
    t.same(db.prepare('SELECT * FROM _storage_snapshots ORDER BY id').all(), [
      { id: 1, database: 'shop', size_bytes: 4096, table_count: 1, timestamp: '2026-11-20T09:00:00.000Z', database_id: null },
      { id: 2, database: 'old', size_bytes: 8192, table_count: 2, timestamp: '2026-11-20T09:00:00.000Z', database_id: null }
    ])
    assertDailyKept(t, db)
    t.same(migrate(db), { from: schemaVersion, to: schemaVersion }, 'a second open changes nothing')
    t.equal(count(db, '_query_log'), 3)
  })
}

t.test('a v2 file upgrades to the current layout keeping every row and its database_id', async t => {
  const file = join(tempDir(t), '_analytics.db')
  buildV2(file)
  const db = new Database(file)
  t.teardown(() => db.close())
  t.same(migrate(db), { from: 2, to: schemaVersion })
  assertV3(t, db)
  t.same(db.prepare('SELECT database, database_id, sql_text FROM _query_log ORDER BY id').all(), [
    { database: 'shop', database_id: 'uuid-shop', sql_text: 'SELECT 1' },
    { database: 'old', database_id: null, sql_text: null }
  ])
  t.same(db.prepare('SELECT database, database_id FROM _storage_snapshots').all(), [{ database: 'shop', database_id: 'uuid-shop' }])
  assertDailyKept(t, db)
})

t.test('a fresh file is created at the current layout', async t => {
  const db = new Database(join(tempDir(t), '_analytics.db'))
  t.teardown(() => db.close())
  const cacheSize = db.pragma('cache_size', { simple: true })
  t.same(migrate(db), { from: 0, to: schemaVersion })
  t.equal(db.pragma('cache_size', { simple: true }), cacheSize, 'the larger page cache of an upgrade is given back')
  assertV3(t, db)
})

t.test('the recorder upgrades a v2 file at start and then works on it', async t => {
  const dataDir = tempDir(t)
  buildV2(join(dataDir, '_analytics.db'))
  const clock = manualClock('2026-11-20T12:00:00.000Z')
  const { analytics, file } = openAnalytics(t, { dataDir, now: clock.now })
  analytics.record(event({ operation: 'insert', rowCount: 4, timestamp: '2026-11-20T11:00:00.000Z' }))
  await analytics.flush()
  const db = inspect(t, file)
  t.equal(db.pragma('user_version', { simple: true }), schemaVersion)
  t.same(db.prepare("SELECT database_id, count, rows_written FROM _daily_stats WHERE date = '2026-11-20' AND database_name = 'shop' AND operation = 'insert' ORDER BY database_id").all(), [
    { database_id: null, count: 2, rows_written: 2 },
    { database_id: 'uuid-shop', count: 1, rows_written: 4 }
  ], 'new events get their own identified row beside the older one')
  await waitFor(() => count(db, '_rollup_backfill') === 0)
  t.equal((await analytics.overview('24h')).queries, 3, 'older log rows count in the overview once backfilled')
  await analytics.renameDatabase('uuid-shop', 'store')
  t.same(db.prepare('SELECT database, database_id FROM _query_log ORDER BY id').all(), [
    { database: 'store', database_id: 'uuid-shop' },
    { database: 'old', database_id: null },
    { database: 'store', database_id: 'uuid-shop' }
  ])
  t.equal(db.prepare("SELECT COUNT(*) FROM _daily_stats WHERE database_name = 'shop'").pluck().get(), 2, 'id-less daily rows keep their name')
})

t.test('a current file with the index set of an earlier server gets this one, rows and version kept', async t => {
  const file = join(tempDir(t), '_analytics.db')
  const earlier = new Database(file)
  migrate(earlier)
  earlier.exec(`DROP INDEX _log_unidentified; DROP INDEX _storage_snapshots_unidentified;
    DROP INDEX _storage_snapshots_database_id_timestamp;
    CREATE INDEX _storage_snapshots_database_timestamp ON _storage_snapshots (database, timestamp);
    CREATE INDEX _storage_snapshots_database_id ON _storage_snapshots (database_id);
    INSERT INTO _query_log (database, operation, status, timestamp, database_id) VALUES ('shop', 'select', 'ok', '2026-11-20T10:00:00.000Z', 'u1');`)
  earlier.close()

  const db = new Database(file)
  t.teardown(() => db.close())
  t.same(migrate(db), { from: schemaVersion, to: schemaVersion }, 'the index set is not part of the layout version')
  assertIndexes(t, db)
  t.equal(count(db, '_query_log'), 1)
  const before = [...indexSql(db)]
  migrate(db)
  t.same([...indexSql(db)], before, 'a second open changes nothing')
})

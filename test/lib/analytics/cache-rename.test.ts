import t from 'tap'
import { createTtlCache } from '../../../lib/analytics/cache.js'
import { count, event, inspect, manualClock, openAnalytics, ref, rollUp } from './helper.js'

t.test('the TTL cache shares pending answers, expires them and forgets failures', async t => {
  let now = 0
  const cache = createTtlCache(60_000, () => now)
  let computed = 0
  const compute = async (): Promise<number> => ++computed
  const [a, b] = await Promise.all([cache.get('k', compute), cache.get('k', compute)])
  t.same([a, b, computed], [1, 1, 1])
  now = 59_999
  t.equal(await cache.get('k', compute), 1)
  now = 60_000
  t.equal(await cache.get('k', compute), 2)
  await t.rejects(cache.get('bad', async () => { throw new Error('no') }))
  await new Promise(resolve => setImmediate(resolve))
  t.equal(await cache.get('bad', async () => 'ok'), 'ok', 'a failure is not cached')
  cache.clear()
  t.equal(cache.size, 0)
})

t.test('overview, databaseOverview, volume and topQueries are cached for 60 s; invalidateCache() drops them', async t => {
  const clock = manualClock('2026-11-20T12:00:00.000Z')
  const { analytics } = openAnalytics(t, { now: clock.now })
  analytics.record(event())
  await analytics.flush()
  t.equal((await analytics.overview('24h')).queries, 1)
  t.equal((await analytics.databaseOverview(ref('shop'), '24h')).queries, 1)
  t.equal((await analytics.volume('24h')).max, 1)
  t.equal((await analytics.topQueries())[0].calls, 1)
  t.equal((await analytics.topQueries({ search: 'select' }))[0].calls, 1)

  analytics.record(event())
  await analytics.flush()
  clock.advance(59_000)
  t.equal((await analytics.topQueries())[0].calls, 1, 'cached')
  t.equal((await analytics.topQueries({ search: 'select' }))[0].calls, 1, 'cached, by search too')
  t.equal((await analytics.topQueries({ search: 'SELECT' }))[0].calls, 2, 'another search is another entry')
  t.equal((await analytics.overview('24h')).queries, 1, 'cached')
  t.equal((await analytics.databaseOverview(ref('shop'), '24h')).queries, 1, 'cached')
  t.equal((await analytics.volume('24h')).max, 1, 'cached')
  t.equal((await analytics.queries({ database: ref('shop'), range: '24h' })).total, 2, 'the log list is never cached')
  t.equal((await analytics.overview('7d')).queries, 2, 'each range has its own entry')

  clock.advance(2_000)
  t.equal((await analytics.overview('24h')).queries, 2, 'expired after 60 s')
  t.equal((await analytics.databaseOverview(ref('shop'), '24h')).queries, 2)
  t.equal((await analytics.volume('24h')).max, 2)
  t.equal((await analytics.topQueries())[0].calls, 2)

  analytics.record(event())
  await analytics.flush()
  t.equal((await analytics.overview('24h')).queries, 2, 'cached again')
  analytics.invalidateCache()
  t.equal((await analytics.overview('24h')).queries, 3)
})

t.test('renameDatabase renames the rows of that database_id only, buffered events too, and drops the cache', async t => {
  const clock = manualClock('2026-11-20T12:00:00.000Z')
  const { analytics, file } = openAnalytics(t, {
    now: clock.now,
    databases: [{ id: 'uuid-shop', name: 'shop', sizeBytes: 4096, tableCount: 1 }]
  })
  analytics.record(event())
  analytics.record(event({ database: 'blog', databaseId: 'uuid-blog' }))
  await analytics.flush()
  await analytics.snapshot()
  const db = inspect(t, file)
  // Rows of another origin (an older server, no database_id) under the same name are not ours to migrate.
  db.prepare(`INSERT INTO _query_log (database, table_name, operation, duration_ms, row_count, status, error_msg, timestamp)
    VALUES ('shop', 'items', 'select', 1, 1, 'ok', NULL, ?)`).run(clock.ago(1000))
  rollUp(db, 3)
  db.exec("INSERT INTO _storage_snapshots (database, size_bytes, table_count, timestamp) VALUES ('shop', 1, 1, '2026-11-20T11:00:00.000Z')")
  db.exec("INSERT INTO _daily_stats (date, database_name, operation, count) VALUES ('2026-11-20', 'shop', 'select', 1)")
  db.exec("INSERT INTO _daily_queries (date, database_name, sql_text, count) VALUES ('2026-11-20', 'shop', 'x', 1)")
  t.equal((await analytics.databaseOverview(ref('shop'), '24h')).queries, 2, 'warm cache')

  // Held back in the buffer by a failing flush when the rename comes.
  db.exec('BEGIN EXCLUSIVE')
  analytics.record(event({ rowCount: 42 }))
  await t.rejects(analytics.flush())
  db.exec('COMMIT')
  await analytics.renameDatabase('uuid-shop', 'store')
  await analytics.flush()

  const names = (table: string, column: string): unknown[] =>
    db.prepare(`SELECT ${column} AS name, database_id AS id, COUNT(*) AS n FROM ${table} GROUP BY 1, 2 ORDER BY 1, 2`).all()
  t.same(names('_query_log', 'database'), [
    { name: 'blog', id: 'uuid-blog', n: 1 },
    { name: 'shop', id: null, n: 1 },
    { name: 'store', id: 'uuid-shop', n: 2 }
  ])
  t.same(names('_storage_snapshots', 'database'), [{ name: 'shop', id: null, n: 1 }, { name: 'store', id: 'uuid-shop', n: 1 }])
  t.same(names('_daily_stats', 'database_name'), [
    { name: 'blog', id: 'uuid-blog', n: 1 },
    { name: 'shop', id: null, n: 1 },
    { name: 'store', id: 'uuid-shop', n: 1 }
  ])
  t.same(names('_daily_queries', 'database_name'), [
    { name: 'blog', id: 'uuid-blog', n: 1 },
    { name: 'shop', id: null, n: 1 },
    { name: 'store', id: 'uuid-shop', n: 1 }
  ])
  t.equal((db.prepare("SELECT database FROM _query_log WHERE row_count = 42").get() as { database: string }).database, 'store',
    'the event buffered before the rename carries the new name')
  t.equal((await analytics.databaseOverview({ id: 'uuid-shop', name: 'store' }, '24h')).queries, 2,
    'cache dropped at once: its own rows, not the foreign row left under the old name')
  t.equal((await analytics.databaseOverview({ id: 'uuid-new', name: 'shop' }, '24h')).queries, 1,
    'a new database under the old name has only the rows without an id')
  t.equal(count(db, '_daily_stats'), 3)
})

t.test('snapshots: one row per database on every interval; a failed write is logged and the timer carries on', async t => {
  const databases = [
    { id: 'uuid-shop', name: 'shop', sizeBytes: 8192, tableCount: 3 },
    { id: 'uuid-blog', name: 'blog', sizeBytes: 4096, tableCount: 1 }
  ]
  const { analytics, file, logs } = openAnalytics(t, { snapshotIntervalMs: 40, databases })
  await analytics.flush()
  const db = inspect(t, file)
  const rows = (): number => count(db, '_storage_snapshots')
  const deadline = async (check: () => boolean): Promise<void> => {
    const end = Date.now() + 5000
    while (!check() && Date.now() < end) await new Promise(resolve => setTimeout(resolve, 10))
  }
  await deadline(() => rows() >= 4)
  t.ok(rows() >= 4, 'two intervals, two databases each')
  t.same(db.prepare("SELECT database, size_bytes, table_count, database_id FROM _storage_snapshots WHERE database = 'shop' LIMIT 1").get(),
    { database: 'shop', size_bytes: 8192, table_count: 3, database_id: 'uuid-shop' })
  t.ok(db.prepare('SELECT timestamp FROM _storage_snapshots').all()
    .every(r => !Number.isNaN(Date.parse((r as { timestamp: string }).timestamp))), 'ISO timestamps')

  db.exec('BEGIN EXCLUSIVE')
  await deadline(() => logs.some(l => l.msg === 'analytics: snapshot failed'))
  t.ok(logs.some(l => l.level === 'error' && l.msg === 'analytics: snapshot failed'))
  db.exec('COMMIT')
  const before = rows()
  await deadline(() => rows() >= before + 4)
  t.ok(rows() >= before + 4, 'snapshots resume after the failure')
})

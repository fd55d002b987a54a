import t from 'tap'
import type { AnalyticsEvent, PatternStats, TopQuery } from '../../../lib/analytics/index.js'
import { event, manualClock, openAnalytics, ref } from './helper.js'

// Now is Friday 2026-11-20 12:15 UTC; the settings zone is UTC unless a test says otherwise.
const clock = manualClock('2026-11-20T12:15:00.000Z')
const { analytics } = openAnalytics(t, {
  now: clock.now,
  databases: [
    { id: 'uuid-shop', name: 'shop', sizeBytes: 81920, tableCount: 4 },
    { id: 'uuid-blog', name: 'blog', sizeBytes: 16384, tableCount: 2 },
    { id: 'uuid-bulk', name: 'bulk', sizeBytes: 4096, tableCount: 1 }
  ]
})

const shop = { database: 'shop', databaseId: 'uuid-shop' }
const blog = { database: 'blog', databaseId: 'uuid-blog' }
const select = 'SELECT * FROM "items" WHERE "id" = ?'
const insert = 'INSERT INTO "items" ("name") VALUES (?) RETURNING *'
const update = 'UPDATE "items" SET "name" = ? WHERE "id" = ?'
const remove = 'DELETE FROM "items" WHERE "id" = ?'

function times (n: number, at: string, e: Partial<AnalyticsEvent>): AnalyticsEvent[] {
  const start = Date.parse(at)
  return Array.from({ length: n }, (_, i) => event({ ...e, timestamp: new Date(start + i * 1000).toISOString() }))
}

const events: AnalyticsEvent[] = [
  // shop
  ...times(3, '2026-11-20T11:00:00Z', { ...shop, operation: 'select', sqlText: select, rowCount: 1, durationMs: 2 }), // S1
  ...times(2, '2026-11-20T10:00:00Z', { ...shop, operation: 'insert', sqlText: insert, rowCount: 5, durationMs: 4 }), // S2
  ...times(1, '2026-11-20T09:00:00Z', { // S3
    ...shop, operation: 'select', statsOperation: 'raw_query', tableName: null, sqlText: 'SELECT * FROM nope', rowCount: 0, durationMs: 1, status: 'error', errorMsg: 'no such table: nope'
  }),
  ...times(4, '2026-11-17T12:00:00Z', { ...shop, operation: 'update', sqlText: update, rowCount: 2, durationMs: 3 }), // S4
  ...times(1, '2026-10-31T12:00:00Z', { ...shop, operation: 'delete', sqlText: remove, rowCount: 1, durationMs: 5 }), // S5
  // blog
  ...times(1, '2026-11-20T11:45:00Z', { // B1
    ...blog, operation: 'select', statsOperation: 'raw_query', tableName: null, sqlText: 'select "100%" _x from posts', rowCount: 10, durationMs: 1
  }),
  ...times(2, '2026-11-15T12:00:00Z', { // B2
    ...blog, operation: 'update', tableName: 'posts', sqlText: 'UPDATE posts SET slug = ?', rowCount: 0, durationMs: 2, status: 'error', errorMsg: 'UNIQUE constraint failed: posts.slug'
  }),
  ...times(5, '2026-11-19T20:00:00Z', { ...blog, operation: 'select', tableName: 'posts', sqlText: null, rowCount: 3, durationMs: 1 }), // B3
  ...times(1, '2026-10-10T12:00:00Z', { ...blog, operation: 'select', rowCount: 1 }), // B4: past retention, pruned
  // bulk: 'SELECT * FROM bulk_00' 21 times, then 'SELECT * FROM bulk_01'..'SELECT * FROM bulk_10' 10 times each
  // (table names, not literals: literals would fold into one pattern)
  ...Array.from({ length: 121 }, (_, i) => event({
    database: 'bulk',
    databaseId: 'uuid-bulk',
    operation: 'select',
    sqlText: `SELECT * FROM bulk_${String(i < 21 ? 0 : 1 + ((i - 21) % 10)).padStart(2, '0')}`,
    rowCount: 1,
    durationMs: 1,
    timestamp: new Date(Date.parse('2026-11-20T11:30:00Z') + i).toISOString()
  }))
]

t.before(async () => {
  for (const e of events) analytics.record(e)
  await analytics.flush()
})

t.test('overview: counts, latency and rows over each window', async t => {
  t.same(await analytics.overview('24h'), {
    databases: 3,
    queries: 12 + 121,
    writes: 2,
    avgLatencyMs: Math.round((21 + 121) / 133 * 1000) / 1000,
    errorCount: 1,
    rows_read: 28 + 121,
    rows_written: 10,
    totalStorageBytes: 81920 + 16384 + 4096
  })
  const week = await analytics.overview('7d')
  t.equal(week.queries, 18 + 121)
  t.equal(week.writes, 6, 'failed writes are errors, not writes')
  t.equal(week.errorCount, 3)
  t.equal(week.avgLatencyMs, Math.round((37 + 121) / 139 * 1000) / 1000)
  t.equal(week.rows_read, 28 + 121)
  t.equal(week.rows_written, 18)
  const month = await analytics.overview('30d')
  t.equal(month.queries, 19 + 121, 'the 41-day-old event is outside the window (and pruned)')
  t.equal(month.writes, 7)
  t.equal(month.rows_written, 19)
  t.equal(month.errorCount, 3)
})

/** The fields the spec's pattern items had before the rollups added errors, total_ms and percentiles. */
const core = (p: PatternStats) => ({ sql_text: p.sql_text, calls: p.calls, avg_ms: p.avg_ms, writes: p.writes, total_rows: p.total_rows })
const coreTop = (q: TopQuery) => ({ database: q.database, sql_text: q.sql_text, calls: q.calls, avg_ms: q.avg_ms, total_rows: q.total_rows })

t.test('databaseOverview: one database, its storage and top patterns', async t => {
  const shopDay = await analytics.databaseOverview(ref('shop'), '24h')
  t.same({ ...shopDay, topTables: shopDay.topTables.map(core) }, {
    database: 'shop',
    queries: 6,
    writes: 2,
    rows_read: 13,
    avgLatencyMs: 2.5,
    errorCount: 1,
    storageBytes: 81920,
    tableCount: 4,
    topTables: [
      { sql_text: select, calls: 3, avg_ms: 2, writes: 0, total_rows: 3 },
      { sql_text: insert, calls: 2, avg_ms: 4, writes: 2, total_rows: 10 },
      { sql_text: 'SELECT * FROM nope', calls: 1, avg_ms: 1, writes: 0, total_rows: 0 }
    ]
  })
  const week = await analytics.databaseOverview(ref('shop'), '7d')
  t.match(week, { queries: 10, writes: 6, rows_read: 21, avgLatencyMs: 2.7, errorCount: 1 })
  t.same(week.topTables[0], { sql_text: update, calls: 4, avg_ms: 3, writes: 4, total_rows: 8, errors: 0, total_ms: 12, p50_ms: 3, p95_ms: 3, p99_ms: 3 },
    'percentiles never exceed the largest duration seen')
  const month = await analytics.databaseOverview(ref('shop'), '30d')
  t.match(month, { queries: 11, writes: 7, rows_read: 22, avgLatencyMs: 2.909 })
  t.same(month.topTables.map(p => p.sql_text), [update, select, insert, remove, 'SELECT * FROM nope'], 'ties by text')

  const blogDay = await analytics.databaseOverview(ref('blog'), '24h')
  t.same(core(blogDay.topTables[0]), { sql_text: 'select', calls: 5, avg_ms: 1, writes: 0, total_rows: 15 }, 'operation name when there is no text')

  const bulk = await analytics.databaseOverview(ref('bulk'), '24h')
  t.equal(bulk.topTables.length, 10, 'at most 10 patterns')
  t.same(bulk.topTables.map(p => p.sql_text).slice(0, 2), ['SELECT * FROM bulk_00', 'SELECT * FROM bulk_01'])
  t.equal(bulk.topTables[9].sql_text, 'SELECT * FROM bulk_09')
})

t.test('queries: the log of one database, newest first, paged and searched', async t => {
  const day = await analytics.queries({ database: ref('shop'), range: '24h' })
  t.equal(day.total, 6)
  t.same(day.rows.map(r => r.timestamp), [
    '2026-11-20T11:00:02.000Z', '2026-11-20T11:00:01.000Z', '2026-11-20T11:00:00.000Z',
    '2026-11-20T10:00:01.000Z', '2026-11-20T10:00:00.000Z', '2026-11-20T09:00:00.000Z'
  ])
  t.same(Object.keys(day.rows[0]).sort(), [
    'database', 'database_id', 'duration_ms', 'error_msg', 'id', 'operation', 'row_count', 'sql_text', 'status', 'table_name', 'timestamp'
  ])
  const page = await analytics.queries({ database: ref('shop'), range: '24h', limit: 2, offset: 1 })
  t.equal(page.total, 6, 'total ignores paging')
  t.same(page.rows.map(r => r.timestamp), ['2026-11-20T11:00:01.000Z', '2026-11-20T11:00:00.000Z'])
  t.equal((await analytics.queries({ database: ref('shop'), range: '7d' })).total, 10)
  t.equal((await analytics.queries({ database: ref('shop'), range: '30d' })).total, 11)
  t.equal((await analytics.queries({ database: ref('nobody'), range: '30d' })).total, 0)

  const search = async (name: string, term: string): Promise<number> => (await analytics.queries({ database: ref(name), range: '30d', search: term })).total
  t.equal(await search('shop', 'select'), 4, 'case-insensitive')
  t.equal(await search('shop', 'SELECT * FROM "items"'), 3)
  t.equal(await search('shop', 'FROM'), 0, 'a prefix, not a substring')
  t.equal(await search('shop', '%'), 0, '% is literal')
  t.equal(await search('shop', '_'), 0, '_ is literal')
  t.equal(await search('blog', 'select "100%" _x'), 1)
  t.equal(await search('blog', 'select "1_0'), 0)
  t.equal(await search('blog', 'select "100%'), 1)
  t.equal(await search('shop', ''), 11, 'an empty term does not filter')

  const bulk = await analytics.queries({ database: ref('bulk'), range: '24h' })
  t.equal(bulk.rows.length, 20, 'default limit 20')
  t.equal(bulk.total, 121)
  t.equal((await analytics.queries({ database: ref('bulk'), range: '24h', limit: 1000 })).rows.length, 100, 'limit capped at 100')
})

t.test('topQueries: each database\'s most-called pattern, most calls first', async t => {
  t.same((await analytics.topQueries({ range: '24h' })).map(coreTop), [
    { database: 'bulk', sql_text: 'SELECT * FROM bulk_00', calls: 21, avg_ms: 1, total_rows: 21 },
    { database: 'blog', sql_text: 'select', calls: 5, avg_ms: 1, total_rows: 15 },
    { database: 'shop', sql_text: select, calls: 3, avg_ms: 2, total_rows: 3 }
  ])
  const week = await analytics.topQueries({ range: '7d' })
  t.same(week.map(q => [q.database, q.sql_text, q.calls]), [['bulk', 'SELECT * FROM bulk_00', 21], ['blog', 'select', 5], ['shop', update, 4]])
  t.same(await analytics.topQueries({ range: '30d' }), week)
  t.same((await analytics.topQueries({ range: '7d', search: 'update' })).map(q => [q.database, q.calls]), [['shop', 4], ['blog', 2]])
  t.same(await analytics.topQueries({ range: '24h', search: 'update' }), [])
  t.same((await analytics.topQueries({ range: '24h', search: 'select * from b' })).map(q => q.database), ['bulk'])
  t.same(await analytics.topQueries({ range: '24h', search: 'bulk' }), [], 'prefix only')
  t.same((await analytics.topQueries({ range: '24h', limit: 2 })).map(q => q.database), ['bulk', 'blog'], 'limit: the first items')
  t.same((await analytics.topQueries({ range: '24h', limit: 2 })), (await analytics.topQueries({ range: '24h' })).slice(0, 2))
  t.equal((await analytics.topQueries({ range: '24h', limit: 10 })).length, 3, 'a limit past the end: every item')
})

t.test('errors: failed queries newest first, limited and searched on the message', async t => {
  const all = await analytics.errors()
  t.same(all.map(e => [e.database, e.error_msg, e.timestamp]), [
    ['shop', 'no such table: nope', '2026-11-20T09:00:00.000Z'],
    ['blog', 'UNIQUE constraint failed: posts.slug', '2026-11-15T12:00:01.000Z'],
    ['blog', 'UNIQUE constraint failed: posts.slug', '2026-11-15T12:00:00.000Z']
  ])
  t.equal(all[0].status, 'error')
  t.equal(all[0].sql_text, 'SELECT * FROM nope')
  t.equal((await analytics.errors({ limit: 1 })).length, 1)
  t.equal((await analytics.errors({ search: 'unique' })).length, 2, 'case-insensitive')
  t.equal((await analytics.errors({ search: 'constraint' })).length, 0, 'prefix only')
  t.equal((await analytics.errors({ search: 'no such' })).length, 1)
})

t.test('volume 24h: hour by hour from the query log', async t => {
  const v = await analytics.volume('24h')
  t.same(v.slots, ['13', '14', '15', '16', '17', '18', '19', '20', '21', '22', '23', '00', '01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'])
  const expected = (entries: Record<number, number>): number[] => v.slots.map((_, i) => entries[i] ?? 0)
  t.same(v.counts, expected({ 7: 5, 20: 1, 21: 2, 22: 3 + 1 + 121 }))
  t.same(v.errors, expected({ 20: 1 }))
  t.same(v.rows_read, expected({ 7: 15, 22: 3 + 10 + 121 }))
  t.same(v.rows_written, expected({ 21: 10 }))
  t.same([v.max, v.max_read, v.max_written], [125, 134, 10])
})

t.test('volume 7d: day by day from _daily_stats, errors from the log', async t => {
  const v = await analytics.volume('7d')
  t.same(v.slots, ['2026-11-14', '2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'])
  t.same(v.counts, [0, 2, 0, 4, 0, 5, 128])
  t.same(v.errors, [0, 2, 0, 0, 0, 0, 1])
  t.same(v.rows_read, [0, 0, 0, 0, 0, 15, 134])
  t.same(v.rows_written, [0, 0, 0, 8, 0, 0, 10])
  t.same([v.max, v.max_read, v.max_written], [128, 134, 10])
})

t.test('volume 30d: ISO weeks', async t => {
  const v = await analytics.volume('30d')
  t.same(v.slots, ['2026-W43', '2026-W44', '2026-W45', '2026-W46', '2026-W47'])
  t.same(v.counts, [0, 1, 0, 2, 137])
  t.same(v.errors, [0, 0, 0, 2, 1])
  t.same(v.rows_read, [0, 0, 0, 0, 149])
  t.same(v.rows_written, [0, 1, 0, 0, 18])
  t.same([v.max, v.max_read, v.max_written], [137, 149, 18])
})

t.test('size: the last 100 snapshots of a database, newest first', async t => {
  const databases = [{ id: 'uuid-shop', name: 'shop', sizeBytes: 0, tableCount: 4 }]
  const { analytics: a } = openAnalytics(t, { now: clock.now, databases })
  for (let i = 1; i <= 105; i++) {
    databases[0].sizeBytes = i * 4096
    await a.snapshot()
  }
  const history = await a.size(ref('shop'))
  t.equal(history.length, 100)
  t.same(history[0], {
    id: 105, database: 'shop', size_bytes: 105 * 4096, table_count: 4, timestamp: '2026-11-20T12:15:00.000Z', database_id: 'uuid-shop'
  })
  t.equal(history[99].size_bytes, 6 * 4096)
  t.same(await a.size(ref('blog')), [])
  // A database the engine no longer lists keeps its latest snapshot figures.
  databases.pop()
  const gone = await a.databaseOverview(ref('shop'), '24h')
  t.same([gone.storageBytes, gone.tableCount], [105 * 4096, 4])
})

t.test('volume slots and day buckets follow the settings time zone', async t => {
  // 00:15 UTC on the 21st is 09:15 in Tokyo; 15:30 UTC on the 20th is already 00:30 on the 21st there.
  const tokyoClock = manualClock('2026-11-21T00:15:00.000Z')
  let zone = 'Asia/Tokyo'
  const { analytics: a } = openAnalytics(t, { now: tokyoClock.now, timezone: () => zone })
  a.record(event({ timestamp: '2026-11-20T23:30:00.000Z' }))
  a.record(event({ timestamp: '2026-11-20T15:30:00.000Z', status: 'error', errorMsg: 'boom', rowCount: 0 }))
  a.record(event({ timestamp: '2026-11-20T14:30:00.000Z', status: 'error', errorMsg: 'boom', rowCount: 0 }))
  await a.flush()

  const hours = await a.volume('24h')
  t.same(hours.slots.slice(-3), ['07', '08', '09'])
  t.equal(hours.counts[22], 1, '23:30 UTC is 08:30 in Tokyo')
  t.same(hours.slots.slice(13, 15), ['23', '00'])
  t.same(hours.errors.slice(13, 15), [1, 1], '14:30 and 15:30 UTC are 23:30 and 00:30 in Tokyo')
  t.equal(hours.errors.reduce((a, b) => a + b), 2)

  const days = await a.volume('7d')
  t.same(days.slots.slice(-2), ['2026-11-20', '2026-11-21'])
  t.same(days.counts.slice(-2), [1, 2], 'aggregates were dated in Tokyo at flush time')
  t.same(days.errors.slice(-2), [1, 1], 'errors bucketed on Tokyo midnights')

  zone = 'UTC'
  const utcDays = await a.volume('7d')
  t.same(utcDays.slots.slice(-2), ['2026-11-20', '2026-11-21'], 'a new zone is a new cache key')
  t.same(utcDays.errors.slice(-2), [2, 0])
})

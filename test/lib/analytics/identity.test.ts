import t, { type Test } from 'tap'
import { event, inspect, manualClock, openAnalytics, rollUp } from './helper.js'

// One name, three origins: the database now called "shop", rows written before ids existed (NULL id), and a
// deleted database that had the same name. Only the first two are the current shop's.
const shop = { id: 'uuid-shop', name: 'shop' }
const gone = { database: 'shop', databaseId: 'uuid-gone' }

async function seeded (t: Test) {
  const clock = manualClock('2026-11-20T12:00:00.000Z')
  const databases = [{ ...shop, sizeBytes: 0, tableCount: 3 }]
  const opened = openAnalytics(t, { now: clock.now, databases })
  const { analytics, file } = opened
  // identified rows at minutes 1, 3, 5; the predecessor's at minutes 2 and 6
  for (const minute of [1, 3, 5]) {
    analytics.record(event({ rowCount: minute, sqlText: 'own', timestamp: `2026-11-20T11:0${minute}:00.000Z` }))
  }
  for (const minute of [2, 6]) {
    analytics.record(event({ ...gone, rowCount: 100 + minute, sqlText: 'gone', timestamp: `2026-11-20T11:0${minute}:00.000Z` }))
  }
  await analytics.flush()
  const db = inspect(t, file)
  const legacy = db.prepare(`INSERT INTO _query_log (database, table_name, operation, duration_ms, row_count, status, timestamp)
    VALUES (?, 'items', 'select', 1, ?, 'ok', ?)`)
  // rows without an id at minutes 0, 4 and 7 (and one of another name), as an older server wrote them
  for (const minute of [0, 4, 7]) legacy.run('shop', 50 + minute, `2026-11-20T11:0${minute}:00.000Z`)
  legacy.run('blog', 99, '2026-11-20T11:08:00.000Z')
  rollUp(db, 6)
  return { ...opened, db }
}

t.test('the query log of a database: its own rows and the rows without an id under its name, merged newest first', async t => {
  const { analytics } = await seeded(t)
  const all = await analytics.queries({ database: shop, range: '24h', limit: 100 })
  t.equal(all.total, 6)
  t.same(all.rows.map(r => r.row_count), [57, 5, 54, 3, 1, 50], 'newest first across both origins, nothing of the predecessor')
  t.same(all.rows.map(r => r.database_id), [null, 'uuid-shop', null, 'uuid-shop', 'uuid-shop', null])

  const pages = []
  for (let offset = 0; offset < 6; offset += 2) {
    const page = await analytics.queries({ database: shop, range: '24h', limit: 2, offset })
    t.equal(page.total, 6)
    pages.push(...page.rows.map(r => r.row_count))
  }
  t.same(pages, [57, 5, 54, 3, 1, 50], 'pages of two walk the same order without gaps or repeats')
  t.same((await analytics.queries({ database: shop, range: '24h', search: 'own' })).rows.map(r => r.row_count), [5, 3, 1])
})

t.test('a name reused after a delete starts empty: the predecessor rows belong to its id', async t => {
  const { analytics } = await seeded(t)
  const reborn = { id: 'uuid-new', name: 'shop' }
  const page = await analytics.queries({ database: reborn, range: '24h', limit: 100 })
  t.same(page.rows.map(r => r.row_count), [57, 54, 50], 'only the rows written before ids existed')
  const overview = await analytics.databaseOverview(reborn, '24h')
  t.equal(overview.queries, 3)
  t.same(overview.topTables.map(p => p.sql_text), ['select'])
})

t.test('a database overview counts its own and id-less rows, and its patterns leave out the predecessor', async t => {
  const { analytics } = await seeded(t)
  const overview = await analytics.databaseOverview(shop, '24h')
  t.equal(overview.queries, 6)
  t.equal(overview.rows_read, 1 + 3 + 5 + 50 + 54 + 57)
  t.same(overview.topTables.map(p => [p.sql_text, p.calls]), [['own', 3], ['select', 3]])
  t.equal(overview.tableCount, 3, 'live figures come from the listed database with that id')
  t.equal((await analytics.overview('24h')).queries, 3 + 2 + 4, 'the all-databases overview still counts every row')
})

t.test('size history: own snapshots and id-less ones under the name, newest first; none of the predecessor', async t => {
  const { analytics, db } = await seeded(t)
  const snapshot = db.prepare('INSERT INTO _storage_snapshots (database, size_bytes, table_count, timestamp, database_id) VALUES (?, ?, 1, ?, ?)')
  snapshot.run('shop', 1, '2026-11-20T10:00:00.000Z', null)
  snapshot.run('shop', 2, '2026-11-20T10:30:00.000Z', 'uuid-gone')
  snapshot.run('shop', 3, '2026-11-20T11:30:00.000Z', null)
  await analytics.snapshot()
  const sizes = (await analytics.size(shop)).map(s => s.size_bytes)
  t.same(sizes, [0, 3, 1])
  t.same((await analytics.size({ id: 'uuid-new', name: 'shop' })).map(s => s.size_bytes), [3, 1])
})

import t from 'tap'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { as, build, signIn } from '../helper.js'

interface LogRow { database: string, table_name: string | null, operation: string, row_count: number, status: string, error_msg: string | null, sql_text: string | null, database_id: string, duration_ms: number, timestamp: string }

t.test('analytics over real traffic', async (t) => {
  const { app, dataDir } = await build(t)
  const admin = as(app, await signIn(app))
  await admin({ method: 'POST', url: '/api/databases', payload: { name: 'shop' } })
  await admin({ method: 'POST', url: '/api/databases', payload: { name: 'blog' } })
  await admin({ method: 'POST', url: '/api/databases/shop/tables', payload: { name: 'items', columns: [{ name: 'id', type: 'integer', primary_key: true }, { name: 'title', type: 'text' }] } })
  const key = (await admin({ method: 'POST', url: '/api/databases/shop/keys', payload: { label: 'app' } })).json().data.key
  const client = as(app, key)

  // traffic: 3 inserted (one request), 2 list calls, 1 get, 1 update, 1 delete, 2 raw selects, 1 raw write, 1 raw error
  t.equal((await client({ method: 'POST', url: '/api/databases/shop/tables/items/records', payload: [{ title: 'a' }, { title: 'b' }, { title: 'c' }] })).statusCode, 201)
  await client({ method: 'GET', url: '/api/databases/shop/tables/items/records' })
  await client({ method: 'GET', url: '/api/databases/shop/tables/items/records?limit=1' })
  await client({ method: 'GET', url: '/api/databases/shop/tables/items/records/1' })
  await client({ method: 'PATCH', url: '/api/databases/shop/tables/items/records/1', payload: { title: 'A' } })
  await client({ method: 'DELETE', url: '/api/databases/shop/tables/items/records/3' })
  await client({ method: 'POST', url: '/api/databases/shop/query', payload: { sql: 'SELECT * FROM items' } })
  await client({ method: 'POST', url: '/api/databases/shop/query', payload: { sql: 'SELECT * FROM items' } })
  await client({ method: 'POST', url: '/api/databases/shop/query', payload: { sql: 'UPDATE items SET title = ? WHERE id = 2', params: ['B'] } })
  t.equal((await client({ method: 'POST', url: '/api/databases/shop/query', payload: { sql: 'SELECT nope FROM items' } })).statusCode, 400)
  await app.analytics.flush()

  const file = new Database(join(dataDir, '_analytics.db'), { readonly: true })
  t.teardown(() => file.close())
  const rows = file.prepare('SELECT * FROM _query_log ORDER BY id').all() as LogRow[]
  const shopId = app.store.databases.findByName('shop')!.uuid
  t.same(rows.map((r) => [r.table_name, r.operation, r.row_count, r.status]), [
    ['items', 'insert', 3, 'ok'],
    ['items', 'select', 3, 'ok'],
    ['items', 'select', 1, 'ok'],
    ['items', 'select', 1, 'ok'],
    ['items', 'update', 1, 'ok'],
    ['items', 'delete', 1, 'ok'],
    [null, 'select', 2, 'ok'],
    [null, 'select', 2, 'ok'],
    [null, 'update', 1, 'ok'],
    [null, 'select', 0, 'error']
  ])
  for (const row of rows) {
    t.equal(row.database, 'shop')
    t.equal(row.database_id, shopId)
    t.ok(row.duration_ms >= 0)
    t.ok(Date.parse(row.timestamp) > Date.now() - 60_000)
  }
  t.match(rows[9].error_msg, /no such column: nope/)
  t.match(rows[0].sql_text, /^INSERT INTO "items"/)
  t.notMatch(rows[0].sql_text, /'a'/, 'record templates carry placeholders, not values')
  t.equal(rows[6].sql_text, 'SELECT * FROM items')

  const daily = file.prepare('SELECT operation, count, rows_read, rows_written FROM _daily_stats WHERE database_id = ? ORDER BY operation').all(shopId)
  t.same(daily, [
    { operation: 'delete', count: 1, rows_read: 0, rows_written: 1 },
    { operation: 'insert', count: 1, rows_read: 0, rows_written: 3 },
    { operation: 'raw_query', count: 4, rows_read: 4, rows_written: 1 },
    { operation: 'select', count: 3, rows_read: 5, rows_written: 0 },
    { operation: 'update', count: 1, rows_read: 0, rows_written: 1 }
  ].map((d) => ({ ...d })), 'daily stats per operation')

  for (const range of ['24h', '7d', '30d']) {
    const overview = (await admin({ method: 'GET', url: `/api/analytics/overview?range=${range}` })).json().data
    t.match(overview, { databases: 2, queries: 10, writes: 4, errorCount: 1 }, `overview ${range}`)
    t.equal(overview.rows_read, 3 + 1 + 1 + 2 + 2 + 0, `rows_read ${range}`)
    t.equal(overview.rows_written, 3 + 1 + 1 + 1, `rows_written ${range}`)
    t.ok(overview.totalStorageBytes > 0)
    const volume = (await admin({ method: 'GET', url: `/api/analytics/volume?range=${range}` })).json().data
    t.equal(volume.counts.reduce((a: number, b: number) => a + b, 0), 10, `volume ${range} counts`)
    t.equal(volume.errors.reduce((a: number, b: number) => a + b, 0), 1, `volume ${range} errors`)
    t.equal(volume.slots.length, volume.counts.length)
    t.equal(volume.max, Math.max(...volume.counts))
  }
  const volume24 = (await admin({ method: 'GET', url: '/api/analytics/volume' })).json().data
  t.equal(volume24.slots.length, 24)
  t.match(volume24.slots[0], /^\d\d$/)

  const db = (await admin({ method: 'GET', url: '/api/analytics/shop/overview' })).json().data
  t.match(db, { database: 'shop', queries: 10, writes: 4, errorCount: 1, tableCount: 1 })
  t.ok(db.topTables.length > 0 && db.topTables.length <= 10)
  t.equal(db.topTables[0].calls, 2)

  const queries = (await admin({ method: 'GET', url: '/api/analytics/shop/queries?limit=3' })).json()
  t.equal(queries.meta.total, 10)
  t.equal(queries.data.length, 3)
  t.equal(queries.data[0].error_msg !== null, true, 'most recent first: the failed query')
  const searched = (await admin({ method: 'GET', url: '/api/analytics/shop/queries?search=select%20*%20from%20ITEMS' })).json()
  t.equal(searched.meta.total, 2, 'search is a case-insensitive prefix on sql_text')

  const top = (await admin({ method: 'GET', url: '/api/analytics/top-queries' })).json().data
  t.same(top.map((q: { database: string }) => q.database), ['shop'])
  t.equal(top[0].calls, 2)
  t.same((await admin({ method: 'GET', url: '/api/analytics/top-queries?limit=1' })).json().data, top, 'limit=1: the first item')
  for (const limit of ['0', '10001', 'x']) {
    const refused = await admin({ method: 'GET', url: `/api/analytics/top-queries?limit=${limit}` })
    t.equal(refused.statusCode, 400, `limit=${limit} is refused`)
    t.match(refused.json(), { code: 'FST_ERR_VALIDATION', message: /limit/ }, 'with the stable code of a schema failure, naming the parameter')
  }

  // patterns: literals fold ('WHERE id = 2' is 'WHERE id = ?'), every pattern listed with its percentiles
  const patterns = (await admin({ method: 'GET', url: '/api/analytics/shop/patterns?sort=errors&limit=2' })).json()
  t.same(patterns.meta, { limit: 2, offset: 0, total: db.topTables.length })
  t.match(patterns.data[0], { sql_text: 'SELECT nope FROM items', calls: 1, errors: 1 })
  t.same(Object.keys(patterns.data[0]).sort(), ['avg_ms', 'calls', 'errors', 'p50_ms', 'p95_ms', 'p99_ms', 'sql_text', 'total_ms', 'total_rows', 'writes'])
  const updates = (await admin({ method: 'GET', url: '/api/analytics/shop/patterns?search=SET%20TITLE' })).json().data
  t.same(updates.map((p: { sql_text: string }) => p.sql_text), ['UPDATE items SET title = ? WHERE id = ?'], 'search is a case-insensitive substring; the literal 2 became ?')
  t.equal((await admin({ method: 'GET', url: '/api/analytics/shop/patterns?sort=slowest' })).statusCode, 400)
  t.equal((await admin({ method: 'GET', url: '/api/analytics/nowhere/patterns' })).statusCode, 404)
  t.ok(['p50_ms', 'p95_ms', 'p99_ms', 'errors', 'total_ms'].every(k => k in top[0]), 'top queries carry the pattern fields')

  const errors = (await admin({ method: 'GET', url: '/api/analytics/errors?search=NO%20SUCH' })).json().data
  t.equal(errors.length, 1)
  t.equal((await admin({ method: 'GET', url: '/api/analytics/errors?search=xyz' })).json().data.length, 0)

  await app.analytics.snapshot()
  const size = (await admin({ method: 'GET', url: '/api/analytics/shop/size' })).json().data
  t.equal(size.length, 1)
  t.match(size[0], { database: 'shop', table_count: 1, database_id: shopId })
  t.ok(size[0].size_bytes > 0)

  // rename moves the rows (by database_id) and the cached overview answers the new name at once
  t.equal((await admin({ method: 'PATCH', url: '/api/databases/shop', payload: { name: 'store' } })).statusCode, 200)
  const moved = file.prepare('SELECT DISTINCT database FROM _query_log').all()
  t.same(moved, [{ database: 'store' }])
  t.equal((await admin({ method: 'GET', url: '/api/analytics/store/overview' })).json().data.database, 'store')
  t.equal((await admin({ method: 'GET', url: '/api/analytics/shop/overview' })).statusCode, 404)

  t.equal((await admin({ method: 'GET', url: '/api/analytics/overview?range=1y' })).statusCode, 400)
  const refused = await as(app, key)({ method: 'GET', url: '/api/analytics/overview' })
  t.equal(refused.statusCode, 403)
  t.equal(refused.json().code, 'ADMIN_REQUIRED')
})

t.test('record routes answered at once by the inline lane log one event each, failures with their message', async (t) => {
  const { app, dataDir } = await build(t)
  const admin = as(app, await signIn(app))
  await admin({ method: 'POST', url: '/api/databases', payload: { name: 'lane' } })
  await admin({ method: 'POST', url: '/api/databases/lane/tables', payload: { name: 'items', columns: [{ name: 'id', type: 'integer', primary_key: true }, { name: 'title', type: 'text', nullable: false }] } })
  const items = '/api/databases/lane/tables/items/records'
  const answers = [
    await admin({ method: 'POST', url: items, payload: { title: 'a' } }),
    await admin({ method: 'GET', url: `${items}/1` }),
    await admin({ method: 'GET', url: `${items}/9` }),
    await admin({ method: 'PATCH', url: `${items}/1`, payload: { title: 'b' } }),
    await admin({ method: 'PATCH', url: `${items}/1`, payload: { title: null } }),
    await admin({ method: 'DELETE', url: `${items}/9` }),
    await admin({ method: 'DELETE', url: `${items}/1` }),
    await admin({ method: 'GET', url: items })
  ]
  t.same(answers.map((r) => r.statusCode), [201, 200, 404, 200, 409, 404, 200, 200])
  t.same(answers.map((r) => r.json().code ?? null), [null, null, 'RECORD_NOT_FOUND', null, 'CONSTRAINT_VIOLATION', 'RECORD_NOT_FOUND', null, null])
  t.same(answers[1].json(), { data: { id: 1, title: 'a' } })
  t.same(answers[6].json(), { data: { deleted: true, id: 1 } })
  await app.analytics.flush()
  const file = new Database(join(dataDir, '_analytics.db'), { readonly: true })
  t.teardown(() => file.close())
  const rows = file.prepare('SELECT operation, status, row_count, error_msg FROM _query_log ORDER BY id').all() as LogRow[]
  t.same(rows.map((r) => [r.operation, r.status, r.row_count]), [
    ['insert', 'ok', 1], ['select', 'ok', 1], ['select', 'error', 0], ['update', 'ok', 1], ['update', 'error', 0],
    ['delete', 'error', 0], ['delete', 'ok', 1], ['select', 'ok', 0]
  ])
  t.match(rows[4].error_msg, /NOT NULL/)
  t.ok(rows[2].error_msg !== null && rows[5].error_msg !== null, 'a missing record is logged with its message')
})

t.test('a name reused after a delete starts with empty analytics: the old rows keep the old id', async (t) => {
  const { app } = await build(t)
  const admin = as(app, await signIn(app))
  await admin({ method: 'POST', url: '/api/databases', payload: { name: 'tenant' } })
  for (let i = 0; i < 3; i++) await admin({ method: 'POST', url: '/api/databases/tenant/query', payload: { sql: 'SELECT ?', params: [i] } })
  await app.analytics.flush()
  await app.analytics.snapshot()
  t.equal((await admin({ method: 'GET', url: '/api/analytics/tenant/overview' })).json().data.queries, 3)

  t.equal((await admin({ method: 'DELETE', url: '/api/databases/tenant' })).statusCode, 200)
  await admin({ method: 'POST', url: '/api/databases', payload: { name: 'tenant' } })
  await admin({ method: 'POST', url: '/api/databases/tenant/query', payload: { sql: 'SELECT 42 AS fresh' } })
  await app.analytics.flush()
  t.match((await admin({ method: 'GET', url: '/api/analytics/tenant/overview' })).json().data, { database: 'tenant', queries: 1 })
  const queries = (await admin({ method: 'GET', url: '/api/analytics/tenant/queries' })).json()
  t.equal(queries.meta.total, 1)
  t.equal(queries.data[0].sql_text, 'SELECT ? AS fresh', 'logged as its pattern: inline values stay out of analytics')
  t.same((await admin({ method: 'GET', url: '/api/analytics/tenant/size' })).json().data, [], 'the predecessor\'s snapshots are not the new database\'s')
  t.match((await admin({ method: 'GET', url: '/api/analytics/overview' })).json().data, { queries: 4 }, 'the totals still count every query')
})

t.test('ANALYTICS=off records nothing and creates no file', async (t) => {
  const { app, dataDir } = await build(t, { ANALYTICS: 'off' })
  const admin = as(app, await signIn(app))
  await admin({ method: 'POST', url: '/api/databases', payload: { name: 'quiet' } })
  await admin({ method: 'POST', url: '/api/databases/quiet/query', payload: { sql: 'SELECT 1' } })
  await app.analytics.flush()
  const { existsSync } = await import('node:fs')
  t.notOk(existsSync(join(dataDir, '_analytics.db')))
  t.match((await admin({ method: 'GET', url: '/api/analytics/overview' })).json().data, { databases: 1, queries: 0 })
})

t.test('closing the app flushes buffered events', async (t) => {
  const first = await build(t)
  const admin = as(first.app, await signIn(first.app))
  await admin({ method: 'POST', url: '/api/databases', payload: { name: 'kept' } })
  for (let i = 0; i < 7; i++) await admin({ method: 'POST', url: '/api/databases/kept/query', payload: { sql: 'SELECT ?', params: [i] } })
  await first.app.close()
  const file = new Database(join(first.dataDir, '_analytics.db'), { readonly: true })
  t.equal(file.prepare('SELECT count(*) FROM _query_log').pluck().get(), 7)
  file.close()
})

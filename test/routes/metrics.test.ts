import t from 'tap'
import { as, build, signIn, workspace } from '../helper.js'

const metricsToken = 'metrics-token-0123456789'
const { app } = await build(t, { METRICS_TOKEN: metricsToken })
const admin = as(app, await signIn(app))
const { freshDatabase, keyFor, sql } = workspace(admin, 'metrics')

/** The value of one series in Prometheus text, or undefined. */
function valueOf (text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(series + ' '))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

t.test('GET /api/metrics answers Prometheus text with the metrics CONTRACT.md lists', async (t) => {
  const db = await freshDatabase()
  await sql(db, 'CREATE TABLE items (id INTEGER PRIMARY KEY)')
  await sql(db, 'INSERT INTO items VALUES (1)')
  for (let i = 0; i < 3; i++) await admin({ method: 'GET', url: `/api/databases/${db}/tables/items/records/1` })

  const res = await admin({ method: 'GET', url: '/api/metrics' })
  t.equal(res.statusCode, 200)
  t.match(res.headers['content-type'], /^text\/plain/)
  const text = res.body
  for (const name of [
    'litehouse_http_requests_total', 'litehouse_http_request_duration_seconds', 'litehouse_engine_queue_depth',
    'litehouse_engine_running', 'litehouse_engine_open_connections', 'litehouse_engine_opens_total',
    'litehouse_engine_cache_hits_total', 'litehouse_engine_cache_misses_total', 'litehouse_worker_restarts_total',
    'litehouse_analytics_buffer_depth', 'litehouse_analytics_dropped_total', 'nodejs_eventloop_lag_seconds', 'process_resident_memory_bytes'
  ]) t.match(text, new RegExp(`^# TYPE ${name} `, 'm'), name)
  const route = '/api/databases/:db/tables/:table/records/:id'
  t.equal(valueOf(text, `litehouse_http_requests_total{method="GET",route="${route}",status="200"}`), 3, 'requests by route pattern and status')
  t.ok((valueOf(text, 'litehouse_engine_opens_total') ?? 0) >= 1, 'connections opened are counted')
  t.ok((valueOf(text, 'litehouse_engine_cache_hits_total') ?? 0) >= 2, 'and the reads that found one open')
  t.ok((valueOf(text, 'litehouse_engine_open_connections') ?? 0) >= 1)
})

t.test('GET /api/metrics takes an admin session or METRICS_TOKEN, nothing else', async (t) => {
  const db = await freshDatabase()
  const key = await keyFor(db, 'write')
  t.equal((await app.inject({ method: 'GET', url: '/api/metrics' })).statusCode, 401)
  t.equal((await as(app, 'wrong-token-0123456789')({ method: 'GET', url: '/api/metrics' })).statusCode, 401)
  t.equal((await as(app, key)({ method: 'GET', url: '/api/metrics' })).json().code, 'ADMIN_REQUIRED')
  const byToken = await as(app, metricsToken)({ method: 'GET', url: '/api/metrics' })
  t.equal(byToken.statusCode, 200)
  t.match(byToken.body, /litehouse_engine_opens_total/)
})

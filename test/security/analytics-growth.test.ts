// Issue #30 item 5: 300 failing requests `{"sql":"SELEC <i> '…190 KB…'"}` from a read key grew `_analytics.db` by 193 MB
// in 3 s: the whole SQL text was stored twice per event (the log and the per-day patterns) and kept 30 days. Stored
// texts are now cut at 4 KB with a marker, and a failed statement is stored as its pattern (literals as `?`), so
// failures that differ only in their values share one pattern row.
import { statSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import t from 'tap'
import { maxStoredText, cutMarker } from '../../lib/analytics/stored-text.js'
import { as, build, signIn, workspace } from '../helper.js'

const { app, dataDir } = await build(t)
const admin = as(app, await signIn(app))
const ws = workspace(admin, 'growth')
const db = await ws.freshDatabase()
await ws.sql(db, 'CREATE TABLE t (id INTEGER PRIMARY KEY)')
const reader = as(app, await ws.keyFor(db, 'read'))
const analyticsFile = join(dataDir, '_analytics.db')

function analyticsBytes (): number {
  let bytes = 0
  for (const suffix of ['', '-wal']) {
    try { bytes += statSync(analyticsFile + suffix).size } catch { /* absent */ }
  }
  return bytes
}

function read<T> (sql: string, ...params: unknown[]): T[] {
  const file = new Database(analyticsFile, { readonly: true })
  try {
    return file.prepare(sql).all(...params) as T[]
  } finally {
    file.close()
  }
}

const filler = 'x'.repeat(190 * 1024)

t.test('failing 190 KB statements leave a few KB each at most, one pattern for all', async (t) => {
  await app.analytics.flush()
  const before = analyticsBytes()
  const requests = 40
  for (let i = 0; i < requests; i++) {
    const res = await reader({ method: 'POST', url: `/api/databases/${db}/query`, payload: { sql: `SELEC ${i} '${filler}'` } })
    t.equal(res.statusCode, 400)
  }
  await app.analytics.flush()
  const grown = analyticsBytes() - before
  t.ok(grown < requests * 4 * 1024, `_analytics.db grew by ${grown} bytes for ${requests} events (whole texts: ${requests * 2 * filler.length})`)

  const logged = read<{ sql_text: string, error_msg: string }>("SELECT sql_text, error_msg FROM _query_log WHERE status = 'error' AND sql_text LIKE 'SELEC%'")
  t.equal(logged.length, requests, 'every failure is still counted')
  t.same([...new Set(logged.map((r) => r.sql_text))], ['SELEC ? ?' + cutMarker], 'stored as one pattern, marked as cut')
  const patterns = read<{ count: number }>("SELECT count FROM _daily_queries WHERE sql_text LIKE 'SELEC%'")
  t.same(patterns.map((p) => p.count), [requests], 'one per-day pattern row counts them all')
})

t.test('long texts are cut at the cap with a marker, successes and error messages alike', async (t) => {
  const long = `SELECT '${'y'.repeat(10_000)}' AS v`
  t.equal((await reader({ method: 'POST', url: `/api/databases/${db}/query`, payload: { sql: long } })).statusCode, 200)
  const missing = `SELECT * FROM "${'z'.repeat(50_000)}"`
  t.equal((await reader({ method: 'POST', url: `/api/databases/${db}/query`, payload: { sql: missing } })).statusCode, 400)
  await app.analytics.flush()

  const ok = read<{ sql_text: string }>("SELECT sql_text FROM _query_log WHERE status = 'ok' AND sql_text LIKE 'SELECT ?%'")
  t.same(ok.map(r => r.sql_text), ['SELECT ?' + cutMarker], 'a success is stored as its pattern, cut and marked')
  t.same(read("SELECT 1 FROM _log_texts WHERE text LIKE '%yyyy%' UNION ALL SELECT 1 FROM _log WHERE sql LIKE '%yyyy%'"), [], 'its value is stored nowhere')

  const failed = read<{ sql_text: string, error_msg: string }>("SELECT sql_text, error_msg FROM _query_log WHERE status = 'error' AND sql_text LIKE 'SELECT * FROM \"zzz%'")
  t.equal(failed.length, 1)
  t.ok(failed[0].sql_text.length <= maxStoredText + cutMarker.length)
  t.ok(failed[0].error_msg.length <= maxStoredText + cutMarker.length, `error message of ${failed[0].error_msg.length} characters`)
  t.ok(failed[0].error_msg.endsWith(cutMarker))

  const short = read<{ sql_text: string }>("SELECT sql_text FROM _query_log WHERE sql_text = 'CREATE TABLE t (id INTEGER PRIMARY KEY)'")
  t.equal(short.length, 1, 'a short successful text is stored as sent')
})

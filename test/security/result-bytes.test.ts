/**
 * Issue #30 item 3: the raw-SQL result bound counts the bytes the client receives (JSON after escaping), and a long
 * answer crosses the worker channel in pieces, never as one message the main thread parses whole.
 */
import t from 'tap'
import { chunkChars, createChunkJoiner, inChunks } from '../../lib/engine/chunks.js'
import type { FromWorker } from '../../lib/engine/protocol.js'
import { maxResultBytes } from '../../lib/engine/result-bytes.js'
import { as, build, signIn, workspace } from '../helper.js'

const mib = 1024 * 1024

t.test('control characters count six bytes each: the reply stays within the bound', async (t) => {
  const { app } = await build(t)
  const admin = as(app, await signIn(app))
  const ws = workspace(admin, 'esc')
  const db = await ws.freshDatabase()
  const reader = as(app, await ws.keyFor(db, 'read'))
  const query = (sql: string) => reader({ method: 'POST', url: `/api/databases/${db}/query`, payload: { sql } })

  // rows of one MiB of U+0001, which JSON writes as \u0001: six MiB a row once escaped
  const controls = `replace(hex(zeroblob(${mib})), '00', char(1))`
  const many = await query(`WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 40) SELECT x, ${controls} AS s FROM c`)
  t.equal(many.statusCode, 200)
  const body = many.json()
  t.ok(many.rawPayload.length <= maxResultBytes + 4096, `the reply (${many.rawPayload.length} bytes) is within the bound`)
  t.equal(body.meta.truncated, true, 'the rows past it are left out, as the row cap leaves them')
  t.equal(body.meta.rowCount, 5, 'five rows of six MiB fit in 32 MiB')
  t.equal(body.data[4].s.length, mib, 'the rows sent are whole')

  const one = await query(`SELECT ${controls.replace(String(mib), String(8 * mib))} AS s`)
  t.same([one.statusCode, one.json().meta.rowCount, one.json().meta.truncated], [200, 0, true], 'one value past the bound is not sent')

  const blob = await query(`SELECT zeroblob(${24 * mib}) AS b`)
  t.same([blob.json().meta.rowCount, blob.json().meta.truncated], [0, true], 'blobs count as their base64')

  const plain = await query(`SELECT ${controls.replace(String(mib), '3')} AS s`)
  t.same(plain.json().data, [{ s: '\u0001\u0001\u0001' }], 'small results are as before')
})

t.test('a long answer crosses the worker channel in pieces and arrives whole', async (t) => {
  const json = JSON.stringify([{ s: 'x'.repeat(3 * chunkChars + 17) }, { s: '\ud83d\ude00'.repeat(chunkChars) }])
  const done: FromWorker = { type: 'done', id: 7, value: { kind: 'rows' }, rows: { json, length: 2 }, durationMs: 1 }
  const messages = inChunks(done)
  t.ok(messages.length > 5, `${messages.length} messages`)
  t.ok(messages.every((m) => JSON.stringify(m).length < 2 * chunkChars + 200), 'none of them long')
  const joiner = createChunkJoiner()
  const whole = messages.map((m) => joiner.take(JSON.parse(JSON.stringify(m)) as FromWorker)).filter((m) => m !== undefined)
  t.same(whole, [done], 'rejoined, split surrogate pairs included')

  const row: FromWorker = { type: 'done', id: 8, value: { sql: 'SELECT 1' }, row: JSON.stringify({ s: 'y'.repeat(chunkChars * 2) }), durationMs: 1 }
  const rowMessages = inChunks(row)
  t.equal(rowMessages.length, 4, 'three pieces and the answer')
  t.same(rowMessages.map((m) => joiner.take(m)).filter((m) => m !== undefined), [row])
  t.same(inChunks({ ...row, row: '{}' }), [{ ...row, row: '{}' }], 'short answers go as they are')
})

t.test('a record read by a worker arrives whole through the pieces', async (t) => {
  const { app } = await build(t)
  const admin = as(app, await signIn(app))
  const ws = workspace(admin, 'piece')
  const db = await ws.freshDatabase()
  await ws.sql(db, 'CREATE TABLE t (id INTEGER PRIMARY KEY, s TEXT)')
  await ws.sql(db, `INSERT INTO t VALUES (1, replace(hex(zeroblob(${3 * mib})), '00', 'é'))`)
  const res = await admin({ method: 'GET', url: `/api/databases/${db}/tables/t/records/1` })
  t.equal(res.statusCode, 200)
  t.equal(res.json().data.s, 'é'.repeat(3 * mib))
  const rows = await ws.sql(db, 'SELECT s FROM t')
  t.equal(rows[0].s, 'é'.repeat(3 * mib), 'and rows of raw SQL')
})

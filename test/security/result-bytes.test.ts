/**
 * Issue #30 item 3: the raw-SQL result bound counts the bytes the client receives (JSON after escaping), and a long
 * answer's text crosses from the worker as bytes on a pipe of its own, never as a message the main thread parses.
 */
import t from 'tap'
import { createAnswerReader } from '../../lib/engine/answer-pipe.js'
import { createAnswerJoiner, pipedChars, splitAnswer, type Arrived } from '../../lib/engine/large-answers.js'
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

/** What the answer pipe carries for `id`: header and bytes, as openAnswerPipe writes them. */
function frame (id: number, bytes: Buffer): Buffer {
  const header = Buffer.alloc(12)
  header.writeDoubleLE(id, 0)
  header.writeUInt32LE(bytes.length, 8)
  return Buffer.concat([header, bytes])
}

t.test('a long answer\'s text crosses as bytes on the answer pipe, and messages keep their order', async (t) => {
  const json = JSON.stringify([{ s: 'x'.repeat(3 * pipedChars + 17) }, { s: '\ud83d\ude00'.repeat(pipedChars) }])
  const done: FromWorker = { type: 'done', id: 7, value: { kind: 'rows' }, rows: { json, length: 2 }, durationMs: 1 }
  const { message, bytes } = splitAnswer(done)
  t.ok(bytes !== undefined && bytes.equals(Buffer.from(json)), 'the text goes as its UTF-8 bytes')
  t.ok(JSON.stringify(message).length < 200, 'the message itself is short')
  t.same(splitAnswer({ ...done, rows: { json: '[]', length: 0 } }), { message: { ...done, rows: { json: '[]', length: 0 } } }, 'short answers go as they are')

  const delivered: Arrived[] = []
  const joiner = createAnswerJoiner((m) => delivered.push(m))
  const read = createAnswerReader((id, piece, last) => joiner.piece(id, piece, last))
  const after: FromWorker = { type: 'failed', id: 8, error: { statusCode: 400, code: 'X', message: 'x' }, durationMs: 1 }
  // the message channel first, and the next job's answer before the bytes: it waits for them
  joiner.message(JSON.parse(JSON.stringify(message)) as FromWorker)
  joiner.message(after)
  t.ok(joiner.waiting(7), 'the answer waits for its bytes')
  t.same(delivered, [], 'nothing delivered before the bytes')
  // reads cut anywhere, the header included: 5 bytes at a time, then 70,000
  const wire = frame(7, bytes as Buffer)
  for (let at = 0; at < wire.length;) {
    const size = at < 30 ? 5 : 70_000
    read(wire.subarray(at, at + size))
    at += size
  }
  t.equal(delivered.length, 2, 'then both, in order')
  const [first, second] = delivered as [Arrived & { pieces?: Buffer[] }, Arrived]
  t.ok(first.pieces !== undefined && first.pieces.length > 1, `the bytes as the reads brought them (${first.pieces?.length} pieces)`)
  t.equal(Buffer.concat(first.pieces ?? []).toString(), json, 'rejoined, surrogate pairs included')
  t.same(second, after)

  // the bytes first, then the message
  const row: FromWorker = { type: 'done', id: 9, value: { sql: 'SELECT 1' }, row: JSON.stringify({ s: 'y'.repeat(pipedChars * 2) }), durationMs: 1 }
  const split = splitAnswer(row)
  read(frame(9, split.bytes as Buffer))
  joiner.message(split.message)
  t.equal(Buffer.concat((delivered[2] as { pieces: Buffer[] }).pieces).toString(), row.row)
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

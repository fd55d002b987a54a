import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { NotInline } from '../../../lib/engine/context.js'
import { createJobRunner } from '../../../lib/engine/job-runner.js'
import { inlineRowBytes } from '../../../lib/engine/row-size.js'

// The inline lane reads a record only when its reply is at most inlineRowBytes. A cheap upper bound settles most
// records; near the limit, the exact size decides, so text just under it stays inline and a blob whose base64 is over
// it does not (its bytes alone are under it).
t.test('the inline lane takes a record by its exact reply size, near the limit too', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'litehouse-row-size-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const file = join(dir, 'a.db')
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  db.exec('CREATE TABLE items (id INTEGER PRIMARY KEY, body)')
  const insert = db.prepare('INSERT INTO items VALUES (?, ?)')
  insert.run(1, 'small')
  insert.run(2, 'x'.repeat(inlineRowBytes - 1000)) // its bound (as if base64) is over the limit, its size is not
  insert.run(3, Buffer.alloc(Math.floor(inlineRowBytes * 0.8))) // under the limit in bytes, over it in base64
  insert.run(4, null)
  db.close()
  const runner = createJobRunner({ dataDir: dir, maxConnections: 4, maxQueryRows: 100 }, { inline: true, connection: { busyTimeoutMs: 0, autoCheckpoint: false } })
  t.teardown(() => runner.closeAll())
  const get = (id: number) => runner.run('records.get', file, { table: 'items', id: String(id) }, 1)
  t.ok(get(1).ok, 'a small record is read inline')
  const large = get(2)
  t.ok(large.ok && (large.value as { row: { body: string } }).row.body.length === inlineRowBytes - 1000, 'text just under the limit is read inline')
  let third: unknown
  try {
    third = get(3)
  } catch (err) {
    third = err
  }
  t.ok(third instanceof NotInline, 'a blob over the limit once encoded goes to a worker')
  t.ok(get(4).ok, 'a NULL value is read inline')
  const missing = get(5)
  t.equal(!missing.ok && missing.error.code, 'RECORD_NOT_FOUND', 'an absent record is not found')
})

// A record GET reads the record and checks its bound in one statement (readIfFits): the bound is rewritten as a
// bound of the byte sum itself, so it must agree with the size check's arithmetic at the very edge.
t.test('the one-statement read fits exactly the records whose bound fits, at the edge of the limit', async (t) => {
  const { readIfFits } = await import('../../../lib/engine/row-size.js')
  const { readTableInfo } = await import('../../../lib/sql/table-info.js')
  const { matchRecord } = await import('../../../lib/sql/record-key.js')
  const { buildGet } = await import('../../../lib/sql/select.js')
  const db = new Database(':memory:')
  t.teardown(() => db.close())
  db.exec('CREATE TABLE items (id INTEGER PRIMARY KEY, body BLOB)')
  const table = readTableInfo({ db, prepare: (sql) => db.prepare(sql) }, 'items')
  const ctx = { db, inline: true } as never
  const sumOf = db.prepare('SELECT octet_length(id) + octet_length(body) FROM items WHERE id = ?').pluck()
  const boundOf = (bytes: number) => bytes + Math.ceil(bytes / 3) + 3 * table.columns.length
  // the byte sum whose bound is the limit, give or take: id 1 is one byte
  const edge = Math.floor(3 * (inlineRowBytes - 3 * table.columns.length) / 4)
  let fitting = 0
  for (let bytes = edge - 4; bytes <= edge + 4; bytes++) {
    db.prepare('INSERT OR REPLACE INTO items VALUES (1, ?)').run(Buffer.alloc(bytes - 1))
    const match = matchRecord(table, '1')
    const sum = sumOf.get(1) as number
    const fits = boundOf(sum) <= inlineRowBytes
    if (fits) fitting++
    t.equal(readIfFits(ctx, table, match, buildGet(table, match).sql, false) !== undefined, fits,
      `byte sum ${sum}: bound ${boundOf(sum)} ${fits ? '<=' : '>'} ${inlineRowBytes}`)
  }
  t.ok(fitting > 0 && fitting < 9, 'both sides of the edge were tried')
  t.equal(readIfFits(ctx, table, matchRecord(table, '2'), buildGet(table, matchRecord(table, '2')).sql, false), undefined, 'an absent record: nothing')
})

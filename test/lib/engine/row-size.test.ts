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

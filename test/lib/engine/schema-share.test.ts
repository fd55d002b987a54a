import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { createJobRunner } from '../../../lib/engine/job-runner.js'

// Databases of one schema share their TableInfo (lib/sql/table-info.ts), and the point read and size read
// statements that jobs keep with a table must still be each connection's own.
t.test('point reads of alike databases, all open at once, each answer from their own file', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'litehouse-share-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const files = ['a', 'b', 'c'].map((name) => {
    const file = join(dir, `${name}.db`)
    const db = new Database(file)
    db.pragma('journal_mode = WAL')
    db.exec(`CREATE TABLE items (id INTEGER PRIMARY KEY, title TEXT); INSERT INTO items VALUES (1, 'from ${name}')`)
    db.close()
    return { name, file }
  })
  for (const inline of [false, true]) {
    const runner = createJobRunner({ dataDir: dir, maxConnections: 10, maxQueryRows: 100 }, { inline })
    t.teardown(() => runner.closeAll())
    for (let round = 0; round < 2; round++) {
      for (const { name, file } of files) {
        const outcome = runner.run('records.get', file, { table: 'items', id: '1' }, inline ? 1 : undefined)
        t.ok(outcome.ok)
        if (outcome.ok) t.same((outcome.value as { row: unknown }).row, { id: 1, title: `from ${name}` }, `${inline ? 'inline' : 'worker'}: ${name}, round ${round + 1}`)
      }
    }
    t.equal(runner.connections, 3, 'all three stay open')
  }
})

import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { readTableInfo, type SqlSource } from '../../../lib/sql/table-info.js'

const dir = mkdtempSync(join(tmpdir(), 'litehouse-schema-'))
t.teardown(() => rmSync(dir, { recursive: true, force: true }))

/** A connection to `file` as a job sees it, counting the schema reads (pragma_table_list) it runs. */
function connect (file: string) {
  const db = new Database(file)
  const seen = { schemaReads: 0 }
  const source: SqlSource = {
    db,
    file,
    prepare (sql) {
      if (sql.includes('pragma_table_list')) seen.schemaReads++
      return db.prepare(sql)
    }
  }
  return { db, source, seen }
}

t.test('a connection reopened on the same file reuses the table schema the previous one read', async (t) => {
  const file = join(dir, 'same.db')
  const first = connect(file)
  first.db.exec('CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT)')
  const info = readTableInfo(first.source, 'items')
  t.equal(first.seen.schemaReads, 1)
  first.db.close()

  const second = connect(file)
  t.equal(readTableInfo(second.source, 'items'), info, 'the same TableInfo')
  t.equal(second.seen.schemaReads, 0, 'no schema read on reopen')

  second.db.exec('ALTER TABLE items ADD COLUMN price REAL')
  t.same(readTableInfo(second.source, 'items').columns.map((c) => c.name), ['id', 'name', 'price'], 'a schema change is seen')
  second.db.close()
  const third = connect(file)
  t.same(readTableInfo(third.source, 'items').columns.map((c) => c.name), ['id', 'name', 'price'], 'and kept for the next connection')
  t.equal(third.seen.schemaReads, 0)
  third.db.close()
})

t.test('a file deleted and created again under the same name is read afresh, even at the same schema version', async (t) => {
  const file = join(dir, 'again.db')
  const first = connect(file)
  first.db.exec('CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT)')
  readTableInfo(first.source, 'items')
  first.db.close()
  rmSync(file)

  const second = connect(file)
  second.db.exec('CREATE TABLE items (id INTEGER PRIMARY KEY, label TEXT)')
  t.same(readTableInfo(second.source, 'items').columns.map((c) => c.name), ['id', 'label'], 'the new file\'s columns')
  t.equal(second.seen.schemaReads, 1)
  second.db.close()
})

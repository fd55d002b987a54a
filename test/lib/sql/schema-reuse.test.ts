import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { readTableInfo, sharedSchemaCount, type SqlSource } from '../../../lib/sql/table-info.js'

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

t.test('databases created with the same tables share one schema read; another schema is read apart', async (t) => {
  const make = (name: string, sql: string) => {
    const opened = connect(join(dir, name))
    opened.db.exec(sql)
    return opened
  }
  const alike = 'CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); CREATE INDEX notes_body ON notes (body)'
  const a = make('tenant-a.db', alike)
  const b = make('tenant-b.db', alike)
  const c = make('tenant-c.db', 'CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT, done INTEGER)')
  t.teardown(() => { a.db.close(); b.db.close(); c.db.close() })
  const info = readTableInfo(a.source, 'notes')
  t.equal(readTableInfo(b.source, 'notes'), info, 'the other tenant gets the same TableInfo')
  t.equal(b.seen.schemaReads, 0, 'without reading the table schema')
  t.same(readTableInfo(c.source, 'notes').columns.map((col) => col.name), ['id', 'body', 'done'], 'a different schema is its own')
  t.equal(c.seen.schemaReads, 1)
})

t.test('one database changing its schema again and again holds one shared schema, not one per version', async (t) => {
  const file = join(dir, 'churn.db')
  const { db, source } = connect(file)
  db.exec('CREATE TABLE items (id INTEGER PRIMARY KEY)')
  readTableInfo(source, 'items')
  const before = sharedSchemaCount()
  for (let i = 0; i < 50; i++) {
    db.exec(`ALTER TABLE items ADD COLUMN c${i} TEXT`)
    t.equal(readTableInfo(source, 'items').columns.length, i + 2)
  }
  t.equal(sharedSchemaCount(), before, 'each version replaced the one before')
  db.close()
})

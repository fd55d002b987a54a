import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import t from 'tap'
import type { JobContext } from '../../../lib/engine/context.js'
import { batchJobs } from '../../../lib/engine/jobs/batch.js'

// A batch that reads before it writes must hold the write lock from BEGIN. In a deferred transaction its first
// SELECT takes a snapshot; if another connection commits before the batch's first write, SQLite refuses the upgrade
// at once (SQLITE_BUSY_SNAPSHOT, no busy wait) and the whole batch fails although nothing was wrong with it.
// `sneak()` is that other connection, called from inside the batch's first statement.

function jobContext (db: Database.Database, file: string, dataDir: string): JobContext {
  return {
    db,
    prepare: (sql) => db.prepare(sql),
    prepareRaw: (sql) => db.prepare(sql),
    file,
    dataDir,
    limits: { maxQueryRows: 1000 },
    discardConnection: () => {},
    inline: false,
    schemaStamp: undefined,
    deadline: undefined,
    noteWrite: () => {},
    walBytesPending: () => undefined
  }
}

t.test('a writing batch takes the write lock at BEGIN: a commit elsewhere cannot make its upgrade fail', async (t) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'litehouse-batch-lock-'))
  t.teardown(() => fs.rmSync(dataDir, { recursive: true, force: true }))
  const file = path.join(dataDir, 'shop.db')
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  db.exec('CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT)')
  const other = new Database(file, { timeout: 0 })
  t.teardown(() => { other.close(); db.close() })

  const sneaked: string[] = []
  db.function('sneak', () => {
    try {
      other.prepare("INSERT INTO items (name) VALUES ('elsewhere')").run()
      sneaked.push('committed')
    } catch (err) {
      sneaked.push((err as { code?: string }).code ?? 'error')
    }
    return 1
  })

  const result = batchJobs['query.batch'](jobContext(db, file, dataDir), {
    statements: [
      { sql: 'SELECT sneak() AS ok, count(*) AS n FROM items' },
      { sql: "INSERT INTO items (name) VALUES ('from the batch')" }
    ],
    allowWrite: true,
    deniedCode: 'INSUFFICIENT_SCOPE',
    databaseName: 'shop',
    principal: 'key'
  } as Parameters<typeof batchJobs['query.batch']>[1])

  t.equal(result.failed, undefined, 'the batch ran whole')
  t.same(sneaked, ['SQLITE_BUSY'], 'the other writer waited for the batch (it held the write lock), not the other way round')
  t.same(db.prepare('SELECT name FROM items ORDER BY id').pluck().all(), ['from the batch'])
})

t.test('a read-only batch stays deferred: it never blocks a writer', async (t) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'litehouse-batch-lock-'))
  t.teardown(() => fs.rmSync(dataDir, { recursive: true, force: true }))
  const file = path.join(dataDir, 'shop.db')
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  db.exec('CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT)')
  const other = new Database(file, { timeout: 0 })
  t.teardown(() => { other.close(); db.close() })
  const sneaked: string[] = []
  db.function('sneak', () => {
    other.prepare("INSERT INTO items (name) VALUES ('elsewhere')").run()
    sneaked.push('committed')
    return 1
  })
  const result = batchJobs['query.batch'](jobContext(db, file, dataDir), {
    statements: [{ sql: 'SELECT sneak() AS ok' }, { sql: 'SELECT count(*) AS n FROM items' }],
    allowWrite: true,
    deniedCode: 'INSUFFICIENT_SCOPE',
    databaseName: 'shop',
    principal: 'key'
  } as Parameters<typeof batchJobs['query.batch']>[1])
  t.equal(result.failed, undefined)
  t.same(sneaked, ['committed'])
})

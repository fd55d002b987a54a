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

/**
 * Runs `statements` as one batch on a fresh database whose `sneak()` SQL function, called from inside the batch, tries
 * a commit on a second connection (no busy wait); answers the batch's result, what the sneaked commit did, and the rows.
 */
function batchWithSneakedCommit (t: { teardown: (fn: () => void) => void }, statements: string[]) {
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
    statements: statements.map((sql) => ({ sql })),
    allowWrite: true,
    deniedCode: 'INSUFFICIENT_SCOPE',
    databaseName: 'shop',
    principal: 'key'
  } as Parameters<typeof batchJobs['query.batch']>[1])
  return { result, sneaked, names: db.prepare('SELECT name FROM items ORDER BY id').pluck().all() }
}

t.test('a writing batch takes the write lock at BEGIN: a commit elsewhere cannot make its upgrade fail', async (t) => {
  const { result, sneaked, names } = batchWithSneakedCommit(t, ['SELECT sneak() AS ok, count(*) AS n FROM items', "INSERT INTO items (name) VALUES ('from the batch')"])
  t.equal(result.failed, undefined, 'the batch ran whole')
  t.same(sneaked, ['SQLITE_BUSY'], 'the other writer waited for the batch (it held the write lock), not the other way round')
  t.same(names, ['from the batch'])
})

t.test('a read-only batch stays deferred: it never blocks a writer', async (t) => {
  const { result, sneaked, names } = batchWithSneakedCommit(t, ['SELECT sneak() AS ok', 'SELECT count(*) AS n FROM items'])
  t.equal(result.failed, undefined)
  t.same(sneaked, ['committed'])
  t.same(names, ['elsewhere'])
})

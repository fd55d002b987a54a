// A restore in place stages the restored file beside the old one (`<name>.db.restoring`) and then takes the name
// over. A crash in between leaves both: start-up must finish the replacement, dropping the old file's WAL (whose
// frames would otherwise be read as the new file's), and never serve the staged file under any name.
import t from 'tap'
import { copyFileSync, existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { createSystemStore } from '../../../lib/store/index.js'
import { replaceDatabaseFile } from '../../../lib/databases/files.js'
import { build, signIn, as, tempDir } from '../../helper.js'

function makeDatabase (file: string, rows: number, { keepWal = false } = {}): void {
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  db.exec('CREATE TABLE t (n INTEGER)')
  const insert = db.prepare('INSERT INTO t VALUES (?)')
  for (let n = 0; n < rows; n++) insert.run(n)
  if (keepWal) {
    db.pragma('wal_autocheckpoint = 0')
    for (let n = 0; n < 50; n++) insert.run(1000 + n)
    // copy the files while the connection is open: the -wal holds frames of the old database
    for (const suffix of ['', '-wal', '-shm']) copyFileSync(file + suffix, file + '.copy' + suffix)
  }
  db.close()
}

t.test('replaceDatabaseFile puts the new file in place and drops the old WAL', async (t) => {
  const dir = tempDir(t)
  makeDatabase(join(dir, 'old.db'), 10, { keepWal: true })
  for (const suffix of ['', '-wal', '-shm']) copyFileSync(join(dir, 'old.db.copy' + suffix), join(dir, 'alpha.db' + suffix))
  makeDatabase(join(dir, 'new.db'), 3)
  replaceDatabaseFile(join(dir, 'new.db'), join(dir, 'alpha.db'))
  t.notOk(existsSync(join(dir, 'alpha.db-wal')), 'the old WAL is gone')
  const db = new Database(join(dir, 'alpha.db'), { readonly: true })
  t.equal((db.prepare('SELECT count(*) AS n FROM t').get() as { n: number }).n, 3, 'the new contents')
  db.close()
})

t.test('a replacement a crash interrupted is finished when the server starts', async (t) => {
  const dir = tempDir(t)
  const store = createSystemStore({ dataDir: dir, sessionTtlMs: 3600_000 })
  store.databases.create('alpha', null)
  store.close()
  makeDatabase(join(dir, 'old.db'), 10, { keepWal: true })
  for (const suffix of ['', '-wal', '-shm']) copyFileSync(join(dir, 'old.db.copy' + suffix), join(dir, 'alpha.db' + suffix))
  makeDatabase(join(dir, 'alpha.db.restoring'), 3) // as the crash left it: staged, the name not yet taken
  const { app } = await build(t, {}, dir)
  const admin = as(app, await signIn(app))
  const res = await admin({ method: 'POST', url: '/api/databases/alpha/query', payload: { sql: 'SELECT count(*) AS n FROM t' } })
  t.equal(res.statusCode, 200, res.body)
  t.same(res.json().data, [{ n: 3 }], 'alpha answers with the restored contents, not the old ones')
  t.same(readdirSync(dir).filter((f) => f.includes('restoring')), [], 'no staged file is left')
})

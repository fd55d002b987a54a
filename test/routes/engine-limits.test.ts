import { copyFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { as, build, signIn, workspace } from '../helper.js'

// One app for the file: one slow statement at a time per database, at most one waiting.
const { app, dataDir } = await build(t, { DB_MAX_INFLIGHT: '1', DB_MAX_QUEUE: '1' })
const admin = as(app, await signIn(app))
const { freshDatabase, sql } = workspace(admin, 'limits')

const slowSql = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 1000000) SELECT count(*) AS n FROM c'
const fileOf = (db: string) => join(dataDir, `${db}.db`)
const getOne = (db: string) => admin({ method: 'GET', url: `/api/databases/${db}/tables/items/records/1` })

async function withItem (): Promise<string> {
  const db = await freshDatabase()
  await sql(db, 'CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT)')
  await sql(db, "INSERT INTO items VALUES (1, 'lamp')")
  return db
}

/** Polls until `db` answers `status` (the inline lane trusts a file's location for up to a second). */
async function until (db: string, status: number): Promise<{ statusCode: number, json: () => any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  for (let i = 0; ; i++) {
    const res = await getOne(db)
    if (res.statusCode === status || i > 100) return res
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

t.test('a database whose queue is full answers 503 DATABASE_BUSY with Retry-After; another database is served', async (t) => {
  const noisy = await freshDatabase()
  const quiet = await withItem()
  await sql(noisy, 'SELECT 1') // the workers are up: the first slow statement starts at once
  const slow = () => admin({ method: 'POST', url: `/api/databases/${noisy}/query`, payload: { sql: slowSql } })
  // one runs, one waits, and the third, whichever reaches the engine last, is refused at once
  const three = [slow(), slow(), slow()]
  const first = await Promise.race(three)
  t.equal(first.statusCode, 503, 'the first answer is the refusal, long before a slow statement ends')
  t.equal(first.json().code, 'DATABASE_BUSY')
  t.equal(first.headers['retry-after'], '1')
  t.equal((await getOne(quiet)).statusCode, 200, 'the other database answers')
  const statuses = (await Promise.all(three)).map((res) => res.statusCode).sort()
  t.same(statuses, [200, 200, 503], `the accepted statements ran (${statuses.join(', ')})`)
})

t.test('a missing file answers 503 DATABASE_UNAVAILABLE for that database only, and works again when it is back', async (t) => {
  const lost = await withItem()
  const other = await withItem()
  t.equal((await getOne(lost)).statusCode, 200)
  const saved = join(dataDir, 'saved.copy')
  await admin({ method: 'POST', url: `/api/databases/${lost}/query`, payload: { sql: 'PRAGMA wal_checkpoint' } })
  copyFileSync(fileOf(lost), saved)
  for (const suffix of ['', '-wal', '-shm']) rmSync(fileOf(lost) + suffix, { force: true })

  const res = await until(lost, 503)
  t.equal(res.statusCode, 503)
  t.match(res.json(), { code: 'DATABASE_UNAVAILABLE', message: /missing/ })
  t.notMatch(res.json().message, dataDir, 'the message shows no server path')
  const tables = await admin({ method: 'GET', url: `/api/databases/${lost}/tables` })
  t.equal(tables.json().code, 'DATABASE_UNAVAILABLE', 'worker jobs answer the same')
  t.equal((await getOne(other)).statusCode, 200, 'every other database keeps working')
  const detail = await admin({ method: 'GET', url: `/api/databases/${lost}` })
  t.equal(detail.statusCode, 200, 'the detail answers')
  t.match(detail.json().data, { name: lost, status: 'unavailable', statusReason: /missing/, tables: [] }, 'and says why')

  renameSync(saved, fileOf(lost))
  const back = await until(lost, 200)
  t.same(back.json().data, { id: 1, name: 'lamp' }, 'the restored file is served')
  t.match((await admin({ method: 'GET', url: `/api/databases/${lost}` })).json().data, { status: 'ok', statusReason: null })
})

t.test('a file replaced with garbage answers 503 DATABASE_UNAVAILABLE; others are unaffected; a good file heals it', async (t) => {
  const broken = await withItem()
  const other = await withItem()
  t.equal((await getOne(broken)).statusCode, 200)
  await admin({ method: 'POST', url: `/api/databases/${broken}/query`, payload: { sql: 'PRAGMA wal_checkpoint' } })
  const good = join(dataDir, 'good.copy')
  copyFileSync(fileOf(broken), good)
  const garbage = join(dataDir, 'garbage.tmp')
  writeFileSync(garbage, Buffer.alloc(8192, 'not a database '))
  // as a restore would: the old file's -wal must not be read as the new file's (SQLite would serve pages from it)
  for (const suffix of ['-wal', '-shm']) rmSync(fileOf(broken) + suffix, { force: true })
  renameSync(garbage, fileOf(broken))

  const res = await until(broken, 503)
  t.match(res.json(), { code: 'DATABASE_UNAVAILABLE', message: /not a SQLite database/ }, JSON.stringify(res.json()))
  const tables = await admin({ method: 'GET', url: `/api/databases/${broken}/tables` })
  t.equal(tables.json().code, 'DATABASE_UNAVAILABLE', `worker jobs answer the same: ${tables.body}`)
  t.equal((await getOne(other)).statusCode, 200, 'every other database keeps working')

  renameSync(good, fileOf(broken))
  t.same((await until(broken, 200)).json().data, { id: 1, name: 'lamp' }, 'the good file is served again')
})

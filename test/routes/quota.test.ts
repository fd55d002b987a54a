import t from 'tap'
import { as, build, signIn, workspace } from '../helper.js'

// Per-database size quota (CONTRACT "Many databases"): maxSizeBytes, enforced by SQLite's max_page_count.
const { app } = await build(t)
const admin = as(app, await signIn(app))
const { freshDatabase, keyFor, sql } = workspace(admin, 'quota')

const quota = 64 * 1024
const text = 'x'.repeat(2000)

const config = (db: string, payload: object, on = admin) => on({ method: 'PATCH', url: `/api/databases/${db}/config`, payload })
const insert = (db: string, payload: unknown) => admin({ method: 'POST', url: `/api/databases/${db}/tables/t/records`, payload: payload as object })
const count = async (db: string): Promise<number> => (await sql(db, 'SELECT count(*) AS n FROM t'))[0].n

async function tableWithQuota (bytes: number | null): Promise<string> {
  const db = await freshDatabase()
  await sql(db, 'CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)')
  const res = await config(db, { maxSizeBytes: bytes })
  t.equal(res.statusCode, 200, res.body)
  return db
}

t.test('a write past the quota fails whole with 507 DATABASE_FULL; reads, deletes and VACUUM still work', async (t) => {
  const db = await tableWithQuota(quota)
  let written = 0
  let refused
  for (let i = 0; i < 100; i++) {
    const res = await insert(db, { v: text })
    if (res.statusCode !== 201) {
      refused = res
      break
    }
    written++
  }
  t.ok(refused !== undefined, 'the quota stopped the inserts')
  t.equal(refused?.statusCode, 507)
  t.equal(refused?.json().code, 'DATABASE_FULL')
  t.match(refused?.json().message, /65536 bytes/)
  t.ok(written > 5, `${written} rows fit before the quota`)
  t.equal(await count(db), written, 'the refused insert left nothing')
  const pages = (await sql(db, 'SELECT page_count * page_size AS bytes FROM pragma_page_count(), pragma_page_size()'))[0].bytes
  t.ok(pages <= quota, `the database (${pages} bytes) stays within the quota`)

  const read = await admin({ method: 'GET', url: `/api/databases/${db}/tables/t/records?limit=1000` })
  t.equal(read.statusCode, 200)
  t.equal(read.json().data.length, written, 'reads work at the quota')
  const removed = await admin({ method: 'DELETE', url: `/api/databases/${db}/tables/t/records/1` })
  t.equal(removed.statusCode, 200, 'a delete works at the quota')
  await sql(db, 'DELETE FROM t WHERE id <= 5')
  await sql(db, 'VACUUM')
  t.equal(await count(db), written - 5, 'VACUUM works at the quota')
  t.equal((await insert(db, { v: text })).statusCode, 201, 'freed space takes new rows again')
})

t.test('a bulk insert that crosses the quota mid-way leaves nothing of the batch', async (t) => {
  const db = await tableWithQuota(quota)
  await insert(db, { v: 'first' })
  const res = await insert(db, Array.from({ length: 100 }, () => ({ v: text })))
  t.equal(res.statusCode, 507)
  t.equal(res.json().code, 'DATABASE_FULL')
  t.equal(await count(db), 1, 'only the row from before the batch')
  const raw = await admin({ method: 'POST', url: `/api/databases/${db}/query`, payload: { sql: `INSERT INTO t (v) SELECT '${text}' FROM generate_series(1, 100)` } })
  if (raw.statusCode === 400 && /generate_series/.test(raw.body)) {
    // no generate_series in this build: a recursive CTE does the same
    const cte = await admin({ method: 'POST', url: `/api/databases/${db}/query`, payload: { sql: `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100) INSERT INTO t (v) SELECT '${text}' FROM n` } })
    t.equal(cte.statusCode, 507, 'raw SQL too')
    t.equal(cte.json().code, 'DATABASE_FULL')
  } else {
    t.equal(raw.statusCode, 507, 'raw SQL too')
    t.equal(raw.json().code, 'DATABASE_FULL')
  }
  t.equal(await count(db), 1, 'the raw statement left nothing either')
})

t.test('only an admin sets maxSizeBytes: a key gets 403 and changes nothing', async (t) => {
  const db = await tableWithQuota(quota)
  const byKey = as(app, await keyFor(db, 'write'))
  for (const payload of [{ maxSizeBytes: null }, { maxSizeBytes: 10 * quota }, { readonly: false, maxSizeBytes: null }]) {
    const res = await config(db, payload, byKey)
    t.equal(res.statusCode, 403)
    t.equal(res.json().code, 'ADMIN_REQUIRED')
  }
  t.equal((await config(db, { cors_origins: ['https://app.example.com'] }, byKey)).statusCode, 200, 'other members stay a write key\'s')
  const shown = await byKey({ method: 'GET', url: `/api/databases/${db}/config` })
  t.match(shown.json().data, { maxSizeBytes: quota, cors_origins: ['https://app.example.com'] })
  t.equal((await config(db, { maxSizeBytes: 100 })).statusCode, 400, 'a quota below one page is refused')
})

t.test('changing the quota takes effect on connections already open', async (t) => {
  const db = await tableWithQuota(null)
  t.same((await admin({ method: 'GET', url: `/api/databases/${db}/config` })).json().data.maxSizeBytes, null, 'unlimited shows null')
  for (let i = 0; i < 40; i++) t.equal((await insert(db, { v: text })).statusCode, 201)
  // the connections that served those writes stay open: the new quota must reach them
  t.equal((await config(db, { maxSizeBytes: quota })).statusCode, 200)
  const refused = await insert(db, { v: text })
  t.equal(refused.statusCode, 507, 'a database already past its new quota takes no growth')
  t.equal(refused.json().code, 'DATABASE_FULL')
  t.equal((await config(db, { maxSizeBytes: null })).statusCode, 200)
  t.equal((await insert(db, { v: text })).statusCode, 201, 'lifting the quota lets it grow again')
  t.equal(await count(db), 41)
})

t.test('DB_MAX_SIZE_BYTES is the default: config shows the effective value, an admin may lift it', async (t) => {
  const other = await build(t, { DB_MAX_SIZE_BYTES: String(quota) })
  const otherAdmin = as(other.app, await signIn(other.app))
  const ws = workspace(otherAdmin, 'limited')
  const db = await ws.freshDatabase()
  await ws.sql(db, 'CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)')
  const url = `/api/databases/${db}/config`
  t.equal((await otherAdmin({ method: 'GET', url })).json().data.maxSizeBytes, quota)
  const bulk = (n: number) => otherAdmin({ method: 'POST', url: `/api/databases/${db}/tables/t/records`, payload: Array.from({ length: n }, () => ({ v: text })) })
  const res = await bulk(100)
  t.equal(res.statusCode, 507)
  t.equal(res.json().code, 'DATABASE_FULL')

  t.same((await otherAdmin({ method: 'PATCH', url, payload: { maxSizeBytes: null } })).json().data.maxSizeBytes, null)
  t.equal((await bulk(100)).statusCode, 201, 'unlimited for this database')
  t.same((await otherAdmin({ method: 'PATCH', url, payload: { maxSizeBytes: 1024 * 1024 } })).json().data.maxSizeBytes, 1024 * 1024)
})

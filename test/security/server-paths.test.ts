// Issue #30 item 10: `PRAGMA database_list` showed any read key the server's absolute data path. It now answers bare
// file names; its table-valued form, over which an expression could carry the path out, is refused to keys; and no
// other answer a key can provoke names a server path.
import { realpathSync } from 'node:fs'
import t, { type Test } from 'tap'
import { as, build, signIn, workspace } from '../helper.js'

const { app, dataDir } = await build(t)
const admin = as(app, await signIn(app))
const ws = workspace(admin, 'paths')
const db = await ws.freshDatabase()
await ws.sql(db, 'CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)')
const reader = as(app, await ws.keyFor(db, 'read'))
const writer = as(app, await ws.keyFor(db, 'write'))
const serverPaths = [...new Set([dataDir, realpathSync(dataDir)])]

function query (call: typeof reader, sql: string) {
  return call({ method: 'POST', url: `/api/databases/${db}/query`, payload: { sql } })
}

function noPath (t: Test, body: string, what: string): void {
  for (const path of serverPaths) t.notOk(body.includes(path), `${what} does not name ${path}`)
}

t.test('PRAGMA database_list answers file names, not server paths', async (t) => {
  for (const sql of ['PRAGMA database_list', 'pragma main.database_list', 'PRAGMA "database_list"']) {
    for (const [who, call] of [['read key', reader], ['write key', writer], ['admin', admin]] as const) {
      const res = await query(call, sql)
      t.equal(res.statusCode, 200, `${sql} (${who})`)
      noPath(t, res.body, `${sql} (${who})`)
      const main = res.json().data.find((row: { name: string }) => row.name === 'main')
      t.equal(main?.file, `${db}.db`, `${sql} (${who}) names the file`)
    }
  }
  const attached = await query(writer, "ATTACH ':memory:' AS scratch")
  t.equal(attached.statusCode, 200)
})

t.test('the table-valued form is refused to keys', async (t) => {
  for (const sql of ['SELECT * FROM pragma_database_list', 'SELECT file FROM "pragma_database_list"',
    "SELECT substr(file, 2) FROM main.pragma_database_list() WHERE name = 'main'", 'select hex(file) from PRAGMA_DATABASE_LIST',
    "SELECT * FROM 'pragma_database_list'", 'SELECT * FROM [pragma_database_list]']) {
    const res = await query(reader, sql)
    t.equal(res.statusCode, 403, sql)
    t.equal(res.json().code, 'FORBIDDEN_STATEMENT', sql)
    noPath(t, res.body, sql)
  }
  const view = await query(writer, 'CREATE VIEW leak AS SELECT file FROM pragma_database_list')
  t.equal(view.statusCode, 403, 'no view can hide it from the guard')
  const trigger = await query(writer, "CREATE TRIGGER leak AFTER INSERT ON t BEGIN UPDATE t SET v = (SELECT file FROM pragma_database_list WHERE name = 'main'); END")
  t.equal(trigger.statusCode, 403, 'nor a trigger')
})

t.test('no other statement a key can send answers a server path', async (t) => {
  const probes = [
    "ATTACH 'elsewhere.db' AS x", "ATTACH '/etc/passwd' AS x", 'SELECT * FROM nosuch', 'PRAGMA temp_store_directory',
    'PRAGMA data_store_directory', "VACUUM INTO '/tmp/x.db'", "SELECT load_extension('x')", 'PRAGMA compile_options',
    'PRAGMA journal_mode', 'PRAGMA table_list', 'PRAGMA integrity_check', 'SELECT sqlite_source_id()', 'VACUUM',
    "SELECT * FROM pragma_table_list WHERE schema = 'main'", 'PRAGMA wal_checkpoint'
  ]
  for (const sql of probes) {
    for (const call of [reader, writer]) noPath(t, (await query(call, sql)).body, sql)
  }
  for (const url of [`/api/databases/${db}`, `/api/databases/${db}/config`, `/api/databases/${db}/tables`,
    `/api/databases/${db}/tables/t`, `/api/databases/${db}/tables/nosuch/records`, '/api/databases/nosuch/tables']) {
    noPath(t, (await reader({ method: 'GET', url })).body, url)
  }
})

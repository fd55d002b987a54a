import t from 'tap'
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { as, build, signIn } from '../helper.js'

// One app for the whole file (each sign-in costs an argon2 hash); every subtest uses its own databases.
const { app, dataDir } = await build(t)
const admin = as(app, await signIn(app))

const sideFiles = ['', '-wal', '-shm']
const fileOf = (name: string): string => join(dataDir, `${name}.db`)

/**
 * Names and sizes of everything in the data directory, to prove a request left it alone. The system files
 * (`_system.db`, `_analytics.db` and their side files) count by name only: background flushes write to them.
 */
function snapshot (): string[] {
  return readdirSync(dataDir, { recursive: true }).map(String).sort().map((file) => {
    const stat = statSync(join(dataDir, file))
    return file.startsWith('_') || !stat.isFile() ? file : `${file}:${stat.size}`
  })
}

function registryRow (name: string): Record<string, unknown> | undefined {
  return app.store.db.prepare('SELECT * FROM databases WHERE name = ?').get(name) as Record<string, unknown> | undefined
}

async function createDatabase (name: string, group?: string): Promise<Record<string, unknown>> {
  const res = await admin({ method: 'POST', url: '/api/databases', payload: group ? { name, group } : { name } })
  if (res.statusCode !== 201) throw new Error(`create ${name}: ${res.statusCode} ${res.body}`)
  return res.json().data
}

async function runSql (db: string, sql: string): Promise<unknown> {
  const res = await admin({ method: 'POST', url: `/api/databases/${db}/query`, payload: { sql } })
  if (res.statusCode !== 200) throw new Error(`${sql}: ${res.statusCode} ${res.body}`)
  return res.json().data
}

async function createKey (db: string, scope: 'read' | 'write' = 'write'): Promise<string> {
  const res = await admin({ method: 'POST', url: `/api/databases/${db}/keys`, payload: { label: 'app', scope } })
  if (res.statusCode !== 201) throw new Error(`key for ${db}: ${res.statusCode} ${res.body}`)
  return res.json().data.key
}

interface Entry { action: string, database: string | null, details: Record<string, unknown> | null }

async function activity (): Promise<Entry[]> {
  return (await admin({ method: 'GET', url: '/api/activity?limit=1000' })).json().data
}

t.test('POST /api/databases creates a database with its file, registry row and activity entry', async (t) => {
  const res = await admin({ method: 'POST', url: '/api/databases', payload: { name: 'shop', group: 'retail' } })
  t.equal(res.statusCode, 201)
  const data = res.json().data
  t.same(Object.keys(data).sort(), ['createdAt', 'group', 'id', 'name', 'path', 'readonly', 'sizeBytes', 'tableCount'])
  t.match(data, { id: /^db_[0-9a-z]{24}$/, name: 'shop', path: 'shop.db', group: 'retail', readonly: false, tableCount: 0 })
  t.ok(Number.isInteger(data.sizeBytes) && data.sizeBytes >= 0)
  t.ok(!Number.isNaN(Date.parse(data.createdAt)))
  t.ok(existsSync(fileOf('shop')), 'shop.db exists in the data directory')
  t.match(registryRow('shop'), { id: data.id, name: 'shop', grp: 'retail', readonly: 0 })
  const created = (await activity()).find((e) => e.action === 'database.create' && e.database === 'shop')
  t.ok(created, 'database.create is in the activity log')

  const dup = await admin({ method: 'POST', url: '/api/databases', payload: { name: 'shop' } })
  t.equal(dup.statusCode, 409)
  t.equal(dup.json().code, 'DATABASE_EXISTS')
  t.equal(registryRow('shop')?.id, data.id, 'the first database is untouched')

  const longest = 'a'.repeat(64)
  t.equal((await admin({ method: 'POST', url: '/api/databases', payload: { name: longest } })).statusCode, 201, '64 characters are fine')
  t.ok(existsSync(fileOf(longest)))
})

t.test('GET /api/databases lists every database with the summary shape', async (t) => {
  await createDatabase('listed-a')
  await createDatabase('listed_b', 'team')
  const res = await admin({ method: 'GET', url: '/api/databases' })
  t.equal(res.statusCode, 200)
  const list = res.json().data as Array<Record<string, unknown>>
  for (const item of list) {
    t.same(Object.keys(item).sort(), ['createdAt', 'group', 'id', 'name', 'path', 'readonly', 'sizeBytes', 'tableCount'])
    t.equal(item.path, `${String(item.name)}.db`)
  }
  t.match(list.find((d) => d.name === 'listed-a'), { group: null, readonly: false, tableCount: 0 })
  t.match(list.find((d) => d.name === 'listed_b'), { group: 'team' })
  t.same(list.map((d) => d.name).sort(), (app.store.db.prepare('SELECT name FROM databases').pluck().all() as string[]).sort(),
    'the list is the registry')

  const key = await createKey('listed-a')
  const byKey = await as(app, key)({ method: 'GET', url: '/api/databases' })
  t.equal(byKey.statusCode, 403)
  t.equal(byKey.json().code, 'ADMIN_REQUIRED')
  t.equal((await app.inject({ method: 'GET', url: '/api/databases' })).statusCode, 401)
})

t.test('POST /api/databases refuses bad names with 400 and creates nothing', async (t) => {
  const before = snapshot()
  const registered = app.store.databases.count()
  const badNames = ['Shop', 'SHOP', '-shop', '_shop', '_system', '../x', '..', 'a/b', '%2e%2e', '.', '', 'a'.repeat(65),
    'café', 'дб', 'a\u0000b', 'a b', 'a.db']
  for (const name of badNames) {
    const res = await admin({ method: 'POST', url: '/api/databases', payload: { name } })
    t.equal(res.statusCode, 400, `${JSON.stringify(name)} is refused`)
    t.equal(res.json().code, 'FST_ERR_VALIDATION')
  }
  t.equal((await admin({ method: 'POST', url: '/api/databases', payload: {} })).statusCode, 400, 'a missing name')
  t.equal((await admin({ method: 'POST', url: '/api/databases', payload: { name: 'ok', extra: 1 } })).statusCode, 400, 'an unknown member')
  t.same(snapshot(), before, 'the data directory is unchanged')
  t.equal(app.store.databases.count(), registered, 'the registry is unchanged')
})

t.test('GET /api/databases/:name shows tables and views, never internal ones', async (t) => {
  await createDatabase('detail', 'g1')
  await runSql('detail', 'CREATE TABLE items (id INTEGER PRIMARY KEY AUTOINCREMENT, label TEXT)')
  await runSql('detail', "INSERT INTO items (label) VALUES ('a'), ('b'), ('c')")
  await runSql('detail', 'CREATE TABLE notes (body TEXT)')
  await runSql('detail', 'CREATE VIEW item_labels AS SELECT label FROM items WHERE id > 1')
  await runSql('detail', 'CREATE TABLE _internal (x)')
  await runSql('detail', 'INSERT INTO _internal VALUES (1)')

  const res = await admin({ method: 'GET', url: '/api/databases/detail' })
  t.equal(res.statusCode, 200)
  const data = res.json().data
  t.match(data, { id: /^db_/, name: 'detail', path: 'detail.db', group: 'g1', readonly: false })
  t.same(data.tables, [
    { name: 'item_labels', type: 'view' },
    { name: 'items', type: 'table' },
    { name: 'notes', type: 'table' }
  ], 'sqlite_sequence and _internal are not listed; no rowCount unless asked')
  t.ok(data.sizeBytes > 0)

  const counted = await admin({ method: 'GET', url: '/api/databases/detail?counts=true' })
  t.same(counted.json().data.tables, [
    { name: 'item_labels', type: 'view', rowCount: 2 },
    { name: 'items', type: 'table', rowCount: 3 },
    { name: 'notes', type: 'table', rowCount: 0 }
  ])
  const listed = (await admin({ method: 'GET', url: '/api/databases' })).json().data.find((d: { name: string }) => d.name === 'detail')
  t.equal(listed.tableCount, 2, 'the list remembers the user table count')

  const unknown = await admin({ method: 'GET', url: '/api/databases/nope' })
  t.equal(unknown.statusCode, 404)
  t.equal(unknown.json().code, 'DATABASE_NOT_FOUND')
  t.notOk(existsSync(fileOf('nope')), 'looking up an unknown database creates no file')

  const schema = await admin({ method: 'GET', url: '/api/databases/detail/tables/schema' })
  t.equal(schema.statusCode, 200)
  const schemas = schema.json().data as Array<{ name: string, schema: string }>
  for (const entry of schemas) t.same(Object.keys(entry).sort(), ['name', 'schema'])
  t.same(schemas.map((s) => s.name).sort(), ['items', 'notes'], 'user tables only')
  t.match(schemas.find((s) => s.name === 'items')?.schema, /^CREATE TABLE items \(id INTEGER PRIMARY KEY AUTOINCREMENT, label TEXT\)$/)
  t.equal((await admin({ method: 'GET', url: '/api/databases/nope/tables/schema' })).statusCode, 404)
})

t.test('path tricks in the URL answer 400/404 and touch no file', async (t) => {
  await createDatabase('victim')
  const before = snapshot()
  const registered = app.store.databases.count()
  const tricks: Array<[string, string, object?]> = [
    ['GET', '/api/databases/..%2F_system'],
    ['GET', '/api/databases/%2e%2e'],
    ['GET', '/api/databases/%2E%2E%2F_system'],
    ['GET', '/api/databases/..%5C_system'],
    ['GET', '/api/databases/_system'],
    ['GET', '/api/databases/victim%00'],
    ['GET', '/api/databases/..%2F_system/config'],
    ['GET', '/api/databases/..%2F_system/tables/schema'],
    ['GET', '/api/databases/..%2F..%2Fetc%2Fpasswd'],
    ['POST', '/api/databases/..%2F_system/export'],
    ['POST', '/api/databases/_system/export'],
    ['DELETE', '/api/databases/..%2F_system'],
    ['DELETE', '/api/databases/_system'],
    ['DELETE', '/api/databases/%2e%2e'],
    ['PATCH', '/api/databases/..%2Fvictim', { name: 'stolen' }],
    ['PATCH', '/api/databases/victim', { name: '../_system' }],
    ['PATCH', '/api/databases/victim', { name: '_system' }],
    ['PATCH', '/api/databases/..%2F_system/config', { readonly: true }],
    ['POST', '/api/databases/..%2F_system/query', { sql: 'SELECT 1' }]
  ]
  for (const [method, url, payload] of tricks) {
    const res = await admin({ method: method as 'GET', url, ...(payload ? { payload } : {}) })
    t.ok([400, 404].includes(res.statusCode), `${method} ${url} answers ${res.statusCode}`)
    t.match(res.json(), { statusCode: res.statusCode, code: /^[A-Z_]+$/ })
  }
  t.same(snapshot(), before, 'no file was created, moved or removed')
  t.equal(app.store.databases.count(), registered)
  t.ok(registryRow('victim'), 'victim is still registered under its name')
})

t.test('PATCH /api/databases/:name renames the database, its files, keys and activity', async (t) => {
  const created = await createDatabase('before-rename')
  await runSql('before-rename', 'CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)')
  await runSql('before-rename', "INSERT INTO t (v) VALUES ('kept'), ('also kept')")
  const key = await createKey('before-rename')
  const byKey = as(app, key)
  t.equal((await byKey({ method: 'GET', url: '/api/databases/before-rename/tables/t/records' })).statusCode, 200)
  t.ok(existsSync(fileOf('before-rename') + '-wal'), 'the database is open in WAL mode, so it has a -wal file to move')

  const res = await admin({ method: 'PATCH', url: '/api/databases/before-rename', payload: { name: 'after-rename' } })
  t.equal(res.statusCode, 200)
  t.match(res.json().data, { id: created.id, name: 'after-rename', path: 'after-rename.db', createdAt: created.createdAt })
  for (const suffix of sideFiles) t.notOk(existsSync(fileOf('before-rename') + suffix), `no before-rename.db${suffix} left`)
  t.ok(existsSync(fileOf('after-rename')))
  t.match(registryRow('after-rename'), { id: created.id })
  t.notOk(registryRow('before-rename'))

  const records = await byKey({ method: 'GET', url: '/api/databases/after-rename/tables/t/records?sort=id' })
  t.equal(records.statusCode, 200, 'the key made before the rename works under the new name')
  t.same(records.json().data, [{ id: 1, v: 'kept' }, { id: 2, v: 'also kept' }], 'the data moved with the file')
  t.equal((await byKey({ method: 'POST', url: '/api/databases/after-rename/tables/t/records', payload: { v: 'new' } })).statusCode, 201)
  t.equal((await byKey({ method: 'GET', url: '/api/databases/before-rename/tables/t/records' })).statusCode, 403, 'the old name is not its database any more')

  const old = await admin({ method: 'GET', url: '/api/databases/before-rename' })
  t.equal(old.statusCode, 404)
  t.equal(old.json().code, 'DATABASE_NOT_FOUND')
  t.notOk(existsSync(fileOf('before-rename')), 'asking for the old name does not recreate its file')

  const log = await activity()
  t.match(log.find((e) => e.action === 'database.rename'), { database: 'after-rename', details: { from: 'before-rename', to: 'after-rename' } })
  t.ok(log.some((e) => e.action === 'database.create' && e.database === 'after-rename'), 'the creation entry shows the new name')
  t.ok(log.some((e) => e.action === 'key.create' && e.database === 'after-rename'), 'the key entry shows the new name')
  t.notOk(log.some((e) => e.database === 'before-rename'), 'no entry shows the old name')

  t.test('to a taken name: 409 and nothing moves', async (t) => {
    await createDatabase('taken')
    const before = snapshot()
    const clash = await admin({ method: 'PATCH', url: '/api/databases/after-rename', payload: { name: 'taken' } })
    t.equal(clash.statusCode, 409)
    t.equal(clash.json().code, 'DATABASE_EXISTS')
    t.same(snapshot(), before)
    t.match(registryRow('after-rename'), { id: created.id })
    t.equal((await admin({ method: 'PATCH', url: '/api/databases/nope', payload: { name: 'other' } })).statusCode, 404)
    t.equal((await admin({ method: 'PATCH', url: '/api/databases/taken', payload: { name: 'Bad Name' } })).statusCode, 400)
  })

  t.test('a key cannot rename', async (t) => {
    const res = await byKey({ method: 'PATCH', url: '/api/databases/after-rename', payload: { name: 'by-key' } })
    t.equal(res.statusCode, 403)
    t.equal(res.json().code, 'ADMIN_REQUIRED')
    t.ok(existsSync(fileOf('after-rename')))
  })
})

t.test('PATCH /api/databases/:name to the name of an unregistered file answers 409 and leaves that file alone', async (t) => {
  const created = await createDatabase('rename-source')
  await runSql('rename-source', 'CREATE TABLE mine (v)')
  const strayFile = fileOf('unregistered')
  const stray = new Database(strayFile)
  stray.exec("CREATE TABLE precious (v TEXT); INSERT INTO precious VALUES ('keep me')")
  stray.close()
  const res = await admin({ method: 'PATCH', url: '/api/databases/rename-source', payload: { name: 'unregistered' } })
  t.equal(res.statusCode, 409)
  t.equal(res.json().code, 'DATABASE_EXISTS')
  t.ok(existsSync(fileOf('rename-source')), 'the database keeps its file')
  t.match(registryRow('rename-source'), { id: created.id })
  const check = new Database(strayFile, { readonly: true })
  t.teardown(() => check.close())
  t.same(check.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").pluck().all(), ['precious'], 'the unregistered file was not replaced')
})

t.test('DELETE /api/databases/:name removes the files, keys, registry row', async (t) => {
  const created = await createDatabase('doomed')
  await runSql('doomed', 'CREATE TABLE t (v)')
  await runSql('doomed', 'INSERT INTO t VALUES (1)')
  const key = await createKey('doomed')
  t.equal((await as(app, key)({ method: 'GET', url: '/api/databases/doomed' })).statusCode, 200)
  t.ok(existsSync(fileOf('doomed') + '-wal'), 'the database has a -wal file to remove')

  const res = await admin({ method: 'DELETE', url: '/api/databases/doomed' })
  t.equal(res.statusCode, 200)
  t.same(res.json(), { data: { deleted: true, name: 'doomed' } })
  for (const suffix of sideFiles) t.notOk(existsSync(fileOf('doomed') + suffix), `doomed.db${suffix} is gone`)
  t.notOk(registryRow('doomed'), 'the registry row is gone')
  t.equal(app.store.db.prepare('SELECT count(*) FROM api_keys WHERE database_id = ?').pluck().get(created.id), 0, 'its keys are gone')

  const byKey = await as(app, key)({ method: 'GET', url: '/api/databases/doomed' })
  t.equal(byKey.statusCode, 401, 'its key no longer authenticates')
  t.equal(byKey.json().code, 'UNAUTHORIZED')
  const after = await admin({ method: 'GET', url: '/api/databases/doomed' })
  t.equal(after.statusCode, 404)
  t.equal(after.json().code, 'DATABASE_NOT_FOUND')
  t.equal((await admin({ method: 'DELETE', url: '/api/databases/doomed' })).statusCode, 404)
  t.notOk(existsSync(fileOf('doomed')), 'no request recreated the file')
  t.ok((await activity()).some((e) => e.action === 'database.delete' && e.database === 'doomed'))

  t.test('the name can be used again for a fresh, empty database', async (t) => {
    const again = await createDatabase('doomed')
    t.not(again.id, created.id)
    t.same((await admin({ method: 'GET', url: '/api/databases/doomed' })).json().data.tables, [])
  })
})

t.test('config: GET and PATCH, readonly and its lifting', async (t) => {
  await createDatabase('settings-db', 'ops')
  await runSql('settings-db', 'CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)')
  await runSql('settings-db', "INSERT INTO t (v) VALUES ('x')")
  const key = await createKey('settings-db')
  const byKey = as(app, key)

  const initial = await admin({ method: 'GET', url: '/api/databases/settings-db/config' })
  t.equal(initial.statusCode, 200)
  t.same(initial.json(), { data: { cors_origins: [], readonly: false, group: 'ops', maxSizeBytes: null } })
  t.same((await byKey({ method: 'GET', url: '/api/databases/settings-db/config' })).json(), initial.json(), 'a key reads it too')
  t.equal((await admin({ method: 'GET', url: '/api/databases/nope/config' })).statusCode, 404)

  const refused: Array<[string, object]> = [
    ['another member', { group: 'other' }],
    ['a name', { name: 'x' }],
    ['an empty body', {}],
    ['readonly that is no boolean', { readonly: 'yes' }],
    ['origins that are no list', { cors_origins: { origin: 'https://a.example.com' } }],
    ['an origin without a scheme', { cors_origins: ['app.example.com'] }],
    ['an origin with a path', { cors_origins: ['https://app.example.com/path'] }],
    ['an origin of another scheme', { cors_origins: ['ftp://app.example.com'] }],
    ['an empty origin', { cors_origins: [''] }],
    ['a null origin', { cors_origins: ['null'] }],
    ['a non-string origin', { cors_origins: [42] }],
    ['a repeated origin', { cors_origins: ['https://a.example.com', 'https://a.example.com'] }]
  ]
  for (const [what, payload] of refused) {
    const res = await admin({ method: 'PATCH', url: '/api/databases/settings-db/config', payload })
    t.equal(res.statusCode, 400, `${what} is refused`)
    t.equal(res.json().code, 'FST_ERR_VALIDATION')
  }
  t.match(registryRow('settings-db'), { readonly: 0, cors_origins: '[]' }, 'no refused PATCH changed the registry')

  const set = await admin({ method: 'PATCH', url: '/api/databases/settings-db/config', payload: { cors_origins: ['https://app.example.com', '*'], readonly: true } })
  t.equal(set.statusCode, 200)
  t.same(set.json(), { data: { cors_origins: ['https://app.example.com', '*'], readonly: true, group: 'ops', maxSizeBytes: null } })
  t.match(registryRow('settings-db'), { readonly: 1, cors_origins: '["https://app.example.com","*"]' })
  t.same((await admin({ method: 'GET', url: '/api/databases/settings-db/config' })).json().data,
    { cors_origins: ['https://app.example.com', '*'], readonly: true, group: 'ops', maxSizeBytes: null })
  t.match((await admin({ method: 'GET', url: '/api/databases/settings-db' })).json().data, { readonly: true })
  t.match((await activity())[0], { action: 'database.config', database: 'settings-db', details: { readonly: true } })

  t.test('while readonly, writes answer 403 DATABASE_READONLY and reads work', async (t) => {
    const writes: Array<[string, string, object?]> = [
      ['POST', '/api/databases/settings-db/tables/t/records', { v: 'y' }],
      ['PATCH', '/api/databases/settings-db/tables/t/records/1', { v: 'y' }],
      ['DELETE', '/api/databases/settings-db/tables/t/records/1'],
      ['POST', '/api/databases/settings-db/tables', { name: 'fresh', columns: [{ name: 'a', type: 'text' }] }],
      ['PATCH', '/api/databases/settings-db/tables/t', { add_columns: [{ name: 'w', type: 'text' }] }],
      ['DELETE', '/api/databases/settings-db/tables/t'],
      ['POST', '/api/databases/settings-db/query', { sql: "INSERT INTO t (v) VALUES ('y')" }]
    ]
    for (const [who, inject] of [['admin', admin], ['key', byKey]] as const) {
      for (const [method, url, payload] of writes) {
        const res = await inject({ method: method as 'GET', url, ...(payload ? { payload } : {}) })
        t.equal(res.statusCode, 403, `${who}: ${method} ${url}`)
        t.equal(res.json().code, 'DATABASE_READONLY')
      }
      for (const url of ['/api/databases/settings-db/tables/t/records', '/api/databases/settings-db/tables/t/records/1',
        '/api/databases/settings-db/tables', '/api/databases/settings-db/tables/t', '/api/databases/settings-db',
        '/api/databases/settings-db/tables/schema']) {
        t.equal((await inject({ method: 'GET', url })).statusCode, 200, `${who}: GET ${url}`)
      }
      const select = await inject({ method: 'POST', url: '/api/databases/settings-db/query', payload: { sql: 'SELECT count(*) AS n FROM t' } })
      t.same(select.json().data, [{ n: 1 }], `${who}: a SELECT still runs`)
    }
    const db = new Database(fileOf('settings-db'), { readonly: true })
    t.teardown(() => db.close())
    t.same(db.prepare('SELECT id, v FROM t').all(), [{ id: 1, v: 'x' }], 'the file holds the one original row')
    t.same(db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").pluck().all(), ['t'])
  })

  t.test('a write key lifts readonly with PATCH config, and writes work again', async (t) => {
    const lift = await byKey({ method: 'PATCH', url: '/api/databases/settings-db/config', payload: { readonly: false } })
    t.equal(lift.statusCode, 200)
    t.same(lift.json().data, { cors_origins: ['https://app.example.com', '*'], readonly: false, group: 'ops', maxSizeBytes: null }, 'cors_origins are kept')
    t.match(registryRow('settings-db'), { readonly: 0 })
    t.equal((await byKey({ method: 'POST', url: '/api/databases/settings-db/tables/t/records', payload: { v: 'y' } })).statusCode, 201)
    t.match((await activity())[0], { action: 'database.config', database: 'settings-db', details: { readonly: false } })

    const readKey = await createKey('settings-db', 'read')
    const byReadKey = await as(app, readKey)({ method: 'PATCH', url: '/api/databases/settings-db/config', payload: { readonly: true } })
    t.equal(byReadKey.statusCode, 403)
    t.equal(byReadKey.json().code, 'INSUFFICIENT_SCOPE')
    t.match(registryRow('settings-db'), { readonly: 0 }, 'a read key changes nothing')
  })
})

// Last, because it closes the shared app: a restart on the same data directory.
t.test('the list shows the table count (kept in the registry) after every path that changes the schema', async (t) => {
  const listed = async (name: string): Promise<unknown> =>
    (await admin({ method: 'GET', url: '/api/databases' })).json().data.find((d: { name: string }) => d.name === name).tableCount
  await createDatabase('counted')
  const tables = '/api/databases/counted/tables'
  t.equal((await admin({ method: 'POST', url: tables, payload: { name: 'a', columns: [{ name: 'x', type: 'text' }] } })).statusCode, 201)
  t.equal(await listed('counted'), 1, 'after POST .../tables')
  await runSql('counted', 'CREATE TABLE b (x)')
  t.equal(await listed('counted'), 2, 'after a raw CREATE TABLE')
  await runSql('counted', 'CREATE VIEW v AS SELECT * FROM b')
  t.equal(await listed('counted'), 2, 'a view is not a table')
  await runSql('counted', 'DROP TABLE b')
  t.equal(await listed('counted'), 1, 'after a raw DROP TABLE')
  t.equal((await admin({ method: 'DELETE', url: `${tables}/a` })).statusCode, 200)
  t.equal(await listed('counted'), 0, 'after DELETE .../tables/:table')

  // a file put in the data directory by hand is adopted with its tables
  const file = new Database(fileOf('adopted'))
  file.exec('CREATE TABLE one (x); CREATE TABLE two (y)')
  file.close()
  t.equal((await createDatabase('adopted')).tableCount, 2, 'the create answer counts the adopted tables')
  t.equal(await listed('adopted'), 2, 'and so does the list')
})

t.test('start-up reconciles the registry with the data directory', async (t) => {
  await createDatabase('vanishing')
  await runSql('vanishing', 'CREATE TABLE t (v)')
  await app.close()
  for (const suffix of sideFiles) rmSync(fileOf('vanishing') + suffix, { force: true })
  const stray = new Database(fileOf('stray'))
  stray.exec('CREATE TABLE secret (v); INSERT INTO secret VALUES (1)')
  stray.close()

  const restarted = await build(t, { LOG_LEVEL: 'info' }, dataDir)
  const lines = restarted.logs.map((line) => JSON.parse(line) as { level: number, msg: string })
  const missing = lines.find((l) => JSON.stringify(l).includes('vanishing'))
  t.ok(missing, 'a log line names the missing database')
  t.ok(missing && missing.level >= 40, 'as a warning or an error')
  t.ok(lines.some((l) => JSON.stringify(l).includes('stray.db')), 'a log line names the stray file')
  t.notOk(lines.some((l) => /\bshop\b/.test(JSON.stringify(l))), 'healthy databases are not reported')

  const restartedAdmin = as(restarted.app, await signIn(restarted.app))
  const names = (await restartedAdmin({ method: 'GET', url: '/api/databases' })).json().data.map((d: { name: string }) => d.name)
  t.notOk(names.includes('stray'), 'the stray file is not listed')
  t.ok(names.includes('shop'))
  for (const url of ['/api/databases/stray', '/api/databases/stray/tables', '/api/databases/stray/tables/secret/records']) {
    const res = await restartedAdmin({ method: 'GET', url })
    t.equal(res.statusCode, 404, `GET ${url}`)
    t.equal(res.json().code, 'DATABASE_NOT_FOUND')
  }
  const query = await restartedAdmin({ method: 'POST', url: '/api/databases/stray/query', payload: { sql: 'SELECT * FROM secret' } })
  t.equal(query.statusCode, 404, 'the stray file is not hosted')
  t.ok(existsSync(fileOf('stray')), 'the stray file is left where it is')
})

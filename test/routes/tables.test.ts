import t from 'tap'
import { as, build, signIn, workspace } from '../helper.js'

// One app for the whole file (sign-in is slow); every subtest works in its own database.
const { app } = await build(t)
const admin = as(app, await signIn(app))
const { freshDatabase, keyFor, sql } = workspace(admin, 'tables')

const tablesUrl = (db: string) => `/api/databases/${db}/tables`
const inspect = async (db: string, table: string) => (await admin({ method: 'GET', url: `${tablesUrl(db)}/${table}` })).json()
const tableNames = async (db: string) => (await admin({ method: 'GET', url: tablesUrl(db) })).json().data.map((e: { name: string }) => e.name)
const schemas = async (db: string) => (await admin({ method: 'GET', url: `${tablesUrl(db)}/schema` })).json().data

async function createPeople (db: string): Promise<void> {
  const res = await admin({
    method: 'POST',
    url: tablesUrl(db),
    payload: {
      name: 'people',
      columns: [
        { name: 'id', type: 'integer', primary_key: true },
        { name: 'name', type: 'text', nullable: false },
        { name: 'email', type: 'text', unique: true },
        { name: 'age', type: 'integer' },
        { name: 'legacy', type: 'text' }
      ]
    }
  })
  if (res.statusCode !== 201) throw new Error(`create table failed: ${res.body}`)
  await sql(db, "INSERT INTO people (name, email, age, legacy) VALUES ('Ada', 'ada@x.io', 36, 'a'), ('Bob', 'bob@x.io', 41, 'b')")
}

t.test('POST .../tables', async (t) => {
  t.test('creates a table with every column option and answers 201 with its columns', async (t) => {
    const db = await freshDatabase()
    const res = await admin({
      method: 'POST',
      url: tablesUrl(db),
      payload: {
        name: 'orders',
        columns: [
          { name: 'id', type: 'integer', primary_key: true, auto_increment: true },
          { name: 'email', type: 'text', nullable: false, unique: true },
          { name: 'status', type: 'varchar', nullable: false, default: "it's new" },
          { name: 'total', type: 'real', default: 1.5 },
          { name: 'paid', type: 'boolean', default: false },
          { name: 'note', type: 'text', nullable: true, default: null }
        ]
      }
    })
    t.equal(res.statusCode, 201)
    const expected = [
      { name: 'id', type: 'INTEGER', notnull: false, pk: 1, default: null },
      { name: 'email', type: 'TEXT', notnull: true, pk: 0, default: null },
      { name: 'status', type: 'VARCHAR', notnull: true, pk: 0, default: "'it''s new'" },
      { name: 'total', type: 'REAL', notnull: false, pk: 0, default: '1.5' },
      { name: 'paid', type: 'BOOLEAN', notnull: false, pk: 0, default: '0' },
      { name: 'note', type: 'TEXT', notnull: false, pk: 0, default: 'NULL' }
    ]
    t.strictSame(res.json(), { data: { name: 'orders', columns: expected } })
    t.strictSame(await inspect(db, 'orders'), { data: expected }, 'inspect returns the same entries')

    const [schema] = await schemas(db)
    t.match(schema.schema, /"id" INTEGER PRIMARY KEY AUTOINCREMENT/)
    t.match(schema.schema, /"email" TEXT NOT NULL UNIQUE/)

    // the options take effect, not only show up in the schema
    await sql(db, "INSERT INTO orders (email) VALUES ('a@x.io')")
    const row = await sql(db, 'SELECT * FROM orders') as unknown[]
    t.strictSame(row, [{ id: 1, email: 'a@x.io', status: "it's new", total: 1.5, paid: 0, note: null }], 'defaults applied')
    const dupe = await admin({ method: 'POST', url: `/api/databases/${db}/query`, payload: { sql: "INSERT INTO orders (email) VALUES ('a@x.io')" } })
    t.equal(dupe.statusCode, 409, 'unique holds')
    const missing = await admin({ method: 'POST', url: `/api/databases/${db}/query`, payload: { sql: 'INSERT INTO orders (total) VALUES (2)' } })
    t.equal(missing.statusCode, 409, 'not null holds')
    t.strictSame(await sql(db, "SELECT name FROM sqlite_master WHERE name = 'sqlite_sequence'"), [{ name: 'sqlite_sequence' }], 'autoincrement keeps a sequence')
  })

  t.test('accepts every type of the contract, case-insensitively', async (t) => {
    const db = await freshDatabase()
    const types = ['integer', 'int', 'bigint', 'text', 'varchar', 'char', 'real', 'float', 'double', 'numeric',
      'decimal', 'boolean', 'date', 'datetime', 'timestamp', 'json', 'blob']
    const columns = types.map((type, i) => ({ name: `c_${type}`, type: i % 2 === 0 ? type : type.toUpperCase() }))
    const res = await admin({ method: 'POST', url: tablesUrl(db), payload: { name: 'everything', columns } })
    t.equal(res.statusCode, 201, res.body)
    t.strictSame(res.json().data.columns.map((c: { name: string, type: string }) => [c.name, c.type]),
      types.map((type) => [`c_${type}`, type.toUpperCase()]))
  })

  t.test('a composite primary key numbers its columns', async (t) => {
    const db = await freshDatabase()
    const res = await admin({
      method: 'POST',
      url: tablesUrl(db),
      payload: { name: 'pairs', columns: [{ name: 'a', type: 'text', primary_key: true }, { name: 'b', type: 'integer', primary_key: true }] }
    })
    t.equal(res.statusCode, 201)
    t.strictSame(res.json().data.columns.map((c: { pk: number, notnull: boolean }) => [c.pk, c.notnull]), [[1, true], [2, true]])
  })

  for (const type of ['string', 'varchar(10)', 'text primary', 'int;drop', '']) {
    t.test(`refuses column type '${type}' with 400`, async (t) => {
      const db = await freshDatabase()
      const res = await admin({ method: 'POST', url: tablesUrl(db), payload: { name: 'bad', columns: [{ name: 'x', type }] } })
      t.equal(res.statusCode, 400)
      t.equal(res.json().code, type === '' ? 'FST_ERR_VALIDATION' : 'INVALID_COLUMN_TYPE')
      t.strictSame(await tableNames(db), [], 'nothing was created')
    })
  }

  t.test('refuses bad table and column names with 400 and creates nothing', async (t) => {
    const db = await freshDatabase()
    for (const bad of ['1abc', 'a-b', 'sqlite_x', 'SQLITE_y', 'a'.repeat(65), '"; drop table x; --', 'a b', '_hidden', 'é']) {
      for (const payload of [
        { name: bad, columns: [{ name: 'x', type: 'text' }] },
        { name: 'fine', columns: [{ name: bad, type: 'text' }] }
      ]) {
        const res = await admin({ method: 'POST', url: tablesUrl(db), payload })
        t.equal(res.statusCode, 400, JSON.stringify(payload))
        t.ok(['INVALID_IDENTIFIER', 'FST_ERR_VALIDATION'].includes(res.json().code), res.json().code)
      }
    }
    t.strictSame(await tableNames(db), [])
    const longest = 'a'.repeat(64)
    t.equal((await admin({ method: 'POST', url: tablesUrl(db), payload: { name: longest, columns: [{ name: longest, type: 'text' }] } })).statusCode, 201, '64 characters are fine')
  })

  t.test('refuses invalid definitions with 400', async (t) => {
    const db = await freshDatabase()
    for (const columns of [
      [],
      [{ name: 'a', type: 'text' }, { name: 'A', type: 'text' }],
      [{ name: 'id', type: 'text', primary_key: true, auto_increment: true }],
      [{ name: 'a', type: 'text', colour: 'red' }],
      [{ name: 'a', type: 'text', default: { x: 1 } }]
    ]) {
      const res = await admin({ method: 'POST', url: tablesUrl(db), payload: { name: 'bad', columns } })
      t.equal(res.statusCode, 400, JSON.stringify(columns))
    }
    t.strictSame(await tableNames(db), [])
  })

  t.test('an existing name answers 409 TABLE_EXISTS, whatever its case', async (t) => {
    const db = await freshDatabase()
    await createPeople(db)
    for (const name of ['people', 'PEOPLE']) {
      const res = await admin({ method: 'POST', url: tablesUrl(db), payload: { name, columns: [{ name: 'x', type: 'text' }] } })
      t.equal(res.statusCode, 409)
      t.equal(res.json().code, 'TABLE_EXISTS')
    }
    t.equal((await inspect(db, 'people')).data.length, 5, 'the table is untouched')
  })

  t.test('an unknown database answers 404', async (t) => {
    const res = await admin({ method: 'POST', url: tablesUrl('nowhere'), payload: { name: 'x', columns: [{ name: 'x', type: 'text' }] } })
    t.equal(res.statusCode, 404)
    t.equal(res.json().code, 'DATABASE_NOT_FOUND')
  })
})

t.test('GET .../tables lists tables and views, with row counts on request', async (t) => {
  const db = await freshDatabase()
  await createPeople(db)
  await sql(db, 'CREATE TABLE empty (x INTEGER)')
  await sql(db, 'CREATE VIEW adults AS SELECT * FROM people WHERE age >= 18')
  await sql(db, 'CREATE TABLE _internal (x INTEGER)')

  const plain = await admin({ method: 'GET', url: tablesUrl(db) })
  t.equal(plain.statusCode, 200)
  t.strictSame(plain.json(), { data: [{ name: 'adults', type: 'view' }, { name: 'empty', type: 'table' }, { name: 'people', type: 'table' }] })

  const counted = await admin({ method: 'GET', url: `${tablesUrl(db)}?counts=true` })
  t.strictSame(counted.json(), { data: [{ name: 'adults', type: 'view', rowCount: 2 }, { name: 'empty', type: 'table', rowCount: 0 }, { name: 'people', type: 'table', rowCount: 2 }] })
  t.equal((await admin({ method: 'GET', url: `${tablesUrl(db)}?bogus=1` })).statusCode, 400)
})

t.test('GET .../tables/:table', async (t) => {
  const db = await freshDatabase()
  await createPeople(db)
  const res = await admin({ method: 'GET', url: `${tablesUrl(db)}/people` })
  t.equal(res.statusCode, 200)
  t.strictSame(res.json().data[0], { name: 'id', type: 'INTEGER', notnull: false, pk: 1, default: null })
  for (const table of ['nope', 'sqlite_master', 'sqlite_schema']) {
    const missing = await admin({ method: 'GET', url: `${tablesUrl(db)}/${table}` })
    t.equal(missing.statusCode, 404, table)
    t.equal(missing.json().code, 'TABLE_NOT_FOUND')
    t.match(missing.json().message, table)
  }
})

t.test('PATCH .../tables/:table', async (t) => {
  t.test('renames, adds, drops and renames a column in one request', async (t) => {
    const db = await freshDatabase()
    await createPeople(db)
    const res = await admin({
      method: 'PATCH',
      url: `${tablesUrl(db)}/people`,
      payload: {
        name: 'persons',
        add_columns: [{ name: 'city', type: 'text' }, { name: 'status', type: 'text', nullable: false, default: 'active' }],
        drop_columns: ['legacy'],
        rename_column: { from: 'name', to: 'full_name' }
      }
    })
    t.equal(res.statusCode, 200, res.body)
    const columns = [
      { name: 'id', type: 'INTEGER', notnull: false, pk: 1, default: null },
      { name: 'full_name', type: 'TEXT', notnull: true, pk: 0, default: null },
      { name: 'email', type: 'TEXT', notnull: false, pk: 0, default: null },
      { name: 'age', type: 'INTEGER', notnull: false, pk: 0, default: null },
      { name: 'city', type: 'TEXT', notnull: false, pk: 0, default: null },
      { name: 'status', type: 'TEXT', notnull: true, pk: 0, default: "'active'" }
    ]
    t.strictSame(res.json(), { data: { name: 'persons', columns } })
    t.strictSame(await inspect(db, 'persons'), { data: columns })
    t.equal((await admin({ method: 'GET', url: `${tablesUrl(db)}/people` })).statusCode, 404, 'the old name is gone')
    t.strictSame(await sql(db, 'SELECT id, full_name, status FROM persons ORDER BY id'), [
      { id: 1, full_name: 'Ada', status: 'active' }, { id: 2, full_name: 'Bob', status: 'active' }
    ], 'rows survive and get the new default')
  })

  t.test('each member works alone', async (t) => {
    const db = await freshDatabase()
    await createPeople(db)
    const patch = (payload: object) => admin({ method: 'PATCH', url: `${tablesUrl(db)}/people`, payload })
    t.equal((await patch({ add_columns: [{ name: 'x', type: 'json' }] })).statusCode, 200)
    t.equal((await patch({ drop_columns: ['x', 'legacy'] })).statusCode, 200)
    t.equal((await patch({ rename_column: { from: 'age', to: 'years' } })).statusCode, 200)
    t.strictSame((await inspect(db, 'people')).data.map((c: { name: string }) => c.name), ['id', 'name', 'email', 'years'])
    t.equal((await patch({ name: 'folk' })).json().data.name, 'folk')
    t.strictSame(await tableNames(db), ['folk'])
  })

  // Each failure below comes after valid steps in the same request; nothing of the request may remain.
  for (const [label, payload, status, code] of [
    ['a drop of an unknown column', { add_columns: [{ name: 'city', type: 'text' }], rename_column: { from: 'age', to: 'years' }, drop_columns: ['nope'] }, 400, 'UNKNOWN_COLUMN'],
    ['a drop SQLite refuses while running (unique column)', { name: 'renamed', add_columns: [{ name: 'city', type: 'text' }], rename_column: { from: 'age', to: 'years' }, drop_columns: ['legacy', 'email'] }, 400, 'SQL_ERROR'],
    ['a drop of the primary key', { add_columns: [{ name: 'city', type: 'text' }], drop_columns: ['id'] }, 400, 'SQL_ERROR'],
    ['a rename onto an existing table', { add_columns: [{ name: 'city', type: 'text' }], drop_columns: ['legacy'], name: 'other' }, 409, 'TABLE_EXISTS'],
    ['a column added twice', { add_columns: [{ name: 'city', type: 'text' }, { name: 'CITY', type: 'text' }] }, 400, 'INVALID_VALUE'],
    ['a rename onto an existing column', { add_columns: [{ name: 'city', type: 'text' }], rename_column: { from: 'age', to: 'email' } }, 400, 'INVALID_VALUE'],
    ['a bad new column name', { add_columns: [{ name: 'city', type: 'text' }], rename_column: { from: 'age', to: '1age' } }, 400, 'INVALID_IDENTIFIER'],
    ['a bad column type', { add_columns: [{ name: 'city', type: 'text' }, { name: 'n', type: 'money' }] }, 400, 'INVALID_COLUMN_TYPE']
  ] as const) {
    t.test(`${label} leaves the table exactly as before`, async (t) => {
      const db = await freshDatabase()
      await createPeople(db)
      await sql(db, 'CREATE TABLE other (x INTEGER)')
      const before = { info: await inspect(db, 'people'), schemas: await schemas(db), rows: await sql(db, 'SELECT * FROM people') }
      const res = await admin({ method: 'PATCH', url: `${tablesUrl(db)}/people`, payload })
      t.equal(res.statusCode, status, res.body)
      t.equal(res.json().code, code)
      t.strictSame({ info: await inspect(db, 'people'), schemas: await schemas(db), rows: await sql(db, 'SELECT * FROM people') }, before)
    })
  }

  t.test('a NOT NULL column needs a default to be added', async (t) => {
    const db = await freshDatabase()
    await createPeople(db)
    for (const def of [{ name: 'code', type: 'text', nullable: false }, { name: 'code', type: 'text', nullable: false, default: null }]) {
      const res = await admin({ method: 'PATCH', url: `${tablesUrl(db)}/people`, payload: { add_columns: [def] } })
      t.equal(res.statusCode, 400)
      t.equal(res.json().code, 'INVALID_VALUE')
      t.match(res.json().message, /code/)
    }
    t.equal((await inspect(db, 'people')).data.length, 5)
  })

  t.test('answers 400 to an empty body and 404 to an unknown table', async (t) => {
    const db = await freshDatabase()
    await createPeople(db)
    t.equal((await admin({ method: 'PATCH', url: `${tablesUrl(db)}/people`, payload: {} })).statusCode, 400)
    t.equal((await admin({ method: 'PATCH', url: `${tablesUrl(db)}/people`, payload: { nmae: 'x' } })).statusCode, 400)
    const missing = await admin({ method: 'PATCH', url: `${tablesUrl(db)}/ghost`, payload: { name: 'x' } })
    t.equal(missing.statusCode, 404)
    t.equal(missing.json().code, 'TABLE_NOT_FOUND')
  })
})

t.test('DELETE .../tables/:table drops it and logs table.drop', async (t) => {
  const db = await freshDatabase()
  await createPeople(db)
  const res = await admin({ method: 'DELETE', url: `${tablesUrl(db)}/people` })
  t.equal(res.statusCode, 200)
  t.strictSame(res.json(), { data: { deleted: true, name: 'people' } })
  t.strictSame(await tableNames(db), [])
  t.equal((await admin({ method: 'GET', url: `${tablesUrl(db)}/people` })).statusCode, 404)

  const activity = (await admin({ method: 'GET', url: '/api/activity' })).json().data
  t.match(activity[0], { action: 'table.drop', actor: { type: 'admin' }, database: db, details: { table: 'people' } })

  const again = await admin({ method: 'DELETE', url: `${tablesUrl(db)}/people` })
  t.equal(again.statusCode, 404)
  t.equal(again.json().code, 'TABLE_NOT_FOUND')
})

t.test('GET .../tables/schema gives the CREATE statement of every user table', async (t) => {
  const db = await freshDatabase()
  t.strictSame(await schemas(db), [])
  await createPeople(db)
  await sql(db, 'CREATE TABLE "Weird Name" (x)')
  await sql(db, 'CREATE VIEW v AS SELECT 1')
  await sql(db, 'CREATE TABLE _internal (x INTEGER)')
  const res = await admin({ method: 'GET', url: `${tablesUrl(db)}/schema` })
  t.equal(res.statusCode, 200)
  t.strictSame(res.json().data.map((e: { name: string }) => e.name), ['Weird Name', 'people'])
  t.strictSame(res.json().data[0], { name: 'Weird Name', schema: 'CREATE TABLE "Weird Name" (x)' })
  t.match(res.json().data[1].schema, /^CREATE TABLE "people" \("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL, "email" TEXT UNIQUE/)
})

t.test('a read key may look but not change', async (t) => {
  const db = await freshDatabase()
  await createPeople(db)
  const reader = as(app, await keyFor(db, 'read'))
  for (const url of [tablesUrl(db), `${tablesUrl(db)}?counts=true`, `${tablesUrl(db)}/people`, `${tablesUrl(db)}/schema`]) {
    t.equal((await reader({ method: 'GET', url })).statusCode, 200, url)
  }
  const before = await schemas(db)
  for (const request of [
    { method: 'POST', url: tablesUrl(db), payload: { name: 'x', columns: [{ name: 'x', type: 'text' }] } },
    { method: 'PATCH', url: `${tablesUrl(db)}/people`, payload: { name: 'x' } },
    { method: 'DELETE', url: `${tablesUrl(db)}/people` }
  ] as const) {
    const res = await reader(request)
    t.equal(res.statusCode, 403, `${request.method} ${request.url}`)
    t.equal(res.json().code, 'INSUFFICIENT_SCOPE')
  }
  t.strictSame(await schemas(db), before, 'nothing changed')

  const writer = as(app, await keyFor(db, 'write'))
  t.equal((await writer({ method: 'POST', url: tablesUrl(db), payload: { name: 'x', columns: [{ name: 'x', type: 'text' }] } })).statusCode, 201)
  t.equal((await writer({ method: 'PATCH', url: `${tablesUrl(db)}/x`, payload: { name: 'y' } })).statusCode, 200)
  t.equal((await writer({ method: 'DELETE', url: `${tablesUrl(db)}/y` })).statusCode, 200)
  const activity = (await admin({ method: 'GET', url: '/api/activity' })).json().data
  t.match(activity[0], { action: 'table.drop', actor: { type: 'key', id: /^apk_/ }, details: { table: 'y' } })

  const other = await freshDatabase()
  const stranger = await writer({ method: 'GET', url: tablesUrl(other) })
  t.equal(stranger.statusCode, 403)
  t.equal(stranger.json().code, 'KEY_WRONG_DATABASE')
  t.equal((await as(app, undefined)({ method: 'GET', url: tablesUrl(db) })).statusCode, 401)
})

t.test('a readonly database refuses create, alter and drop for everyone', async (t) => {
  const db = await freshDatabase()
  await createPeople(db)
  const writer = as(app, await keyFor(db, 'write'))
  t.equal((await admin({ method: 'PATCH', url: `/api/databases/${db}/config`, payload: { readonly: true } })).statusCode, 200)
  const before = await schemas(db)
  for (const caller of [admin, writer]) {
    for (const request of [
      { method: 'POST', url: tablesUrl(db), payload: { name: 'x', columns: [{ name: 'x', type: 'text' }] } },
      { method: 'PATCH', url: `${tablesUrl(db)}/people`, payload: { add_columns: [{ name: 'x', type: 'text' }] } },
      { method: 'DELETE', url: `${tablesUrl(db)}/people` }
    ] as const) {
      const res = await caller(request)
      t.equal(res.statusCode, 403, `${request.method} ${request.url}`)
      t.equal(res.json().code, 'DATABASE_READONLY')
    }
    t.equal((await caller({ method: 'GET', url: `${tablesUrl(db)}/people` })).statusCode, 200, 'reads still work')
  }
  t.strictSame(await schemas(db), before)
  await admin({ method: 'PATCH', url: `/api/databases/${db}/config`, payload: { readonly: false } })
  t.equal((await writer({ method: 'DELETE', url: `${tablesUrl(db)}/people` })).statusCode, 200, 'lifting the flag allows writes again')
})

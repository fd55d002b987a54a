import t from 'tap'
import SwaggerParser from '@apidevtools/swagger-parser'
import { as, build, signIn, workspace } from '../helper.js'

const { app } = await build(t)
const admin = as(app, await signIn(app))
const { freshDatabase, keyFor, sql } = workspace(admin, 'docs')

const documentOf = (db: string, caller = admin) => caller({ method: 'GET', url: `/api/databases/${db}/openapi.json` })

async function withShop (): Promise<string> {
  const db = await freshDatabase()
  await sql(db, `CREATE TABLE items (id INTEGER PRIMARY KEY, title TEXT NOT NULL, price REAL, done BOOLEAN NOT NULL DEFAULT 0,
    meta JSON, photo BLOB, created DATETIME DEFAULT CURRENT_TIMESTAMP, code VARCHAR(8) UNIQUE, loose, len INTEGER GENERATED ALWAYS AS (length(title)))`)
  await sql(db, 'CREATE TABLE "odd name!" (slug TEXT PRIMARY KEY, n NUMERIC)')
  await sql(db, 'CREATE TABLE pairs (a INTEGER, b TEXT, PRIMARY KEY (a, b))')
  await sql(db, 'CREATE VIEW cheap AS SELECT id, title FROM items WHERE price < 5')
  return db
}

t.test('the document is valid OpenAPI 3.1 and types every table', async (t) => {
  const db = await withShop()
  const res = await documentOf(db)
  t.equal(res.statusCode, 200)
  t.match(res.headers['content-type'], /application\/json/)
  const doc = res.json()
  t.equal(doc.openapi, '3.1.0')
  await t.resolves(SwaggerParser.validate(structuredClone(doc)), 'swagger-parser finds no error')

  const schemas = doc.components.schemas
  t.strictSame(schemas.ItemsRecord.properties, {
    id: { type: 'integer', description: 'integers beyond 2^53 come as decimal strings' },
    title: { type: 'string' },
    price: { type: ['number', 'null'] },
    done: { type: 'boolean' },
    meta: { description: 'any JSON value' },
    photo: { anyOf: [{ $ref: '#/components/schemas/Blob' }, { type: 'null' }] },
    created: { type: ['string', 'null'], format: 'date-time' },
    code: { type: ['string', 'null'] },
    loose: { description: 'untyped column: any value' },
    len: { type: ['integer', 'null'], description: 'integers beyond 2^53 come as decimal strings' }
  })
  t.strictSame(schemas.ItemsCreate.required, ['title'], 'only NOT NULL columns without a default, never the rowid key')
  t.notOk('len' in schemas.ItemsCreate.properties, 'generated columns are not written')
  t.equal(schemas.ItemsCreate.additionalProperties, false)
  t.equal(schemas.ItemsPatch.minProperties, 1)

  const base = `/api/databases/${db}/tables`
  const list = doc.paths[`${base}/items/records`].get
  const sort = list.parameters.find((p: { name: string }) => p.name === 'sort')
  t.ok(sort.schema.items.enum.includes('-price') && sort.schema.items.enum.includes('title'), 'sort is an enum of the columns')
  t.strictSame(list.parameters.find((p: { name: string }) => p.name === 'fields').schema.items.enum, ['id', 'title', 'price', 'done', 'meta', 'photo', 'created', 'code', 'loose', 'len'])
  t.ok(doc.paths[`${base}/items/records/{id}`].put, 'PUT for tables with a key')
  t.equal(doc.paths[`${base}/items/records/{id}`].parameters[0].schema.type, 'integer')
  t.equal(doc.paths[`${base}/odd%20name!/records/{id}`].parameters[0].schema.type, 'string', 'any table name, encoded in the path')
  t.ok(schemas.Odd_name_Record, 'and a component name OpenAPI accepts')
  t.notOk(doc.paths[`${base}/pairs/records/{id}`], 'no :id routes for a composite key')
  t.ok(doc.paths[`${base}/pairs/records`].post)
  t.notOk(doc.paths[`${base}/cheap/records`].post, 'a view is read-only')
  t.ok(doc.paths[`${base}/cheap/export`].get)
})

t.test('the document is cached per schema version and follows schema changes', async (t) => {
  const db = await withShop()
  const described: unknown[] = []
  const run = app.engine.run
  app.engine.run = (async (...args: Parameters<typeof run>) => {
    const result = await run(...args)
    if (args[1] === 'database.describe') described.push(result)
    return result
  }) as typeof run
  t.teardown(() => { app.engine.run = run })

  const first = (await documentOf(db)).body
  const again = (await documentOf(db)).body
  t.equal(again, first)
  t.match(described, [{ tables: Array }, { version: Number }])
  t.notOk('tables' in (described[1] as object), 'the second answer came from the cache')

  await sql(db, 'ALTER TABLE items ADD COLUMN colour TEXT')
  const changed = JSON.parse((await documentOf(db)).body)
  t.strictSame(changed.components.schemas.ItemsRecord.properties.colour, { type: ['string', 'null'] }, 'the new column is in')
  await sql(db, 'CREATE TABLE later (id INTEGER PRIMARY KEY)')
  t.ok(JSON.parse((await documentOf(db)).body).components.schemas.LaterRecord)
})

t.test('who may read it', async (t) => {
  const db = await withShop()
  const other = await freshDatabase()
  t.equal((await documentOf(db, as(app, await keyFor(db, 'read')))).statusCode, 200, 'a read key')
  t.equal((await documentOf(db, as(app, await keyFor(other, 'write')))).json().code, 'KEY_WRONG_DATABASE')
  t.equal((await documentOf(db, as(app, undefined))).statusCode, 401)
  t.equal((await documentOf('nope')).json().code, 'DATABASE_NOT_FOUND')
  const empty = await documentOf(other)
  await t.resolves(SwaggerParser.validate(empty.json()), 'a database without tables has a valid document too')
})

t.test('the service document covers the data-plane routes', async (t) => {
  const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
  const operations = Object.values(doc.paths as Record<string, Record<string, { operationId: string }>>).flatMap((methods) => Object.values(methods).map((op) => op.operationId))
  for (const id of ['runBatch', 'replaceRecord', 'exportTable', 'getDatabaseOpenApi']) t.ok(operations.includes(id), id)
  const create = doc.paths['/api/databases/{db}/tables/{table}/records'].post
  t.ok(create.parameters.some((p: { name: string }) => p.name === 'onConflict'), 'upsert parameters')
  const listed = doc.paths['/api/databases/{db}/tables/{table}/records'].get
  t.ok(listed.parameters.some((p: { name: string }) => p.name === 'cursor'), 'the cursor parameter')
})

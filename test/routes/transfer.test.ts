import t from 'tap'
import { copyFileSync, existsSync, openAsBlob, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import Database from 'better-sqlite3'
import type { FastifyInstance } from 'fastify'
import { as, build, signIn, tempDir } from '../helper.js'

const fixture = join(import.meta.dirname, '..', 'fixtures', 'chinook.sqlite')
const chinookTables = ['Album', 'Artist', 'Customer', 'Employee', 'Genre', 'Invoice', 'InvoiceLine', 'MediaType', 'Playlist',
  'PlaylistTrack', 'Track']

// Tests work on copies: the fixture itself is never opened for writing.
const scratch = tempDir(t, 'litehouse-transfer-')
const chinook = join(scratch, 'chinook.sqlite')
copyFileSync(fixture, chinook)

function rowCounts (file: string): Record<string, number> {
  const db = new Database(file, { readonly: true, fileMustExist: true })
  try {
    const names = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name").pluck().all() as string[]
    return Object.fromEntries(names.map((name) => [name, db.prepare(`SELECT count(*) FROM "${name}"`).pluck().get() as number]))
  } finally {
    db.close()
  }
}
const chinookCounts = rowCounts(chinook)

type Part = { name: string, value: string } | { name: string, filename: string, content: Buffer }

/** A multipart/form-data body built by hand, for app.inject. */
function multipart (parts: Part[]): { payload: Buffer, headers: Record<string, string> } {
  const boundary = `----litehouse${randomBytes(8).toString('hex')}`
  const chunks: Buffer[] = []
  for (const part of parts) {
    const file = 'filename' in part
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"` +
      (file ? `; filename="${part.filename}"\r\nContent-Type: application/octet-stream` : '') + '\r\n\r\n'))
    chunks.push(file ? part.content : Buffer.from(part.value))
    chunks.push(Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

/** What a failed import could leave behind: hosted files, temporary files, registry rows. */
function footprint (app: FastifyInstance, dataDir: string) {
  const tmp = join(dataDir, '.tmp')
  return {
    files: readdirSync(dataDir).filter((f) => !f.startsWith('_') && f !== '.tmp').sort(),
    tmp: existsSync(tmp) ? readdirSync(tmp) : [],
    registry: app.store.db.prepare('SELECT id, name FROM databases ORDER BY name').all()
  }
}

/** Polls until `.tmp` is empty (or the time is up) and returns what is left there. */
async function tmpLeftovers (dataDir: string, withinMs = 2000): Promise<string[]> {
  const tmp = join(dataDir, '.tmp')
  const deadline = Date.now() + withinMs
  for (;;) {
    const left = existsSync(tmp) ? readdirSync(tmp) : []
    if (left.length === 0 || Date.now() > deadline) return left
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

const { app, dataDir } = await build(t)
const token = await signIn(app)
const admin = as(app, token)
await app.listen({ port: 0, host: '127.0.0.1' })
const address = app.server.address()
const origin = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : ''

async function runSql (db: string, sql: string): Promise<void> {
  const res = await admin({ method: 'POST', url: `/api/databases/${db}/query`, payload: { sql } })
  if (res.statusCode !== 200) throw new Error(`${sql}: ${res.statusCode} ${res.body}`)
}

async function createKey (db: string, scope: 'read' | 'write'): Promise<string> {
  const res = await admin({ method: 'POST', url: `/api/databases/${db}/keys`, payload: { label: 'app', scope } })
  if (res.statusCode !== 201) throw new Error(`key: ${res.statusCode} ${res.body}`)
  return res.json().data.key
}

t.test('importing chinook over a real connection', async (t) => {
  const form = new FormData()
  form.append('name', 'chinook')
  form.append('group', 'music')
  form.append('file', await openAsBlob(chinook), 'chinook.sqlite')
  const res = await fetch(`${origin}/api/databases/import`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } })
  t.equal(res.status, 201)
  const { data } = await res.json() as { data: Record<string, unknown> }
  t.match(data, { id: /^db_[0-9a-z]{24}$/, name: 'chinook', path: 'chinook.db', group: 'music', readonly: false, tableCount: 11 })
  t.same(Object.keys(data).sort(), ['createdAt', 'group', 'id', 'name', 'path', 'readonly', 'sizeBytes', 'tableCount'])
  t.ok(existsSync(join(dataDir, 'chinook.db')), 'the file is in place')
  t.same(await tmpLeftovers(dataDir), [], 'the upload left nothing in .tmp')
  t.match(app.store.db.prepare('SELECT * FROM databases WHERE name = ?').get('chinook'), { id: data.id, grp: 'music' })
  const log = (await admin({ method: 'GET', url: '/api/activity' })).json().data
  t.match(log.find((e: { action: string }) => e.action === 'database.import'), { database: 'chinook', actor: { type: 'admin' } })

  const detail = await admin({ method: 'GET', url: '/api/databases/chinook?counts=true' })
  t.equal(detail.statusCode, 200)
  const tables = detail.json().data.tables as Array<{ name: string, type: string, rowCount: number }>
  t.same(tables.map((x) => x.name).sort(), chinookTables, 'its 11 tables are listed')
  t.ok(tables.every((x) => x.type === 'table'))
  t.same(Object.fromEntries(tables.map((x) => [x.name, x.rowCount])), chinookCounts, 'with the original row counts')

  const tracks = await admin({ method: 'GET', url: '/api/databases/chinook/tables/Track/records?limit=5&sort=TrackId' })
  t.equal(tracks.statusCode, 200)
  t.equal(tracks.json().data.length, 5)
  t.match(tracks.json().data[0], { TrackId: 1, Name: 'For Those About To Rock (We Salute You)', AlbumId: 1 })
  t.match(tracks.json().meta, { limit: 5, offset: 0, hasMore: true })

  const db = new Database(join(dataDir, 'chinook.db'), { readonly: true })
  t.teardown(() => db.close())
  t.equal(db.pragma('integrity_check', { simple: true }), 'ok', 'the hosted file is sound')
})

t.test('POST /api/databases/:name/export', async (t) => {
  t.test('sends a copy with the same rows and leaves no temporary file', async (t) => {
    const res = await admin({ method: 'POST', url: '/api/databases/chinook/export' })
    t.equal(res.statusCode, 200)
    t.equal(res.headers['content-type'], 'application/octet-stream')
    t.equal(res.headers['content-disposition'], 'attachment; filename="chinook.db"')
    t.equal(res.rawPayload.subarray(0, 16).toString('latin1'), 'SQLite format 3\0')
    const copy = join(tempDir(t), 'export.db')
    writeFileSync(copy, res.rawPayload)
    t.same(rowCounts(copy), chinookCounts, 'every table has the original row count')
    const db = new Database(copy, { readonly: true })
    t.equal(db.pragma('integrity_check', { simple: true }), 'ok')
    t.same(db.prepare('SELECT Name FROM Track WHERE TrackId = 3503').pluck().get(), 'Koyaanisqatsi')
    db.close()
    t.same(await tmpLeftovers(dataDir), [], '.tmp is empty afterwards')
  })

  t.test('includes rows just written and works with a read key, not another database\'s key', async (t) => {
    await runSql('chinook', "INSERT INTO Genre (Name) VALUES ('Export Test')")
    const readKey = await createKey('chinook', 'read')
    const res = await as(app, readKey)({ method: 'POST', url: '/api/databases/chinook/export' })
    t.equal(res.statusCode, 200)
    const copy = join(tempDir(t), 'export.db')
    writeFileSync(copy, res.rawPayload)
    t.same(rowCounts(copy), { ...chinookCounts, Genre: chinookCounts.Genre + 1 })
    await runSql('chinook', "DELETE FROM Genre WHERE Name = 'Export Test'")

    await admin({ method: 'POST', url: '/api/databases', payload: { name: 'other' } })
    const foreign = await as(app, await createKey('other', 'read'))({ method: 'POST', url: '/api/databases/chinook/export' })
    t.equal(foreign.statusCode, 403)
    t.equal(foreign.json().code, 'KEY_WRONG_DATABASE')
    t.equal((await app.inject({ method: 'POST', url: '/api/databases/chinook/export' })).statusCode, 401)
    const unknown = await admin({ method: 'POST', url: '/api/databases/nope/export' })
    t.equal(unknown.statusCode, 404)
    t.equal(unknown.json().code, 'DATABASE_NOT_FOUND')
    t.same(await tmpLeftovers(dataDir), [])
  })

  t.test('removes the temporary file when the client disconnects mid-download', async (t) => {
    await admin({ method: 'POST', url: '/api/databases', payload: { name: 'big' } })
    await runSql('big', 'CREATE TABLE blobs (b BLOB)')
    await runSql('big', 'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 8000) INSERT INTO blobs SELECT randomblob(1000) FROM n')

    const seenDuringDownload = await new Promise<string[]>((resolve, reject) => {
      const req = httpRequest(`${origin}/api/databases/big/export`, { method: 'POST', headers: { authorization: `Bearer ${token}` } }, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`export answered ${res.statusCode}`))
        res.once('data', () => {
          const during = readdirSync(join(dataDir, '.tmp'))
          req.destroy()
          resolve(during)
        })
      })
      req.on('error', () => { /* destroyed on purpose */ })
      req.end()
    })
    t.ok(seenDuringDownload.length > 0, 'the export was streaming from a temporary file')
    t.same(await tmpLeftovers(dataDir, 2000), [], 'the temporary file is removed within 2 s of the disconnect')

    // the client gives up while the copy is still being written, before any byte of the answer
    const req = httpRequest(`${origin}/api/databases/big/export`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })
    req.on('error', () => { /* destroyed on purpose */ })
    req.end()
    const deadline = Date.now() + 5000
    while (readdirSync(join(dataDir, '.tmp')).length === 0 && Date.now() < deadline) await new Promise((resolve) => setImmediate(resolve))
    t.ok(readdirSync(join(dataDir, '.tmp')).length > 0, 'VACUUM INTO was writing the copy')
    req.destroy()
    t.same(await tmpLeftovers(dataDir, 3000), [], 'the temporary file is removed after an early disconnect too')

    const health = await fetch(`${origin}/api/health`)
    t.equal(health.status, 200, 'the server carries on')
    const again = await admin({ method: 'POST', url: '/api/databases/big/export' })
    t.equal(again.statusCode, 200)
    t.ok(again.rawPayload.length > 8_000_000, 'a full export still works')
    t.same(await tmpLeftovers(dataDir), [])
  })
})

t.test('POST /api/databases/import refuses bad uploads and leaves nothing behind', async (t) => {
  const before = footprint(app, dataDir)
  const chinookBytes = readFileSync(chinook)
  const corrupted = join(scratch, 'corrupted.sqlite')
  copyFileSync(chinook, corrupted)
  {
    // overwrite pages in the middle with garbage: their b-tree headers no longer make sense
    const bytes = readFileSync(corrupted)
    randomBytes(64 * 1024).copy(bytes, 400 * 1024)
    writeFileSync(corrupted, bytes)
  }
  t.test('the corrupted copy really is corrupt', async (t) => {
    let verdict: string
    try {
      const db = new Database(corrupted, { readonly: true })
      try { verdict = String(db.pragma('integrity_check', { simple: true })) } finally { db.close() }
    } catch (err) {
      verdict = String(err)
    }
    t.not(verdict, 'ok')
  })

  const file = (content: Buffer, filename = 'upload.db'): Part => ({ name: 'file', filename, content })
  const cases: Array<[string, Part[], number, string]> = [
    ['a text file', [{ name: 'name', value: 'text' }, file(Buffer.from('hello, this is not a database\n'.repeat(200)), 'notes.txt')], 400, 'INVALID_DATABASE_FILE'],
    ['an empty file', [{ name: 'name', value: 'empty' }, file(Buffer.alloc(0))], 400, 'INVALID_DATABASE_FILE'],
    ['a truncated SQLite file', [{ name: 'name', value: 'truncated' }, file(chinookBytes.subarray(0, 4096))], 400, 'INVALID_DATABASE_FILE'],
    ['a corrupted SQLite file', [{ name: 'name', value: 'corrupted' }, file(readFileSync(corrupted))], 400, 'INVALID_DATABASE_FILE'],
    ['no file part', [{ name: 'name', value: 'nofile' }], 400, 'INVALID_REQUEST'],
    ['no name', [file(chinookBytes)], 400, 'INVALID_REQUEST'],
    ['an empty name', [{ name: 'name', value: '' }, file(chinookBytes)], 400, 'INVALID_REQUEST'],
    ['an uppercase name', [{ name: 'name', value: 'Chinook2' }, file(chinookBytes)], 400, 'INVALID_REQUEST'],
    ['a path as name', [{ name: 'name', value: '../escape' }, file(chinookBytes)], 400, 'INVALID_REQUEST'],
    ['a system name', [{ name: 'name', value: '_system' }, file(chinookBytes)], 400, 'INVALID_REQUEST'],
    ['a taken name', [{ name: 'name', value: 'chinook' }, file(chinookBytes)], 409, 'DATABASE_EXISTS']
  ]
  for (const [what, parts, status, code] of cases) {
    t.test(what, async (t) => {
      const res = await admin({ method: 'POST', url: '/api/databases/import', ...multipart(parts) })
      t.equal(res.statusCode, status)
      t.equal(res.json().code, code)
      t.notMatch(res.json().message, dataDir, 'the message names no server path')
      t.same({ ...footprint(app, dataDir), tmp: await tmpLeftovers(dataDir) }, before, 'no file, temporary file or registry row is left')
    })
  }

  t.test('two file parts', async (t) => {
    const res = await admin({ method: 'POST', url: '/api/databases/import', ...multipart([{ name: 'name', value: 'twice' }, file(chinookBytes), file(chinookBytes, 'again.db')]) })
    t.ok(res.statusCode >= 400 && res.statusCode < 500, `refused with ${res.statusCode}`)
    t.same({ ...footprint(app, dataDir), tmp: await tmpLeftovers(dataDir) }, before, 'neither upload is left')
  })

  t.test('a JSON body', async (t) => {
    const res = await admin({ method: 'POST', url: '/api/databases/import', payload: { name: 'json' } })
    t.equal(res.statusCode, 400)
    t.same(footprint(app, dataDir), before)
  })

  t.test('a name whose file exists unregistered', async (t) => {
    const orphan = join(dataDir, 'orphan.db')
    writeFileSync(orphan, 'not mine to replace')
    const res = await admin({ method: 'POST', url: '/api/databases/import', ...multipart([{ name: 'name', value: 'orphan' }, file(chinookBytes)]) })
    t.equal(res.statusCode, 409)
    t.equal(res.json().code, 'DATABASE_EXISTS')
    t.equal(readFileSync(orphan, 'utf8'), 'not mine to replace', 'the existing file is untouched')
    t.same(await tmpLeftovers(dataDir), [])
    t.same(footprint(app, dataDir).registry, before.registry)
  })

  t.test('by an API key: 403 ADMIN_REQUIRED', async (t) => {
    const key = await createKey('chinook', 'write')
    const registry = footprint(app, dataDir).registry
    const res = await as(app, key)({ method: 'POST', url: '/api/databases/import', ...multipart([{ name: 'name', value: 'bykey' }, file(chinookBytes)]) })
    t.equal(res.statusCode, 403)
    t.equal(res.json().code, 'ADMIN_REQUIRED')
    t.notOk(existsSync(join(dataDir, 'bykey.db')))
    t.same(await tmpLeftovers(dataDir), [])
    t.same(footprint(app, dataDir).registry, registry)
    t.equal((await app.inject({ method: 'POST', url: '/api/databases/import', ...multipart([{ name: 'name', value: 'anon' }, file(chinookBytes)]) })).statusCode, 401)
  })
})

t.test('an import over MAX_IMPORT_SIZE answers 413 and leaves nothing behind', async (t) => {
  const small = await build(t, { MAX_IMPORT_SIZE: '100000' })
  const smallToken = await signIn(small.app)
  const smallAdmin = as(small.app, smallToken)
  const before = footprint(small.app, small.dataDir)
  const res = await smallAdmin({
    method: 'POST',
    url: '/api/databases/import',
    ...multipart([{ name: 'name', value: 'toobig' }, { name: 'file', filename: 'chinook.sqlite', content: readFileSync(chinook) }])
  })
  t.equal(res.statusCode, 413)
  t.equal(res.json().code, 'IMPORT_TOO_LARGE')
  t.same({ ...footprint(small.app, small.dataDir), tmp: await tmpLeftovers(small.dataDir) }, before)

  // a real client still streaming the rest of the file gets the answer too
  await small.app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = small.app.server.address() as { port: number }
  const form = new FormData()
  form.append('name', 'toobig')
  form.append('file', await openAsBlob(chinook), 'chinook.sqlite')
  const streamed = await fetch(`http://127.0.0.1:${port}/api/databases/import`, { method: 'POST', body: form, headers: { authorization: `Bearer ${smallToken}` } })
  t.equal(streamed.status, 413)
  t.match(await streamed.json(), { code: 'IMPORT_TOO_LARGE' })
  t.same({ ...footprint(small.app, small.dataDir), tmp: await tmpLeftovers(small.dataDir) }, before)

  const tiny = join(tempDir(t), 'tiny.db')
  const db = new Database(tiny)
  db.exec('CREATE TABLE t (v); INSERT INTO t VALUES (1)')
  db.close()
  const fits = await smallAdmin({
    method: 'POST', url: '/api/databases/import', ...multipart([{ name: 'name', value: 'tiny' }, { name: 'file', filename: 'tiny.db', content: readFileSync(tiny) }])
  })
  t.equal(fits.statusCode, 201, 'a file under the limit imports')
})

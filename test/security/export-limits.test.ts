// Issue #30 item 6: six concurrent exports of one 800 MB database by a read key left 4.5 GB of copies in
// DATA_DIR/.tmp and starved every other tenant. At most EXPORTS_PER_DATABASE exports of one database run at once and
// temporary copies (exports, uploads) hold at most TMP_MAX_BYTES; beyond either, 503 with Retry-After.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import t, { type Test } from 'tap'
import { loadConfig } from '../../fastify.config.js'
import { as, build, signIn, workspace } from '../helper.js'

const MiB = 1024 * 1024

t.test('EXPORTS_PER_DATABASE defaults to 2 and TMP_MAX_BYTES to 8 GiB', async (t) => {
  t.equal(loadConfig({}).exportsPerDatabase, 2)
  t.equal(loadConfig({}).tmpMaxBytes, 8192 * MiB)
  t.throws(() => loadConfig({ EXPORTS_PER_DATABASE: '0' }), /EXPORTS_PER_DATABASE/)
  t.throws(() => loadConfig({ TMP_MAX_BYTES: 'lots' }), /TMP_MAX_BYTES/)
})

/** A server on a port, a read key of a database of about `mib` MiB, and a small second database. */
async function setup (t: Test, env: Record<string, string>, mib: number) {
  const built = await build(t, env)
  const { app } = built
  const admin = as(app, await signIn(app))
  const ws = workspace(admin, 'exp')
  const big = await ws.freshDatabase()
  const small = await ws.freshDatabase()
  await ws.sql(big, 'CREATE TABLE b (id INTEGER PRIMARY KEY, v BLOB)')
  for (let i = 0; i < mib; i++) await ws.sql(big, 'INSERT INTO b (v) VALUES (randomblob(1048576))')
  await ws.sql(small, 'CREATE TABLE s (id INTEGER PRIMARY KEY)')
  const key = await ws.keyFor(big, 'read')
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const port = typeof address === 'object' && address !== null ? address.port : 0
  return { ...built, admin, big, small, key, port }
}


/** Starts an export and waits for its status line, reading none of the body: the copy stays until it is read or dropped. */
function heldExport (port: number, db: string, token: string): Promise<{ req: ClientRequest, res: IncomingMessage }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: `/api/databases/${db}/export`, headers: { authorization: `Bearer ${token}` } })
    req.once('response', (res) => {
      res.pause()
      resolve({ req, res })
    })
    req.once('error', reject)
    req.end()
  })
}

function tmpBytes (dataDir: string): number {
  const dir = join(dataDir, '.tmp')
  if (!existsSync(dir)) return 0
  return readdirSync(dir).reduce((sum, f) => sum + statSync(join(dir, f)).size, 0)
}

async function until (check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

t.test('a third concurrent export of one database answers 503 TOO_MANY_EXPORTS with Retry-After', async (t) => {
  const { app, dataDir, big, small, key, port, admin } = await setup(t, { EXPORTS_PER_DATABASE: '2' }, 24)
  const reader = as(app, key)
  const held = [await heldExport(port, big, key), await heldExport(port, big, key)]
  for (const h of held) t.equal(h.res.statusCode, 200, 'the first two run')

  const third = await reader({ method: 'POST', url: `/api/databases/${big}/export` })
  t.equal(third.statusCode, 503)
  t.equal(third.json().code, 'TOO_MANY_EXPORTS')
  t.ok(Number(third.headers['retry-after']) > 0, 'Retry-After says when to come back')
  t.equal((await admin({ method: 'POST', url: `/api/databases/${big}/export` })).statusCode, 503, 'an admin waits too')
  t.equal((await admin({ method: 'POST', url: `/api/databases/${small}/export` })).statusCode, 200, 'another database is not held back')

  for (const h of held) h.req.destroy()
  await until(() => tmpBytes(dataDir) === 0, 'the dropped copies are removed')
  const again = await reader({ method: 'POST', url: `/api/databases/${big}/export` })
  t.equal(again.statusCode, 200, 'the slots are free again')
  t.ok(again.rawPayload.length > 24 * MiB)
})

t.test('temporary copies never hold more than TMP_MAX_BYTES', async (t) => {
  const { app, dataDir, big, small, key, port, admin } = await setup(t, { EXPORTS_PER_DATABASE: '10', TMP_MAX_BYTES: String(40 * MiB) }, 24)
  const reader = as(app, key)
  const held = await heldExport(port, big, key)
  t.equal(held.res.statusCode, 200)
  const used = tmpBytes(dataDir)
  t.ok(used > 24 * MiB, 'the held export keeps its copy')

  const second = await reader({ method: 'POST', url: `/api/databases/${big}/export` })
  t.equal(second.statusCode, 503)
  t.equal(second.json().code, 'TEMP_SPACE_FULL')
  t.ok(Number(second.headers['retry-after']) > 0)
  t.equal(tmpBytes(dataDir), used, 'no second copy was started')
  t.equal((await admin({ method: 'POST', url: `/api/databases/${small}/export` })).statusCode, 200, 'a small copy still fits')

  // an upload counts against the same space, and leaves nothing when refused
  const boundary = 'xxlitehouse'
  const upload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nuploaded\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.db"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    randomBytes(20 * MiB), Buffer.from(`\r\n--${boundary}--\r\n`)
  ])
  const imported = await admin({ method: 'POST', url: '/api/databases/import', payload: upload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } })
  t.equal(imported.statusCode, 503, imported.body)
  t.equal(imported.json().code, 'TEMP_SPACE_FULL')
  t.equal(tmpBytes(dataDir), used, 'the refused upload left nothing')

  held.req.destroy()
  await until(() => tmpBytes(dataDir) === 0, 'the dropped copy is removed')
  t.equal((await reader({ method: 'POST', url: `/api/databases/${big}/export` })).statusCode, 200, 'the space is free again')
  t.equal(app.databases.tempSpace.used, 0, 'every reservation was given back')
})

t.test('a database larger than TMP_MAX_BYTES cannot be exported: 507 EXPORT_TOO_LARGE', async (t) => {
  const { app, dataDir, big, key } = await setup(t, { TMP_MAX_BYTES: String(4 * MiB) }, 6)
  const res = await as(app, key)({ method: 'POST', url: `/api/databases/${big}/export` })
  t.equal(res.statusCode, 507)
  t.equal(res.json().code, 'EXPORT_TOO_LARGE')
  t.equal(tmpBytes(dataDir), 0)
})

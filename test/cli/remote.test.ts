// With --url the CLI talks to a running server over HTTP, with the credential in LITEHOUSE_TOKEN: the same
// commands, the API's own answers and messages, exit 1 when the server refuses or cannot be reached. The server
// keeps backups in a file:// replica (the real Litestream binary), so backup and restore run end to end. The
// commands run lib/cli/main in this process (litehouseHere), the first one the real bin.
import type { AddressInfo } from 'node:net'
import { createServer } from 'node:net'
import t from 'tap'
import { as, build, signIn, tempDir } from '../helper.js'
import { litehouse, litehouseHere } from './run.js'

t.setTimeout(1_200_000)

const replica = tempDir(t, 'litehouse-cli-replica-')
const { app } = await build(t, { BACKUP_URL: `file://${replica}`, BACKUP_SYNC_MS: '100' })
await app.listen({ port: 0, host: '127.0.0.1' })
const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
const token = await signIn(app)
const admin = as(app, token)
const asAdmin = { LITEHOUSE_TOKEN: token }

t.test('db create and key create on a running server', async (t) => {
  const db = await litehouse(['db', 'create', 'shop', '--url', url], asAdmin)
  t.equal(db.code, 0, db.stderr)
  t.match(JSON.parse(db.stdout), { name: 'shop' })
  t.equal((await admin({ method: 'GET', url: '/api/databases/shop' })).statusCode, 200, 'the server has it')

  const taken = await litehouseHere(['db', 'create', 'shop', '--url', url], asAdmin)
  t.equal(taken.code, 1)
  t.match(taken.stderr, "database 'shop' already exists (409 DATABASE_EXISTS)")

  const missing = await litehouseHere(['key', 'create', 'nope', '--scope', 'write', '--url', url], asAdmin)
  t.equal(missing.code, 1)
  t.match(missing.stderr, "litehouse key create: database 'nope' does not exist (404 DATABASE_NOT_FOUND)")

  const key = await litehouseHere(['key', 'create', 'shop', '--scope', 'write', '--url', url], asAdmin)
  t.equal(key.code, 0, key.stderr)
  const raw = JSON.parse(key.stdout).key as string
  const table = await as(app, raw)({ method: 'POST', url: '/api/databases/shop/query', payload: { sql: 'CREATE TABLE items (id INTEGER PRIMARY KEY, sku TEXT NOT NULL, price REAL)' } })
  t.equal(table.statusCode, 200, 'the new key works')

  // a write key of the database is enough for its types
  const types = await litehouseHere(['types', 'shop', '--url', url], { LITEHOUSE_TOKEN: raw })
  t.equal(types.code, 0, types.stderr)
  t.match(types.stdout, /"\/api\/databases\/shop\/tables\/items\/records"/)
  t.match(types.stdout, /sku: string/)
})

t.test('admin create on a running server: a further admin needs an admin session', async (t) => {
  const refused = await litehouseHere(['admin', 'create', '--email', 'second@example.com', '--url', url], { LITEHOUSE_ADMIN_PASSWORD: 'correct horse battery' })
  t.equal(refused.code, 1)
  t.match(refused.stderr, '(403 SETUP_FORBIDDEN)')
  const created = await litehouseHere(['admin', 'create', '--email', 'second@example.com', '--url', url], { ...asAdmin, LITEHOUSE_ADMIN_PASSWORD: 'correct horse battery' })
  t.equal(created.code, 0, created.stderr)
  t.match(JSON.parse(created.stdout), { email: 'second@example.com' })
})

t.test('no credential, or a server that is not there: exit 1 saying so', async (t) => {
  const anonymous = await litehouseHere(['db', 'create', 'other', '--url', url])
  t.equal(anonymous.code, 1)
  t.match(anonymous.stderr, 'missing bearer credential (401 UNAUTHORIZED)')

  const closed = createServer()
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
  const port = (closed.address() as AddressInfo).port
  await new Promise((resolve) => closed.close(resolve))
  const away = await litehouseHere(['db', 'create', 'other', '--url', `http://127.0.0.1:${port}`], asAdmin)
  t.equal(away.code, 1)
  t.match(away.stderr, `cannot reach http://127.0.0.1:${port}: ECONNREFUSED`)
})

t.test('backup and restore through the server', async (t) => {
  const insert = await admin({ method: 'POST', url: '/api/databases/shop/query', payload: { sql: "INSERT INTO items (sku, price) VALUES ('a-1', 9.5)" } })
  t.equal(insert.statusCode, 200, insert.body)

  const snapshot = await litehouseHere(['backup', 'shop', '--url', url], asAdmin)
  t.equal(snapshot.code, 0, snapshot.stderr)
  t.match(JSON.parse(snapshot.stdout), { createdAt: String })

  const list = await litehouseHere(['backup', 'shop', '--list', '--url', url], asAdmin)
  t.equal(list.code, 0, list.stderr)
  t.ok(JSON.parse(list.stdout).snapshots.length >= 1, 'the snapshot is listed')

  const restored = await litehouseHere(['restore', 'shop', '--target', 'shop-copy', '--url', url], asAdmin)
  t.equal(restored.code, 0, restored.stderr)
  t.match(JSON.parse(restored.stdout), { name: 'shop-copy' })
  const rows = await admin({ method: 'POST', url: '/api/databases/shop-copy/query', payload: { sql: 'SELECT sku FROM items' } })
  t.strictSame(rows.json().data, [{ sku: 'a-1' }], 'the copy holds the row')

  const taken = await litehouseHere(['restore', 'shop', '--target', 'shop-copy', '--url', url], asAdmin)
  t.equal(taken.code, 1)
  t.match(taken.stderr, '(409 ')

  const deleted = await admin({ method: 'DELETE', url: '/api/databases/shop' })
  t.equal(deleted.statusCode, 200, deleted.body)
  const back = await litehouseHere(['restore', 'shop', '--deleted', '--target', 'shop-back', '--url', url], asAdmin)
  t.equal(back.code, 0, back.stderr)
  t.match(JSON.parse(back.stdout), { name: 'shop-back' })
  const kept = await admin({ method: 'POST', url: '/api/databases/shop-back/query', payload: { sql: 'SELECT sku FROM items' } })
  t.strictSame(kept.json().data, [{ sku: 'a-1' }], 'the deleted database came back with its row')
})

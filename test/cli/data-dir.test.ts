// Without --url the CLI opens a stopped server's data directory itself: admin create (also on a new directory),
// db create, key create and types, with the API's own answers and messages; a server started afterwards on that
// directory honours what the CLI made. The commands run lib/cli/main in this process (litehouseHere); the one that
// must meet a server in another process spawns the real bin.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import Fastify from 'fastify'
import fp from 'fastify-plugin'
import t from 'tap'
import app, { serverOptions } from '../../app.js'
import { tempDir, testConfig } from '../helper.js'
import { litehouse, litehouseHere } from './run.js'

t.setTimeout(1_200_000)

const dataDir = join(tempDir(t, 'litehouse-cli-dir-'), 'data')
const on = ['--data-dir', dataDir]

/** The whole app on the data directory, as a server started there would be; closed when `work` is done. */
async function withServer (work: (inject: ReturnType<typeof Fastify>['inject']) => Promise<void>): Promise<void> {
  const config = testConfig(dataDir)
  const server = Fastify(serverOptions(config))
  await server.register(fp(app), { config })
  try {
    await work(server.inject.bind(server))
  } finally {
    await server.close()
  }
}

t.test('a command other than admin create refuses a directory that is not a data directory, and creates nothing', async (t) => {
  const ran = await litehouseHere(['db', 'create', 'notes', ...on])
  t.equal(ran.code, 1)
  t.match(ran.stderr, /is not a Litehouse data directory \(no _system\.db\)/)
  t.notOk(existsSync(dataDir))
})

let key = ''
t.test('admin create, db create, key create on the directory', async (t) => {
  const admin = await litehouseHere(['admin', 'create', '--email', 'ops@example.com', ...on], { LITEHOUSE_ADMIN_PASSWORD: 'correct horse battery' })
  t.equal(admin.code, 0, admin.stderr)
  t.match(JSON.parse(admin.stdout), { id: /^adm_/, email: 'ops@example.com' })
  t.ok(existsSync(join(dataDir, '_system.db')), 'the directory was initialised')

  const again = await litehouseHere(['admin', 'create', '--email', 'ops@example.com', '--password', 'another password', ...on])
  t.equal(again.code, 1)
  t.match(again.stderr, "an admin with email 'ops@example.com' already exists (409 ADMIN_EXISTS)")

  const db = await litehouseHere(['db', 'create', 'notes', '--group', 'docs', ...on])
  t.equal(db.code, 0, db.stderr)
  t.match(JSON.parse(db.stdout), { name: 'notes', group: 'docs', path: 'notes.db' })
  t.ok(existsSync(join(dataDir, 'notes.db')))

  const missing = await litehouseHere(['key', 'create', 'nope', '--scope', 'read', ...on])
  t.equal(missing.code, 1)
  t.equal(missing.stdout, '')
  t.match(missing.stderr, "litehouse key create: database 'nope' does not exist (404 DATABASE_NOT_FOUND)")

  const created = await litehouseHere(['key', 'create', 'notes', '--scope', 'write', '--label', 'ci', ...on])
  t.equal(created.code, 0, created.stderr)
  const body = JSON.parse(created.stdout)
  t.match(body, { id: /^apk_/, label: 'ci', scope: 'write', key: /^lh_/ })
  key = body.key
})

t.test('a server on the directory knows the admin, the database and the key', async (t) => {
  await withServer(async (inject) => {
    const login = await inject({ method: 'POST', url: '/api/admin/login', payload: { email: 'ops@example.com', password: 'correct horse battery' } })
    t.equal(login.statusCode, 200, login.body)
    const table = await inject({
      method: 'POST', url: '/api/databases/notes/query', headers: { authorization: `Bearer ${key}` },
      payload: { sql: 'CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL, pinned BOOLEAN)' }
    })
    t.equal(table.statusCode, 200, table.body)
    const busy = await litehouse(['db', 'create', 'other', ...on])
    t.equal(busy.code, 1, 'the CLI refuses the directory while a server has it open')
    t.match(busy.stderr, `a running server has ${dataDir} open: use --url`)
    t.notOk(existsSync(join(dataDir, 'other.db')), 'and created nothing')
    const activity = await inject({ method: 'GET', url: '/api/activity', headers: { authorization: `Bearer ${login.json().data.token}` } })
    t.ok(activity.json().data.some((entry: { action: string, actor: { email?: string } }) => entry.action === 'database.create' && entry.actor.email === 'litehouse-cli'),
      'the audit log names the CLI as the actor')
  })
})

t.test('types <db> from the directory: the table\'s columns', async (t) => {
  const ran = await litehouseHere(['types', 'notes', ...on])
  t.equal(ran.code, 0, ran.stderr)
  t.match(ran.stdout, /export interface paths/)
  t.match(ran.stdout, /"\/api\/databases\/notes\/tables\/notes\/records"/)
  t.match(ran.stdout, /title: string/)

  const absent = await litehouseHere(['types', 'nope', ...on])
  t.equal(absent.code, 1)
  t.match(absent.stderr, "database 'nope' does not exist (404 DATABASE_NOT_FOUND)")
})

t.test('backup without BACKUP_URL: the API\'s message, exit 1', async (t) => {
  const ran = await litehouseHere(['backup', 'notes', ...on])
  t.equal(ran.code, 1)
  t.match(ran.stderr, 'backups are off on this server: set BACKUP_URL to turn them on (404 BACKUPS_DISABLED)')
})

import t from 'tap'
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { sha256 } from '../../lib/crypto.js'
import { as, build, signIn } from '../helper.js'

const isoDate = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/
const rawKey = /^lh_[0-9A-Za-z]{40}$/

interface NewKey { id: string, label: string, scope: 'read' | 'write', key: string, prefix: string, createdAt: string }
interface ActivityEntry { action: string, actor: { type: string, id: string | null, email?: string }, database: string | null, details: Record<string, unknown> | null }

/** An app with an admin session and the databases `alpha` and `beta`. */
async function setup (t: Parameters<typeof build>[0], env: Record<string, string> = {}) {
  const built = await build(t, env)
  const admin = await signIn(built.app)
  const asAdmin = as(built.app, admin)
  for (const name of ['alpha', 'beta']) {
    const res = await asAdmin({ method: 'POST', url: '/api/databases', payload: { name } })
    if (res.statusCode !== 201) throw new Error(`create ${name} failed: ${res.body}`)
  }
  const adminId = (await asAdmin({ method: 'GET', url: '/api/admin/me' })).json().data.id as string
  return { ...built, admin, adminId, asAdmin }
}

function keyMaker (app: FastifyInstance, token: string) {
  return async (db: string, payload: Record<string, unknown>): Promise<NewKey> => {
    const res = await as(app, token)({ method: 'POST', url: `/api/databases/${db}/keys`, payload })
    if (res.statusCode !== 201) throw new Error(`create key failed: ${res.statusCode} ${res.body}`)
    return res.json().data
  }
}

/** A request only a working key of `db` gets 200 on. */
const probe = (app: FastifyInstance, key: string, db = 'alpha'): Promise<LightMyRequestResponse> =>
  as(app, key)({ method: 'GET', url: `/api/databases/${db}` })

async function activity (app: FastifyInstance, admin: string, action: string): Promise<ActivityEntry[]> {
  const res = await as(app, admin)({ method: 'GET', url: '/api/activity?limit=1000' })
  return (res.json().data as ActivityEntry[]).filter((entry) => entry.action === action)
}

t.test('API keys', async (t) => {
  const { app, admin, adminId, asAdmin } = await setup(t)
  const createKey = keyMaker(app, admin)

  t.test('create answers 201 with the raw key, once', async (t) => {
    const res = await asAdmin({ method: 'POST', url: '/api/databases/alpha/keys', payload: { label: 'ci deploys' } })
    t.equal(res.statusCode, 201)
    const data = res.json().data as NewKey
    t.same(Object.keys(data).sort(), ['createdAt', 'id', 'key', 'label', 'prefix', 'scope'])
    t.match(data, { id: /^apk_[0-9a-z]{24}$/, label: 'ci deploys', scope: 'write', key: rawKey, createdAt: isoDate })
    t.equal(data.prefix, data.key.slice(0, 7), 'prefix is the first 7 characters of the key')
    t.equal((await probe(app, data.key)).statusCode, 200, 'the key works at once')
    const read = await createKey('alpha', { label: 'dashboards', scope: 'read' })
    t.equal(read.scope, 'read')
    t.not(read.key, data.key)
  })

  t.test('list shows metadata only, and lastUsedAt once usage is flushed', async (t) => {
    const key = await createKey('alpha', { label: 'listed' })
    const listed = async () => {
      const res = await asAdmin({ method: 'GET', url: '/api/databases/alpha/keys' })
      t.equal(res.statusCode, 200)
      t.notOk(res.body.includes(key.key), 'the raw key is never listed')
      t.notOk(res.body.includes(sha256(key.key)), 'nor its hash')
      return (res.json().data as Array<Record<string, unknown>>).find((item) => item.id === key.id)
    }
    const before = await listed()
    t.same(before, { id: key.id, label: 'listed', scope: 'write', prefix: key.prefix, createdAt: key.createdAt, lastUsedAt: null, rateLimit: null })
    t.equal((await probe(app, key.key)).statusCode, 200)
    app.store.keys.flushUsage()
    const after = await listed()
    t.match(after, { lastUsedAt: isoDate })
    t.ok(String(after?.lastUsedAt) >= key.createdAt, 'lastUsedAt is after creation')
    const other = (await asAdmin({ method: 'GET', url: '/api/databases/beta/keys' })).json().data as Array<{ id: string }>
    t.notOk(other.some((item) => item.id === key.id), 'a key is listed only under its own database')
  })

  t.test('rotate replaces the key at once and keeps label and scope', async (t) => {
    const key = await createKey('alpha', { label: 'rotating', scope: 'read' })
    t.equal((await probe(app, key.key)).statusCode, 200, 'the old key works (and is now cached)')
    const res = await asAdmin({ method: 'POST', url: `/api/databases/alpha/keys/${key.id}/rotate` })
    t.equal(res.statusCode, 200)
    const rotated = res.json().data as NewKey
    t.match(rotated, { id: key.id, label: 'rotating', scope: 'read', key: rawKey })
    t.not(rotated.key, key.key)
    const old = await probe(app, key.key)
    t.equal(old.statusCode, 401, 'the old key fails immediately')
    t.equal(old.json().code, 'UNAUTHORIZED')
    t.equal((await probe(app, rotated.key)).statusCode, 200, 'the new key works')
    const scoped = await as(app, rotated.key)({ method: 'POST', url: '/api/databases/alpha/keys', payload: { label: 'x' } })
    t.equal(scoped.json().code, 'INSUFFICIENT_SCOPE', 'the new key keeps the read scope')
    const item = (await asAdmin({ method: 'GET', url: '/api/databases/alpha/keys' })).json().data.find((k: { id: string }) => k.id === key.id)
    t.equal(item.prefix, rotated.key.slice(0, 7), 'the listed prefix follows the new key')
    const [entry] = await activity(app, admin, 'key.rotate')
    t.match(entry, { actor: { type: 'admin', id: adminId, email: 'admin@example.com' }, database: 'alpha', details: { id: key.id } })
    t.notOk(JSON.stringify(entry).includes(rotated.key), 'the activity entry does not carry the key')
  })

  t.test('revoke is permanent', async (t) => {
    const key = await createKey('alpha', { label: 'revoked' })
    t.equal((await probe(app, key.key)).statusCode, 200, 'the key works (and is now cached)')
    const res = await asAdmin({ method: 'DELETE', url: `/api/databases/alpha/keys/${key.id}` })
    t.equal(res.statusCode, 200)
    t.same(res.json(), { data: { deleted: true, id: key.id } })
    const after = await probe(app, key.key)
    t.equal(after.statusCode, 401)
    t.equal(after.json().code, 'UNAUTHORIZED')
    const again = await asAdmin({ method: 'DELETE', url: `/api/databases/alpha/keys/${key.id}` })
    t.equal(again.statusCode, 404)
    t.equal(again.json().code, 'KEY_NOT_FOUND')
    const list = (await asAdmin({ method: 'GET', url: '/api/databases/alpha/keys' })).json().data as Array<{ id: string }>
    t.notOk(list.some((item) => item.id === key.id), 'the key is no longer listed')
    const [entry] = await activity(app, admin, 'key.revoke')
    t.match(entry, { actor: { type: 'admin', id: adminId }, database: 'alpha', details: { id: key.id } })
  })

  t.test('a write key manages keys of its database; a read key only lists them', async (t) => {
    const write = await createKey('alpha', { label: 'writer' })
    const read = await createKey('alpha', { label: 'reader', scope: 'read' })
    const target = await createKey('alpha', { label: 'target' })
    const asRead = as(app, read.key)
    for (const [what, res] of [
      ['create', await asRead({ method: 'POST', url: '/api/databases/alpha/keys', payload: { label: 'wider', scope: 'read' } })],
      ['rotate another key', await asRead({ method: 'POST', url: `/api/databases/alpha/keys/${target.id}/rotate` })],
      ['rotate itself', await asRead({ method: 'POST', url: `/api/databases/alpha/keys/${read.id}/rotate` })],
      ['revoke', await asRead({ method: 'DELETE', url: `/api/databases/alpha/keys/${target.id}` })]
    ] as const) {
      t.equal(res.statusCode, 403, `a read key cannot ${what}`)
      t.equal(res.json().code, 'INSUFFICIENT_SCOPE')
    }
    t.equal((await probe(app, target.key)).statusCode, 200, 'the target was neither rotated nor revoked')
    t.equal((await asRead({ method: 'GET', url: '/api/databases/alpha/keys' })).statusCode, 200, 'a read key can list')

    const byKey = await keyMaker(app, write.key)('alpha', { label: 'made by a key', scope: 'read' })
    t.equal(byKey.scope, 'read', 'a write key may create a read key')
    t.equal((await probe(app, byKey.key)).statusCode, 200)
    const [entry] = await activity(app, admin, 'key.create')
    t.match(entry, { actor: { type: 'key', id: write.id }, database: 'alpha', details: { id: byKey.id, label: 'made by a key', scope: 'read' } })
    t.notOk(entry.actor.email, 'a key actor has no email')

    const rotated = await as(app, write.key)({ method: 'POST', url: `/api/databases/alpha/keys/${target.id}/rotate` })
    t.equal(rotated.statusCode, 200, 'a write key may rotate')
    t.match((await activity(app, admin, 'key.rotate'))[0], { actor: { type: 'key', id: write.id } })
    const revoked = await as(app, write.key)({ method: 'DELETE', url: `/api/databases/alpha/keys/${target.id}` })
    t.equal(revoked.statusCode, 200, 'a write key may revoke')
    t.match((await activity(app, admin, 'key.revoke'))[0], { actor: { type: 'key', id: write.id } })
  })

  t.test('a key id of another database, or no key at all, is 404 KEY_NOT_FOUND', async (t) => {
    const beta = await createKey('beta', { label: 'beta' })
    const alphaWrite = await createKey('alpha', { label: 'alpha writer' })
    for (const [who, token] of [['admin', admin], ['a write key', alphaWrite.key]] as const) {
      for (const [method, url] of [
        ['POST', `/api/databases/alpha/keys/${beta.id}/rotate`],
        ['DELETE', `/api/databases/alpha/keys/${beta.id}`],
        ['POST', '/api/databases/alpha/keys/apk_doesnotexist0000000000/rotate'],
        ['DELETE', '/api/databases/alpha/keys/apk_doesnotexist0000000000']
      ] as const) {
        const res = await as(app, token)({ method, url })
        t.equal(res.statusCode, 404, `${who}: ${method} ${url}`)
        t.equal(res.json().code, 'KEY_NOT_FOUND')
      }
    }
    t.equal((await probe(app, beta.key, 'beta')).statusCode, 200, 'the beta key was not touched')
  })

  t.test('bad create bodies are 400', async (t) => {
    for (const [what, payload] of [
      ['an empty label', { label: '' }],
      ['a 101-character label', { label: 'x'.repeat(101) }],
      ['no label', {}],
      ['scope admin', { label: 'root', scope: 'admin' }],
      ['an extra member', { label: 'extra', databaseId: 'db_other' }]
    ] as const) {
      const res = await asAdmin({ method: 'POST', url: '/api/databases/alpha/keys', payload })
      t.equal(res.statusCode, 400, what)
      t.equal(res.json().code, 'FST_ERR_VALIDATION', what)
    }
    const longest = await asAdmin({ method: 'POST', url: '/api/databases/alpha/keys', payload: { label: 'x'.repeat(100) } })
    t.equal(longest.statusCode, 201, 'a 100-character label is fine')
  })

  t.test('keys survive a database rename', async (t) => {
    await asAdmin({ method: 'POST', url: '/api/databases', payload: { name: 'before' } })
    const key = await createKey('before', { label: 'moves along' })
    t.equal((await probe(app, key.key, 'before')).statusCode, 200)
    const renamed = await asAdmin({ method: 'PATCH', url: '/api/databases/before', payload: { name: 'after' } })
    t.equal(renamed.statusCode, 200)
    t.equal((await probe(app, key.key, 'after')).statusCode, 200, 'the key works under the new name')
    const oldName = await probe(app, key.key, 'before')
    t.equal(oldName.statusCode, 403)
    t.equal(oldName.json().code, 'KEY_WRONG_DATABASE', 'and no longer under the old one')
    const list = (await asAdmin({ method: 'GET', url: '/api/databases/after/keys' })).json().data as Array<{ id: string }>
    t.ok(list.some((item) => item.id === key.id), 'the key is listed under the new name')
    const rotated = await as(app, key.key)({ method: 'POST', url: `/api/databases/after/keys/${key.id}/rotate` })
    t.equal(rotated.statusCode, 200, 'and managed there')
  })

  t.test('deleting a database kills its keys', async (t) => {
    await asAdmin({ method: 'POST', url: '/api/databases', payload: { name: 'doomed' } })
    const key = await createKey('doomed', { label: 'doomed' })
    const databaseId = (await probe(app, key.key, 'doomed')).json().data.id as string
    t.equal((await asAdmin({ method: 'DELETE', url: '/api/databases/doomed' })).statusCode, 200)
    const after = await probe(app, key.key, 'doomed')
    t.equal(after.statusCode, 401, 'the cached key is gone')
    t.equal(after.json().code, 'UNAUTHORIZED')
    t.equal(app.store.db.prepare('SELECT count(*) FROM api_keys WHERE database_id = ?').pluck().get(databaseId), 0, 'its rows are gone')
    await asAdmin({ method: 'POST', url: '/api/databases', payload: { name: 'doomed' } })
    t.equal((await probe(app, key.key, 'doomed')).statusCode, 401, 'a new database of the same name does not revive it')
  })
})

t.test('raw keys are never stored or logged', async (t) => {
  const { app, admin, asAdmin, dataDir, logs } = await setup(t, { LOG_LEVEL: 'trace' })
  const createKey = keyMaker(app, admin)
  const keys = [
    await createKey('alpha', { label: 'one' }),
    await createKey('alpha', { label: 'two', scope: 'read' }),
    await createKey('beta', { label: 'three' })
  ]
  const rotated = (await asAdmin({ method: 'POST', url: `/api/databases/alpha/keys/${keys[0].id}/rotate` })).json().data as NewKey
  const current = [rotated.key, keys[1].key, keys[2].key]
  const everyKey = [...keys.map((k) => k.key), rotated.key]
  for (const key of everyKey) {
    await probe(app, key)
    await as(app, key)({ method: 'GET', url: '/api/databases/alpha/tables/nothing/records' })
  }
  await keyMaker(app, rotated.key)('alpha', { label: 'made by a key' }).then((made) => everyKey.push(made.key))
  await app.close()

  const files = readdirSync(dataDir).filter((f) => f.startsWith('_system.db'))
  const bytes = Buffer.concat(files.map((f) => readFileSync(join(dataDir, f)))).toString('latin1')
  for (const key of current) t.ok(bytes.includes(sha256(key)), 'the scan sees the stored hashes')
  for (const key of everyKey) t.notOk(bytes.includes(key), 'no raw key in _system.db or its WAL')

  const logged = logs.join('')
  t.ok(logged.includes('/api/databases/alpha/keys'), 'the requests were logged')
  for (const secret of [...everyKey, admin]) t.notOk(logged.includes(secret), 'no raw key or session token in the logs')
})

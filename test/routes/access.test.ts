import t from 'tap'
import Fastify, { type FastifyInstance, type InjectOptions, type LightMyRequestResponse } from 'fastify'
import fp from 'fastify-plugin'
import litehouse, { serverOptions } from '../../app.js'
import { accessTable, type Access } from '../../lib/access.js'
import { area } from '../../plugins/area.js'
import { sha256 } from '../../lib/crypto.js'
import { adminCredentials, as, build, signIn, tempDir, testConfig } from '../helper.js'

/**
 * The access-model proof: every operation of the OpenAPI document is called with every kind of
 * credential, and each answer must be the one lib/access.ts promises for that operation.
 */

type Credential =
  | 'none' | 'garbage' | 'expired' | 'loggedOut' | 'revokedKey' | 'rotatedOldKey'
  | 'admin' | 'readKey' | 'writeKey' | 'otherDatabaseKey'

const unauthenticated: Credential[] = ['none', 'garbage', 'expired', 'loggedOut', 'revokedKey', 'rotatedOldKey']
const keysOfAlpha: Credential[] = ['readKey', 'writeKey']
const credentials: Credential[] = [...unauthenticated, 'admin', ...keysOfAlpha, 'otherDatabaseKey']

type Expectation = { allowed: true } | { allowed: false, statusCode: 401 | 403 | 404, code: string }

const allowed: Expectation = { allowed: true }
const refused = (statusCode: 401 | 403, code: string): Expectation => ({ allowed: false, statusCode, code })

/** Backup routes while BACKUP_URL is not set: an admin passes the guard and meets 404 BACKUPS_DISABLED. */
const backupsOff = (credential: Credential): Expectation | undefined =>
  credential === 'admin' ? { allowed: false, statusCode: 404, code: 'BACKUPS_DISABLED' } : undefined

/** Cluster routes while CLUSTER_ETCD is not set: an admin passes the guard and meets 404 CLUSTER_DISABLED. */
const clusterOff = (credential: Credential): Expectation | undefined =>
  credential === 'admin' ? { allowed: false, statusCode: 404, code: 'CLUSTER_DISABLED' } : undefined

/** What the access table promises a credential on an operation of the given access level. */
function promised (access: Access, credential: Credential): Expectation {
  if (access === 'public') return allowed
  if (unauthenticated.includes(credential)) return refused(401, 'UNAUTHORIZED')
  if (credential === 'admin') return allowed
  if (access === 'admin') return refused(403, 'ADMIN_REQUIRED')
  if (credential === 'otherDatabaseKey') return refused(403, 'KEY_WRONG_DATABASE')
  if (access === 'read' || credential === 'writeKey') return allowed
  return refused(403, 'INSUFFICIENT_SCOPE')
}

/** The path parameters a walk request fills in; destructive operations swap in throwaway targets. */
interface Target { name: string, table: string, recordId: string, keyId: string, token?: string }

/** A streamed answer as the walk reads it: an endless success is dropped unread, a refusal's JSON body read whole. */
async function settled (res: LightMyRequestResponse, stream: true | undefined): Promise<{ statusCode: number, json: () => any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  if (!stream) return res
  const body = res.stream()
  if (res.statusCode < 400) {
    body.destroy()
    return { statusCode: res.statusCode, json: () => ({}) }
  }
  let text = ''
  for await (const chunk of body) text += String(chunk)
  return { statusCode: res.statusCode, json: () => JSON.parse(text) }
}

interface Case {
  /**
   * The rule the spec and CONTRACT.md give the operation, stated here independently of lib/access.ts,
   * so loosening a rule in the table fails this test instead of silently changing what it expects.
   */
  access: Access
  /** A minimal valid request for the operation; `n` is unique per request. */
  request?: (n: number) => Pick<InjectOptions, 'payload' | 'headers'>
  /** For an endless answer (the change feed's event stream): read as a stream, and only a refusal's body read whole. */
  stream?: true
  /** For destructive operations: a fresh target for each allowed call, so the walk keeps its resources. */
  fresh?: (n: number) => Promise<Partial<Target>>
  /** An answer the operation gives on its own, beyond the access table (the credential is still resolved). */
  override?: (credential: Credential) => Expectation | undefined
}

t.test('every operation answers every credential as lib/access.ts promises', async (t) => {
  const { app } = await build(t)
  const admin = await signIn(app)
  const asAdmin = as(app, admin)
  const adminId = (await asAdmin({ method: 'GET', url: '/api/admin/me' })).json().data.id as string
  let counter = 0
  const next = (): number => ++counter
  // every walk request comes from its own address, so sign-in throttling never answers for the access model
  const remoteAddress = (n: number): string => `10.${Math.floor(n / 250) % 250}.${n % 250}.1`

  async function ok (res: Promise<LightMyRequestResponse>, what: string): Promise<Record<string, unknown>> {
    const done = await res
    if (done.statusCode >= 300) throw new Error(`${what} failed: ${done.statusCode} ${done.body}`)
    return done.json().data
  }
  const createDatabase = (name: string) => ok(asAdmin({ method: 'POST', url: '/api/databases', payload: { name } }), `create ${name}`)
  const createKey = async (db: string, label: string, scope: 'read' | 'write') =>
    await ok(asAdmin({ method: 'POST', url: `/api/databases/${db}/keys`, payload: { label, scope } }), `key ${label}`) as { id: string, key: string }

  await createDatabase('alpha')
  await createDatabase('beta')
  await ok(asAdmin({ method: 'POST', url: '/api/databases/alpha/query', payload: { sql: 'CREATE TABLE items(id INTEGER PRIMARY KEY, title TEXT)' } }), 'create items')
  await ok(asAdmin({ method: 'POST', url: '/api/databases/alpha/query', payload: { sql: 'INSERT INTO items (id, title) VALUES (1, ?)', params: ['first'] } }), 'insert row 1')

  const writeKey = await createKey('alpha', 'write', 'write')
  const readKey = await createKey('alpha', 'read', 'read')
  const rotated = await createKey('alpha', 'to rotate', 'write')
  const revoked = await createKey('alpha', 'to revoke', 'write')
  const victim = await createKey('alpha', 'target of refused rotate and revoke', 'write')
  const otherDatabaseKey = await createKey('beta', 'beta write', 'write')
  await ok(asAdmin({ method: 'POST', url: `/api/databases/alpha/keys/${rotated.id}/rotate` }), 'rotate')
  await ok(asAdmin({ method: 'DELETE', url: `/api/databases/alpha/keys/${revoked.id}` }), 'revoke')

  const loggedOut = (await app.inject({ method: 'POST', url: '/api/admin/login', payload: adminCredentials, remoteAddress: remoteAddress(next()) })).json().data.token as string
  t.equal((await as(app, loggedOut)({ method: 'POST', url: '/api/admin/logout' })).statusCode, 200, 'the logged-out session worked before logout')

  /**
   * A session whose row has expired but which was never used, so its expiry is decided on this very
   * request (the session cache keeps expiresAt once a token has been seen, and a later sign-in purges
   * expired rows): one fresh one per request.
   */
  function expiredSession (): string {
    const { token } = app.store.sessions.create(adminId, adminCredentials.email)
    app.store.db.prepare('UPDATE sessions SET expires_at = ? WHERE token_hash = ?').run(Date.now() - 60_000, sha256(token))
    return token
  }

  const tokens: Record<Credential, () => string | undefined> = {
    none: () => undefined,
    garbage: () => 'garbage',
    expired: expiredSession,
    loggedOut: () => loggedOut,
    revokedKey: () => revoked.key,
    rotatedOldKey: () => rotated.key,
    admin: () => admin,
    readKey: () => readKey.key,
    writeKey: () => writeKey.key,
    otherDatabaseKey: () => otherDatabaseKey.key
  }

  const sqliteFile = (await asAdmin({ method: 'POST', url: '/api/databases/alpha/export' })).rawPayload
  t.equal(sqliteFile.subarray(0, 15).toString(), 'SQLite format 3', 'an export gives the import a real SQLite file')
  const boundary = 'access-walk-boundary'
  const importForm = (name: string): Buffer => Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n${name}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}.db"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    sqliteFile,
    Buffer.from(`\r\n--${boundary}--\r\n`)
  ])

  const json = (payload: unknown) => ({ payload: payload as InjectOptions['payload'] })
  const throwawayDatabase = async (n: number) => ({ name: (await createDatabase(`throwaway-${n}`)).name as string })
  const throwawayKey = async (n: number) => ({ keyId: (await createKey('alpha', `throwaway ${n}`, 'write')).id })

  // one entry per operationId: a route added later fails the walk until it is described here.
  // read keys: GETs, SELECT-only SQL, export and the key list; write: config and keys, allowed while
  // read-only; data: tables and records, refused while read-only; admin: the spec's admin-only list
  const cases: Record<string, Case> = {
    health: { access: 'public' },
    // an admin session or METRICS_TOKEN: the route is public, the handler decides
    getMetrics: {
      access: 'public',
      override: (credential) => credential === 'admin'
        ? undefined
        : unauthenticated.includes(credential) ? refused(401, 'UNAUTHORIZED') : refused(403, 'ADMIN_REQUIRED')
    },
    adminStatus: { access: 'public' },
    adminLogin: { access: 'public', request: () => json(adminCredentials) },
    adminSetup: {
      access: 'public',
      request: (n) => json({ email: `walker${n}@example.com`, password: 'long enough password' }),
      // further admins need an admin session: the route is public, the handler decides
      override: (credential) => credential === 'admin' ? undefined : refused(403, 'SETUP_FORBIDDEN')
    },
    adminMe: { access: 'admin' },
    adminLogout: { access: 'admin', fresh: async () => ({ token: app.store.sessions.create(adminId, adminCredentials.email).token }) },
    listActivity: { access: 'admin' },
    getSettings: { access: 'admin' },
    updateSettings: { access: 'admin', request: () => json({ timezone: 'UTC' }) },

    listDatabases: { access: 'admin' },
    createDatabase: { access: 'admin', request: (n) => json({ name: `created-${n}` }) },
    importDatabase: {
      access: 'admin',
      request: (n) => ({ payload: importForm(`imported-${n}`), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } })
    },
    getDatabase: { access: 'read' },
    renameDatabase: { access: 'admin', request: (n) => json({ name: `renamed-${n}` }), fresh: throwawayDatabase },
    deleteDatabase: { access: 'admin', fresh: throwawayDatabase },
    getDatabaseConfig: { access: 'read' },
    updateDatabaseConfig: { access: 'write', request: () => json({ cors_origins: [] }) },
    getTableSchemas: { access: 'read' },
    getDatabaseOpenApi: { access: 'read' },
    exportDatabase: { access: 'read' },
    // this app runs without BACKUP_URL: an admin gets through the guard to the backups-off answer
    listBackups: { access: 'admin', override: backupsOff },
    createBackup: { access: 'admin', override: backupsOff },
    restoreDatabase: { access: 'admin', request: () => json({}), override: backupsOff },
    restoreDeletedDatabase: { access: 'admin', request: () => json({ name: 'gone', target: 'back' }), override: backupsOff },
    listDeletedDatabases: { access: 'admin', override: backupsOff },
    // and without CLUSTER_ETCD: an admin gets through the guard to the cluster-off answer
    getCluster: { access: 'admin', override: clusterOff },
    moveDatabase: { access: 'admin', request: () => json({ node: 'n2' }), override: clusterOff },
    adoptDatabase: { access: 'admin', request: () => json({ name: 'moved', expected: '{}', rows: { database: { id: 'db_x' }, keys: [] } }), override: clusterOff },

    listKeys: { access: 'read' },
    createKey: { access: 'write', request: (n) => json({ label: `walk ${n}`, scope: 'read' }) },
    rotateKey: { access: 'write', fresh: throwawayKey },
    revokeKey: { access: 'write', fresh: throwawayKey },
    updateKey: { access: 'write', fresh: throwawayKey, request: () => json({ rateLimit: null }) },

    listTables: { access: 'read' },
    createTable: { access: 'data', request: (n) => json({ name: `walk_${n}`, columns: [{ name: 'id', type: 'integer', primary_key: true }] }) },
    getTable: { access: 'read' },
    alterTable: { access: 'data', request: (n) => json({ add_columns: [{ name: `added_${n}`, type: 'text' }] }) },
    dropTable: {
      access: 'data',
      fresh: async (n) => {
        const table = `scratch_${n}`
        await ok(asAdmin({ method: 'POST', url: '/api/databases/alpha/tables', payload: { name: table, columns: [{ name: 'id', type: 'integer', primary_key: true }] } }), 'scratch table')
        return { table }
      }
    },

    listRecords: { access: 'read' },
    getRecord: { access: 'read' },
    createRecords: { access: 'data', request: (n) => json({ title: `walk ${n}` }) },
    updateRecord: { access: 'data', request: (n) => json({ title: `updated ${n}` }) },
    replaceRecord: { access: 'data', request: (n) => json({ title: `replaced ${n}` }) },
    deleteRecord: {
      access: 'data',
      fresh: async (n) => {
        const record = await ok(asAdmin({ method: 'POST', url: '/api/databases/alpha/tables/items/records', payload: { title: `doomed ${n}` } }), 'doomed row')
        return { recordId: String(record.id) }
      }
    },

    exportTable: { access: 'read' },
    runQuery: { access: 'read', request: () => json({ sql: 'SELECT id, title FROM items ORDER BY id' }) },
    runBatch: { access: 'read', request: () => json({ statements: [{ sql: 'SELECT id, title FROM items ORDER BY id' }] }) },

    watchChanges: { access: 'read', stream: true },
    createChangesToken: { access: 'read' },

    analyticsOverview: { access: 'admin' },
    analyticsDatabaseOverview: { access: 'admin' },
    analyticsQueries: { access: 'admin' },
    analyticsTopQueries: { access: 'admin' },
    analyticsErrors: { access: 'admin' },
    analyticsVolume: { access: 'admin' },
    analyticsPatterns: { access: 'admin' },
    analyticsSize: { access: 'admin' }
  }

  const standing: Target = { name: 'alpha', table: 'items', recordId: '1', keyId: victim.id }
  function urlOf (path: string, target: Target): string {
    return path.replace(/\{(\w+)\}/g, (_, param: string) => {
      switch (param) {
        case 'name': case 'db': case 'database': return target.name
        case 'table': return target.table
        case 'id': return path.includes('/keys/') ? target.keyId : target.recordId
        default: throw new Error(`the walk cannot fill the path parameter {${param}} of ${path}: teach urlOf about it`)
      }
    })
  }

  const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
  const operations = Object.entries(doc.paths as Record<string, Record<string, { operationId: string }>>)
    .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), operationId: op.operationId })))
  t.ok(operations.length >= 40, `the document lists every operation (${operations.length})`)

  t.test('the OpenAPI document and the access table name the same operations', async (t) => {
    const documented = operations.map((op) => op.operationId).sort()
    t.same(documented, [...new Set(documented)], 'operationIds are unique')
    t.same(documented, Object.keys(accessTable).sort())
    t.same(Object.keys(cases).sort(), Object.keys(accessTable).sort(), 'the walk below describes every rule of the table')
  })

  for (const { path, method, operationId } of operations) {
    await t.test(`${method} ${path} (${operationId})`, async (t) => {
      const access = accessTable[operationId]
      const spec = cases[operationId]
      if (!access) return t.fail(`${operationId} has no rule in lib/access.ts`)
      if (!spec) return t.fail(`${operationId} is not described in the walk: add it to \`cases\` in test/routes/access.test.ts`)
      t.equal(access, spec.access, `lib/access.ts gives ${operationId} the rule the spec does`)
      // refused credentials first and against the standing resources, so a refusal that wrongly got
      // through would show; each allowed call then gets its own throwaway target when it destroys one
      const ordered = [...credentials].sort((a, b) => Number(promised(access, a).allowed) - Number(promised(access, b).allowed))
      for (const credential of ordered) {
        const expected = spec.override?.(credential) ?? promised(access, credential)
        const n = next()
        const target: Target = { ...standing, ...(expected.allowed && spec.fresh ? await spec.fresh(n) : {}) }
        const token = target.token ?? tokens[credential]()
        const res = await settled(await as(app, token)({
          method: method as InjectOptions['method'], url: urlOf(path, target), remoteAddress: remoteAddress(n), ...spec.request?.(n), ...(spec.stream ? { payloadAsStream: true } : {})
        }), spec.stream)
        const said = `${credential}: ${res.statusCode} ${res.statusCode >= 400 ? res.json().code : ''}`
        if (expected.allowed) {
          t.ok(res.statusCode !== 401 && res.statusCode !== 403, `${credential} is let through (${said})`)
          t.ok(res.statusCode < 400, `${credential}'s minimal request succeeds, so the operation really ran (${said})`)
        } else {
          t.equal(res.statusCode, expected.statusCode, `${credential} is refused with ${expected.statusCode} (${said})`)
          t.equal(res.json().code, expected.code, `${credential} gets ${expected.code}`)
        }
      }
    })
  }

  t.test('refused calls changed nothing', async (t) => {
    t.equal((await as(app, victim.key)({ method: 'GET', url: '/api/databases/alpha' })).statusCode, 200, 'the target of refused rotate/revoke still works')
    t.equal((await asAdmin({ method: 'GET', url: '/api/databases/alpha/tables/items/records/1' })).statusCode, 200, 'row 1 is still there')
    t.equal((await asAdmin({ method: 'GET', url: '/api/databases/alpha/tables/items' })).statusCode, 200, 'items is still there')
    t.equal((await asAdmin({ method: 'GET', url: '/api/admin/me' })).statusCode, 200, 'the admin session is still valid')
    const names = (await asAdmin({ method: 'GET', url: '/api/databases' })).json().data.map((d: { name: string }) => d.name)
    t.ok(names.includes('alpha') && names.includes('beta'), 'alpha and beta still exist')
  })

  t.test('while alpha is read-only, data operations are refused for everyone and write ones are not', async (t) => {
    await ok(asAdmin({ method: 'PATCH', url: '/api/databases/alpha/config', payload: { readonly: true } }), 'readonly on')
    for (const { path, method, operationId } of operations.filter((op) => ['write', 'data'].includes(accessTable[op.operationId]))) {
      const spec = cases[operationId]
      for (const credential of ['admin', 'writeKey'] as const) {
        const n = next()
        const target: Target = { ...standing, ...(spec.fresh && accessTable[operationId] === 'write' ? await spec.fresh(n) : {}) }
        const res = await as(app, tokens[credential]())({ method: method as InjectOptions['method'], url: urlOf(path, target), ...spec.request?.(n) })
        const said = `${operationId} by ${credential}: ${res.statusCode} ${res.statusCode >= 400 ? res.json().code : ''}`
        if (accessTable[operationId] === 'data') {
          t.equal(res.statusCode, 403, said)
          t.equal(res.json().code, 'DATABASE_READONLY', said)
        } else {
          t.ok(res.statusCode < 400, said)
        }
      }
    }
    await ok(asAdmin({ method: 'PATCH', url: '/api/databases/alpha/config', payload: { readonly: false } }), 'readonly off')
    t.equal((await as(app, writeKey.key)({ method: 'POST', url: '/api/databases/alpha/tables/items/records', payload: { title: 'writable again' } })).statusCode, 201)
  })

  t.test('KEY_WRONG_DATABASE is the same answer whether the other database exists or not', async (t) => {
    const onAlpha = await as(app, otherDatabaseKey.key)({ method: 'GET', url: '/api/databases/alpha/tables' })
    const onNothing = await as(app, otherDatabaseKey.key)({ method: 'GET', url: '/api/databases/doesnotexist/tables' })
    t.equal(onNothing.statusCode, 403)
    t.equal(onNothing.json().code, 'KEY_WRONG_DATABASE')
    t.same(onNothing.json(), onAlpha.json(), 'the bodies are identical')
    const readOnNothing = await as(app, readKey.key)({ method: 'POST', url: '/api/databases/doesnotexist/tables', payload: { name: 'x', columns: [{ name: 'id', type: 'integer' }] } })
    t.equal(readOnNothing.json().code, 'KEY_WRONG_DATABASE', 'the database is checked before the scope')
  })
})

t.test('a Litehouse route whose operationId has no access rule stops the boot', async (t) => {
  const config = testConfig(tempDir(t))
  const instance = Fastify(serverOptions(config))
  t.teardown(() => instance.close())
  await t.rejects(async () => {
    await instance.register(fp(litehouse), { config })
    await instance.register(area('unruled', async (child: FastifyInstance) => {
      child.get('/api/unruled', { schema: { operationId: 'unruledOperation' } }, async () => ({ data: null }))
    }, []))
    await instance.ready()
  }, /unruledOperation\) has no rule in lib\/access\.ts/)
})

t.test('an embedding host\'s own route with an operationId of its own is left alone', async (t) => {
  const config = testConfig(tempDir(t))
  const instance = Fastify(serverOptions(config))
  t.teardown(() => instance.close())
  await instance.register(fp(litehouse), { config })
  instance.get('/hosts-own', { schema: { operationId: 'hostsOwnOperation' } }, async () => ({ data: 'mine' }))
  const res = await instance.inject({ method: 'GET', url: '/hosts-own' })
  t.equal(res.statusCode, 200)
  t.same(res.json(), { data: 'mine' }, 'no access rule needed, no credential asked for')
})

import t from 'tap'
import SwaggerParser from '@apidevtools/swagger-parser'
import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { as, build, signIn } from './helper.js'
import { DocumentIndex } from './openapi-fidelity.js'
import { toolEnv } from './tool-env.js'
import { projectRoot } from '../lib/package-info.js'
import { accessTable } from '../lib/access.js'

t.test('the OpenAPI document is valid and complete', async (t) => {
  const { app } = await build(t)
  const res = await app.inject({ method: 'GET', url: '/api/openapi.json' })
  t.equal(res.statusCode, 200)
  const doc = res.json()
  await t.resolves(SwaggerParser.validate(structuredClone(doc)), 'swagger-parser finds no error')
  t.equal(doc.openapi, '3.0.3')
  t.ok(doc.components.securitySchemes.sessionToken && doc.components.securitySchemes.apiKey)

  const operations = Object.entries(doc.paths as Record<string, Record<string, Record<string, unknown>>>)
    .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })))
  t.ok(operations.length >= 9)
  for (const { path, method, op } of operations) {
    const where = `${method.toUpperCase()} ${path}`
    t.ok(op.operationId && op.summary && (op.tags as string[])?.length, `${where} has operationId, summary and tags`)
    t.ok(accessTable[op.operationId as string], `${where} has an access rule`)
    const responses = op.responses as Record<string, { content?: unknown }>
    t.ok(Object.keys(responses).some((s) => s.startsWith('2') && (responses[s].content || s === '204')), `${where} documents its success body`)
    if (['post', 'patch', 'put'].includes(method) && !['adminLogout', 'exportDatabase', 'rotateKey', 'createBackup', 'createChangesToken'].includes(op.operationId as string)) {
      t.ok(op.requestBody, `${where} documents its request body`)
    }
    const isPublic = accessTable[op.operationId as string] === 'public'
    t.equal((op.security as unknown[]).length === 0, isPublic, `${where} declares its security`)
  }
  t.ok(operations.some(({ op }) => op.operationId === 'adminLogin'))
})

t.test('the interactive reference is served at /api/docs', async (t) => {
  const { app } = await build(t)
  const res = await app.inject({ method: 'GET', url: '/api/docs/' })
  t.equal(res.statusCode, 200)
  t.match(res.headers['content-type'], /text\/html/)
})

t.test('redocly lint (recommended rules) finds no error in the document', async (t) => {
  const { app, dataDir } = await build(t)
  const file = join(dataDir, 'openapi.json')
  writeFileSync(file, JSON.stringify((await app.inject({ method: 'GET', url: '/api/openapi.json' })).json()))
  const lint = spawnSync(process.execPath, [join(projectRoot, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js'), 'lint', file, '--extends=recommended', '--format=json'],
    { encoding: 'utf8', env: { ...toolEnv(), REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } })
  const problems = JSON.parse(lint.stdout.slice(lint.stdout.indexOf('{'))).problems as Array<{ ruleId: string, severity: string, message: string }>
  t.strictSame(problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`), [])
  t.equal(lint.status, 0)
})

t.test('the document fits clients: optional defaults, one path per route, one name per parameter, servers, license, examples', async (t) => {
  const { app } = await build(t)
  const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
  t.ok(doc.servers?.length >= 1, 'servers')
  t.equal(doc.info.license?.name, 'MIT')
  const paths = Object.keys(doc.paths)
  t.strictSame(paths.filter((p) => p.endsWith('/')), [], 'no trailing-slash paths')
  t.strictSame(paths.filter((p) => /^\/api\/(databases|analytics)\/\{(?!db\})/.test(p)), [], 'the database is {db} on every path')
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, any>>)) { // eslint-disable-line @typescript-eslint/no-explicit-any
    for (const [method, op] of Object.entries(methods)) {
      const where = `${method.toUpperCase()} ${path}`
      for (const param of op.parameters ?? []) {
        if (param.schema?.default !== undefined) t.notOk(param.required, `${where}: ${param.name} has a default, so it is optional`)
      }
      if (op.requestBody) {
        const media = Object.values(op.requestBody.content as Record<string, { example?: unknown, examples?: unknown }>)
        t.ok(media.every((m) => m.example !== undefined || m.examples !== undefined), `${where} has a request body example`)
      }
      if (method !== 'get') t.ok(op.responses['413'] && op.responses['415'], `${where} lists 413 and 415 (Fastify parses any body it is sent)`)
      t.ok(op.responses['500'] && op.responses['503'], `${where} lists 500 and 503`)
    }
  }
  const login = doc.paths['/api/admin/login'].post.responses
  t.ok(login['429'].headers['retry-after'] && login['200'].headers['x-ratelimit-remaining'], 'rate-limit headers')
  t.ok(doc.paths['/api/databases/{db}/export'].post.responses['200'].headers['content-disposition'], 'Content-Disposition')
  const list = doc.paths['/api/databases/{db}/tables/{table}/records'].get
  t.notOk(list.parameters.find((p: { name: string }) => p.name === 'limit').required, 'limit is optional')
  t.ok(list.responses['408'], 'a counted list can time out')
})

t.test('the answers that were missing from the document are in it, and the recorder checks them', async (t) => {
  const { app } = await build(t, { MAX_BODY_SIZE: '1024' })
  const admin = as(app, await signIn(app))
  const sql = (text: string) => admin({ method: 'POST', url: '/api/databases/fk/query', payload: { sql: text } })
  t.equal((await admin({ method: 'POST', url: '/api/databases', payload: { name: 'fk' } })).statusCode, 201)
  t.equal((await sql('CREATE TABLE parent (id INTEGER PRIMARY KEY)')).statusCode, 200)
  t.equal((await sql('CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parent(id))')).statusCode, 200)
  t.equal((await sql('INSERT INTO parent (id) VALUES (1)')).statusCode, 200)
  t.equal((await sql('INSERT INTO child (id, parent_id) VALUES (1, 1)')).statusCode, 200)

  const record = await admin({ method: 'DELETE', url: '/api/databases/fk/tables/parent/records/1' })
  t.equal(record.statusCode, 409, 'a record still referenced by a foreign key')
  t.equal(record.json().code, 'CONSTRAINT_VIOLATION')
  const table = await admin({ method: 'DELETE', url: '/api/databases/fk/tables/parent' })
  t.equal(table.statusCode, 409, 'a table whose rows are still referenced')
  t.equal(table.json().code, 'CONSTRAINT_VIOLATION')

  const big = await admin({ method: 'POST', url: '/api/databases', payload: { name: 'x'.repeat(2000) } })
  t.equal(big.statusCode, 413, 'a body over MAX_BODY_SIZE')
  const text = await admin({ method: 'POST', url: '/api/databases', payload: '<name>x</name>', headers: { 'content-type': 'application/xml' } })
  t.equal(text.statusCode, 415, 'a body that is not JSON')
  const bodyOnDelete = await admin({ method: 'DELETE', url: '/api/databases/fk', payload: '<x/>', headers: { 'content-type': 'application/xml' } })
  t.equal(bodyOnDelete.statusCode, 415, 'a route without a body still parses one (found by the fuzzer through the recorder)')
})

t.test('the fidelity recorder refuses what the document does not describe', async (t) => {
  const { app } = await build(t)
  const index = new DocumentIndex((await app.inject({ method: 'GET', url: '/api/openapi.json' })).json())
  const error = JSON.stringify({ statusCode: 409, code: 'CONSTRAINT_VIOLATION', error: 'Conflict', message: 'FOREIGN KEY constraint failed' })
  t.equal(index.check('deleteRecord', 409, 'application/json; charset=utf-8', error), undefined, 'a documented answer passes')
  t.match(index.check('getRecord', 418, 'application/json', error), /status 418 is not in the document/)
  t.match(index.check('health', 200, 'application/json', JSON.stringify({ status: 'ok' })), /does not match the document/)
  t.match(index.check('listDatabases', 200, 'application/json', JSON.stringify({ data: [{ name: 42 }] })), /does not match/)
  t.equal(index.check('exportDatabase', 200, 'application/octet-stream', undefined), undefined, 'a file is checked by status only')
})

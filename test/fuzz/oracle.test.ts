// The fuzzer's oracle, checked without a server: a wrong verdict here would either hide a
// defect (a refusal counted as "may change") or invent one (an allowed change counted as a violation).
import t from 'tap'
import { caseRng, createRng } from './prng.js'
import { certainlyRejects } from './schema-values.js'
import { resolveRoute } from './route-match.js'
import { classify, credentialRefused, type FuzzCase, type GenContext } from './cases.js'
import type { Operation, Schema } from './openapi.js'
import type { World } from './world.js'

const dbParam = { name: 'db', in: 'path' as const, required: true, schema: { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]*$', minLength: 1, maxLength: 64 } }
const tableParam = { name: 'table', in: 'path' as const, required: true, schema: { type: 'string', minLength: 1, maxLength: 256 } }
const record: Schema = { type: 'object', additionalProperties: true, properties: {} }
const operations: Operation[] = [
  { operationId: 'listRecords', method: 'GET', path: '/api/databases/{db}/tables/{table}/records', params: [dbParam, tableParam], security: 'keyOrAdmin' },
  { operationId: 'createRecords', method: 'POST', path: '/api/databases/{db}/tables/{table}/records', params: [dbParam, tableParam], security: 'keyOrAdmin', body: { contentType: 'application/json', schema: { anyOf: [record, { type: 'array', minItems: 1, maxItems: 1000, items: record }] } } },
  { operationId: 'runQuery', method: 'POST', path: '/api/databases/{db}/query', params: [dbParam], security: 'keyOrAdmin', body: { contentType: 'application/json', schema: { type: 'object', additionalProperties: false, required: ['sql'], properties: { sql: { type: 'string', minLength: 1 } } } } },
  { operationId: 'listDatabases', method: 'GET', path: '/api/databases/', params: [], security: 'admin' },
  { operationId: 'deleteDatabase', method: 'DELETE', path: '/api/databases/{name}', params: [{ ...dbParam, name: 'name' }], security: 'admin' },
  { operationId: 'deleteRecord', method: 'DELETE', path: '/api/databases/{db}/tables/{table}/records/{id}', params: [dbParam, tableParam, { name: 'id', in: 'path', required: true, schema: { type: 'string', minLength: 1, maxLength: 512 } }], security: 'keyOrAdmin' },
  { operationId: 'rotateKey', method: 'POST', path: '/api/databases/{name}/keys/{id}/rotate', params: [{ ...dbParam, name: 'name' }, { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^apk_[0-9a-z]{1,64}$' } }], security: 'keyOrAdmin' }
]
const key = (database: 'alpha' | 'beta', scope: 'read' | 'write') => ({ id: `apk_${database}${scope}`, key: `lh_${database}${scope}`, database, scope })
const world = {
  adminToken: 'admin-token',
  tables: ['items', 'notes', 'pairs', 'cheap'],
  recordIdsByTable: { items: [1, 2, 3, 4, 5], notes: [1, 2, 3] },
  keys: { alphaRead: key('alpha', 'read'), alphaWrite: key('alpha', 'write'), betaRead: key('beta', 'read'), betaWrite: key('beta', 'write') }
} as unknown as World
const ctx = { seed: 1, world, operations, bodyLimit: 1000, sqliteFile: Buffer.alloc(0) } as GenContext

function verdict (method: string, url: string, credential: FuzzCase['credential'], payload?: string, contentType = 'application/json') {
  return classify(ctx, operations, {
    phase: 'test', n: 0, operationId: '', credential,
    request: { method, url, headers: payload === undefined ? {} : { 'content-type': contentType }, payload, remoteAddress: '127.0.0.1' }
  })
}

t.test('the PRNG replays: same seed and case, same draws; another case, other draws', async (t) => {
  const draw = (rng: ReturnType<typeof createRng>) => Array.from({ length: 5 }, () => rng.int(0, 1e9))
  t.same(draw(caseRng(7, 'api', 3)), draw(caseRng(7, 'api', 3)))
  t.not(draw(caseRng(7, 'api', 3)).join(), draw(caseRng(7, 'api', 4)).join())
  t.not(draw(caseRng(7, 'api', 3)).join(), draw(caseRng(8, 'api', 3)).join())
})

t.test('certainlyRejects claims only what Ajv with coerceTypes "array" must reject', async (t) => {
  const str = { type: 'string', maxLength: 3, pattern: '^[a-z]+$' }
  t.ok(certainlyRejects(str, { a: 1 }), 'an object for a string')
  t.ok(certainlyRejects(str, 'abcd'), 'over maxLength')
  t.ok(certainlyRejects(str, 'AB'), 'pattern mismatch')
  t.notOk(certainlyRejects(str, ['ab']), 'a one-element array is coerced to its element')
  t.notOk(certainlyRejects({ type: 'string' }, 5), 'a number is coerced to a string')
  t.notOk(certainlyRejects({ type: 'integer' }, ' 1'), 'a numeric string is coerced')
  t.ok(certainlyRejects({ type: 'integer', maximum: 10 }, '11'), 'a numeric string out of range')
  t.ok(certainlyRejects({ type: 'boolean' }, 'yes'), 'only true/false strings coerce to booleans')
  t.notOk(certainlyRejects({ type: 'string' }, null), 'null is coerced to an empty string')
  t.ok(certainlyRejects({ type: 'object', required: ['sql'], properties: { sql: { type: 'string' } } }, {}), 'a required member missing')
  t.ok(certainlyRejects({ type: 'object', additionalProperties: false, properties: {} }, { x: 1 }), 'an extra member')
  t.notOk(certainlyRejects({ type: 'object', required: ['a'], properties: { a: { type: 'string', default: 'x' } } }, {}), 'a missing member with a default is filled in')
  t.ok(certainlyRejects(operations[1].body!.schema, 'x'), 'a string for an object or an array of objects')
  t.notOk(certainlyRejects(operations[1].body!.schema, { anything: [1] }), 'any record object may pass')
})

t.test('routes are resolved after URL normalisation, as the server sees them', async (t) => {
  t.same(resolveRoute(operations, 'GET', '/api/databases/alpha/tables/items/records?limit=5')?.params, { db: 'alpha', table: 'items' })
  t.same(resolveRoute(operations, 'DELETE', '/api/databases/x/../alpha')?.params, { name: 'alpha' }, '`..` is resolved before routing')
  t.same(resolveRoute(operations, 'DELETE', '/api/databases/x/%2e%2e/beta')?.params, { name: 'beta' }, '%2e%2e counts as ..')
  t.same(resolveRoute(operations, 'POST', '/api/databases/al%70ha/query')?.params, { db: 'alpha' }, 'params are percent-decoded')
  t.equal(resolveRoute(operations, 'GET', '/api/databases')?.op.operationId, 'listDatabases', 'a prefix route answers without its trailing slash')
  t.equal(resolveRoute(operations, 'POST', '/api/databases/alpha/query/'), undefined, 'no trailing-slash folding elsewhere')
  t.equal(resolveRoute(operations, 'POST', `/api/databases/${'a'.repeat(101)}/query`), undefined, 'params over 100 characters match nothing')
})

t.test('credentials are refused as the contract says', async (t) => {
  const [list, create, query, , drop] = operations
  t.ok(credentialRefused(world, list, { db: 'alpha' }, 'none'))
  t.ok(credentialRefused(world, list, { db: 'alpha' }, 'betaRead'), 'a key of another database')
  t.notOk(credentialRefused(world, list, { db: 'alpha' }, 'alphaRead'), 'a read key reads its database')
  t.ok(credentialRefused(world, create, { db: 'alpha' }, 'alphaRead'), 'a read key writes nothing')
  t.notOk(credentialRefused(world, query, { db: 'alpha' }, 'alphaRead'), 'a read key may send SQL (the guard decides)')
  t.ok(credentialRefused(world, drop, { name: 'alpha' }, 'alphaWrite'), 'admin-only')
  t.notOk(credentialRefused(world, drop, { name: 'alpha' }, 'admin'))
})

t.test('classify: only allowed, valid mutations may change data', async (t) => {
  const insert = (url: string, credential: FuzzCase['credential'], payload: string, type?: string) => verdict('POST', url, credential, payload, type)
  t.equal(insert('/api/databases/alpha/tables/items/records', 'admin', '{"title":"x"}').noChange, false, 'an admin insert on alpha may change it')
  t.equal(insert('/api/databases/alpha/tables/items/records', 'alphaWrite', '{"title":"x"}').noChange, false, 'so may its write key')
  t.match(insert('/api/databases/alpha/tables/items/records', 'alphaRead', '{"title":"x"}'), { noChange: true, mustRefuse: true })
  t.match(insert('/api/databases/x/../beta/tables/items/records', 'betaWrite', '{"title":"x"}'), { noChange: true, mustRefuse: true, reason: 'read-only database' },
    'the normalised target decides: beta is read-only')
  t.match(insert('/api/databases/x/../alpha/tables/items/records', 'betaWrite', '{"title":"x"}'), { noChange: true, mustRefuse: true, reason: 'credential refused' })
  t.match(insert('/api/databases/alpha/tables/items/records', 'admin', '{"title":'), { noChange: true, reason: 'body is not JSON' })
  t.match(insert('/api/databases/alpha/tables/items/records', 'admin', '"x"'), { noChange: true, reason: 'body fails its schema' })
  t.match(insert('/api/databases/alpha/tables/items/records', 'admin', 'x'.repeat(1001)), { noChange: true, reason: 'body over the limit' })
  t.match(insert('/api/databases/alpha/tables/items/records', 'admin', '{"a":1}', 'application/xml'), { noChange: true, reason: 'unsupported content type' })
  t.match(insert('/api/databases/ALPHA/tables/items/records', 'admin', '{"a":1}'), { noChange: true, reason: 'path parameter db invalid' })
  t.match(verdict('POST', '/api/databases/alpha/query', 'alphaRead', '{"sql":"DELETE FROM items"}'), { noChange: true, mustRefuse: false })
  t.equal(verdict('POST', '/api/databases/alpha/query', 'alphaWrite', '{"sql":"DELETE FROM items"}').noChange, false)
  t.match(verdict('GET', '/api/databases/alpha/tables/items/records', 'admin', '{"a":'), { noChange: true, mustRefuse: false }, 'a GET body is never parsed')
  t.match(verdict('DELETE', '/api/databases/alpha', 'admin').noChange, false, 'deleting a database is a change')
  t.match(verdict('DELETE', '/api/databases/alpha', 'admin', '{', 'application/json'), { noChange: true, reason: 'body is not JSON' }, 'a body that cannot be parsed stops even a DELETE')
  t.match(verdict('GET', '/api/nothing/here', 'admin'), { noChange: true, reason: 'no such route' })
})

t.test('classify: a write naming a table, record or key that does not exist can change nothing', async (t) => {
  const del = (url: string) => verdict('DELETE', url, 'admin')
  t.equal(del('/api/databases/alpha/tables/items/records/3').noChange, false, 'record 3 of items exists')
  t.equal(del('/api/databases/alpha/tables/ITEMS/records/1.0').noChange, false, 'ITEMS is items, 1.0 may be record 1')
  t.match(del('/api/databases/alpha/tables/items%00x/records/1'), { noChange: true, mustRefuse: true, reason: 'no such table' })
  t.match(del('/api/databases/alpha/tables/items%20/records/1'), { noChange: true, reason: 'no such table' })
  t.match(del('/api/databases/alpha/tables/items/records/1abc'), { noChange: true, reason: 'no such record' })
  t.match(del('/api/databases/alpha/tables/items/records/6'), { noChange: true, reason: 'no such record' })
  t.match(del('/api/databases/alpha/tables/pairs/records/1'), { noChange: true, reason: 'composite key' })
  t.match(del('/api/databases/alpha/tables/cheap/records/1'), { noChange: true, reason: 'a view' })
  t.match(verdict('POST', '/api/databases/alpha/keys/apk_betawrite/rotate', 'admin'), { noChange: true, reason: 'key of another database' })
  t.match(verdict('POST', '/api/databases/alpha/keys/apk_zzz/rotate', 'alphaWrite'), { noChange: true, reason: 'no such key' })
  t.equal(verdict('POST', '/api/databases/alpha/keys/apk_alpharead/rotate', 'alphaWrite').noChange, false, 'a key of alpha may be rotated')
})

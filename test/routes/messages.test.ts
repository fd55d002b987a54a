import t from 'tap'
import { as, build, signIn, workspace } from '../helper.js'

// A 400 names what is wrong: the unknown property, the path and the expected type, the valid operators.
const { app } = await build(t)
const admin = as(app, await signIn(app))
const { freshDatabase, sql } = workspace(admin, 'messages')

async function refused (request: Parameters<typeof admin>[0], code: string): Promise<string> {
  const res = await admin(request)
  if (res.statusCode !== 400 || res.json().code !== code) throw new Error(`expected 400 ${code}, got ${res.statusCode} ${res.body}`)
  return res.json().message
}

t.test('schema validation messages name the property and the expected type', async (t) => {
  const db = await freshDatabase()
  const tables = `/api/databases/${db}/tables`
  const table = (columns: unknown[]) => ({ method: 'POST' as const, url: tables, payload: { name: 't', columns } })

  t.equal(await refused(table([{ name: 'id', type: 'integer', primaryKey: true }]), 'FST_ERR_VALIDATION'),
    "body/columns/0 has unknown property 'primaryKey' (allowed: name, type, primary_key, auto_increment, nullable, default, unique)",
    'an unknown property by its name, with the ones allowed')
  t.equal(await refused({ method: 'POST', url: tables, payload: { name: 42, columns: [{ name: 'a', type: 'text' }] } }, 'FST_ERR_VALIDATION'),
    'body/name must be of type string, not integer', 'a wrong type: the path, the expected type and the type received')
  t.equal(await refused(table([{ name: 'a', type: 'text', default: { x: 1 } }]), 'FST_ERR_VALIDATION'),
    'body/columns/0/default must be one of: string, number, boolean, null, not object', 'a union: its alternatives')
  t.equal(await refused(table([{ name: 'a', type: 'text', nullable: 'no' }]), 'FST_ERR_VALIDATION'),
    'body/columns/0/nullable must be of type boolean, not string')
  t.equal(await refused({ method: 'POST', url: `/api/databases/${db}/keys`, payload: { label: 'k', scope: 'admin' } }, 'FST_ERR_VALIDATION'),
    'body/scope must be one of: "read", "write", not string', 'a choice of constants lists them')
  t.equal(await refused({ method: 'POST', url: tables, payload: { columns: [] } }, 'FST_ERR_VALIDATION'),
    "body must have required property 'name'")
  await sql(db, 'CREATE TABLE t (id INTEGER PRIMARY KEY)')
  t.equal(await refused({ method: 'GET', url: `${tables}/t/records?limit=abc` }, 'FST_ERR_VALIDATION'),
    'querystring/limit must be of type integer, not string', 'query parameters too')
})

t.test('UNKNOWN_OPERATOR lists the operators', async (t) => {
  const db = await freshDatabase()
  await sql(db, 'CREATE TABLE t (id INTEGER PRIMARY KEY, price REAL)')
  const filter = encodeURIComponent(JSON.stringify({ price__between: [1, 2] }))
  t.equal(await refused({ method: 'GET', url: `/api/databases/${db}/tables/t/records?filter=${filter}` }, 'UNKNOWN_OPERATOR'),
    "unknown filter operator 'between': the operators are __eq, __ne, __gt, __gte, __lt, __lte, __in, __like, __glob")
})

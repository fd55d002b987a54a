import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { signIn } from '../helper.js'

/**
 * The fixtures every fuzz phase runs against: two databases (`alpha` writable, `beta` read-only)
 * with the same tables and rows, keys of both scopes on each, and an admin session.
 */

export const databaseNames = ['alpha', 'beta'] as const
export type DatabaseName = typeof databaseNames[number]

/** The credential kinds a request may carry. Keys are named by their database and scope. */
export const credentialKinds = ['none', 'garbage', 'admin', 'alphaRead', 'alphaWrite', 'betaRead', 'betaWrite'] as const
export type CredentialKind = typeof credentialKinds[number]

export interface Key { id: string, key: string, database: DatabaseName, scope: 'read' | 'write' }

export interface World {
  app: FastifyInstance
  dataDir: string
  adminId: string
  adminToken: string
  keys: Record<'alphaRead' | 'alphaWrite' | 'betaRead' | 'betaWrite', Key>
  /** Every table and view each database holds. */
  tables: string[]
  columns: string[]
  recordIds: string[]
  /** The keys of every row, by table with a single-column key (rowid for notes). */
  recordIdsByTable: Record<string, number[]>
}

/** Three tables with different keys (integer, rowid only, composite) and a view. */
const fixtureSql = [
  'CREATE TABLE notes (body TEXT, n INTEGER)',
  'CREATE TABLE pairs (a INTEGER, b TEXT, v TEXT, PRIMARY KEY (a, b))',
  'CREATE VIEW cheap AS SELECT id, title FROM items WHERE price < 10',
  "INSERT INTO notes (body, n) VALUES ('first', 1), ('second', 2), (NULL, NULL)",
  "INSERT INTO pairs (a, b, v) VALUES (1, 'x', 'one'), (2, 'y', 'two')"
]

const itemColumns = [
  { name: 'id', type: 'integer', primary_key: true, auto_increment: true },
  { name: 'title', type: 'text', nullable: false },
  { name: 'price', type: 'real' },
  { name: 'tags', type: 'json' },
  { name: 'data', type: 'blob' },
  { name: 'sku', type: 'text', unique: true }
]

const itemRows = [
  { title: 'apple', price: 1.5, tags: ['fruit'], sku: 'A1' },
  { title: 'pear', price: 2, tags: [], sku: 'P1', data: { $base64: 'AAEC' } },
  { title: "O'Reilly \"quoted\"", price: 30, sku: 'B1' },
  { title: 'émoji 😀', price: -0.5, sku: 'E1' },
  { title: 'null price', price: null }
]

export async function succeed (res: Promise<LightMyRequestResponse>, what: string): Promise<LightMyRequestResponse> {
  const done = await res
  if (done.statusCode >= 300) throw new Error(`fuzz set-up: ${what} failed with ${done.statusCode}: ${done.body}`)
  return done
}

/** Tables, rows and keys of one database, through the API as an admin. */
export async function seedDatabase (app: FastifyInstance, token: string, name: string): Promise<void> {
  const admin = (opts: InjectOptions) => app.inject({ ...opts, headers: { authorization: `Bearer ${token}` } })
  await succeed(admin({ method: 'POST', url: '/api/databases', payload: { name } }), `create ${name}`)
  await succeed(admin({ method: 'POST', url: `/api/databases/${name}/tables`, payload: { name: 'items', columns: itemColumns } }), 'create items')
  await succeed(admin({ method: 'POST', url: `/api/databases/${name}/tables/items/records`, payload: itemRows }), 'insert items')
  for (const sql of fixtureSql) await succeed(admin({ method: 'POST', url: `/api/databases/${name}/query`, payload: { sql } }), sql)
}

export async function createWorld (app: FastifyInstance, dataDir: string): Promise<World> {
  const adminToken = await signIn(app)
  const admin = (opts: InjectOptions) => app.inject({ ...opts, headers: { authorization: `Bearer ${adminToken}` } })
  const adminId = (await succeed(admin({ method: 'GET', url: '/api/admin/me' }), 'me')).json().data.id as string
  for (const name of databaseNames) await seedDatabase(app, adminToken, name)

  const key = async (database: DatabaseName, scope: 'read' | 'write'): Promise<Key> => {
    const res = await succeed(admin({ method: 'POST', url: `/api/databases/${database}/keys`, payload: { label: `${database} ${scope}`, scope } }), 'key')
    const { id, key } = res.json().data
    return { id, key, database, scope }
  }
  const keys = {
    alphaRead: await key('alpha', 'read'),
    alphaWrite: await key('alpha', 'write'),
    betaRead: await key('beta', 'read'),
    betaWrite: await key('beta', 'write')
  }
  // beta is read-only: data writes there are refused for everyone, admins included
  await succeed(admin({ method: 'PATCH', url: '/api/databases/beta/config', payload: { readonly: true } }), 'beta readonly')
  return {
    app,
    dataDir,
    adminId,
    adminToken,
    keys,
    tables: ['items', 'notes', 'pairs', 'cheap'],
    columns: ['id', 'title', 'price', 'tags', 'data', 'sku', 'body', 'n', 'a', 'b', 'v', 'rowid'],
    recordIds: ['1', '2', '3', '4', '5'],
    recordIdsByTable: { items: [1, 2, 3, 4, 5], notes: [1, 2, 3] }
  }
}

/** The bearer token of a credential kind; undefined for none and garbage (the generator picks those). */
export function tokenOf (world: World, kind: CredentialKind): string | undefined {
  if (kind === 'none' || kind === 'garbage') return undefined
  return kind === 'admin' ? world.adminToken : world.keys[kind].key
}

/** Every real secret, so a garbage credential can be made from one (truncated, extended). */
export function realTokens (world: World): string[] {
  return [world.adminToken, ...Object.values(world.keys).map((k) => k.key)]
}

import type { InjectOptions } from 'fastify'
import type { FuzzCase, GenContext, Verdict } from './cases.js'
import { resolveRoute } from './route-match.js'
import { contentTypes, hostileString, pathSegment, randomText } from './hostile.js'
import { makeHints } from './hints.js'
import { toJsonText } from './json-text.js'
import { pathParamNames } from './openapi.js'
import { caseRng } from './prng.js'
import { certainlyInvalid, validish } from './schema-values.js'
import { seedDatabase, succeed, type World } from './world.js'
import { adminCredentials } from '../helper.js'

/**
 * The mutation phase: allowed credentials with schema-shaped hostile bodies against a sandbox
 * database (`gamma`), rebuilt every `resetEvery` cases. Destructive operations get targets made
 * for them (a throwaway database, key or session), so the fixtures and the admin session survive.
 */

export interface Sandbox {
  world: World
  writeKey: string
  readKey: string
  /** Cases since gamma was last rebuilt. */
  sinceReset: number
}

const sandboxName = 'gamma'
const engineOperations = new Set(['createRecords', 'updateRecord', 'listRecords', 'createTable', 'alterTable', 'runQuery'])
const resetEvery = 40

function admin (world: World) {
  return (opts: InjectOptions) => world.app.inject({ ...opts, headers: { authorization: `Bearer ${world.adminToken}` } })
}

async function rebuild (sandbox: Sandbox): Promise<void> {
  const { world } = sandbox
  const asAdmin = admin(world)
  const exists = await asAdmin({ method: 'GET', url: `/api/databases/${sandboxName}` })
  if (exists.statusCode === 200) await succeed(asAdmin({ method: 'DELETE', url: `/api/databases/${sandboxName}` }), 'drop sandbox')
  await seedDatabase(world.app, world.adminToken, sandboxName)
  const key = async (scope: string): Promise<string> =>
    (await succeed(asAdmin({ method: 'POST', url: `/api/databases/${sandboxName}/keys`, payload: { label: `sandbox ${scope}`, scope } }), 'sandbox key')).json().data.key
  sandbox.writeKey = await key('write')
  sandbox.readKey = await key('read')
  sandbox.sinceReset = 0
}

export async function prepareSandbox (world: World): Promise<Sandbox> {
  const sandbox: Sandbox = { world, writeKey: '', readKey: '', sinceReset: 0 }
  await rebuild(sandbox)
  return sandbox
}

type Who = 'admin' | 'sandboxWrite' | 'sandboxRead' | 'none'

/**
 * Case n of the mutation phase, sent by the runner without the snapshot check. Undefined when
 * its URL would reach a fixture database (a raw `./alpha` segment, say): those are skipped.
 */
export async function mutationCase (ctx: GenContext, sandbox: Sandbox, n: number): Promise<(FuzzCase & { verdict: Verdict }) | undefined> {
  if (++sandbox.sinceReset > resetEvery) await rebuild(sandbox)
  const rng = caseRng(ctx.seed, 'mutation', n)
  const { world } = sandbox
  const asAdmin = admin(world)
  // half the cases go where hostile data meets the engine
  const dataOps = ctx.operations.filter((o) => engineOperations.has(o.operationId))
  const op = rng.chance(0.5) && dataOps.length > 0 ? rng.pick(dataOps) : rng.pick(ctx.operations)
  const hints = makeHints(rng, world)
  const who = rng.pick<Who>(['admin', 'admin', 'admin', 'sandboxWrite', 'sandboxWrite', 'sandboxRead', 'none'])
  let token = who === 'admin' ? world.adminToken : who === 'sandboxWrite' ? sandbox.writeKey : who === 'sandboxRead' ? sandbox.readKey : undefined

  let path = op.path
  for (const name of pathParamNames(op.path)) {
    let value: string
    if (['name', 'db', 'database'].includes(name)) {
      if (op.operationId === 'deleteDatabase' || op.operationId === 'renameDatabase') {
        value = `tmp-${n}`
        await succeed(asAdmin({ method: 'POST', url: '/api/databases', payload: { name: value } }), 'throwaway database')
      } else {
        value = rng.chance(0.9) ? sandboxName : hostileString(rng, { allowHuge: false })
      }
    } else if (name === 'table') {
      value = rng.chance(0.85) ? rng.pick(world.tables) : hostileString(rng, { allowHuge: false })
    } else if (name === 'id' && op.path.includes('/keys/')) {
      value = rng.chance(0.85)
        ? (await succeed(asAdmin({ method: 'POST', url: `/api/databases/${sandboxName}/keys`, payload: { label: `throwaway ${n}`, scope: rng.pick(['read', 'write']) } }), 'throwaway key')).json().data.id
        : `apk_${randomText(rng, 6)}`
    } else {
      value = rng.chance(0.8) ? rng.pick([...world.recordIds, '6', '7', '100']) : hostileString(rng, { allowHuge: false })
    }
    path = path.replace(`{${name}}`, pathSegment(rng, value))
  }
  if (op.operationId === 'adminLogout' && who === 'admin') token = world.app.store.sessions.create(world.adminId, adminCredentials.email).token

  const headers: Record<string, string> = {}
  let payload: string | undefined
  if (op.body && op.operationId !== 'importDatabase') {
    const name = op.operationId === 'createRecords' || op.operationId === 'updateRecord' ? 'record' : ''
    const roll = rng.int(0, 9)
    const value = validish(op.body.schema, rng, hints, name, roll < 6)
    payload = toJsonText(roll === 9 ? (certainlyInvalid(op.body.schema, value, rng) ?? value) : value)
    headers['content-type'] = rng.chance(0.95) ? op.body.contentType : rng.pick(contentTypes)
  }
  if (token !== undefined) headers.authorization = `Bearer ${token}`
  const c: FuzzCase = {
    phase: 'mutation',
    n,
    operationId: op.operationId,
    credential: who,
    request: { method: op.method, url: path, headers, payload, remoteAddress: `10.9.${rng.int(0, 255)}.${rng.int(1, 254)}` }
  }
  const resolved = resolveRoute(ctx.operations, c.request.method, c.request.url)
  const reached = resolved?.params.name ?? resolved?.params.db ?? resolved?.params.database
  if (reached === 'alpha' || reached === 'beta') return undefined
  // only the answer's shape is judged here: these requests may change what they target
  return { ...c, verdict: { noChange: false, mustRefuse: false, reason: 'mutation', resolved } }
}

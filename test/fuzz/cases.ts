import type { Operation, Parameter } from './openapi.js'
import { pathParamNames } from './openapi.js'
import type { Rng } from './prng.js'
import { caseRng } from './prng.js'
import { resolveRoute, type Resolved } from './route-match.js'
import { brokenJsonText, contentTypes, encodeSegment, garbageAuthorization, hostileString, hostileValue, huge, pathSegment, randomText } from './hostile.js'
import { deepArray, deepObject, toJsonText } from './json-text.js'
import { certainlyInvalid, certainlyRejects, validish, type Hints } from './schema-values.js'
import { makeHints } from './hints.js'
import { credentialKinds, realTokens, tokenOf, type CredentialKind, type World } from './world.js'

/** One request, as sent with inject. */
export interface FuzzRequest {
  method: string
  url: string
  headers: Record<string, string>
  payload?: string | Buffer
  remoteAddress: string
}

export interface FuzzCase {
  phase: string
  n: number
  operationId: string
  /** A world credential kind; the mutation phase also uses its sandbox's keys. */
  credential: CredentialKind | 'sandboxWrite' | 'sandboxRead'
  request: FuzzRequest
  /** What the multipart import form holds, for the classifier (set only for importDatabase). */
  importForm?: ImportForm
}

export interface ImportForm { framed: boolean, name?: string, fileIsDatabase: boolean, hasFile: boolean }

/** The verdict on a case before it is sent. */
export interface Verdict {
  /** The request can change nothing: the snapshot must come back identical. */
  noChange: boolean
  /** The request must be refused (4xx): refused credential or certainly invalid input. */
  mustRefuse: boolean
  reason: string
  /** The operation and parameters the URL really reaches; undefined when it reaches none. */
  resolved?: Resolved
}

export interface GenContext {
  seed: number
  world: World
  operations: Operation[]
  bodyLimit: number
  /** A real SQLite file (an export of alpha) for import forms. */
  sqliteFile: Buffer
}

/** Operations that write a hosted database's content: refused while it is read-only (spec, rule 4). */
const dataWrites = new Set(['createTable', 'alterTable', 'dropTable', 'createRecords', 'updateRecord', 'replaceRecord', 'deleteRecord'])
/** Raw SQL: a read key or a readonly database may send it, and only statements that read then run. */
const rawSql = new Set(['runQuery', 'runBatch'])
/** Operations that change the table their `:table` names: a table that does not exist must stay a 404. */
const tableWrites = new Set(['alterTable', 'dropTable', 'createRecords', 'updateRecord', 'deleteRecord'])
/** Of those, the ones SQLite refuses on a view. */
const viewRefuses = new Set(['alterTable', 'createRecords', 'updateRecord', 'deleteRecord'])
/** SQLite matches table names ignoring ASCII case, and nothing else. */
const asciiLower = (name: string): string => name.replace(/[A-Z]/g, (c) => c.toLowerCase())

/**
 * Why a write certainly finds nothing to change: the table, record or key it names does not exist
 * (or is one it cannot apply to). Identity is the server's to get right: a near miss (`items\0x`,
 * `items `, record `1abc`, a key of another database) must never reach the real thing.
 */
function missingTarget (world: World, op: Operation, params: Record<string, string>): string | undefined {
  if (params.table !== undefined && tableWrites.has(op.operationId)) {
    const table = world.tables.find((name) => asciiLower(name) === asciiLower(params.table))
    if (table === undefined) return 'no such table'
    if (table === 'cheap' && viewRefuses.has(op.operationId)) return 'a view'
    if (params.id !== undefined) {
      if (table === 'pairs') return 'composite key'
      const ids = world.recordIdsByTable[table]
      const n = Number(params.id)
      // SQLite compares a bound text to an integer key numerically: '1.0', ' 1', '0x1'... may all be record 1
      if (ids !== undefined && !(Number.isFinite(n) && ids.includes(n))) return 'no such record'
    }
  }
  if (op.operationId === 'rotateKey' || op.operationId === 'revokeKey') {
    const key = Object.values(world.keys).find((k) => k.id === params.id)
    if (key === undefined) return 'no such key'
    if (key.database !== databaseParam(params)) return 'key of another database'
  }
  return undefined
}
/** Not GETs, yet they change nothing (a change feed token is a read credential: a read key may subscribe). */
const readsByPost = new Set(['exportDatabase', 'createChangesToken'])
const readonlyDatabases = new Set(['beta'])

export const isMutating = (op: Operation): boolean => op.method !== 'GET' && !readsByPost.has(op.operationId)

const databaseParam = (params: Record<string, string>): string | undefined => params.name ?? params.db ?? params.database

/** Whether the contract refuses `credential` on this operation and target, whatever the input. */
export function credentialRefused (world: World, op: Operation, params: Record<string, string>, credential: CredentialKind): boolean {
  if (op.security === 'public') return op.operationId === 'adminSetup' && credential !== 'admin'
  if (credential === 'none' || credential === 'garbage') return true
  if (credential === 'admin') return false
  if (op.security === 'admin') return true
  const key = world.keys[credential]
  if (databaseParam(params) !== key.database) return true
  // read keys: every GET, SELECT-only SQL and export (CONTRACT: API keys)
  return key.scope === 'read' && isMutating(op) && !rawSql.has(op.operationId)
}

const jsonType = /^application\/json\s*(;\s*charset=utf-8\s*)?$/i
const textType = /^text\/plain\s*(;|$)/i
const multipartType = /^multipart\/form-data/i

/** The body as the server's parser will hand it to validation; undefined when unknown or unparsable. */
function parsedBody (request: FuzzRequest): { ok: true, value: unknown } | { ok: false, certain: boolean } | undefined {
  const type = request.headers['content-type']
  const payload = request.payload
  if (payload === undefined || payload.length === 0 || type === undefined) return undefined
  const text = typeof payload === 'string' ? payload : new TextDecoder().decode(payload)
  if (jsonType.test(type)) {
    try {
      return { ok: true, value: JSON.parse(text.replace(/^\uFEFF/, '')) }
    } catch {
      return { ok: false, certain: true }
    }
  }
  if (textType.test(type)) return { ok: true, value: text }
  return undefined
}

const bodyBytes = (payload: string | Buffer | undefined): number => payload === undefined ? 0 : Buffer.byteLength(payload)

/**
 * Decides what the server must do with a case, from the route it really reaches (after URL
 * normalisation), the credential and what the input certainly violates.
 */
export function classify (ctx: GenContext, operations: Operation[], c: FuzzCase): Verdict {
  const { request } = c
  const resolved = resolveRoute(operations, request.method, request.url)
  if (!resolved) return { noChange: true, mustRefuse: false, reason: 'no such route' }
  const { op, params, query } = resolved
  if (c.credential === 'sandboxWrite' || c.credential === 'sandboxRead') throw new Error('classify judges world credentials only')
  const refused = credentialRefused(ctx.world, op, params, c.credential)
  if (refused) return { noChange: true, mustRefuse: true, reason: 'credential refused', resolved }
  const invalid = certainlyInvalidInput(ctx, op, params, query, request, c.importForm)
  if (invalid) return { noChange: true, mustRefuse: true, reason: invalid, resolved }
  if (!isMutating(op)) return { noChange: true, mustRefuse: false, reason: 'read-only operation', resolved }
  if (op.operationId === 'adminLogin') return { noChange: true, mustRefuse: false, reason: 'sign-in without the real password', resolved }
  const missing = missingTarget(ctx.world, op, params)
  if (missing) return { noChange: true, mustRefuse: true, reason: missing, resolved }
  const database = databaseParam(params)
  const readOnlyTarget = database !== undefined && readonlyDatabases.has(database)
  if (readOnlyTarget && dataWrites.has(op.operationId)) return { noChange: true, mustRefuse: true, reason: 'read-only database', resolved }
  if (rawSql.has(op.operationId) && (readOnlyTarget || c.credential.endsWith('Read'))) {
    return { noChange: true, mustRefuse: false, reason: 'raw SQL that may only read', resolved }
  }
  return { noChange: false, mustRefuse: false, reason: 'allowed mutation', resolved }
}

function certainlyInvalidInput (ctx: GenContext, op: Operation, params: Record<string, string>, query: Record<string, string | string[]>,
  request: FuzzRequest, form: ImportForm | undefined): string | undefined {
  const hasBody = ['POST', 'PATCH', 'PUT', 'DELETE'].includes(op.method)
  if (hasBody && bodyBytes(request.payload) > ctx.bodyLimit && request.headers['content-type'] !== undefined) return 'body over the limit'
  for (const p of op.params) {
    if (p.in === 'path' && certainlyRejects(p.schema, params[p.name])) return `path parameter ${p.name} invalid`
    if (p.in === 'query' && query[p.name] !== undefined && certainlyRejects(p.schema, query[p.name])) return `query parameter ${p.name} invalid`
  }
  const type = request.headers['content-type']
  if (hasBody && bodyBytes(request.payload) > 0 && type !== undefined && !jsonType.test(type) && !textType.test(type) &&
      !/^application\/json/i.test(type) && !multipartType.test(type)) return 'unsupported content type'
  const body = hasBody ? parsedBody(request) : undefined
  if (body && !body.ok && body.certain) return 'body is not JSON'
  if (op.operationId === 'importDatabase') return importInvalid(form, type)
  if (op.body && !multipartType.test(op.body.contentType)) {
    if (body?.ok && certainlyRejects(op.body.schema, body.value)) return 'body fails its schema'
    if (bodyBytes(request.payload) === 0) return 'body missing'
  }
  return undefined
}

const namePattern = /^[a-z0-9][a-z0-9_-]*$/

/** Why an import form certainly registers nothing; undefined when it might. */
function importInvalid (form: ImportForm | undefined, type: string | undefined): string | undefined {
  if (!form) return 'not a form' // a JSON body or none: the route reads multipart only
  // a broken frame or another content type: what the parser makes of it is not ours to guess
  if (!form.framed || type === undefined || !multipartType.test(type)) return undefined
  if (!form.hasFile) return 'form without a file'
  if (form.name === undefined || !namePattern.test(form.name) || form.name.length > 64) return 'form name invalid'
  if (['alpha', 'beta'].includes(form.name)) return 'form name taken'
  if (!form.fileIsDatabase) return 'form file is not a database'
  return undefined
}

/** Header values a real client can send: printable Latin-1 only. */
const headerSafe = (s: string): string => s.replace(/[^\t\x20-\x7e\x80-\xff]/g, '?')

/** Path values by parameter name: world names mostly, hostile ones otherwise. */
function pathValue (rng: Rng, world: World, op: Operation, name: string): string {
  if (rng.chance(0.3)) return hostileString(rng, { allowHuge: rng.chance(0.1) })
  if (name === 'name' || name === 'db' || name === 'database') return rng.pick(['alpha', 'alpha', 'alpha', 'beta', 'ghost', 'gamma'])
  if (name === 'table') {
    const table = rng.pick(world.tables)
    // near misses: another name than any table has, though a sloppy lookup may take it for one
    return rng.chance(0.3) ? rng.pick([`${table}\u0000`, `${table}\u0000evil`, `${table} `, ` ${table}`, `${table}\u200b`, `${table}_`, `${table}%`,
      `main.${table}`, `"${table}"`, `[${table}]`, table.toUpperCase(), `${table}\t`, `${table};`, `${table}--`]) : table
  }
  if (name === 'id' && op.path.includes('/keys/')) return rng.pick([...Object.values(world.keys).map((k) => k.id), 'apk_0', `apk_${randomText(rng, 8)}`])
  return rng.pick([...world.recordIds, '0', '-1', '1.0', '9223372036854775808', 'x'])
}

function queryString (rng: Rng, op: Operation, hints: Hints): string {
  const pairs: string[] = []
  const add = (k: string, v: string): void => { pairs.push(`${encodeSegment(k)}=${encodeSegment(v)}`) }
  for (const p of op.params.filter((q) => q.in === 'query')) {
    if (rng.chance(0.4)) continue
    const value = queryValue(rng, p, hints)
    add(p.name, value)
    if (rng.chance(0.05)) add(p.name, queryValue(rng, p, hints)) // repeated: an array
  }
  if (rng.chance(0.1)) add(rng.pick(['__proto__', 'constructor', 'a[b]', 'extra', 'limit[]', '']), hostileString(rng, { allowHuge: false }))
  if (rng.chance(0.03)) pairs.push(rng.pick(['%', '%ZZ', '&&&', '=', '=x', 'a=%E0%A4%A', 'a=%00', `filter=${'%7B'.repeat(3000)}`]))
  return pairs.length > 0 ? `?${pairs.join('&')}` : ''
}

function queryValue (rng: Rng, p: Parameter, hints: Hints): string {
  const samples = hints(p.name)
  if (samples && rng.chance(0.6)) return String(rng.pick(samples))
  const v = rng.chance(0.5) ? validish(p.schema, rng, hints, p.name) : hostileString(rng, { allowHuge: rng.chance(0.1) })
  return typeof v === 'string' ? v : toJsonText(v)
}

type BodyMode = 'valid' | 'wild' | 'invalid' | 'broken' | 'oversize' | 'deep' | 'scalar' | 'empty' | 'none'

function pickBodyMode (rng: Rng, op: Operation, mustBeInvalid: boolean): BodyMode {
  if (!op.body) return rng.chance(0.85) ? 'none' : rng.pick<BodyMode>(['wild', 'broken', 'oversize', 'deep'])
  if (mustBeInvalid) return rng.pick<BodyMode>(['invalid', 'invalid', 'invalid', 'broken', 'oversize', 'scalar', 'deep'])
  return rng.pick<BodyMode>(['valid', 'valid', 'valid', 'wild', 'wild', 'invalid', 'broken', 'oversize', 'deep', 'scalar', 'empty', 'none'])
}

/** The JSON text of a body in the given mode; `name` is the hint prefix for record members. */
function jsonBody (rng: Rng, op: Operation, mode: BodyMode, hints: Hints, bodyLimit: number): string | Buffer | undefined {
  const schema = op.body?.schema ?? { type: 'object' }
  const name = op.operationId === 'createRecords' || op.operationId === 'updateRecord' ? 'record' : ''
  switch (mode) {
    case 'none': return undefined
    case 'empty': return rng.pick(['', ' ', '\n'])
    case 'valid': return toJsonText(validish(schema, rng, hints, name, true))
    case 'wild': return toJsonText(validish(schema, rng, hints, name, false))
    case 'invalid': {
      const bad = certainlyInvalid(schema, validish(schema, rng, hints, name, true), rng)
      return toJsonText(bad === undefined ? 'not an object' : bad)
    }
    case 'broken': return brokenJsonText(rng)
    case 'oversize': {
      const filler = 'x'.repeat(bodyLimit + rng.int(1, 4096))
      return rng.chance(0.5) ? toJsonText({ sql: filler, name: filler }) : `[${'1,'.repeat(Math.ceil(bodyLimit / 2))}1]`
    }
    case 'deep': {
      const deep = rng.chance(0.5) ? deepArray(10_000) : deepObject(10_000)
      if (rng.chance(0.5)) return deep.text
      const value = validish(schema, rng, hints, name, true)
      const target = value !== null && typeof value === 'object' && !Array.isArray(value) ? value as Record<string, unknown> : {}
      const keys = Object.keys(target)
      target[keys.length > 0 && rng.chance(0.7) ? rng.pick(keys) : 'deep'] = deep
      return toJsonText(target)
    }
    case 'scalar': return rng.pick(['null', '0', '"x"', 'true', '[]', '{}', '-0', '1e400', '""', '[null]', '[[]]'])
  }
}

/** A multipart import form: framing, fields and file vary; `form` says what it holds. */
function importBody (rng: Rng, ctx: GenContext, mustBeInvalid: boolean): { payload: Buffer, contentType: string, form: ImportForm } {
  const boundary = rng.chance(0.9) ? `fuzz${rng.int(0, 1e9)}` : rng.pick(['', '"', 'a'.repeat(200), '--', 'x y'])
  const framed = boundary.length > 0 && /^[A-Za-z0-9]{1,70}$/.test(boundary)
  const parts: Buffer[] = []
  const field = (name: string, value: string): void => {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`))
  }
  const name = rng.chance(0.5) ? hostileString(rng, { allowHuge: rng.chance(0.05) }) : rng.pick(['alpha', 'beta', 'imported', 'ok-name', 'UPPER'])
  const nameFirst = rng.chance(0.8)
  const hasName = rng.chance(0.9)
  if (hasName && nameFirst) field('name', name)
  const extra = rng.chance(0.2) ? rng.pick(['group', 'extra', 'name', 'file']) : undefined
  if (extra) field(extra, hostileString(rng, { allowHuge: false }))
  const hasFile = rng.chance(0.9)
  let fileIsDatabase = false
  if (hasFile) {
    const content = rng.pick<() => Buffer>([
      () => ctx.sqliteFile,
      () => Buffer.from('not a database at all'),
      () => Buffer.concat([Buffer.from('SQLite format 3\u0000'), Buffer.from(huge(rng, 5000))]),
      () => ctx.sqliteFile.subarray(0, rng.int(0, ctx.sqliteFile.length - 1)),
      () => Buffer.alloc(0),
      () => Buffer.from(toJsonText(hostileValue(rng)))
    ])()
    // anything starting with the header may open as a database: only the rest is certainly refused
    fileIsDatabase = content.subarray(0, 16).toString('latin1') === 'SQLite format 3\u0000'
    const filename = rng.chance(0.8) ? 'upload.db' : hostileString(rng, { allowHuge: false }).replace(/["\r\n]/g, '_')
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${rng.chance(0.9) ? 'file' : 'name'}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`))
    parts.push(content, Buffer.from('\r\n'))
  }
  if (hasName && !nameFirst) field('name', name)
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  let payload = Buffer.concat(parts)
  const truncated = mustBeInvalid && rng.chance(0.3)
  if (truncated) payload = payload.subarray(0, rng.int(0, payload.length))
  // a second name field, or a truncated form, leaves what the server reads uncertain
  const form: ImportForm = { framed: framed && !truncated && extra !== 'name' && extra !== 'file', name: hasName ? name : undefined, fileIsDatabase, hasFile }
  return { payload, contentType: `multipart/form-data; boundary=${boundary}`, form }
}

function authorization (rng: Rng, world: World, credential: CredentialKind): string | undefined {
  if (credential === 'none') return undefined
  if (credential === 'garbage') return headerSafe(garbageAuthorization(rng, realTokens(world)))
  return `Bearer ${tokenOf(world, credential)}`
}

/** Credentials the contract refuses for this operation and target. */
function refusedCredentials (world: World, op: Operation, params: Record<string, string>): CredentialKind[] {
  return credentialKinds.filter((k) => credentialRefused(world, op, params, k))
}

/**
 * Case n of the API phase: one operation of the document, hostile parameters, body and headers,
 * any credential. Cases that could legitimately change data get a refused credential instead, so
 * every case of this phase must leave the snapshot as it was.
 */
export function apiCase (ctx: GenContext, n: number): FuzzCase & { verdict: Verdict } {
  const rng = caseRng(ctx.seed, 'api', n)
  const { world } = ctx
  const op = rng.pick(ctx.operations)
  const hints = makeHints(rng, world)
  const values: Record<string, string> = {}
  let path = op.path
  for (const name of pathParamNames(op.path)) {
    values[name] = pathValue(rng, world, op, name)
    path = path.replace(`{${name}}`, pathSegment(rng, values[name]))
  }
  const url = path + queryString(rng, op, hints)
  // weighted toward credentials that get past the guards, so handlers see hostile input too
  let credential = rng.pick<CredentialKind>(['none', 'garbage', 'admin', 'admin', 'admin', 'alphaRead', 'alphaRead', 'alphaWrite', 'alphaWrite', 'betaRead', 'betaWrite'])
  const extraHeaders: Record<string, string> = {}
  for (const p of op.params.filter((q) => q.in === 'header')) {
    if (rng.chance(0.5)) extraHeaders[p.name] = headerSafe(String(rng.pick(hints(p.name) ?? ['x'])))
  }
  if (rng.chance(0.1)) extraHeaders['x-request-id'] = headerSafe(hostileString(rng, { allowHuge: false }))
  if (rng.chance(0.05)) extraHeaders['x-forwarded-for'] = '127.0.0.1, ' + headerSafe(hostileString(rng, { allowHuge: false }))
  // sign-in and setup share a few addresses, so their per-IP throttle is fuzzed too (and argon2 runs less)
  const throttled = op.operationId === 'adminLogin' || op.operationId === 'adminSetup'
  const remoteAddress = throttled ? `10.0.0.${rng.int(1, 3)}` : `10.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`

  /** The body, its content type and (for imports) what the form holds; `mustBeInvalid` asks for a certain violation. */
  function body (mustBeInvalid: boolean): { payload?: string | Buffer, contentType?: string, importForm?: ImportForm } {
    if (op.operationId === 'importDatabase') {
      const form = importBody(rng, ctx, mustBeInvalid)
      return { payload: form.payload, contentType: rng.chance(0.9) ? form.contentType : rng.pick(contentTypes), importForm: form.form }
    }
    const payload = jsonBody(rng, op, pickBodyMode(rng, op, mustBeInvalid), hints, ctx.bodyLimit)
    if (payload === undefined) return {}
    return { payload, contentType: rng.chance(0.85) ? (op.body?.contentType ?? 'application/json') : rng.pick(contentTypes) }
  }
  function build (kind: CredentialKind, b: ReturnType<typeof body>): FuzzCase & { verdict: Verdict } {
    const auth = authorization(rng, world, kind)
    const headers = { ...extraHeaders, ...(b.contentType ? { 'content-type': b.contentType } : {}), ...(auth === undefined ? {} : { authorization: auth }) }
    const c: FuzzCase = {
      phase: 'api', n, operationId: op.operationId, credential: kind,
      request: { method: op.method, url, headers, payload: b.payload, remoteAddress },
      importForm: b.importForm
    }
    return { ...c, verdict: classify(ctx, ctx.operations, c) }
  }

  // any body first: a write whose target does not exist must change nothing even when its body is valid;
  // then a certainly invalid body; and when the request could still change data, a refused credential
  let c = build(credential, body(false))
  if (!c.verdict.noChange) c = build(credential, body(true))
  if (!c.verdict.noChange) {
    const target = c.verdict.resolved ?? { op, params: values }
    const refused = refusedCredentials(world, target.op, target.params)
    credential = refused.length > 0 ? rng.pick(refused) : 'none'
    c = build(credential, body(false))
  }
  return c
}

/** Case n of the raw SQL phase: token soup as a read key, or on the read-only database as anyone. */
export function sqlCase (ctx: GenContext, n: number, soup: (rng: Rng) => { sql: string, params: unknown }): FuzzCase & { verdict: Verdict } {
  const rng = caseRng(ctx.seed, 'sql', n)
  const [database, credential] = rng.pick<[string, CredentialKind]>([
    ['alpha', 'alphaRead'], ['alpha', 'alphaRead'], ['alpha', 'alphaRead'], ['beta', 'admin'], ['beta', 'betaWrite'], ['beta', 'betaRead']
  ])
  const { sql, params } = soup(rng)
  const body = params === undefined ? { sql } : { sql, params }
  const c: FuzzCase = {
    phase: 'sql',
    n,
    operationId: 'runQuery',
    credential,
    request: {
      method: 'POST',
      url: `/api/databases/${database}/query`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokenOf(ctx.world, credential)}` },
      payload: toJsonText(body),
      remoteAddress: '127.0.0.1'
    }
  }
  return { ...c, verdict: classify(ctx, ctx.operations, c) }
}


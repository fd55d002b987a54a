import { Type } from '@sinclair/typebox'
import { ErrorSchema } from '../../schemas/common.js'
import { requestExamples } from '../../schemas/examples.js'
import { keyLimited } from '../access.js'

/**
 * How a route appears in the OpenAPI document (`@fastify/swagger`'s `transform`). The route schemas
 * declare what each route does; this adds, in one place, what every route of a kind can answer
 * because of the server around it, and fixes what Fastify's routing would make wrong in the document.
 * It changes the document only, never validation or serialisation.
 */

type Schema = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
interface RouteView { schema?: Schema, url: string, route: { method: string | string[], config?: Schema } }

/** One name per path parameter: the database is `{db}` on every path (Fastify routes call it name/database too). */
const paramRenames: Array<{ under: RegExp, from: string }> = [
  { under: /^\/api\/databases\/:name(\/|$)/, from: 'name' },
  { under: /^\/api\/analytics\/:database(\/|$)/, from: 'database' }
]

const reasons: Record<number, string> = {
  404: 'resource not found',
  408: 'a statement ran past the query deadline (QUERY_TIMEOUT): with count=true or counts=true, counting may be what ran long',
  409: 'a constraint was violated (CONSTRAINT_VIOLATION), e.g. a foreign key still referencing the row or table',
  413: 'request body larger than the limit (MAX_BODY_SIZE, MAX_IMPORT_SIZE)',
  415: 'unsupported Content-Type (send application/json)',
  429: 'too many requests: retry after the Retry-After header',
  500: 'unexpected server error (INTERNAL_ERROR); details are in the server log only',
  503: 'the server is shutting down, or storage or the engine is temporarily unavailable',
  507: 'no space left on the server, or the database reached its size quota (DATABASE_FULL)'
}

const header = (description: string, schema: Schema = Type.Integer({ minimum: 0 })): Schema => ({ ...schema, description })
const retryAfter = header('seconds to wait before trying again')
/** What @fastify/rate-limit sends on every answer of a rate-limited route. */
const rateLimitHeaders = {
  'x-ratelimit-limit': header('requests allowed in the window'),
  'x-ratelimit-remaining': header('requests left in the current window'),
  'x-ratelimit-reset': header('seconds until the window resets')
}
/** What a route sends to a key with a rate limit (the standard draft names). */
const keyRateLimitHeaders = {
  'ratelimit-limit': header('requests the key may make in the window (only for a key with a rate limit)'),
  'ratelimit-remaining': header('requests the key has left in the current window'),
  'ratelimit-reset': header('seconds until the key\'s window resets')
}
const contentDisposition = header('attachment; filename="<name>"', Type.String())

/** Routes that run statements on a hosted database under the query deadline. */
const runsStatements = (url: string, operationId: string): boolean =>
  /^\/api\/databases\/:db\/(tables|query|batch)/.test(url) || operationId === 'getDatabase'

function withStatus (response: Schema, status: number): void {
  if (!response[status]) response[status] = Type.Object(ErrorSchema.properties, { description: reasons[status] ?? 'error' })
}

function withHeaders (response: Schema, status: string, headers: Schema): void {
  const entry = response[status]
  if (!entry) return
  response[status] = { ...entry, headers: { ...entry.headers, ...headers } }
}

/** Query members that have a default are optional to the caller, whatever the validator's type says. */
function optionalDefaults (querystring: Schema): Schema {
  if (!Array.isArray(querystring.required)) return querystring
  const required = querystring.required.filter((name: string) => querystring.properties?.[name]?.default === undefined)
  const copy: Schema = { ...querystring, required }
  if (required.length === 0) delete copy.required
  return copy
}

function renameParam (params: Schema, from: string, to: string): Schema {
  const properties: Schema = {}
  for (const [name, value] of Object.entries(params.properties ?? {})) properties[name === from ? to : name] = value
  const required = (params.required as string[] | undefined)?.map((name) => name === from ? to : name)
  return { ...params, properties, ...(required ? { required } : {}) }
}

export function routeDocument ({ schema, url, route }: RouteView): { schema?: Schema, url: string } {
  // a plugin's '/' route is also reachable without the slash: the document names it once, without
  if (url.length > 1 && url.endsWith('/')) url = url.slice(0, -1)
  if (!schema || schema.hide || !schema.operationId) return { schema, url }
  const out: Schema = { ...schema, response: { ...schema.response } }
  const method = [route.method].flat()[0]
  const operationId = out.operationId as string

  for (const { under, from } of paramRenames) {
    if (!under.test(url) || !out.params) continue
    url = url.replace(`:${from}`, ':db')
    out.params = renameParam(out.params, from, 'db')
  }
  if (out.querystring) out.querystring = optionalDefaults(out.querystring)

  const response = out.response as Schema
  if (out.params) withStatus(response, 404)
  // Fastify parses a body on every method but GET and HEAD, declared or not: too large or of an unknown type, it answers
  if (method !== 'GET') {
    withStatus(response, 413)
    withStatus(response, 415)
  }
  if (out.body) {
    const example = requestExamples[operationId]
    if (example !== undefined && !out.body.examples) out.body = { ...out.body, examples: [example] }
  }
  if (runsStatements(url, operationId)) withStatus(response, 408)
  if (method === 'DELETE' && /\/tables\/:table/.test(url)) withStatus(response, 409)
  if (method !== 'GET') withStatus(response, 507)
  withStatus(response, 500)
  withStatus(response, 503)
  withHeaders(response, '503', { 'retry-after': retryAfter })

  if (route.config?.rateLimit) {
    withStatus(response, 429)
    for (const status of Object.keys(response)) withHeaders(response, status, rateLimitHeaders)
  }
  if (keyLimited(operationId)) {
    withStatus(response, 429)
    for (const status of Object.keys(response)) withHeaders(response, status, keyRateLimitHeaders)
  }
  withHeaders(response, '429', { 'retry-after': retryAfter })
  for (const [status, entry] of Object.entries(response)) {
    const types = Object.keys((entry as Schema).content ?? {})
    if (types.some((type) => type !== 'application/json')) withHeaders(response, status, { 'content-disposition': contentDisposition })
  }
  return { schema: out, url }
}

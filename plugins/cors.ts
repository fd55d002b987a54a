import fp from 'fastify-plugin'
import type { FastifyReply } from 'fastify'

/**
 * The data routes of a database, the only ones a browser app may call with that database's own key: its tables and
 * records, raw SQL, batch, change feed and per-database OpenAPI. Never the database itself (rename, delete), its
 * config, keys, export or backups: a write key that sets `cors_origins` must not open those to every web page
 * (issue #30, item 8). An allowlist, so a route added later stays closed until it is named here.
 */
const dataRoute = /^\/api\/databases\/([a-z0-9][a-z0-9_-]*)\/(?:tables|query|batch|changes|openapi\.json)(?:[/?]|$)/
const allowHeaders = 'authorization, content-type, x-request-id'
const exposeHeaders = 'content-disposition, retry-after, x-request-id'
const allowMethods = 'GET, POST, PATCH, DELETE'

/**
 * Per-database CORS: a browser calling a database's data routes gets CORS headers, and preflight
 * answers, for exactly the origins in that database's `cors_origins` (or any origin with "*").
 */
export default fp(async (fastify) => {
  const { store } = fastify

  // A callback hook: every request passes it, and an async one would cost each a promise.
  fastify.addHook('onRequest', (request, reply: FastifyReply, done) => {
    const origin = request.headers.origin
    if (!origin) return done()
    const name = dataRoute.exec(request.url)?.[1]
    if (!name) return done()
    const allowed = store.databases.findByName(name)?.corsOrigins
    const match = allowed?.includes(origin) ? origin : allowed?.includes('*') ? '*' : undefined
    reply.header('vary', 'Origin')
    const preflight = request.method === 'OPTIONS' && request.headers['access-control-request-method']
    if (match) {
      reply.header('access-control-allow-origin', match)
      reply.header('access-control-expose-headers', exposeHeaders)
    }
    if (!preflight) return done()
    if (match) {
      reply.header('access-control-allow-methods', allowMethods)
      reply.header('access-control-allow-headers', allowHeaders)
      reply.header('access-control-max-age', '600')
    }
    // answered here: the request goes no further, so done() is not called
    reply.code(204).send()
  })
}, { name: 'cors', dependencies: ['store'], fastify: '5.x' })

import fp from 'fastify-plugin'
import fastifyAuth from '@fastify/auth'
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify'
import { accessTable, type Access } from '../lib/access.js'
import { API_KEY_PREFIX } from '../lib/crypto.js'
import type { DatabaseRecord } from '../lib/store/databases.js'
import type { Actor } from '../lib/store/activity.js'
import type { KeyRateLimit, KeyScope } from '../lib/store/keys.js'
import {
  AdminRequired, DatabaseReadonly, InsufficientScope, KeyWrongDatabase, Unauthorized
} from '../lib/errors.js'

export type Principal =
  | { kind: 'admin', adminId: string, email: string, token: string }
  | { kind: 'key', keyId: string, databaseId: string, scope: KeyScope, rateLimit: KeyRateLimit | null }

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling, from the bearer credential; null when none or invalid. */
    principal: Principal | null
    /** The database named by the route's `:name`/`:db`, once the access guard has resolved it. */
    database: DatabaseRecord | null
  }
  interface FastifyContextConfig {
    access?: Access
  }
  interface FastifyInstance {
    /** The principal an `Authorization` header value stands for now, null when none or no longer valid. */
    principalOf: (header: string | undefined) => Principal | null
    /**
     * The onRoute hook every area plugin adds in its own context (plugins/area.ts): the route's operationId names its
     * access rule, and a Litehouse route without one stops the boot. A host's own routes are left alone.
     */
    guardRoute: (route: RouteOptions) => void
  }
}

const securityFor: Record<Access, Array<Record<string, string[]>>> = {
  public: [],
  admin: [{ sessionToken: [] }],
  read: [{ sessionToken: [] }, { apiKey: [] }],
  write: [{ sessionToken: [] }, { apiKey: [] }],
  data: [{ sessionToken: [] }, { apiKey: [] }]
}

/** The activity-log actor of a request. */
export function actorOf (request: FastifyRequest): Actor {
  const p = request.principal
  if (!p) throw new Unauthorized('missing bearer credential')
  return p.kind === 'admin' ? { type: 'admin', id: p.adminId, email: p.email } : { type: 'key', id: p.keyId }
}

/**
 * Turns the bearer credential into `request.principal` and enforces the access table on every
 * Litehouse route: each route's operationId names its rule, and a route without one stops the boot.
 */
export default fp(async (fastify) => {
  const { store } = fastify
  await fastify.register(fastifyAuth)
  fastify.decorateRequest('principal', null)
  fastify.decorateRequest('database', null)

  // Both hooks run on every request and do synchronous work: they take callbacks, not promises.
  fastify.addHook('onRequest', (request, _reply, done) => {
    request.principal = principalOf(request.headers.authorization)
    done()
  })

  fastify.decorate('principalOf', principalOf)
  function principalOf (header: string | undefined): Principal | null {
    if (!header || !header.startsWith('Bearer ')) return null
    const token = header.slice(7).trim()
    if (token.startsWith(API_KEY_PREFIX)) {
      const key = store.keys.resolve(token)
      return key ? { kind: 'key', keyId: key.keyId, databaseId: key.databaseId, scope: key.scope, rateLimit: key.rateLimit } : null
    }
    if (token.length === 0 || token.length > 256) return null
    const session = store.sessions.resolve(token)
    return session ? { kind: 'admin', adminId: session.adminId, email: session.email, token } : null
  }

  function authenticate (request: FastifyRequest): Principal {
    if (request.principal) return request.principal
    throw new Unauthorized(request.headers.authorization ? 'invalid or expired credential' : 'missing bearer credential')
  }

  function guardFor (access: Exclude<Access, 'public'>) {
    function check (request: FastifyRequest): void {
      const principal = authenticate(request)
      const params = request.params as { name?: string, db?: string }
      const name = params.name ?? params.db
      if (access === 'admin') {
        if (principal.kind !== 'admin') throw new AdminRequired()
        if (name !== undefined) request.database = store.databases.require(name)
        return
      }
      let database: DatabaseRecord
      if (principal.kind === 'key') {
        const own = store.databases.findById(principal.databaseId)
        if (!own || own.name !== name) throw new KeyWrongDatabase()
        if (access !== 'read' && principal.scope !== 'write') throw new InsufficientScope('this API key has read scope: it cannot change anything')
        database = own
      } else {
        database = store.databases.require(name ?? '')
      }
      if (access === 'data' && database.readonly) throw new DatabaseReadonly(database.name)
      request.database = database
    }
    return function guard (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void): void {
      try {
        check(request)
      } catch (err) {
        done(err as Error)
        return
      }
      done()
    }
  }

  const guards = {
    admin: fastify.auth([guardFor('admin')]),
    read: fastify.auth([guardFor('read')]),
    write: fastify.auth([guardFor('write')]),
    data: fastify.auth([guardFor('data')])
  }

  fastify.decorate('guardRoute', function guardRoute (route: RouteOptions): void {
    const operationId = (route.schema as { operationId?: string } | undefined)?.operationId
    if (!operationId) return // documentation and static assets: public, hidden from OpenAPI
    const access = accessTable[operationId]
    if (!access) throw new Error(`route ${String(route.method)} ${route.url} (${operationId}) has no rule in lib/access.ts`)
    route.config = { ...route.config, access }
    ;(route.schema as Record<string, unknown>).security = securityFor[access]
    if (access === 'public') return
    const existing = route.preHandler ? [route.preHandler].flat() : []
    route.preHandler = [guards[access], ...existing]
  })
}, { name: 'auth', dependencies: ['store'], fastify: '5.x' })

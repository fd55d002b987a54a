import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { errors } from '../schemas/common.js'
import {
  AdminResponse, BootstrapHeadersSchema, CredentialsSchema, LoginResponse, LogoutResponse, StatusResponse
} from '../schemas/admin.js'
import { hashPassword, prepareDecoy, verifyPassword } from '../lib/passwords.js'
import { safeEqual } from '../lib/crypto.js'
import { InvalidCredentials, SetupForbidden } from '../lib/errors.js'
import { signInRateLimit } from '../plugins/rate-limit.js'
import { actorOf } from '../plugins/auth.js'
import { area } from '../plugins/area.js'

const plugin: FastifyPluginAsyncTypebox = async (fastify) => {
  const { store, config } = fastify
  prepareDecoy(config.passwordHashMemoryKib)

  fastify.get('/status', {
    schema: { tags: ['admin'], operationId: 'adminStatus', summary: 'Whether any admin exists', response: { 200: StatusResponse } }
  }, async function () {
    return { data: { hasAdmin: await store.admins.count() > 0 } }
  })

  fastify.post('/setup', {
    config: { rateLimit: signInRateLimit },
    schema: {
      tags: ['admin'],
      operationId: 'adminSetup',
      summary: 'Create an admin: public for the first, then an admin session or X-Bootstrap-Key',
      headers: BootstrapHeadersSchema,
      body: CredentialsSchema,
      response: { 201: AdminResponse, ...errors(403, 409, 429) }
    }
  }, async function (request, reply) {
    // further admins need an admin session or the bootstrap key; the first one is public, and only one can be first
    const privileged = request.principal?.kind === 'admin' ||
      (config.bootstrapKey !== undefined && safeEqual(request.headers['x-bootstrap-key'] ?? '', config.bootstrapKey))
    if (!privileged && await store.admins.count() > 0) throw new SetupForbidden()
    const passwordHash = await hashPassword(request.body.password, config.passwordHashMemoryKib)
    const admin = privileged
      ? await store.admins.create(request.body.email, passwordHash)
      : await store.admins.createFirst(request.body.email, passwordHash)
    if (admin === undefined) throw new SetupForbidden() // another first setup won the race while hashing
    const actor = request.principal ? actorOf(request) : { type: 'admin' as const, id: admin.id, email: admin.email }
    store.activity.add({ action: 'admin.setup', actor, details: { email: admin.email }, ip: request.ip })
    reply.code(201)
    return { data: { id: admin.id, email: admin.email } }
  })

  fastify.post('/login', {
    config: { rateLimit: signInRateLimit },
    schema: {
      tags: ['admin'],
      operationId: 'adminLogin',
      summary: 'Sign in and get a session token',
      body: CredentialsSchema,
      response: { 200: LoginResponse, ...errors(401, 429) }
    }
  }, async function (request) {
    const admin = await store.admins.findByEmail(request.body.email)
    if (!await verifyPassword(admin?.passwordHash, request.body.password, config.passwordHashMemoryKib) || !admin) {
      store.activity.add({ action: 'admin.login_failed', actor: { type: 'admin', id: admin?.id ?? null, email: request.body.email }, details: { email: request.body.email }, ip: request.ip })
      throw new InvalidCredentials()
    }
    const session = store.sessions.create(admin.id, admin.email)
    store.activity.add({ action: 'admin.login', actor: { type: 'admin', id: admin.id, email: admin.email }, ip: request.ip })
    return { data: { token: session.token, admin: { id: admin.id, email: admin.email }, expiresAt: session.expiresAt } }
  })

  fastify.get('/me', {
    schema: { tags: ['admin'], operationId: 'adminMe', summary: 'The signed-in admin', response: { 200: AdminResponse, ...errors(401, 403) } }
  }, async function (request) {
    const principal = request.principal as { adminId: string, email: string }
    return { data: { id: principal.adminId, email: principal.email } }
  })

  fastify.post('/logout', {
    schema: { tags: ['admin'], operationId: 'adminLogout', summary: 'Invalidate the session token', response: { 200: LogoutResponse, ...errors(401, 403) } }
  }, async function (request) {
    const principal = request.principal as { token: string }
    store.sessions.revoke(principal.token)
    store.activity.add({ action: 'admin.logout', actor: actorOf(request), ip: request.ip })
    return { data: { loggedOut: true as const } }
  })
}

export default area('admin', plugin, ['store'])

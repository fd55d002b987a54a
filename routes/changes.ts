import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { errors } from '../schemas/common.js'
import { DbParams } from '../schemas/tables.js'
import { ChangesQuery, ChangesStream, ChangesTokenResponse } from '../schemas/changes.js'
import type { DatabaseRecord } from '../lib/store/databases.js'
import { responseSink } from '../lib/changes/sink.js'
import { createTokenStore } from '../lib/changes/tokens.js'
import { Unauthorized } from '../lib/errors.js'
import { area } from '../plugins/area.js'

/** The change feed (@see docs/changes.md): server-sent events of committed row changes, and browser tokens for it. */
const plugin: FastifyPluginAsyncTypebox = async (fastify) => {
  const { store, principalOf } = fastify
  const hub = fastify.changeFeed
  const tokens = createTokenStore()

  fastify.get('/:db/changes', {
    schema: {
      tags: ['changes'], operationId: 'watchChanges', summary: 'Stream committed row changes as server-sent events',
      params: DbParams, querystring: ChangesQuery, response: { 200: ChangesStream, ...errors(401, 403, 404, 410, 429) }
    },
    // `?token=` stands for the credential that asked for it, on its database only; the access guard then runs as usual
    onRequest: (request, _reply, done) => {
      const token = (request.query as { token?: string }).token
      if (token === undefined || request.principal !== null) return done()
      const grant = tokens.redeem(token)
      const principal = grant === undefined ? null : principalOf(grant.credential)
      const name = (request.params as { db: string }).db
      if (grant === undefined || principal === null || store.databases.findById(grant.databaseId)?.name !== name) {
        return done(new Unauthorized('invalid or expired change feed token'))
      }
      request.principal = principal
      tokenCredentials.set(request, grant.credential)
      done()
    }
  }, async function (request, reply) {
    const database = request.database as DatabaseRecord
    const credential = tokenCredentials.get(request) ?? (request.headers.authorization as string)
    const lastEventId = request.headers['last-event-id']
    await hub.subscribe({
      databaseId: database.id,
      databaseName: database.name,
      tables: request.query.tables?.split(',').map((t) => t.trim()).filter((t) => t !== ''),
      since: typeof lastEventId === 'string' && lastEventId !== '' ? lastEventId.trim() : request.query.since,
      credential
    }, () => {
      // checked and accepted: the hub writes the events to the socket itself (@see lib/changes/sink.ts)
      reply.hijack()
      // headers the hooks set (CORS, request id) are kept
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value)
      reply.raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' })
      reply.raw.flushHeaders()
      return responseSink(reply.raw)
    })
    return reply
  })

  fastify.post('/:db/changes/token', {
    schema: {
      tags: ['changes'], operationId: 'createChangesToken', summary: 'Get a 60-second token to subscribe from a browser (?token=)',
      params: DbParams, response: { 201: ChangesTokenResponse, ...errors(401, 403, 404) }
    }
  }, async function (request, reply) {
    const database = request.database as DatabaseRecord
    const credential = tokenCredentials.get(request) ?? (request.headers.authorization as string)
    const grant = tokens.issue(database.id, credential)
    reply.code(201)
    return { data: { token: grant.token, expiresAt: new Date(grant.expiresAt).toISOString() } }
  })
}

/** The credential a `?token=` request was let in with (its Authorization header is absent). */
const tokenCredentials = new WeakMap<FastifyRequest, string>()

export default area('changes', plugin, ['store', 'principalOf', 'changeFeed'])

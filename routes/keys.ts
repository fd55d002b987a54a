import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { errors } from '../schemas/common.js'
import { DatabaseParams } from '../schemas/databases.js'
import { CreateKeyBody, KeyListQuery, KeyListResponse, KeyParams, KeyResponse, KeyRevokedResponse, NewKeyResponse, UpdateKeyBody } from '../schemas/keys.js'
import type { DatabaseRecord } from '../lib/store/databases.js'
import { actorOf } from '../plugins/auth.js'
import { area } from '../plugins/area.js'

const plugin: FastifyPluginAsyncTypebox = async (fastify) => {
  const { store } = fastify
  const audit = (request: { database: DatabaseRecord | null, ip: string }, action: string, details: Record<string, unknown>) => {
    const database = request.database as DatabaseRecord
    store.activity.add({ action, actor: actorOf(request as never), database: { id: database.id, name: database.name }, details, ip: request.ip })
  }

  fastify.get('/:name/keys', {
    schema: {
      tags: ['keys'], operationId: 'listKeys', summary: 'API keys of a database (never the raw keys)',
      params: DatabaseParams, querystring: KeyListQuery, response: { 200: KeyListResponse, ...errors(401, 403, 404) }
    }
  }, async function (request) {
    const { limit, offset } = request.query
    const { rows, total } = store.keys.list((request.database as DatabaseRecord).id, limit, offset)
    return { data: rows, meta: { limit, offset, total } }
  })

  fastify.post('/:name/keys', {
    schema: {
      tags: ['keys'], operationId: 'createKey', summary: 'Create a key; the raw key is returned only this once',
      params: DatabaseParams, body: CreateKeyBody, response: { 201: NewKeyResponse, ...errors(401, 403, 404, 409) }
    }
  }, async function (request, reply) {
    const database = request.database as DatabaseRecord
    // write-scope keys and admins reach this route, so no caller can create a key wider than its own
    const created = store.keys.create(database.id, request.body.label, request.body.scope ?? 'write', fastify.config.maxKeysPerDatabase, request.body.rateLimit ?? null)
    audit(request, 'key.create', { id: created.id, label: created.label, scope: created.scope, rateLimit: created.rateLimit })
    reply.code(201)
    return { data: created }
  })

  fastify.post('/:name/keys/:id/rotate', {
    schema: {
      tags: ['keys'], operationId: 'rotateKey', summary: 'Replace a key; the old one stops working at once',
      params: KeyParams, response: { 200: NewKeyResponse, ...errors(401, 403, 404) }
    }
  }, async function (request) {
    const rotated = store.keys.rotate((request.database as DatabaseRecord).id, request.params.id)
    audit(request, 'key.rotate', { id: rotated.id })
    return { data: rotated }
  })

  fastify.patch('/:name/keys/:id', {
    schema: {
      tags: ['keys'], operationId: 'updateKey', summary: 'Set or clear (null) a key\'s own rate limit',
      params: KeyParams, body: UpdateKeyBody, response: { 200: KeyResponse, ...errors(401, 403, 404) }
    }
  }, async function (request) {
    const updated = store.keys.setRateLimit((request.database as DatabaseRecord).id, request.params.id, request.body.rateLimit)
    audit(request, 'key.update', { id: updated.id, rateLimit: updated.rateLimit })
    return { data: updated }
  })

  fastify.delete('/:name/keys/:id', {
    schema: {
      tags: ['keys'], operationId: 'revokeKey', summary: 'Revoke (delete) a key permanently',
      params: KeyParams, response: { 200: KeyRevokedResponse, ...errors(401, 403, 404) }
    }
  }, async function (request) {
    store.keys.revoke((request.database as DatabaseRecord).id, request.params.id)
    audit(request, 'key.revoke', { id: request.params.id })
    return { data: { deleted: true as const, id: request.params.id } }
  })
}

export default area('keys', plugin, ['store'])

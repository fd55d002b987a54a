import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { errors } from '../schemas/common.js'
import { ActivityQuerySchema, ActivityResponse } from '../schemas/activity.js'
import { area } from '../plugins/area.js'

const plugin: FastifyPluginAsyncTypebox = async (fastify) => {
  const { store } = fastify

  fastify.get('/', {
    schema: {
      tags: ['system'],
      operationId: 'listActivity',
      summary: 'The audit log, newest first',
      querystring: ActivityQuerySchema,
      response: { 200: ActivityResponse, ...errors(401, 403) }
    }
  }, async function (request) {
    const { limit, offset } = request.query
    const { rows, total } = store.activity.list(limit, offset)
    return { data: rows, meta: { limit, offset, total } }
  })
}

export default area('activity', plugin, ['store'])

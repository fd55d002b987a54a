import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { safeEqual } from '../lib/crypto.js'
import { AdminRequired, Unauthorized } from '../lib/errors.js'
import { errors } from '../schemas/common.js'
import { area } from '../plugins/area.js'

const plugin: FastifyPluginAsyncTypebox = async (fastify) => {
  const { config, metrics } = fastify

  // public in lib/access.ts: METRICS_TOKEN is no session, so the handler decides (an admin session or the token)
  fastify.get('/', {
    schema: {
      tags: ['system'],
      operationId: 'getMetrics',
      summary: 'Prometheus metrics (admin session or Bearer METRICS_TOKEN)',
      response: { 200: Type.String({ description: 'Prometheus text exposition format' }), ...errors(401, 403) }
    }
  }, async function (request, reply) {
    if (request.principal?.kind !== 'admin') {
      const header = request.headers.authorization
      const token = header?.startsWith('Bearer ') === true ? header.slice(7).trim() : undefined
      const byToken = config.metricsToken !== undefined && token !== undefined && safeEqual(token, config.metricsToken)
      if (!byToken) throw request.principal === null ? new Unauthorized(header ? 'invalid or expired credential' : 'missing bearer credential') : new AdminRequired()
    }
    reply.type(metrics.contentType)
    return await metrics.metrics()
  })
}

export default area('metrics', plugin, ['metrics'])

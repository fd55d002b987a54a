import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { HealthResponse } from '../schemas/health.js'
import { packageInfo } from '../lib/package-info.js'
import { area } from '../plugins/area.js'

const plugin: FastifyPluginAsyncTypebox = async (fastify) => {
  const { store } = fastify

  fastify.get('/', {
    schema: { tags: ['system'], operationId: 'health', summary: 'Liveness, server version and database count', response: { 200: HealthResponse } }
  }, async function () {
    const backups = fastify.backups?.supervisor.status()
    return { status: 'ok' as const, version: packageInfo.version, databases: store.databases.count(), ...(backups ? { backups } : {}) }
  })
}

export default area('health', plugin, ['store', 'backups'])

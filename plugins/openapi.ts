import fp from 'fastify-plugin'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { packageInfo } from '../lib/package-info.js'
import { routeDocument } from '../lib/openapi/route-document.js'

/**
 * @see https://github.com/fastify/fastify-swagger: the OpenAPI document is generated from the
 * same TypeBox schemas that validate requests and serialise responses.
 */
export default fp(async (fastify) => {
  await fastify.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Litehouse API',
        version: packageInfo.version,
        description: packageInfo.description,
        license: { name: packageInfo.license, url: `https://spdx.org/licenses/${packageInfo.license}.html` }
      },
      // relative: the server that serves this document; then where `npm start` listens by default
      servers: [
        { url: '/', description: 'the server serving this document' },
        { url: 'http://127.0.0.1:3000', description: 'npm start with the default HOST and PORT' }
      ],
      tags: [
        { name: 'admin', description: 'Admin sign-in and accounts' },
        { name: 'databases', description: 'Database lifecycle, configuration, import and export' },
        { name: 'keys', description: 'Per-database API keys' },
        { name: 'tables', description: 'Table schema management' },
        { name: 'records', description: 'Records: list, filter, sort, paginate, create, update, delete' },
        { name: 'query', description: 'Parameterised raw SQL' },
        { name: 'changes', description: 'Change feed: server-sent events of committed row changes' },
        { name: 'analytics', description: 'Query analytics (admin only)' },
        { name: 'backups', description: 'Continuous backups and point-in-time restore (admin only, BACKUP_URL)' },
        { name: 'system', description: 'Health, settings and the activity log' }
      ],
      components: {
        securitySchemes: {
          sessionToken: { type: 'http', scheme: 'bearer', description: 'admin session token from POST /api/admin/login' },
          apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'lh_<40 base62 characters>', description: 'per-database API key' }
        }
      }
    },
    transform: routeDocument as never
  })
  await fastify.register(swaggerUi, { routePrefix: '/api/docs' })
  fastify.get('/api/openapi.json', { schema: { hide: true } }, async () => fastify.swagger())
}, { name: 'openapi', fastify: '5.x' })

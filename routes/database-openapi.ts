import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { errors } from '../schemas/common.js'
import { DbParams } from '../schemas/tables.js'
import type { DatabaseRecord } from '../lib/store/databases.js'
import { buildDatabaseDocument } from '../lib/openapi/database-document.js'
import { area } from '../plugins/area.js'

const DatabaseDocumentResponse = Type.Object({ openapi: Type.Literal('3.1.0') }, {
  additionalProperties: true,
  description: 'an OpenAPI 3.1 document of this database\'s tables and record routes'
})

/** Documents kept, one per database: the most recently built, up to this many. */
const maxCachedDocuments = 200

interface Cached { version: number, name: string, serverUrl: string, json: string }

const plugin: FastifyPluginAsyncTypebox = async (fastify) => {
  const { engine, store } = fastify
  const cache = new Map<string, Cached>()

  function remember (id: string, entry: Cached): void {
    cache.delete(id)
    cache.set(id, entry)
    if (cache.size > maxCachedDocuments) cache.delete(cache.keys().next().value as string)
  }

  fastify.get('/:db/openapi.json', {
    schema: {
      tags: ['databases'], operationId: 'getDatabaseOpenApi', summary: 'OpenAPI 3.1 document of this database\'s tables (typed records)',
      params: DbParams, response: { 200: DatabaseDocumentResponse, ...errors(401, 403, 404) }
    }
  }, async function (request, reply) {
    const database = request.database as DatabaseRecord
    const { serverUrl } = store.settings.get()
    const cached = cache.get(database.id)
    const usable = cached !== undefined && cached.name === database.name && cached.serverUrl === serverUrl ? cached : undefined
    // the worker answers without tables when the schema is still the one the cached document was built from
    const described = await engine.run(database.id, 'database.describe', { knownVersion: usable?.version })
    let entry = usable
    if (described.tables !== undefined || entry === undefined) {
      const document = buildDatabaseDocument({ database: database.name, schemaVersion: described.version, serverUrl, tables: described.tables ?? [] })
      entry = { version: described.version, name: database.name, serverUrl, json: JSON.stringify(document) }
    }
    remember(database.id, entry)
    return reply.type('application/json; charset=utf-8').send(entry.json as never) // already JSON: cached as text
  })
}

export default area('database-openapi', plugin, ['engine', 'store'])

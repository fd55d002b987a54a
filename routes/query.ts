import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { errors } from '../schemas/common.js'
import { DbParams } from '../schemas/tables.js'
import { QueryBody, QueryResponse } from '../schemas/query.js'
import type { DatabaseRecord } from '../lib/store/databases.js'
import { replyRows, replySerializer } from '../lib/json-reply.js'
import { holdReplyMemory } from '../lib/reply-budget.js'
import { area } from '../plugins/area.js'

// only to label a statement that failed before SQLite could say whether it returns rows
const looksLikeRead = /^\s*(select|with|pragma|explain|values)\b/i

const plugin: FastifyPluginAsyncTypebox = async (fastify) => {
  const { engine, track, store } = fastify
  // rows are open objects, and those from a worker arrive as JSON text (@see routes/records.ts)
  fastify.setSerializerCompiler(() => replySerializer)
  // large replies count against the server's budget of reply memory until their client has read them
  fastify.addHook('onSend', holdReplyMemory)

  fastify.post('/:db/query', {
    schema: {
      tags: ['query'], operationId: 'runQuery', summary: 'Run one parameterised SQL statement',
      params: DbParams, body: QueryBody, response: { 200: QueryResponse, ...errors(401, 403, 404, 408, 409, 503) }
    }
  }, async function (request) {
    const database = request.database as DatabaseRecord
    const principal = request.principal
    const keyMayWrite = principal?.kind === 'admin' || principal?.scope === 'write'
    const { sql, params } = request.body
    const result = await track(database,
      { tableName: null, operation: looksLikeRead.test(sql) ? 'select' : 'update', statsOperation: 'raw_query', sqlText: sql },
      () => engine.timed(database.id, 'query.run', {
        sql,
        params,
        allowWrite: !database.readonly && keyMayWrite,
        deniedCode: database.readonly ? 'DATABASE_READONLY' : 'INSUFFICIENT_SCOPE',
        databaseName: database.name,
        principal: principal?.kind ?? 'key'
      }),
      (r) => ({ rowCount: r.kind === 'rows' ? r.rowCount : r.changes, operation: r.operation }))
    if (result.kind === 'rows') return { data: replyRows(result.rows), meta: { columns: result.columns, rowCount: result.rowCount, truncated: result.truncated } }
    // the database list shows the table count the registry keeps: a statement that changed the schema updates it
    if (result.tableCount !== undefined) store.databases.setTableCount(database, result.tableCount)
    return { data: { changes: result.changes, lastInsertRowid: result.lastInsertRowid } }
  })
}

export default area('query', plugin, ['engine', 'track', 'store'])

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { errors } from '../schemas/common.js'
import {
  AlterTableBody, CreateTableBody, DbParams, TableDroppedResponse, TableInfoResponse, TableListQuery, TableListResponse,
  TableParams, TableResponse
} from '../schemas/tables.js'
import type { DatabaseRecord } from '../lib/store/databases.js'
import { actorOf } from '../plugins/auth.js'
import { area } from '../plugins/area.js'

const plugin: FastifyPluginAsyncTypebox = async (fastify) => {
  const { engine, store } = fastify
  const db = (request: { database: DatabaseRecord | null }) => request.database as DatabaseRecord
  // the database list shows the table count the registry keeps: routes that add or drop a table update it
  const refreshTableCount = async (database: DatabaseRecord): Promise<void> => {
    store.databases.setTableCount(database, await engine.run(database.id, 'database.tableCount', {}))
  }

  fastify.get('/:db/tables', {
    schema: {
      tags: ['tables'], operationId: 'listTables', summary: 'Tables and views of a database',
      params: DbParams, querystring: TableListQuery, response: { 200: TableListResponse, ...errors(401, 403, 404) }
    }
  }, async function (request) {
    const tables = await engine.run(db(request).id, 'database.tables', { counts: request.query.counts })
    store.databases.setTableCount(db(request), tables.filter((t) => t.type === 'table').length)
    return { data: tables }
  })

  fastify.post('/:db/tables', {
    schema: {
      tags: ['tables'], operationId: 'createTable', summary: 'Create a table',
      params: DbParams, body: CreateTableBody, response: { 201: TableResponse, ...errors(401, 403, 404, 409) }
    }
  }, async function (request, reply) {
    const columns = await engine.run(db(request).id, 'tables.create', request.body)
    await refreshTableCount(db(request))
    reply.code(201)
    return { data: { name: request.body.name, columns } }
  })

  fastify.get('/:db/tables/:table', {
    schema: {
      tags: ['tables'], operationId: 'getTable', summary: 'Columns of a table (PRAGMA table_info)',
      params: TableParams, response: { 200: TableInfoResponse, ...errors(401, 403, 404) }
    }
  }, async function (request) {
    return { data: await engine.run(db(request).id, 'tables.info', { table: request.params.table }) }
  })

  fastify.patch('/:db/tables/:table', {
    schema: {
      tags: ['tables'], operationId: 'alterTable', summary: 'Rename, add, drop and rename columns in one transaction',
      params: TableParams, body: AlterTableBody, response: { 200: TableResponse, ...errors(401, 403, 404, 409) }
    }
  }, async function (request) {
    return { data: await engine.run(db(request).id, 'tables.alter', { table: request.params.table, ...request.body }) }
  })

  fastify.delete('/:db/tables/:table', {
    schema: {
      tags: ['tables'], operationId: 'dropTable', summary: 'Drop a table and all its rows',
      params: TableParams, response: { 200: TableDroppedResponse, ...errors(401, 403, 404) }
    }
  }, async function (request) {
    const database = db(request)
    const result = await engine.run(database.id, 'tables.drop', { table: request.params.table })
    await refreshTableCount(database)
    store.activity.add({ action: 'table.drop', actor: actorOf(request), database: { id: database.id, name: database.name }, details: { table: result.name }, ip: request.ip })
    return { data: result }
  })
}

export default area('tables', plugin, ['engine', 'store'])

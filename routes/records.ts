import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { errors } from '../schemas/common.js'
import { TableParams } from '../schemas/tables.js'
import {
  CreatedRecordsResponse, CreateRecordsBody, CreateRecordsQuery, ListRecordsQuery, RecordDeletedResponse, RecordListResponse, RecordParams,
  RecordResponse, ReplaceRecordBody, UpdateRecordBody, UpsertedRecordsResponse
} from '../schemas/records.js'
import { InvalidCursor, InvalidOnConflict } from '../lib/errors.js'
import { decodeCursor, encodeCursor } from '../lib/sql/cursor-token.js'
import type { DatabaseRecord } from '../lib/store/databases.js'
import type { JobArgs, JobName } from '../lib/engine/index.js'
import { mapResult } from '../lib/maybe-async.js'
import { firstRow } from '../lib/engine/json-rows.js'
import { replyRow, replyRows, replySerializer } from '../lib/json-reply.js'
import { holdReplyMemory } from '../lib/reply-budget.js'
import { area } from '../plugins/area.js'

const plugin: FastifyPluginAsyncTypebox = async (fastify) => {
  const { engine, track } = fastify
  // A record is an open object (any columns), which fast-json-stringify writes member by member; rows reach the
  // reply already JSON-safe (blobs as $base64, big integers as strings), so JSON.stringify gives the same text faster,
  // and rows from a worker arrive as JSON text, spliced in as they are. The response schemas document the routes.
  fastify.setSerializerCompiler(() => replySerializer)
  // A column may be named `__proto__` or `constructor` (issue #30, item 9), so record bodies keep such members instead of
  // being refused as prototype poisoning. JSON.parse makes them own members, never a prototype, and the record jobs
  // read a body by its own members only (Object.keys, Object.hasOwn).
  fastify.removeContentTypeParser('application/json')
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, fastify.getDefaultJsonParser('ignore', 'ignore'))
  // large replies count against the server's budget of reply memory until their client has read them
  fastify.addHook('onSend', holdReplyMemory)
  const db = (request: { database: DatabaseRecord | null }) => request.database as DatabaseRecord
  // The handlers are not async: a job the inline lane runs is answered without a promise or a microtask turn.
  const job = <K extends JobName>(database: DatabaseRecord, name: K, args: JobArgs<K>) =>
    () => engine.timedNow(database.id, name, args) ?? engine.timed(database.id, name, args)

  fastify.get('/:db/tables/:table/records', {
    schema: {
      tags: ['records'], operationId: 'listRecords', summary: 'List records with filter, sort, fields, search and pagination',
      params: TableParams, querystring: ListRecordsQuery, response: { 200: RecordListResponse, ...errors(401, 403, 404, 413, 503) }
    }
  }, function (request) {
    const { table } = request.params
    const { cursor, ...query } = request.query
    const { limit, offset } = query
    const scope = { table, sort: query.sort, filter: query.filter, search: query.search }
    const after = cursor === undefined ? undefined : decodeCursor(cursor, scope)
    if (after !== undefined && offset > 0) throw new InvalidCursor('a cursor page starts after the cursor: leave offset out')
    const listed = track(db(request), { tableName: table, operation: 'select' },
      job(db(request), 'records.list', { table, ...query, after }),
      (r) => ({ rowCount: r.rows.length, sqlText: r.sql }))
    return mapResult(listed, (result) => {
      // a page of none moves nowhere: the next starts where this one did
      const nextCursor = result.next !== null ? encodeCursor(scope, result.next) : result.hasMore ? cursor ?? null : null
      const meta = result.total === undefined
        ? { limit, offset, hasMore: result.hasMore, nextCursor }
        : { limit, offset, hasMore: result.hasMore, total: result.total, nextCursor }
      return { data: replyRows(result.rows), meta }
    })
  })

  fastify.post('/:db/tables/:table/records', {
    schema: {
      tags: ['records'], operationId: 'createRecords', summary: 'Insert one record, or up to 1000 in one transaction',
      params: TableParams, querystring: CreateRecordsQuery, body: CreateRecordsBody,
      response: { 200: UpsertedRecordsResponse, 201: CreatedRecordsResponse, ...errors(401, 403, 404, 409) }
    }
  }, function (request, reply) {
    const { table } = request.params
    const many = Array.isArray(request.body)
    const rows = many ? request.body as Array<Record<string, unknown>> : [request.body as Record<string, unknown>]
    const { onConflict, merge } = request.query
    if (onConflict !== undefined) {
      const upserted = track(db(request), { tableName: table, operation: 'insert' },
        job(db(request), 'records.upsert', { table, rows, onConflict, merge: merge ?? true }),
        (r) => ({ rowCount: r.created.length, sqlText: r.sql }))
      return mapResult(upserted, (result) => {
        reply.code(result.created.every(Boolean) ? 201 : 200)
        return { data: many ? replyRows(result.rows) : replyRow(firstRow(result.rows)) }
      })
    }
    if (merge !== undefined) throw new InvalidOnConflict('merge applies to an upsert: give onConflict too')
    const inserted = track(db(request), { tableName: table, operation: 'insert' },
      job(db(request), 'records.insert', { table, rows }),
      (r) => ({ rowCount: r.rows.length, sqlText: r.sql }))
    return mapResult(inserted, (result) => {
      reply.code(201)
      return { data: many ? replyRows(result.rows) : replyRow(firstRow(result.rows)) }
    })
  })

  fastify.get('/:db/tables/:table/records/:id', {
    schema: {
      tags: ['records'], operationId: 'getRecord', summary: 'One record by primary key',
      params: RecordParams, response: { 200: RecordResponse, ...errors(401, 403, 404, 413, 503) }
    }
  }, function (request) {
    const { table, id } = request.params
    const found = track(db(request), { tableName: table, operation: 'select' },
      job(db(request), 'records.get', { table, id }), (r) => ({ rowCount: 1, sqlText: r.sql }))
    return mapResult(found, (result) => ({ data: result.row }))
  })

  fastify.patch('/:db/tables/:table/records/:id', {
    schema: {
      tags: ['records'], operationId: 'updateRecord', summary: 'Change some columns of a record',
      params: RecordParams, body: UpdateRecordBody, response: { 200: RecordResponse, ...errors(401, 403, 404, 409, 413) }
    }
  }, function (request) {
    const { table, id } = request.params
    const updated = track(db(request), { tableName: table, operation: 'update' },
      job(db(request), 'records.update', { table, id, values: request.body }), (r) => ({ rowCount: 1, sqlText: r.sql }))
    return mapResult(updated, (result) => ({ data: result.row }))
  })

  fastify.put('/:db/tables/:table/records/:id', {
    schema: {
      tags: ['records'], operationId: 'replaceRecord', summary: 'Create the record under :id (201), or replace it whole (200)',
      params: RecordParams, body: ReplaceRecordBody, response: { 200: RecordResponse, 201: RecordResponse, ...errors(401, 403, 404, 409) }
    }
  }, function (request, reply) {
    const { table, id } = request.params
    const replaced = track(db(request), { tableName: table, operation: 'update' },
      job(db(request), 'records.replace', { table, id, values: request.body }), (r) => ({ rowCount: 1, sqlText: r.sql }))
    return mapResult(replaced, (result) => {
      reply.code(result.created ? 201 : 200)
      return { data: result.row }
    })
  })

  fastify.delete('/:db/tables/:table/records/:id', {
    schema: {
      tags: ['records'], operationId: 'deleteRecord', summary: 'Delete a record',
      params: RecordParams, response: { 200: RecordDeletedResponse, ...errors(401, 403, 404) }
    }
  }, function (request) {
    const { table, id } = request.params
    const deleted = track(db(request), { tableName: table, operation: 'delete' },
      job(db(request), 'records.delete', { table, id }), (r) => ({ rowCount: 1, sqlText: r.sql }))
    return mapResult(deleted, (result) => ({ data: { deleted: true as const, id: result.id } }))
  })
}

export default area('records', plugin, ['engine', 'track'])

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { errors } from '../schemas/common.js'
import {
  CountsQuery, CreateDatabaseBody, DatabaseListQuery, DatabaseConfigPatch, DatabaseConfigResponse, DatabaseDeletedResponse,
  DatabaseDetailResponse, DatabaseListResponse, DatabaseParams, DatabaseResponse, RenameDatabaseBody, TableSchemasResponse
} from '../schemas/databases.js'
import { effectiveMaxSize, type DatabaseRecord } from '../lib/store/databases.js'
import { AdminRequired } from '../lib/errors.js'
import { actorOf } from '../plugins/auth.js'
import { area } from '../plugins/area.js'

/** Databases per page when a list asks for paging without a limit. */
const defaultPageSize = 50

const plugin: FastifyPluginAsyncTypebox = async (fastify) => {
  const { databases, engine } = fastify
  const configOf = (record: DatabaseRecord) => ({
    cors_origins: record.corsOrigins,
    readonly: record.readonly,
    group: record.group,
    maxSizeBytes: effectiveMaxSize(record, fastify.config.dbMaxSizeBytes) ?? null
  })
  const target = (request: { database: DatabaseRecord | null }): DatabaseRecord => request.database as DatabaseRecord

  fastify.get('/', {
    schema: {
      tags: ['databases'],
      operationId: 'listDatabases',
      summary: 'Every hosted database, or a page of them (limit, offset, search)',
      querystring: DatabaseListQuery,
      response: { 200: DatabaseListResponse, ...errors(401, 403) }
    }
  }, async function (request) {
    const { limit, offset, search } = request.query
    // the spec's answer is the bare list: paging only when asked for, served from the registry without opening a file
    if (limit === undefined && offset === undefined && search === undefined) {
      return { data: fastify.store.databases.list().map(databases.summary) }
    }
    const page = { limit: limit ?? defaultPageSize, offset: offset ?? 0 }
    const { items, total } = fastify.store.databases.page({ ...page, search })
    return { data: items.map(databases.summary), meta: { ...page, total } }
  })

  fastify.post('/', {
    schema: {
      tags: ['databases'],
      operationId: 'createDatabase',
      summary: 'Create a database',
      body: CreateDatabaseBody,
      response: { 201: DatabaseResponse, ...errors(401, 403, 409) }
    }
  }, async function (request, reply) {
    const record = await databases.create(request.body.name, request.body.group ?? null, { actor: actorOf(request), ip: request.ip })
    reply.code(201)
    return { data: databases.summary(record) }
  })

  fastify.get('/:name', {
    schema: {
      tags: ['databases'],
      operationId: 'getDatabase',
      summary: 'One database with its tables',
      params: DatabaseParams,
      querystring: CountsQuery,
      response: { 200: DatabaseDetailResponse, ...errors(401, 403, 404) }
    }
  }, async function (request) {
    const detail = await databases.detail(target(request), request.query.counts)
    // with backups on, where its replica stands
    const backup = fastify.backups?.supervisor.stateOf(detail.id)
    return { data: backup === undefined ? detail : { ...detail, backup } }
  })

  fastify.patch('/:name', {
    schema: {
      tags: ['databases'],
      operationId: 'renameDatabase',
      summary: 'Rename a database and its file; keys keep working',
      params: DatabaseParams,
      body: RenameDatabaseBody,
      response: { 200: DatabaseResponse, ...errors(401, 403, 404, 409) }
    }
  }, async function (request) {
    const record = await databases.rename(target(request), request.body.name, { actor: actorOf(request), ip: request.ip })
    return { data: databases.summary(record) }
  })

  fastify.delete('/:name', {
    schema: {
      tags: ['databases'],
      operationId: 'deleteDatabase',
      summary: 'Delete a database, its file and its keys (irreversible)',
      params: DatabaseParams,
      response: { 200: DatabaseDeletedResponse, ...errors(401, 403, 404) }
    }
  }, async function (request) {
    const record = target(request)
    await databases.remove(record, { actor: actorOf(request), ip: request.ip })
    return { data: { deleted: true as const, name: record.name } }
  })

  fastify.get('/:name/config', {
    schema: {
      tags: ['databases'],
      operationId: 'getDatabaseConfig',
      summary: 'Per-database configuration',
      params: DatabaseParams,
      response: { 200: DatabaseConfigResponse, ...errors(401, 403, 404) }
    }
  }, async function (request) {
    return { data: configOf(target(request)) }
  })

  fastify.patch('/:name/config', {
    schema: {
      tags: ['databases'],
      operationId: 'updateDatabaseConfig',
      summary: 'Change cors_origins, readonly and (admin only) maxSizeBytes (allowed while read-only)',
      params: DatabaseParams,
      body: DatabaseConfigPatch,
      response: { 200: DatabaseConfigResponse, ...errors(401, 403, 404) }
    }
  }, async function (request) {
    const { cors_origins: corsOrigins, readonly, maxSizeBytes: quota } = request.body
    // a key may tune its database but never lift the quota its admin set
    if (quota !== undefined && request.principal?.kind !== 'admin') throw new AdminRequired()
    // null from the client means unlimited, stored as 0 (a stored null follows DB_MAX_SIZE_BYTES)
    const maxSizeBytes = quota === undefined ? undefined : quota ?? 0
    const record = databases.setConfig(target(request), { corsOrigins, readonly, maxSizeBytes }, { actor: actorOf(request), ip: request.ip })
    return { data: configOf(record) }
  })

  fastify.get('/:name/tables/schema', {
    schema: {
      tags: ['tables'],
      operationId: 'getTableSchemas',
      summary: 'CREATE statements of every user table',
      params: DatabaseParams,
      response: { 200: TableSchemasResponse, ...errors(401, 403, 404) }
    }
  }, async function (request) {
    return { data: await engine.run(target(request).id, 'tables.schema', {}) }
  })
}

export default area('databases', plugin, ['databases', 'engine', 'store'])

import type { TableDescription } from '../engine/jobs/describe.js'
import { filterOperators } from '../sql/filter.js'
import { isRowidAlias, neverNull, orNull, valueSchema, type JsonSchema } from './column-schema.js'

export interface DatabaseDocumentInput {
  database: string
  schemaVersion: number
  serverUrl: string
  tables: TableDescription[]
}

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` })
const json = (schema: JsonSchema) => ({ 'application/json': { schema } })
const reply = (description: string, schema: JsonSchema) => ({ description, content: json(schema) })
const error = (description: string) => reply(description, ref('Error'))
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [String(status), error(errorReasons[status])]))
const errorReasons: Record<number, string> = {
  400: 'invalid request', 401: 'missing or invalid credentials', 403: 'the credential does not allow this', 404: 'not found',
  408: 'the statement ran past the deadline', 409: 'a constraint was violated'
}

/** A component name OpenAPI accepts (`^[a-zA-Z0-9._-]+$`), unique within the document. */
function componentNames (tables: TableDescription[]): Map<string, string> {
  const names = new Map<string, string>()
  const taken = new Set<string>()
  for (const table of tables) {
    const base = table.name.replace(/[^A-Za-z0-9_]/g, '_').replace(/^_*$/, 'table')
    let name = base.charAt(0).toUpperCase() + base.slice(1)
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base}_${n}`
    taken.add(name.toLowerCase())
    names.set(table.name, name)
  }
  return names
}

/** A comma-list query parameter whose items are known: an array of an enum, sent as `a,b`. */
const commaList = (name: string, items: string[], description: string) => ({
  name, in: 'query', required: false, style: 'form', explode: false, description,
  schema: { type: 'array', items: { type: 'string', enum: items } }
})

const queryParam = (name: string, schema: JsonSchema, description: string) => ({ name, in: 'query', required: false, description, schema })

function tableSchemas (table: TableDescription): { record: JsonSchema, create: JsonSchema, patch: JsonSchema } {
  const singleKey = table.key.kind === 'column'
  const properties = Object.fromEntries(table.columns.map((column) => {
    const schema = valueSchema(column)
    return [column.name, neverNull(column, singleKey) ? schema : orNull(schema)]
  }))
  const writable = Object.fromEntries(Object.entries(properties).filter(([name]) => !table.generated.includes(name)))
  const required = table.columns.filter((c) => !table.generated.includes(c.name) && c.notnull && c.default === null &&
    !isRowidAlias(c, singleKey)).map((c) => c.name)
  return {
    record: { type: 'object', properties, required: table.columns.map((c) => c.name), description: `a record of '${table.name}' (with fields=..., only those columns)` },
    create: { type: 'object', properties: writable, additionalProperties: false, ...(required.length > 0 ? { required } : {}) },
    patch: { type: 'object', properties: writable, additionalProperties: false, minProperties: 1 }
  }
}

/** The id path parameter: the type of the single-column key, or the rowid. */
function idSchema (table: TableDescription): JsonSchema | null {
  const key = table.key
  if (key.kind === 'rowid') return { type: 'integer' }
  if (key.kind !== 'column') return null
  const column = table.columns.find((c) => c.name === key.column)
  const schema = column === undefined ? {} : valueSchema(column)
  return schema.type === 'integer' || schema.type === 'number' ? { type: schema.type } : { type: 'string' }
}

/**
 * An OpenAPI 3.1 document for one database: its tables' record routes with typed records, bodies and column
 * enums for `fields` and `sort`, so a generator (openapi-typescript) gives a typed client of that database.
 */
export function buildDatabaseDocument (input: DatabaseDocumentInput): JsonSchema {
  const names = componentNames(input.tables)
  const schemas: Record<string, JsonSchema> = {
    Error: {
      type: 'object',
      properties: { statusCode: { type: 'integer' }, code: { type: 'string' }, error: { type: 'string' }, message: { type: 'string' } },
      required: ['statusCode', 'code', 'error', 'message']
    },
    Blob: { type: 'object', properties: { $base64: { type: 'string', contentEncoding: 'base64' } }, required: ['$base64'], additionalProperties: false },
    PageMeta: {
      type: 'object',
      properties: {
        limit: { type: 'integer' }, offset: { type: 'integer' }, hasMore: { type: 'boolean' }, total: { type: 'integer' },
        nextCursor: { type: ['string', 'null'] }
      },
      required: ['limit', 'offset', 'hasMore', 'nextCursor']
    }
  }
  const paths: Record<string, JsonSchema> = {}
  const base = `/api/databases/${encodeURIComponent(input.database)}/tables`

  for (const table of input.tables) {
    const name = names.get(table.name) as string
    const { record, create, patch } = tableSchemas(table)
    schemas[`${name}Record`] = record
    const columns = table.columns.map((c) => c.name)
    const listParams = [
      queryParam('filter', { type: 'string' }, `JSON object: {"col": value} or {"col__op": value}, op in ${filterOperators.join(' ')}; columns: ${columns.join(', ')}`),
      commaList('sort', columns.flatMap((c) => [c, `-${c}`]), 'columns to sort by, - for descending'),
      commaList('fields', columns, 'columns to return'),
      queryParam('search', { type: 'string' }, 'case-insensitive substring over text columns')
    ]
    const tablePath = `${base}/${encodeURIComponent(table.name)}`
    const tag = table.name
    paths[`${tablePath}/records`] = {
      get: {
        tags: [tag], operationId: `list${name}`, summary: `List records of '${table.name}'`,
        parameters: [
          ...listParams,
          queryParam('limit', { type: 'integer', minimum: 0, maximum: 1000, default: 50 }, 'page size'),
          queryParam('offset', { type: 'integer', minimum: 0, default: 0 }, 'rows to skip'),
          queryParam('count', { type: 'boolean', default: false }, 'add meta.total'),
          queryParam('cursor', { type: 'string' }, 'meta.nextCursor of the previous page')
        ],
        responses: {
          200: reply('a page of records', { type: 'object', properties: { data: { type: 'array', items: ref(`${name}Record`) }, meta: ref('PageMeta') }, required: ['data', 'meta'] }),
          ...errors(400, 401, 403, 404)
        }
      }
    }
    paths[`${tablePath}/export`] = {
      get: {
        tags: [tag], operationId: `export${name}`, summary: `Stream every record of '${table.name}' as CSV or NDJSON`,
        parameters: [queryParam('format', { type: 'string', enum: ['csv', 'ndjson'], default: 'csv' }, 'output format'), ...listParams],
        responses: {
          200: { description: 'every matching row', content: { 'text/csv': { schema: { type: 'string' } }, 'application/x-ndjson': { schema: { type: 'string' } } } },
          ...errors(400, 401, 403, 404)
        }
      }
    }
    if (table.type === 'view') continue

    schemas[`${name}Create`] = create
    schemas[`${name}Patch`] = patch
    const one = reply('the record', { type: 'object', properties: { data: ref(`${name}Record`) }, required: ['data'] })
    paths[`${tablePath}/records`].post = {
      tags: [tag], operationId: `create${name}`, summary: `Insert one record into '${table.name}', or up to 1000 (upsert with onConflict)`,
      parameters: [
        queryParam('onConflict', { type: 'string' }, 'upsert: comma list of the columns of a unique index or the primary key'),
        queryParam('merge', { type: 'boolean', default: true }, 'with onConflict: update the columns sent (true) or keep the stored record (false)')
      ],
      requestBody: { required: true, content: json({ oneOf: [ref(`${name}Create`), { type: 'array', items: ref(`${name}Create`), minItems: 1, maxItems: 1000 }] }) },
      responses: {
        201: reply('created', { type: 'object', properties: { data: { oneOf: [ref(`${name}Record`), { type: 'array', items: ref(`${name}Record`) }] } }, required: ['data'] }),
        200: reply('upserted: updated or kept', { type: 'object', properties: { data: { oneOf: [ref(`${name}Record`), { type: 'array', items: ref(`${name}Record`) }] } }, required: ['data'] }),
        ...errors(400, 401, 403, 404, 409)
      }
    }
    const id = idSchema(table)
    if (id === null) continue
    const idParam = { name: 'id', in: 'path', required: true, schema: id, description: table.key.kind === 'rowid' ? 'the rowid' : `the ${(table.key as { column: string }).column} column` }
    paths[`${tablePath}/records/{id}`] = {
      parameters: [idParam],
      get: { tags: [tag], operationId: `get${name}`, summary: `One record of '${table.name}'`, responses: { 200: one, ...errors(400, 401, 403, 404) } },
      patch: {
        tags: [tag], operationId: `update${name}`, summary: `Change some columns of a record of '${table.name}'`,
        requestBody: { required: true, content: json(ref(`${name}Patch`)) }, responses: { 200: one, ...errors(400, 401, 403, 404, 409) }
      },
      put: {
        tags: [tag], operationId: `replace${name}`, summary: `Create (201) or replace whole (200) a record of '${table.name}'`,
        requestBody: { required: true, content: json(ref(`${name}Patch`)) }, responses: { 200: one, 201: one, ...errors(400, 401, 403, 404, 409) }
      },
      delete: {
        tags: [tag], operationId: `delete${name}`, summary: `Delete a record of '${table.name}'`,
        responses: {
          200: reply('deleted', { type: 'object', properties: { data: { type: 'object', properties: { deleted: { const: true }, id: { type: ['integer', 'string'] } }, required: ['deleted', 'id'] } }, required: ['data'] }),
          ...errors(400, 401, 403, 404)
        }
      }
    }
  }

  return {
    openapi: '3.1.0',
    info: { title: `Litehouse database '${input.database}'`, version: `schema ${input.schemaVersion}`, description: 'Generated from the database\'s own tables; regenerated when its schema changes.' },
    servers: [{ url: input.serverUrl }],
    security: [{ apiKey: [] }, { sessionToken: [] }],
    tags: input.tables.map((table) => ({ name: table.name, description: `${table.type} '${table.name}'` })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'an API key of this database' },
        sessionToken: { type: 'http', scheme: 'bearer', description: 'an admin session token' }
      }
    }
  }
}


import type { ColumnInfo } from '../sql/table-info.js'
import { affinityOf } from '../sql/types.js'

export type JsonSchema = Record<string, unknown>

export const blobRef = { $ref: '#/components/schemas/Blob' }

/** A declared type without its size (`VARCHAR(10)` is `varchar`). */
const baseType = (declared: string): string => declared.replace(/\(.*$/, '').trim().toLowerCase()

/**
 * The JSON a column's values take on the wire: the contract's declared types first (booleans, JSON, dates,
 * blobs as `{ $base64 }`), any other type by SQLite's affinity. An untyped column may hold anything.
 */
export function valueSchema (column: ColumnInfo): JsonSchema {
  const type = baseType(column.type)
  switch (type) {
    case 'boolean': return { type: 'boolean' }
    case 'json': return { description: 'any JSON value' }
    case 'date': return { type: 'string', format: 'date' }
    case 'datetime': case 'timestamp': return { type: 'string', format: 'date-time' }
    case 'blob': return blobRef
  }
  switch (affinityOf(column.type)) {
    case 'INTEGER': return { type: 'integer', description: 'integers beyond 2^53 come as decimal strings' }
    case 'TEXT': return { type: 'string' }
    case 'REAL': case 'NUMERIC': return { type: 'number' }
    case 'BLOB': return type === '' ? { description: 'untyped column: any value' } : blobRef
  }
}

/** The INTEGER PRIMARY KEY of a table: the rowid itself, never null, given by SQLite when not sent. */
export function isRowidAlias (column: ColumnInfo, singleKey: boolean): boolean {
  return singleKey && column.pk === 1 && baseType(column.type) === 'integer'
}

/** Whether the column can never read as null. */
export function neverNull (column: ColumnInfo, singleKey: boolean): boolean {
  return column.notnull || isRowidAlias(column, singleKey)
}

/** `schema`, or null as well (OpenAPI 3.1: a type list, or anyOf for a reference). */
export function orNull (schema: JsonSchema): JsonSchema {
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'] }
  if ('$ref' in schema) return { anyOf: [schema, { type: 'null' }] }
  return schema
}

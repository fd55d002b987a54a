import { InvalidValue } from '../errors.js'
import { compileFields } from './fields.js'
import { compileFilter } from './filter.js'
import type { KeyMatch } from './record-key.js'
import { compileSearch } from './search.js'
import { compileSort } from './sort.js'
import type { TableInfo } from './table-info.js'
import type { BindValue } from './values.js'

/** A statement the server built: SQL text that depends only on the request's shape, and its values. */
export interface BuiltStatement {
  sql: string
  params: BindValue[]
}

export interface ListRequest {
  table: TableInfo
  /** The `filter` query parameter as received: a JSON object. */
  filter?: string
  sort?: string
  fields?: string
  search?: string
  limit: number
  offset: number
}

export const maxListLimit = 1000

/** SELECT for one page of records; fetches `limit + 1` rows so the caller can tell `hasMore`. */
export function buildList (request: ListRequest): BuiltStatement {
  const { table, limit, offset } = request
  if (!Number.isInteger(limit) || limit < 0 || limit > maxListLimit) throw new InvalidValue(`limit must be an integer from 0 to ${maxListLimit}`)
  if (!Number.isSafeInteger(offset) || offset < 0) throw new InvalidValue('offset must be a non-negative integer')
  const where = buildWhere(request)
  const order = compileSort(request.sort, table)
  const sql = `SELECT ${compileFields(request.fields, table)} FROM ${table.sql}${where.sql}` +
    (order.length > 0 ? ` ORDER BY ${order.join(', ')}` : '') +
    ' LIMIT ? OFFSET ?'
  return { sql, params: [...where.params, limit + 1, offset] }
}

/** SELECT count(*) of the records a list request matches, for the opt-in `total`. */
export function buildCount (request: Pick<ListRequest, 'table' | 'filter' | 'search'>): BuiltStatement {
  const where = buildWhere(request)
  return { sql: `SELECT count(*) AS total FROM ${request.table.sql}${where.sql}`, params: where.params }
}

/** SELECT of one record by its key. */
export function buildGet (table: TableInfo, match: KeyMatch): BuiltStatement {
  return { sql: `SELECT * FROM ${table.sql} WHERE ${match.where}`, params: [match.value] }
}

function buildWhere (request: Pick<ListRequest, 'table' | 'filter' | 'search'>): BuiltStatement {
  const filter = compileFilter(request.filter, request.table)
  const search = compileSearch(request.search, request.table)
  const conditions = [...filter.sql, ...search.sql]
  return {
    sql: conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '',
    params: [...filter.params, ...search.params]
  }
}

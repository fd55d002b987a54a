import { InvalidCursor, InvalidValue } from '../errors.js'
import { compileFields } from './fields.js'
import { compileFilter } from './filter.js'
import type { KeyMatch } from './record-key.js'
import { compileSearch } from './search.js'
import { cursorColumns, cursorPosition, keysetConditions, type CursorColumns } from './keyset.js'
import { sortTerms } from './sort.js'
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
  /** A keyset cursor's position (@see keyset.ts): only rows after it, in the sort's order. */
  after?: unknown[]
}

/** A page's SELECT, and where the position of its last row is read (null: the table has no key to break ties). */
export interface BuiltList extends BuiltStatement {
  cursor: CursorColumns | null
  /** Rows that follow those of `sql` (the NULLs of a descending first sort column): bind `params`, then a limit. */
  tail: BuiltStatement | null
}

export const maxListLimit = 1000

/** SELECT for one page of records; fetches `limit + 1` rows so the caller can tell `hasMore`. */
export function buildList (request: ListRequest, maxLimit = maxListLimit): BuiltList {
  const { table, limit, offset } = request
  if (!Number.isInteger(limit) || limit < 0 || limit > maxLimit) throw new InvalidValue(`limit must be an integer from 0 to ${maxLimit}`)
  if (!Number.isSafeInteger(offset) || offset < 0) throw new InvalidValue('offset must be a non-negative integer')
  const filtered = buildWhere(request)
  const where = { sql: filtered.sql, params: [...filtered.params] }
  const terms = sortTerms(request.sort, table)
  // without a key, rows with equal sort values have no stable order: no cursor can name a position between them
  const keyed = table.key.kind !== 'none' && terms.length > 0
  let nullTail = false
  if (request.after !== undefined) {
    if (!keyed) throw new InvalidCursor(`'${table.name}' has no primary key or rowid: page it with offset`)
    const values = cursorPosition(request.after, terms)
    // Descending, NULLs come last: `t <= ? OR t IS NULL` would keep SQLite from an index range on t, so the
    // non-NULL rows are read with a plain range and the NULL rows by a second statement, when the first runs out.
    nullTail = terms[0].descending && terms[0].nullable && values[0] !== null
    const position = keysetConditions(nullTail ? [{ ...terms[0], nullable: false }, ...terms.slice(1)] : terms, values)
    where.sql = `${where.sql === '' ? ' WHERE ' : `${where.sql} AND `}${position.sql.join(' AND ')}`
    where.params.push(...position.params)
  }
  const fields = compileFields(request.fields, table)
  const cursor = keyed ? cursorColumns(terms, fields === '*' ? 'all' : new Set(request.fields?.split(',')), table.key.kind === 'rowid' ? table.key.sql : null) : null
  const select = cursor === null || cursor.selectSql === '' ? fields : `${fields}, ${cursor.selectSql}`
  const order = terms.length > 0 ? ` ORDER BY ${terms.map((term) => term.descending ? `${term.sql} DESC` : term.sql).join(', ')}` : ''
  const sql = `SELECT ${select} FROM ${table.sql}${where.sql}${order} LIMIT ? OFFSET ?`
  const tail = nullTail
    ? { sql: `SELECT ${select} FROM ${table.sql}${filtered.sql === '' ? ' WHERE ' : `${filtered.sql} AND `}${terms[0].sql} IS NULL${order} LIMIT ?`, params: filtered.params }
    : null
  return { sql, params: [...where.params, limit + 1, offset], cursor, tail }
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

import { InvalidFilter, InvalidValue, UnknownColumn, UnknownOperator } from '../errors.js'
import { kindOfColumn, toColumnValue, type ValueKind } from './column-values.js'
import { quoteIdent } from './ident.js'
import type { TableInfo } from './table-info.js'
import { toBindValue, type BindValue } from './values.js'

/** SQL conditions (joined with AND by the caller) and the values they bind, in order. */
export interface Conditions {
  sql: string[]
  params: BindValue[]
}

export const filterOperators = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'like', 'glob'] as const
export type FilterOperator = typeof filterOperators[number]

const operators = new Set<string>(filterOperators)
const comparisons: Record<string, string> = { gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'LIKE', glob: 'GLOB' }
const maxInValues = 1000

/**
 * Compiles the `filter` query parameter (a JSON object as received) against the table's
 * real columns. Keys are visited in sorted order and every value is bound, so the SQL
 * depends only on the shape of the filter: columns, operators, null-ness, in-list lengths.
 */
export function compileFilter (filter: string | undefined, table: TableInfo): Conditions {
  const conditions: Conditions = { sql: [], params: [] }
  if (filter === undefined || filter === '') return conditions
  const parsed = parseFilter(filter)
  for (const key of Object.keys(parsed).sort()) {
    const { column, operator } = resolveKey(key, table)
    addCondition(conditions, { sql: quoteIdent(column), name: column, kind: kindOfColumn(table, column) }, operator, parsed[key], key)
  }
  return conditions
}

function parseFilter (filter: string): Record<string, unknown> {
  let parsed: unknown
  try {
    parsed = JSON.parse(filter)
  } catch {
    throw new InvalidFilter('filter is not valid JSON')
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new InvalidFilter('filter must be a JSON object of column conditions')
  }
  return parsed as Record<string, unknown>
}

/** `price__gte` is column `price` with operator `gte`, unless `price__gte` itself is a column. */
function resolveKey (key: string, table: TableInfo): { column: string, operator: FilterOperator } {
  const has = (name: string): boolean => table.columnNames.has(name)
  const cut = key.lastIndexOf('__')
  if (cut > 0) {
    const prefix = key.slice(0, cut)
    const suffix = key.slice(cut + 2)
    if (operators.has(suffix) && has(prefix)) return { column: prefix, operator: suffix as FilterOperator }
    if (has(key)) return { column: key, operator: 'eq' }
    if (operators.has(suffix)) throw new UnknownColumn(prefix, table.name)
    if (has(prefix)) throw new UnknownOperator(suffix, filterOperators.map((op) => `__${op}`).join(', '))
  }
  if (has(key)) return { column: key, operator: 'eq' }
  throw new UnknownColumn(key, table.name)
}

/** A filtered column: quoted for SQL, by name, and the kind of values its declared type takes. */
interface FilterColumn { sql: string, name: string, kind: ValueKind }

function addCondition (out: Conditions, column: FilterColumn, operator: FilterOperator, value: unknown, key: string): void {
  if (operator === 'in') {
    const values = inValues(value, column, key)
    out.sql.push(`${column.sql} IN (${values.map(() => '?').join(', ')})`)
    out.params.push(...values)
    return
  }
  const bound = operator === 'like' || operator === 'glob' ? scalar(value, key) : operand(value, column, key)
  if (bound === null) {
    if (operator === 'eq') out.sql.push(`${column.sql} IS NULL`)
    else if (operator === 'ne') out.sql.push(`${column.sql} IS NOT NULL`)
    else throw new InvalidValue(`filter '${key}' cannot compare with null: use the column with null for IS NULL, or __ne for IS NOT NULL`)
    return
  }
  const sign = operator === 'eq' ? '=' : operator === 'ne' ? '<>' : comparisons[operator]
  out.sql.push(`${column.sql} ${sign} ?`)
  out.params.push(bound)
}

function inValues (value: unknown, column: FilterColumn, key: string): BindValue[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > maxInValues) {
    throw new InvalidValue(`filter '${key}' needs a non-empty array of at most ${maxInValues} values`)
  }
  return value.map((item) => operand(item, column, key))
}

/**
 * A value compared with a column: boolean and json columns take it as they do on writes (`{"done": true}` matches a
 * stored 1, a JSON value compares as its text); numeric columns take any number (and booleans as 1/0, numeric
 * strings as their number) and refuse other strings; other columns compare with the value as given.
 */
function operand (value: unknown, column: FilterColumn, key: string): BindValue {
  if (value === null) return null
  switch (column.kind) {
    case 'boolean':
    case 'json':
      return toColumnValue(column.kind, value, column.name)
    case 'integer':
    case 'real':
      return typeof value === 'string' ? toColumnValue('real', value, column.name) : scalar(value, key)
    default:
      return scalar(value, key)
  }
}

/** Strings, numbers, booleans (1/0), null, and blobs given as `{ "$base64": "..." }`. */
function scalar (value: unknown, key: string): BindValue {
  const isBlob = value !== null && typeof value === 'object' && !Array.isArray(value) &&
    Object.keys(value).length === 1 && '$base64' in value
  if (typeof value === 'object' && value !== null && !isBlob) {
    throw new InvalidValue(`filter '${key}' needs a string, number, boolean or null value`)
  }
  return toBindValue(value, `filter '${key}'`)
}

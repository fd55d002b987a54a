import { InvalidValue, UnknownColumn } from '../errors.js'
import { quoteIdent } from './ident.js'
import type { KeyMatch } from './record-key.js'
import type { BuiltStatement } from './select.js'
import type { TableInfo } from './table-info.js'
import { toBindValue } from './values.js'

/**
 * The members of `values` as columns in the table's own order (so one set of members
 * always gives one SQL text) with their bound values. Unknown members throw UnknownColumn.
 */
function columnValues (table: TableInfo, values: Record<string, unknown>): { columns: string[], params: BuiltStatement['params'] } {
  for (const member of Object.keys(values)) {
    if (!table.columnNames.has(member)) throw new UnknownColumn(member, table.name)
  }
  const columns = table.columns.map((c) => c.name).filter((name) => Object.hasOwn(values, name))
  return { columns, params: columns.map((name) => toBindValue(values[name], `value of '${name}'`)) }
}

/** INSERT of one record, returning it as stored; an empty record takes every default. */
export function buildInsert (table: TableInfo, record: Record<string, unknown>): BuiltStatement {
  const { columns, params } = columnValues(table, record)
  if (columns.length === 0) return { sql: `INSERT INTO ${table.sql} DEFAULT VALUES RETURNING *`, params }
  const names = columns.map(quoteIdent).join(', ')
  const marks = columns.map(() => '?').join(', ')
  return { sql: `INSERT INTO ${table.sql} (${names}) VALUES (${marks}) RETURNING *`, params }
}

/** UPDATE of one record by its key, returning it as stored. */
export function buildUpdate (table: TableInfo, match: KeyMatch, values: Record<string, unknown>): BuiltStatement {
  const { columns, params } = columnValues(table, values)
  if (columns.length === 0) throw new InvalidValue('the update names no column to change')
  const assignments = columns.map((name) => `${quoteIdent(name)} = ?`).join(', ')
  return { sql: `UPDATE ${table.sql} SET ${assignments} WHERE ${match.where} RETURNING *`, params: [...params, match.value] }
}

/** DELETE of one record by its key. */
export function buildDelete (table: TableInfo, match: KeyMatch): BuiltStatement {
  return { sql: `DELETE FROM ${table.sql} WHERE ${match.where}`, params: [match.value] }
}

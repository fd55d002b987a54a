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
  const columns: string[] = []
  const params: BuiltStatement['params'] = []
  for (const { name } of table.columns) {
    if (!Object.hasOwn(values, name)) continue
    columns.push(name)
    params.push(toBindValue(values[name], `value of '${name}'`))
  }
  return { columns, params }
}

/** An INSERT with the columns it names, so that the next record naming the same ones can share its SQL text. */
export interface BuiltInsert extends BuiltStatement { columns: readonly string[] }

const sameColumns = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((name, i) => name === b[i])

/**
 * INSERT of one record, returning it as stored; an empty record takes every default. When `previous` (built for the
 * same table) names the same columns, its SQL text is reused: the records of a batch usually all name the same ones.
 */
export function buildInsert (table: TableInfo, record: Record<string, unknown>, previous?: BuiltInsert): BuiltInsert {
  const { columns, params } = columnValues(table, record)
  if (previous !== undefined && sameColumns(previous.columns, columns)) return { sql: previous.sql, columns: previous.columns, params }
  if (columns.length === 0) return { sql: `INSERT INTO ${table.sql} DEFAULT VALUES RETURNING *`, columns, params }
  const names = columns.map(quoteIdent).join(', ')
  const marks = columns.map(() => '?').join(', ')
  return { sql: `INSERT INTO ${table.sql} (${names}) VALUES (${marks}) RETURNING *`, columns, params }
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

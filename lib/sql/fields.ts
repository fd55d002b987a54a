import { InvalidValue, UnknownColumn } from '../errors.js'
import { quoteIdent } from './ident.js'
import type { TableInfo } from './table-info.js'

/** Compiles `fields` (a comma list of columns) into a select list; all columns when absent. */
export function compileFields (fields: string | undefined, table: TableInfo): string {
  if (fields === undefined || fields === '') return '*'
  const columns = new Set<string>()
  for (const column of fields.split(',')) {
    if (column === '') throw new InvalidValue(`fields '${fields}' has an empty column name`)
    if (!table.columnNames.has(column)) throw new UnknownColumn(column, table.name)
    columns.add(column)
  }
  return [...columns].map(quoteIdent).join(', ')
}

import { InvalidValue, UnknownColumn } from '../errors.js'
import { quoteIdent } from './ident.js'
import type { TableInfo } from './table-info.js'

/**
 * Compiles `sort` (`-price,id`: a comma list of columns, `-` for descending) into ORDER BY
 * terms, then adds the table's key so that rows with equal sort values keep one order
 * from page to page.
 */
export function compileSort (sort: string | undefined, table: TableInfo): string[] {
  const terms: string[] = []
  const named = new Set<string>()
  if (sort !== undefined && sort !== '') {
    for (const part of sort.split(',')) {
      const descending = part.startsWith('-')
      const column = descending ? part.slice(1) : part
      if (column === '') throw new InvalidValue(`sort '${sort}' has an empty column name`)
      if (!table.columnNames.has(column)) throw new UnknownColumn(column, table.name)
      named.add(quoteIdent(column))
      terms.push(descending ? `${quoteIdent(column)} DESC` : quoteIdent(column))
    }
  }
  for (const term of table.defaultOrder) {
    if (!named.has(term)) terms.push(term)
  }
  return terms
}

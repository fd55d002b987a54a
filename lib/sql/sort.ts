import { InvalidValue, UnknownColumn } from '../errors.js'
import { quoteIdent } from './ident.js'
import type { TableInfo } from './table-info.js'

/** One ORDER BY term: a column (or the rowid), its direction, and whether it may hold NULL. */
export interface SortTerm {
  /** The name a row read with `SELECT *` carries it under (the rowid under none). */
  column: string
  /** The term as SQL (quoted, or the bare rowid name). */
  sql: string
  descending: boolean
  nullable: boolean
}

/**
 * Parses `sort` (`-price,id`: a comma list of columns, `-` for descending) into ORDER BY terms, then adds the
 * table's key so that rows with equal sort values keep one order from page to page (and a keyset cursor has a
 * unique position).
 */
export function sortTerms (sort: string | undefined, table: TableInfo): SortTerm[] {
  const terms: SortTerm[] = []
  const named = new Set<string>()
  if (sort !== undefined && sort !== '') {
    for (const part of sort.split(',')) {
      const descending = part.startsWith('-')
      const column = descending ? part.slice(1) : part
      if (column === '') throw new InvalidValue(`sort '${sort}' has an empty column name`)
      if (!table.columnNames.has(column)) throw new UnknownColumn(column, table.name)
      named.add(quoteIdent(column))
      terms.push({ column, sql: quoteIdent(column), descending, nullable: isNullable(table, column) })
    }
  }
  for (const term of keyTerms(table)) {
    if (!named.has(term.sql)) terms.push(term)
  }
  return terms
}

/** ORDER BY terms as SQL. */
export function compileSort (sort: string | undefined, table: TableInfo): string[] {
  return sortTerms(sort, table).map((term) => term.descending ? `${term.sql} DESC` : term.sql)
}

function keyTerms (table: TableInfo): SortTerm[] {
  const key = table.key
  switch (key.kind) {
    case 'column': return [{ column: key.column, sql: key.sql, descending: false, nullable: isNullable(table, key.column) }]
    case 'rowid': return [{ column: key.sql, sql: key.sql, descending: false, nullable: false }]
    case 'composite': return key.columns.map((column) => ({ column, sql: quoteIdent(column), descending: false, nullable: isNullable(table, column) }))
    case 'none': return []
  }
}

/** NOT NULL, or an INTEGER PRIMARY KEY (the rowid itself), never holds NULL; anything else may. */
function isNullable (table: TableInfo, column: string): boolean {
  const info = table.columns.find((c) => c.name === column)
  if (info === undefined || info.notnull) return false
  return !(table.key.kind === 'column' && table.key.column === column && info.type.toUpperCase() === 'INTEGER')
}

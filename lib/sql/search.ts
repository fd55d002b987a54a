import type { Conditions } from './filter.js'
import type { TableInfo } from './table-info.js'

/** Makes `%`, `_` and the escape character itself literal in a LIKE pattern. */
export function escapeLike (term: string): string {
  return term.replace(/[\\%_]/g, '\\$&')
}

/**
 * Compiles `search`: a case-insensitive (ASCII, as SQLite's LIKE) substring match over the
 * table's text columns. A table without text columns matches no row.
 */
export function compileSearch (search: string | undefined, table: TableInfo): Conditions {
  if (search === undefined || search === '') return { sql: [], params: [] }
  if (table.textColumns.length === 0) return { sql: ['0'], params: [] }
  const pattern = `%${escapeLike(search)}%`
  const matches = table.textColumns.map((column) => `${column} LIKE ? ESCAPE '\\'`)
  return { sql: [`(${matches.join(' OR ')})`], params: matches.map(() => pattern) }
}

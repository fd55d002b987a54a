import { InvalidOnConflict } from '../errors.js'
import type { SqlSource, TableInfo } from './table-info.js'

/**
 * The sets of columns that identify one row of the table: its primary key and each unique index that is neither
 * partial nor on an expression (SQLite accepts only those as an ON CONFLICT target). Kept per TableInfo, which
 * lives as long as its schema.
 */
const uniqueSets = new WeakMap<TableInfo, string[][]>()

export function uniqueColumnSets (source: SqlSource, table: TableInfo): string[][] {
  let sets = uniqueSets.get(table)
  if (sets !== undefined) return sets
  sets = []
  const pk = table.columns.filter((c) => c.pk > 0).map((c) => c.name)
  if (pk.length > 0) sets.push(pk)
  const indexes = source.prepare('SELECT name FROM pragma_index_list(?) WHERE "unique" = 1 AND partial = 0').all(table.name) as Array<{ name: string }>
  for (const { name } of indexes) {
    const columns = source.prepare('SELECT name FROM pragma_index_info(?) ORDER BY seqno').all(name) as Array<{ name: string | null }>
    if (columns.every((c) => c.name !== null)) sets.push(columns.map((c) => c.name as string))
  }
  uniqueSets.set(table, sets)
  return sets
}

/** The `onConflict` columns (a comma list), checked: real columns that together carry a unique index or the primary key. */
export function conflictTarget (source: SqlSource, table: TableInfo, onConflict: string): string[] {
  const columns = onConflict.split(',')
  for (const column of columns) {
    if (column === '' || !table.columnNames.has(column)) throw new InvalidOnConflict(`onConflict names '${column}', which is not a column of '${table.name}'`)
  }
  const wanted = new Set(columns)
  const matches = (set: string[]) => set.length === wanted.size && set.every((c) => wanted.has(c))
  if (!uniqueColumnSets(source, table).some(matches)) {
    throw new InvalidOnConflict(`no unique index or primary key of '${table.name}' is exactly (${[...wanted].join(', ')}): onConflict needs one`)
  }
  return [...wanted]
}

import { InvalidValue, UnknownColumn } from '../errors.js'
import { quoteIdent } from './ident.js'
import type { KeyMatch } from './record-key.js'
import type { BuiltStatement } from './select.js'
import type { TableInfo } from './table-info.js'
import { toColumnValue, typedColumns } from './column-values.js'

/**
 * The members of `values` as columns in the table's own order (so one set of members
 * always gives one SQL text) with their bound values, each converted as its column's declared type takes it,
 * and `key`: which columns they are, as their positions.
 * Unknown members throw UnknownColumn.
 */
function columnValues (table: TableInfo, values: Record<string, unknown>): { columns: string[], params: BuiltStatement['params'], key: string } {
  for (const member of Object.keys(values)) {
    if (!table.columnNames.has(member)) throw new UnknownColumn(member, table.name)
  }
  const columns: string[] = []
  const params: BuiltStatement['params'] = []
  const kinds = typedColumns(table).ordered
  let key = ''
  for (let i = 0; i < table.columns.length; i++) {
    const name = table.columns[i].name
    if (!Object.hasOwn(values, name)) continue
    columns.push(name)
    // each value as its column's declared type takes it (INVALID_VALUE otherwise), before anything is written
    params.push(toColumnValue(kinds[i], values[name], name))
    key += `${i},`
  }
  return { columns, params, key }
}

/**
 * INSERT texts by table and set of columns: writing one (quoting every name) costs several times the rest of
 * building the statement, and the records sent to a table name the same few sets of columns. A TableInfo lives
 * as long as its schema, so a schema change starts afresh; past the bound, new sets are built and not kept.
 */
const insertTexts = new WeakMap<TableInfo, Map<string, string>>()
export const maxInsertTextsPerTable = 256

/** How many INSERT texts are kept for `table` (the bound is what keeps a client's column sets from growing memory). */
export function keptInsertTexts (table: TableInfo): number {
  return insertTexts.get(table)?.size ?? 0
}

function insertText (table: TableInfo, columns: readonly string[], key: string): string {
  let texts = insertTexts.get(table)
  if (texts === undefined) {
    texts = new Map()
    insertTexts.set(table, texts)
  }
  let sql = texts.get(key)
  if (sql === undefined) {
    sql = columns.length === 0
      ? `INSERT INTO ${table.sql} DEFAULT VALUES RETURNING *`
      : `INSERT INTO ${table.sql} (${columns.map(quoteIdent).join(', ')}) VALUES (${columns.map(() => '?').join(', ')}) RETURNING *`
    if (texts.size < maxInsertTextsPerTable) texts.set(key, sql)
  }
  return sql
}

/** INSERT of one record, returning it as stored; an empty record takes every default. */
export function buildInsert (table: TableInfo, record: Record<string, unknown>): BuiltStatement {
  const { columns, params, key } = columnValues(table, record)
  return { sql: insertText(table, columns, key), params }
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

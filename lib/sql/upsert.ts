import { InvalidValue } from '../errors.js'
import { quoteIdent } from './ident.js'
import type { KeyMatch } from './record-key.js'
import type { BuiltStatement } from './select.js'
import type { ColumnInfo, TableInfo } from './table-info.js'
import type { BindValue } from './values.js'
import { buildInsert } from './write.js'

/**
 * A record's columns (in the table's order, as write.ts binds them) and their values converted for SQLite.
 * `buildInsert` does the checking and converting, so every record route converts values one way.
 */
export function boundColumns (table: TableInfo, record: Record<string, unknown>): { columns: ColumnInfo[], params: BindValue[] } {
  const { params } = buildInsert(table, record)
  return { columns: table.columns.filter((c) => Object.hasOwn(record, c.name)), params }
}

const where = (columns: string[]) => columns.map((c) => `${quoteIdent(c)} = ?`).join(' AND ')

export interface UpsertStatements {
  /** Finds the stored record with the same key: whether the write creates (none) or updates (one). */
  probe: BuiltStatement
  /** Reads the stored record (an ignored conflict returns no row). */
  read: BuiltStatement
  /** INSERT ... ON CONFLICT (target) DO UPDATE the columns sent (merge) or DO NOTHING, RETURNING *. */
  write: BuiltStatement
}

/** The statements of one upsert on `target` (checked by conflictTarget). */
export function buildUpsert (table: TableInfo, record: Record<string, unknown>, target: string[], merge: boolean): UpsertStatements {
  const { columns, params } = boundColumns(table, record)
  const names = columns.map((c) => c.name)
  const keyParams = target.map((column) => {
    const at = names.indexOf(column)
    if (at === -1) throw new InvalidValue(`the record must give '${column}': it is an onConflict column`)
    return params[at]
  })
  const updates = merge ? names.filter((name) => !target.includes(name)) : []
  const action = updates.length === 0 ? 'DO NOTHING' : `DO UPDATE SET ${updates.map((c) => `${quoteIdent(c)} = excluded.${quoteIdent(c)}`).join(', ')}`
  const sql = `INSERT INTO ${table.sql} (${names.map(quoteIdent).join(', ')}) VALUES (${names.map(() => '?').join(', ')}) ` +
    `ON CONFLICT (${target.map(quoteIdent).join(', ')}) ${action} RETURNING *`
  return {
    probe: { sql: `SELECT 1 FROM ${table.sql} WHERE ${where(target)}`, params: keyParams },
    read: { sql: `SELECT * FROM ${table.sql} WHERE ${where(target)}`, params: keyParams },
    write: { sql, params }
  }
}

export interface ReplaceStatements {
  probe: BuiltStatement
  /** Sets every column: those sent to their values, the others to their default (or NULL). */
  update: BuiltStatement
  /** Creates the record under `:id`. */
  insert: BuiltStatement
}

/**
 * The statements of PUT .../records/:id. `values` may repeat the key, with the same value; `generated` names
 * columns SQLite computes, which are never written.
 */
export function buildReplace (table: TableInfo, match: KeyMatch, keyColumn: string, values: Record<string, unknown>, generated: ReadonlySet<string>): ReplaceStatements {
  const { columns, params } = boundColumns(table, values)
  const at = columns.findIndex((c) => c.name === keyColumn)
  if (at !== -1) {
    if (String(params[at]) !== String(match.value)) throw new InvalidValue(`'${keyColumn}' in the body (${String(params[at])}) differs from the id in the URL`)
    columns.splice(at, 1)
    params.splice(at, 1)
  }
  const sent = new Map(columns.map((c, i) => [c.name, params[i]]))
  const others = table.columns.filter((c) => c.name !== keyColumn && !sent.has(c.name) && !generated.has(c.name))
  const assignments = [
    ...columns.map((c) => `${quoteIdent(c.name)} = ?`),
    ...others.map((c) => `${quoteIdent(c.name)} = ${c.default === null ? 'NULL' : `(${c.default})`}`)
  ]
  const keySql = quoteIdent(keyColumn)
  const names = [keySql, ...columns.map((c) => quoteIdent(c.name))]
  return {
    probe: { sql: `SELECT 1 FROM ${table.sql} WHERE ${match.where}`, params: [match.value] },
    update: assignments.length === 0
      ? { sql: `SELECT * FROM ${table.sql} WHERE ${match.where}`, params: [match.value] }
      : { sql: `UPDATE ${table.sql} SET ${assignments.join(', ')} WHERE ${match.where} RETURNING *`, params: [...params, match.value] },
    insert: { sql: `INSERT INTO ${table.sql} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')}) RETURNING *`, params: [match.value, ...params] }
  }
}

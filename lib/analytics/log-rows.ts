import type { Database, Statement } from 'better-sqlite3'

/**
 * A `_log` row as the writer binds it (log-schema.ts): texts as `_log_texts` ids, a message or statement as an id
 * or as its text, `at` as epoch milliseconds (or the timestamp text outside 1970–9999).
 */
export interface LogRow {
  at: number | string
  owner: number
  name: number
  table: number | null
  operation: number
  status: number
  errorId: number | null
  error: string | null
  sqlId: number | null
  sql: string | null
  durationMs: number
  rowCount: number
}

/** Rows per multi-row INSERT: at most 600 bound values, far below SQLite's limit of 32,766. */
export const logRowsPerInsert = 50

const columns = 'at, owner, name, tbl, op, status, error_id, error, sql_id, sql, duration_ms, row_count'

/**
 * Inserts log rows, in row order (ids follow the events' order), 50 to a statement. OR FAIL: the values cannot
 * break a constraint (the writer coerces them), and without a possible ABORT SQLite keeps no statement journal. A
 * failure still undoes the whole batch, as the writer's transaction rolls back.
 */
export function createLogInserter (db: Database) {
  const prepared = new Map<number, Statement>()
  const statement = (rows: number): Statement => {
    let s = prepared.get(rows)
    if (s === undefined) {
      s = db.prepare(`INSERT OR FAIL INTO _log (${columns}) VALUES ${Array(rows).fill('(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`)
      prepared.set(rows, s)
    }
    return s
  }
  const values: unknown[] = [] // bound at once by run(), so reused

  return function insertLogRows (rows: readonly LogRow[]): void {
    for (let from = 0; from < rows.length; from += logRowsPerInsert) {
      const to = Math.min(rows.length, from + logRowsPerInsert)
      values.length = 0
      for (let i = from; i < to; i++) {
        const r = rows[i]
        values.push(r.at, r.owner, r.name, r.table, r.operation, r.status, r.errorId, r.error, r.sqlId, r.sql, r.durationMs, r.rowCount)
      }
      statement(to - from).run(values)
    }
  }
}

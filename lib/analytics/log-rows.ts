import type { Database, Statement } from 'better-sqlite3'

/** A `_query_log` row as the writer binds it: every value already coerced to what its column holds. */
export interface LogRow {
  database: string
  table: string | null
  operation: string
  status: 'ok' | 'error'
  error: string | null
  id: string
  sql: string | null
  durationMs: number
  rowCount: number
  timestamp: string
}

/** Rows per multi-row INSERT: at most 500 bound values, far below SQLite's limit of 32,766. */
export const logRowsPerInsert = 50
/**
 * Consecutive rows that share all seven text columns (one endpoint of one database, the usual load) and are at least
 * this many bind those texts once per statement. Binding a string copies it twice, and with three values per row
 * instead of ten, a flush of such rows costs about a third less CPU. Shorter runs share a statement of whole rows:
 * a statement per short run would cost more than the binding saves.
 */
export const minSharedRun = 8

/** Rows `from` to `to` (exclusive) of a batch, inserted by one statement. */
export interface LogChunk { shared: boolean, from: number, to: number }

const sameTexts = (a: LogRow, b: LogRow): boolean => a.id === b.id && a.database === b.database && a.sql === b.sql &&
  a.table === b.table && a.operation === b.operation && a.status === b.status && a.error === b.error

/** The statements that insert `rows`, in row order, so that ids follow the events' order. */
export function planLogChunks (rows: readonly LogRow[]): LogChunk[] {
  const chunks: LogChunk[] = []
  const add = (shared: boolean, from: number, to: number): void => {
    const last = chunks.at(-1)
    // short runs in a row fill one statement of whole rows
    if (!shared && last !== undefined && !last.shared && last.to === from && to - last.from <= logRowsPerInsert) {
      last.to = to
      return
    }
    chunks.push({ shared, from, to })
  }
  let start = 0
  for (let end = 1; end <= rows.length; end++) {
    if (end < rows.length && sameTexts(rows[start], rows[end])) continue
    const shared = end - start >= minSharedRun
    for (let from = start; from < end; from += logRowsPerInsert) add(shared, from, Math.min(end, from + logRowsPerInsert))
    start = end
  }
  return chunks
}

const columns = 'database, table_name, operation, status, error_msg, database_id, sql_text, duration_ms, row_count, timestamp'

/**
 * Inserts query-log rows. OR FAIL: the values cannot break a constraint (the writer coerces them), and without a
 * possible ABORT SQLite keeps no statement journal, which saved a further 6 % per row. A failure still undoes the
 * whole batch, as the writer's transaction rolls back.
 */
export function createLogInserter (db: Database) {
  const statements = (row: string) => {
    const prepared = new Map<number, Statement>()
    return (rows: number): Statement => {
      let statement = prepared.get(rows)
      if (statement === undefined) {
        statement = db.prepare(`INSERT OR FAIL INTO _query_log (${columns}) VALUES ${Array(rows).fill(row).join(', ')}`)
        prepared.set(rows, statement)
      }
      return statement
    }
  }
  const wholeRows = statements('(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')
  const sharedTexts = statements('(@database, @table, @operation, @status, @error, @id, @sql, ?, ?, ?)')
  const values: unknown[] = [] // bound at once by run(), so reused

  return function insertLogRows (rows: readonly LogRow[]): void {
    for (const { shared, from, to } of planLogChunks(rows)) {
      values.length = 0
      for (let i = from; i < to; i++) {
        const r = rows[i]
        if (!shared) values.push(r.database, r.table, r.operation, r.status, r.error, r.id, r.sql)
        values.push(r.durationMs, r.rowCount, r.timestamp)
      }
      // the named values come from the run's first row; its other members are not parameters and are ignored
      if (shared) sharedTexts(to - from).run(values, rows[from])
      else wholeRows(to - from).run(values)
    }
  }
}

import type { Database } from 'better-sqlite3'
import { hourOf, legacyOwner, type createRollupWriter, type RollupInput } from './rollups.js'

/**
 * Upgrading a v3 (or older) file: its raw log was written before the rollups existed. The migration records the
 * id range of the log as it stood (`planBackfill`); rows after it are rolled up by the flushes that write them.
 * The worker then rolls the range up in steps of `backfillStepRows`, each its own transaction, between requests,
 * so flushes and reads never wait for more than one step. Until it ends, the aggregates of the old range are partial.
 */
export const backfillTable = `CREATE TABLE IF NOT EXISTS _rollup_backfill (
  next_id INTEGER NOT NULL,
  last_id INTEGER NOT NULL
)`

export const backfillStepRows = 5000

/** Records the log's id range for the backfill (nothing when the log is empty). Runs inside the migration. */
export function planBackfill (db: Database): void {
  const range = db.prepare('SELECT MIN(id) AS first, MAX(id) AS last FROM _query_log').get() as { first: number | null, last: number | null }
  if (range.first === null || range.last === null) return
  db.prepare('DELETE FROM _rollup_backfill').run()
  db.prepare('INSERT INTO _rollup_backfill (next_id, last_id) VALUES (?, ?)').run(range.first, range.last)
}

export interface LogRow {
  id: number
  database: string | null
  database_id: string | null
  operation: string | null
  status: string | null
  sql_text: string | null
  duration_ms: number | null
  row_count: number | null
  timestamp: string | null
}

/** What the rollups need of a raw log row; none for a row without a readable timestamp. */
export function rollupInputsOf (rows: LogRow[]): RollupInput[] {
  return rows.flatMap(r => {
    const ms = Date.parse(r.timestamp ?? '')
    if (Number.isNaN(ms)) return []
    const name = r.database ?? ''
    return [{
      owner: r.database_id ?? legacyOwner(name),
      name,
      hour: hourOf(ms),
      operation: r.operation ?? '',
      error: r.status === 'error',
      sql: r.sql_text,
      durationMs: Number(r.duration_ms ?? 0),
      rowCount: Number(r.row_count ?? 0)
    }]
  })
}

export function createBackfill (db: Database, rollups: ReturnType<typeof createRollupWriter>) {
  const state = db.prepare('SELECT next_id AS next, last_id AS last FROM _rollup_backfill LIMIT 1')
  const rowsFrom = db.prepare(`SELECT id, database, database_id, operation, status, sql_text, duration_ms, row_count, timestamp
    FROM _query_log WHERE id >= ? AND id <= ? ORDER BY id LIMIT ?`)
  const advance = db.prepare('UPDATE _rollup_backfill SET next_id = ?')
  const finish = db.prepare('DELETE FROM _rollup_backfill')

  const step = db.transaction((limit: number): number => {
    const at = state.get() as { next: number, last: number } | undefined
    if (at === undefined) return 0
    const rows = rowsFrom.all(at.next, at.last, limit) as LogRow[]
    rollups.write(rollupInputsOf(rows))
    if (rows.length < limit) finish.run()
    else advance.run(rows[rows.length - 1].id + 1)
    return rows.length
  })

  return {
    pending (): boolean {
      return state.get() !== undefined
    },

    /** Rolls up the next `limit` rows of the planned range; returns how many were read (0 when done). */
    step (limit = backfillStepRows): number {
      try {
        const rows = step(limit)
        rollups.windows.commit()
        return rows
      } catch (err) {
        rollups.forget()
        throw err
      }
    }
  }
}

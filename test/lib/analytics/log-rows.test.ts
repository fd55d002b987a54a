import Database from 'better-sqlite3'
import t from 'tap'
import { migrate } from '../../../lib/analytics/schema.js'
import { createLogInserter, logRowsPerInsert, minSharedRun, planLogChunks, type LogRow } from '../../../lib/analytics/log-rows.js'
import { tempDir } from './helper.js'

const base: LogRow = {
  database: 'shop',
  table: 'items',
  operation: 'select',
  status: 'ok',
  error: null,
  id: 'uuid-shop',
  sql: 'SELECT * FROM "items" WHERE "id" = ?',
  durationMs: 0,
  rowCount: 0,
  timestamp: ''
}

/** `count` rows with the text columns of `texts`, each with its own numbers and time. */
function run (count: number, texts: Partial<LogRow> = {}): LogRow[] {
  return Array.from({ length: count }, () => ({ ...base, ...texts }))
}

function numbered (rows: LogRow[]): LogRow[] {
  return rows.map((row, i) => ({ ...row, durationMs: i / 8, rowCount: i * 3, timestamp: new Date(Date.UTC(2026, 10, 22) + i).toISOString() }))
}

t.test('runs of shared texts get statements of their own; shorter runs fill statements of whole rows, in row order', async (t) => {
  t.ok(minSharedRun > 3 && minSharedRun < logRowsPerInsert, 'the rows below are built for these sizes')
  const rows = [
    ...run(minSharedRun), // shared
    ...run(minSharedRun - 1, { sql: 'other' }), // too short: whole rows
    ...run(3, { sql: 'third' }), // whole rows, in the same statement
    ...run(2 * logRowsPerInsert + 5, { operation: 'insert' }), // shared, in three statements
    ...Array.from({ length: 12 }, (_, i) => run(6, { sql: `short ${i}` })).flat() // 72 whole rows: 48 + 24
  ]
  let at = 0
  const expected = [
    { shared: true, rows: minSharedRun },
    { shared: false, rows: minSharedRun - 1 + 3 },
    { shared: true, rows: logRowsPerInsert },
    { shared: true, rows: logRowsPerInsert },
    { shared: true, rows: 5 },
    { shared: false, rows: 48 },
    { shared: false, rows: 24 }
  ].map(({ shared, rows }) => ({ shared, from: at, to: (at += rows) }))
  t.same(planLogChunks(rows), expected)
  t.equal(at, rows.length, 'every row in exactly one statement')
  t.same(planLogChunks([]), [])
  t.same(planLogChunks(run(1)), [{ shared: false, from: 0, to: 1 }])
})

t.test('a run ends where any one of the seven text columns changes', async (t) => {
  const changes: Array<Partial<LogRow>> = [
    {}, { database: 'renamed' }, { table: null }, { operation: 'delete' }, { status: 'error' }, { error: 'boom' },
    { id: 'uuid-other' }, { sql: null }
  ]
  // each run differs from the one before it in one column only
  let texts: Partial<LogRow> = {}
  const rows = changes.flatMap((change) => run(minSharedRun, (texts = { ...texts, ...change })))
  t.same(planLogChunks(rows), changes.map((_, i) => ({ shared: true, from: i * minSharedRun, to: (i + 1) * minSharedRun })))
})

t.test('every row is written with its own values, ids in row order, whichever statement carried it', async (t) => {
  const db = new Database(`${tempDir(t)}/_analytics.db`)
  t.teardown(() => db.close())
  migrate(db)
  const rows = numbered([
    ...run(minSharedRun + 2),
    ...run(minSharedRun, { table: null, sql: null, operation: 'update' }),
    ...run(2, { status: 'error', error: 'no such table: x' }),
    ...run(logRowsPerInsert + 1, { database: 'renamed' }),
    ...run(minSharedRun - 1, { id: 'uuid-other', database: 'other' }),
    ...run(minSharedRun, { status: 'error', error: 'UNIQUE constraint failed' })
  ])
  const insert = createLogInserter(db)
  insert(rows)
  insert(rows.slice(0, 1))
  const written = db.prepare(`SELECT id, database, table_name, operation, status, error_msg, database_id, sql_text, duration_ms, row_count, timestamp
    FROM _query_log ORDER BY id`).all()
  t.same(written, [...rows, rows[0]].map((r, i) => ({
    id: i + 1,
    database: r.database,
    table_name: r.table,
    operation: r.operation,
    status: r.status,
    error_msg: r.error,
    database_id: r.id,
    sql_text: r.sql,
    duration_ms: r.durationMs,
    row_count: r.rowCount,
    timestamp: r.timestamp
  })))
})

import { basename } from 'node:path'
import type { Statement } from 'better-sqlite3'
import { InvalidValue } from '../../errors.js'
import { inspectStatement } from '../../sql/guard.js'
import { iterateRows, statementNeedsRowGuard } from '../../sql/rows.js'
import { bigintToWire, toBindParams, toWireRow, type BindParams } from '../../sql/values.js'
import { transact, type JobContext } from '../context.js'
import { leastBytesOf, RowCollector } from '../result-bytes.js'
import { keepCaptureCurrent } from './changes.js'
import { userTableCount } from './database.js'

export interface QueryArgs {
  sql: string
  params?: unknown[] | Record<string, unknown>
  /** False on a readonly database or for a read key. */
  allowWrite: boolean
  deniedCode?: 'DATABASE_READONLY' | 'INSUFFICIENT_SCOPE'
  databaseName: string
  principal: 'admin' | 'key'
}

/** A statement that returns rows (SELECT, PRAGMA reads, ... RETURNING); analytics logs it as 'select'. */
export interface QueryRows {
  kind: 'rows'
  rows: Array<Record<string, unknown>>
  columns: string[]
  rowCount: number
  /** More rows existed than `limits.maxQueryRows`; they were not read. */
  truncated: boolean
  operation: 'select'
}

/** Any other statement; analytics logs it as 'update'. */
export interface QueryRun {
  kind: 'run'
  changes: number
  /** The rowid of the last row this statement inserted; null for a statement that inserted none. */
  lastInsertRowid: number | string | null
  operation: 'update'
  /** Set when the statement changed the schema: the user tables there are now (the database list shows it). */
  tableCount?: number
}

export type QueryResult = QueryRows | QueryRun

/** Runs one raw SQL statement once the guard has let it through. */
function runQuery (ctx: JobContext, args: QueryArgs): QueryResult {
  const params = toBindParams(args.params)
  const { stmt, kind, numberedParams, filePaths, inserts } = inspectStatement((sql) => ctx.prepareRaw(sql), args.sql, params, {
    allowWrite: args.allowWrite,
    deniedCode: args.deniedCode,
    databaseName: args.databaseName,
    principal: args.principal,
    dataDir: ctx.dataDir
  })
  // integers beyond 2^53 come back exact (as strings when they do not fit a JS number)
  stmt.safeIntegers(true)
  const bound = bindArgs(params, numberedParams)
  const attachedBefore = kind === 'ATTACH' ? schemaNames(ctx) : null
  // A statement that writes may change the schema (CREATE, DROP, ALTER): then the table count comes along. Asked
  // before the transaction: a read inside a deferred one would take a snapshot, and its upgrade to a write fails
  // at once (SQLITE_BUSY, no busy wait) when another connection wrote or checkpointed meanwhile.
  const schemaBefore = stmt.reader ? 0 : schemaVersion(ctx)
  const execute = (): QueryResult => {
    if (stmt.reader) return readRows(stmt, bound, ctx.limits.maxQueryRows, filePaths)
    const run = runStatement(stmt, bound, inserts)
    if (schemaVersion(ctx) !== schemaBefore) {
      if (ctx.db.inTransaction) keepCaptureCurrent(ctx)
      run.tableCount = userTableCount(ctx)
    }
    return run
  }
  // A write runs in a transaction of its own, whose commit the job's deadline can refuse (@see CommitDeadline)
  const inTransaction = !stmt.readonly && transactable.has(kind) && !ctx.db.inTransaction
  try {
    return withBindingErrors(() => inTransaction ? transact(ctx, execute) : execute())
  } finally {
    // The connection is pooled: nothing a request attaches or creates in TEMP may outlive it.
    if (attachedBefore !== null) detachAddedSchemas(ctx, attachedBefore)
    if (!stmt.readonly && hasTempObjects(ctx)) ctx.discardConnection()
  }
}

/**
 * `PRAGMA database_list` names each file by its absolute path on the server (issue #30, item 10). Every file a
 * connection can have attached sits directly in the data directory (or is temporary: ''), so its name says it all.
 */
function withoutServerPath (row: Record<string, unknown>): void {
  if (typeof row.file === 'string' && row.file !== '') row.file = basename(row.file)
}

/** Writes that may run inside a transaction (VACUUM, ATTACH and DETACH may not); others commit as SQLite runs them. */
const transactable: ReadonlySet<string> = new Set(['INSERT', 'REPLACE', 'UPDATE', 'DELETE', 'WITH', 'CREATE', 'DROP', 'ALTER', 'SELECT', 'VALUES'])

/** Arguments for better-sqlite3: positional values spread, named ones as one object; `?1`, `?2` bind by name "1", "2". */
function bindArgs (params: BindParams, numbered: boolean): unknown[] {
  if (!Array.isArray(params)) return [params]
  return numbered ? [Object.fromEntries(params.map((value, i) => [String(i + 1), value]))] : params
}

/** Raw SQL's bound in reply bytes (JSON after escaping, blobs as base64) beside the row cap: @see result-bytes.ts. */
export { maxResultBytes } from '../result-bytes.js'

/** Bytes a raw row takes at least in the reply, counted without writing it: its column names and values' lengths. */
function leastSizeOf (row: Record<string, unknown>): number {
  let bytes = 0
  for (const name in row) bytes += name.length + leastBytesOf(row[name])
  return bytes
}

/**
 * Reads at most `maxRows` rows, one more only to learn that there were more, and stops before the row whose JSON
 * would take the reply past the byte bound: one read key's `SELECT zeroblob(1e9)`, or text of control characters
 * (six bytes each once escaped), must not exhaust the server's memory.
 */
function readRows (stmt: Statement, args: unknown[], maxRows: number, filePaths: boolean): QueryRows {
  const collected = new RowCollector<Record<string, unknown>>()
  let truncated = false
  for (const row of iterateRows(stmt, args, statementNeedsRowGuard(stmt))) {
    const raw = row as Record<string, unknown>
    if (filePaths) withoutServerPath(raw)
    // a value that could never fit is not even written (a gigabyte blob's base64 is past what a string holds)
    if (collected.rows.length === maxRows || leastSizeOf(raw) > collected.room || !collected.add(toWireRow(raw))) {
      truncated = true
      break
    }
  }
  const rows = collected.done()
  return { kind: 'rows', rows, columns: stmt.columns().map((c) => c.name), rowCount: rows.length, truncated, operation: 'select' }
}

function runStatement (stmt: Statement, args: unknown[], inserts: boolean): QueryRun {
  const { changes, lastInsertRowid } = stmt.run(...args)
  // SQLite keeps the connection's last insert rowid until the next insert: after any other statement (CREATE TABLE,
  // UPDATE, an INSERT OR IGNORE that ignored) it would be an earlier request's
  return {
    kind: 'run',
    changes,
    lastInsertRowid: !inserts || changes === 0 ? null : typeof lastInsertRowid === 'bigint' ? bigintToWire(lastInsertRowid) : lastInsertRowid,
    operation: 'update'
  }
}

/** better-sqlite3 reports parameter mistakes (count, missing names) as RangeError/TypeError. */
function withBindingErrors<T> (fn: () => T): T {
  try {
    return fn()
  } catch (err) {
    if (err instanceof RangeError || err instanceof TypeError) throw new InvalidValue(err.message)
    throw err
  }
}

function schemaVersion (ctx: JobContext): number {
  return (ctx.prepare('PRAGMA schema_version').get() as { schema_version: number }).schema_version
}

function schemaNames (ctx: JobContext): Set<string> {
  // No pluck(): a caller's raw SQL may hit the same cached statement.
  return new Set((ctx.prepare('SELECT name FROM pragma_database_list').all() as Array<{ name: string }>).map((row) => row.name))
}

function detachAddedSchemas (ctx: JobContext, before: Set<string>): void {
  for (const name of schemaNames(ctx)) {
    if (!before.has(name)) ctx.prepare('DETACH DATABASE ?').run(name)
  }
}

function hasTempObjects (ctx: JobContext): boolean {
  return ctx.prepare('SELECT 1 FROM temp.sqlite_schema LIMIT 1').get() !== undefined
}

export const queryJobs = {
  'query.run': runQuery
}

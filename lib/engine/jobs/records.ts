import type { Statement } from 'better-sqlite3'
import { InvalidValue, RecordNotFound } from '../../errors.js'
import { typedColumns } from '../../sql/column-values.js'
import { matchRecord } from '../../sql/record-key.js'
import { positionOf, stripColumns, type CursorValue } from '../../sql/keyset.js'
import { buildCount, buildGet, buildList, type ListRequest } from '../../sql/select.js'
import { readTableInfo, type TableInfo } from '../../sql/table-info.js'
import { allRows, getRow, needsRowGuard } from '../../sql/rows.js'
import { bigintToWire } from '../../sql/values.js'
import { buildDelete, buildInsert, buildUpdate } from '../../sql/write.js'
import { perConnection, requireBounded, transact, type JobContext } from '../context.js'
import { RowCollector, writeRow } from '../result-bytes.js'
import { readIfFits, requireRecordFits, tooLarge } from '../row-size.js'

/** A record on the wire: blobs as `{ "$base64": "..." }`, other values as JSON. */
export type WireRecord = Record<string, unknown>

/** A list request as the route passes it: the table by name, the query parameters as received. */
export type ListRecordsArgs = Omit<ListRequest, 'table'> & {
  table: string
  /** Also count every matching row (opt-in: it scans them all). */
  count?: boolean
}
/** `next`: the position of the page's last row when more rows follow (a cursor's payload), else null. */
export interface ListRecordsResult { rows: WireRecord[], hasMore: boolean, next: CursorValue[] | null, total?: number, sql: string }

export interface GetRecordArgs { table: string, id: string }
export interface RecordResult { row: WireRecord, sql: string }

export interface InsertRecordsArgs { table: string, rows: WireRecord[] }
export interface InsertRecordsResult { rows: WireRecord[], sql: string }

export interface UpdateRecordArgs { table: string, id: string, values: WireRecord }

export interface DeleteRecordArgs { table: string, id: string }
export interface DeleteRecordResult { id: number | string, sql: string }

const maxInsertRows = 1000

function isRecord (value: unknown): value is WireRecord {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

/** Whether the table's rows must be built apart (a column named `__proto__`; @see lib/sql/rows.ts), known once per schema. */
const guards = new WeakMap<TableInfo, boolean>()
function guardOf (table: TableInfo): boolean {
  let guard = guards.get(table)
  if (guard === undefined) {
    guard = needsRowGuard(table.columnNames)
    guards.set(table, guard)
  }
  return guard
}

function listRecords (ctx: JobContext, args: ListRecordsArgs): ListRecordsResult {
  const table = readTableInfo(ctx, args.table)
  const list = buildList({ ...args, table })
  const count = args.count === true ? buildCount({ ...args, table }) : null
  const read = (): ListRecordsResult => {
    const rows = allRows(ctx.prepare(list.sql).safeIntegers(true), list.params, guardOf(table)) as WireRecord[]
    if (list.tail !== null && rows.length <= args.limit) {
      rows.push(...allRows(ctx.prepare(list.tail.sql).safeIntegers(true), [...list.tail.params, args.limit + 1 - rows.length], guardOf(table)) as WireRecord[])
    }
    const hasMore = rows.length > args.limit
    if (hasMore) rows.length = args.limit
    const last = rows.at(-1)
    const next = hasMore && list.cursor !== null && last !== undefined ? positionOf(last, list.cursor.keys) : null
    if (list.cursor !== null) stripColumns(rows, list.cursor.extra)
    const result: ListRecordsResult = { rows: measured(rows.map(typedColumns(table).wireRow)), hasMore, next, sql: list.sql }
    if (count !== null) result.total = (ctx.prepare(count.sql).get(...count.params) as { total: number }).total
    return result
  }
  // With a total, both reads share one snapshot so the total matches the page.
  return count === null ? read() : transact(ctx, read)
}

/** A page of rows as its reply will carry them, refused with 413 past the result bound (@see result-bytes.ts). */
function measured (rows: WireRecord[]): WireRecord[] {
  const collector = new RowCollector<WireRecord>()
  for (const row of rows) if (!collector.add(row)) throw tooLarge()
  return collector.done()
}

/** One record of a worker's answer, written once here and sent as text; a worker's row is never past the bound. */
function written (ctx: JobContext, row: WireRecord): WireRecord {
  if (!ctx.inline && !writeRow(row)) throw tooLarge()
  return row
}

// The point read of each table, prepared once per connection and schema with its BigInt mode set once: `ctx.prepare`
// shares statements and resets their modes at every use. A TableInfo outlives its connection and is shared by every
// database of the same schema (@see readTableInfo), so its statements are kept per connection.
const pointSql = new WeakMap<TableInfo, string>()
const pointReads = perConnection<TableInfo, Statement>()

function getRecord (ctx: JobContext, args: GetRecordArgs): RecordResult {
  const table = readTableInfo(ctx, args.table)
  requireBounded(ctx, table.bounded.read)
  const match = matchRecord(table, args.id)
  let sql = pointSql.get(table)
  if (sql === undefined) pointSql.set(table, (sql = buildGet(table, match).sql))
  // one lookup for a record that fits (nearly all); else the size reads tell an absent record from a large one
  let row = readIfFits(ctx, table, match, sql, guardOf(table))
  if (row === undefined) {
    requireRecordFits(ctx, table, match)
    const plain = sql
    row = getRow(pointReads.get(ctx.db, table, () => ctx.db.prepare(plain).safeIntegers(true)), [match.value], guardOf(table))
  }
  if (row === undefined) throw new RecordNotFound(args.id)
  return { row: written(ctx, typedColumns(table).wireRow(row)), sql }
}

/** Inserts every row in one transaction: one bad row leaves the table as it was. */
function insertRecords (ctx: JobContext, args: InsertRecordsArgs): InsertRecordsResult {
  if (args.rows.length < 1 || args.rows.length > maxInsertRows) throw new InvalidValue(`send from 1 to ${maxInsertRows} records`)
  const table = readTableInfo(ctx, args.table)
  // one record inline; a batch of them is worth a worker's parallelism
  requireBounded(ctx, table.bounded.insert && args.rows.length === 1)
  const inserts = args.rows.map((row, i) => {
    if (!isRecord(row)) throw new InvalidValue(`record ${i} must be a JSON object`)
    return buildInsert(table, row)
  })
  // Rows of a batch usually name the same columns: their statement is looked up and set up once per run of them.
  let sql = ''
  let statement: Statement | undefined
  const guard = guardOf(table)
  const rows = transact(ctx, () => inserts.map((insert) => {
    if (statement === undefined || insert.sql !== sql) {
      sql = insert.sql
      statement = ctx.prepare(sql).safeIntegers(true)
    }
    return getRow(statement, insert.params, guard) as WireRecord
  }))
  // Analytics groups by pattern: a batch is logged under the statement of its first record.
  return { rows: rows.map(typedColumns(table).wireRow), sql: inserts[0].sql }
}

function updateRecord (ctx: JobContext, args: UpdateRecordArgs): RecordResult {
  if (!isRecord(args.values)) throw new InvalidValue('the update must be a JSON object of column values')
  const table = readTableInfo(ctx, args.table)
  requireBounded(ctx, table.bounded.write)
  const match = matchRecord(table, args.id)
  // the record comes back whole: a large one is updated in a worker, one past the bound is refused before any change
  requireRecordFits(ctx, table, match)
  const update = buildUpdate(table, match, args.values)
  const row = transact(ctx, () => getRow(ctx.prepare(update.sql).safeIntegers(true), update.params, guardOf(table)))
  if (row === undefined) throw new RecordNotFound(args.id)
  const wire = typedColumns(table).wireRow(row)
  // committed: it is answered even if the new values took it past the bound (they came in one request body)
  if (!ctx.inline) writeRow(wire, Infinity)
  return { row: wire, sql: update.sql }
}

function deleteRecord (ctx: JobContext, args: DeleteRecordArgs): DeleteRecordResult {
  const table = readTableInfo(ctx, args.table)
  requireBounded(ctx, table.bounded.write)
  const match = matchRecord(table, args.id)
  const remove = buildDelete(table, match)
  const { changes } = transact(ctx, () => ctx.prepare(remove.sql).run(...remove.params))
  if (changes === 0) throw new RecordNotFound(args.id)
  return { id: typeof match.value === 'bigint' ? bigintToWire(match.value) : match.value, sql: remove.sql }
}

export const recordJobs = {
  'records.list': listRecords,
  'records.get': getRecord,
  'records.insert': insertRecords,
  'records.update': updateRecord,
  'records.delete': deleteRecord
}

import type { Statement } from 'better-sqlite3'
import { InvalidValue } from '../../errors.js'
import { matchRecord } from '../../sql/record-key.js'
import type { BuiltStatement } from '../../sql/select.js'
import { readTableInfo, type TableInfo } from '../../sql/table-info.js'
import { conflictTarget } from '../../sql/unique-keys.js'
import { buildReplace, buildUpsert } from '../../sql/upsert.js'
import { toWireRow } from '../../sql/values.js'
import { transact, type JobContext } from '../context.js'
import type { WireRecord } from './records.js'

export interface UpsertRecordsArgs {
  table: string
  rows: WireRecord[]
  /** Comma list of the columns of a unique index or the primary key. */
  onConflict: string
  /** True: a conflict updates the columns sent; false: it keeps the stored record. */
  merge: boolean
}
/** `created[i]`: whether record i was inserted (else it was updated, or kept as stored). */
export interface UpsertRecordsResult { rows: WireRecord[], created: boolean[], sql: string }

export interface ReplaceRecordArgs { table: string, id: string, values: WireRecord }
export interface ReplaceRecordResult { row: WireRecord, created: boolean, sql: string }

const maxUpsertRows = 1000

function isRecord (value: unknown): value is WireRecord {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

const prepared = (ctx: JobContext, built: BuiltStatement): Statement => ctx.prepare(built.sql).safeIntegers(true)
const exists = (ctx: JobContext, probe: BuiltStatement): boolean => prepared(ctx, probe).get(...probe.params) !== undefined

/** Inserts each record, or on a conflict with a stored one updates it (merge) or keeps it: in one transaction. */
function upsertRecords (ctx: JobContext, args: UpsertRecordsArgs): UpsertRecordsResult {
  if (args.rows.length < 1 || args.rows.length > maxUpsertRows) throw new InvalidValue(`send from 1 to ${maxUpsertRows} records`)
  const table = readTableInfo(ctx, args.table)
  const target = conflictTarget(ctx, table, args.onConflict)
  const plans = args.rows.map((row, i) => {
    if (!isRecord(row)) throw new InvalidValue(`record ${i} must be a JSON object`)
    return buildUpsert(table, row, target, args.merge)
  })
  const created: boolean[] = []
  const rows = transact(ctx, () => plans.map((plan) => {
    const isNew = !exists(ctx, plan.probe)
    created.push(isNew)
    const written = prepared(ctx, plan.write).get(...plan.write.params) as WireRecord | undefined
    // DO NOTHING returns no row: the answer is the record as stored
    return written ?? prepared(ctx, plan.read).get(...plan.read.params) as WireRecord
  }))
  return { rows: rows.map(toWireRow), created, sql: plans[0].write.sql }
}

/** Columns SQLite computes (GENERATED ALWAYS AS): never written, also not by a replace. */
const generatedColumns = new WeakMap<TableInfo, ReadonlySet<string>>()

function generatedOf (ctx: JobContext, table: TableInfo): ReadonlySet<string> {
  let names = generatedColumns.get(table)
  if (names === undefined) {
    const rows = ctx.prepare("SELECT name FROM pragma_table_xinfo(?, 'main') WHERE hidden IN (2, 3)").all(table.name) as Array<{ name: string }>
    names = new Set(rows.map((row) => row.name))
    generatedColumns.set(table, names)
  }
  return names
}

/** PUT: creates the record under `:id`, or replaces the stored one whole (columns not sent take their default). */
function replaceRecord (ctx: JobContext, args: ReplaceRecordArgs): ReplaceRecordResult {
  if (!isRecord(args.values)) throw new InvalidValue('the record must be a JSON object of column values')
  const table = readTableInfo(ctx, args.table)
  const match = matchRecord(table, args.id)
  const key = table.key as { kind: 'column', column: string } | { kind: 'rowid', sql: string }
  const plan = buildReplace(table, match, key.kind === 'column' ? key.column : key.sql, args.values, generatedOf(ctx, table))
  return transact(ctx, () => {
    const created = !exists(ctx, plan.probe)
    const statement = created ? plan.insert : plan.update
    const row = prepared(ctx, statement).get(...statement.params) as WireRecord
    return { row: toWireRow(row), created, sql: statement.sql }
  })
}

export const upsertJobs = {
  'records.upsert': upsertRecords,
  'records.replace': replaceRecord
}

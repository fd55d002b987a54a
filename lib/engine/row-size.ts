import type { Statement } from 'better-sqlite3'
import { ResultTooLarge } from '../errors.js'
import { quoteIdent } from '../sql/ident.js'
import type { KeyMatch } from '../sql/record-key.js'
import type { TableInfo } from '../sql/table-info.js'
import { NotInline, perConnection, type JobContext } from './context.js'
import { maxResultBytes } from './result-bytes.js'
import { getRow, type Row } from '../sql/rows.js'

/**
 * One record's size, asked before it is read. The inline lane decides from the schema that a point read is bounded,
 * but a value may be 100 MB: read, encoded and written on the main thread, it would freeze every request of every
 * database. `octet_length` and `typeof` are answered from a value's header, without loading it, so asking costs no
 * more than the key lookup.
 */

/** Largest record (in reply bytes, estimated) the inline lane answers; larger ones go to a worker. */
export const inlineRowBytes = 64 * 1024

// Per table and connection, as the point read itself: a TableInfo outlives its connection and is shared by the
// databases of one schema (@see readTableInfo), so the statements are kept per connection.
const boundReads = perConnection<TableInfo, Statement>()
const exactReads = perConnection<TableInfo, Statement>()
const fittingReads = perConnection<TableInfo, Statement>()

/** One expression per column of the record, added up. */
function sumOf (table: TableInfo, term: (column: string) => string): string {
  const terms = table.columns.map(({ name }) => term(quoteIdent(name)))
  return terms.length > 0 ? terms.join(' + ') : '0'
}

/**
 * A statement of that sum: prepared on each connection that reads the table, so on every open when databases
 * outnumber the connection budget, where its compile time counts.
 */
function sizeRead (ctx: JobContext, table: TableInfo, match: KeyMatch, term: (column: string) => string): Statement {
  return ctx.db.prepare(`SELECT ${sumOf(table, term)} FROM ${table.sql} WHERE ${match.where}`).pluck()
}

/** The bound's term: each value's bytes as if it were a blob, 4 for a NULL. */
const boundTerm = (column: string) => `ifnull(octet_length(${column}), 4)`

/** The bound of a record whose values add up to `bytes`: base64 (4 bytes per 3, and padding), 3 more per column. */
const boundOf = (table: TableInfo, bytes: number) => bytes + Math.ceil(bytes / 3) + 3 * table.columns.length

/**
 * An upper bound of the record's reply size, or undefined if it is absent: its values' bytes as if every one were a
 * blob. Half the compile time of the exact size, enough for most records.
 */
function recordBytesBound (ctx: JobContext, table: TableInfo, match: KeyMatch): number | undefined {
  const statement = boundReads.get(ctx.db, table, () => sizeRead(ctx, table, match, boundTerm))
  const bytes = statement.get(match.value) as number | undefined
  return bytes === undefined ? undefined : boundOf(table, bytes)
}

/** The largest reply a job answers where it runs: the inline lane hands larger records to a worker. */
const replyLimit = (ctx: JobContext) => ctx.inline ? Math.min(inlineRowBytes, maxResultBytes) : maxResultBytes

/**
 * The record read by `pointSql` (`SELECT * FROM <table> WHERE <key> = ?`) if its bound fits here, in one lookup: the
 * bound is a condition of the same statement, so the values are loaded only when they fit, and the usual small
 * record costs one statement instead of a size read and a point read. Undefined when the record is absent or its
 * bound does not fit; `requireRecordFits` then tells which (@see getRecord).
 */
export function readIfFits (ctx: JobContext, table: TableInfo, match: KeyMatch, pointSql: string, guard: boolean): Row | undefined {
  const statement = fittingReads.get(ctx.db, table, () => ctx.db.prepare(`${pointSql} AND (${sumOf(table, boundTerm)}) <= ?`).safeIntegers(true))
  // boundOf(bytes) <= limit, as a bound of `bytes` itself: ceil(4 * bytes / 3) <= limit - 3 * columns
  const maxBytes = Math.floor(3 * (replyLimit(ctx) - 3 * table.columns.length) / 4)
  return getRow(statement, [match.value, maxBytes], guard)
}

/** The record's size as its reply carries it (blobs as base64, text before escaping), or undefined if it is absent. */
function recordBytes (ctx: JobContext, table: TableInfo, match: KeyMatch): number | undefined {
  const statement = exactReads.get(ctx.db, table, () => sizeRead(ctx, table, match,
    (column) => `ifnull(iif(typeof(${column}) = 'blob', (octet_length(${column}) + 2) / 3 * 4, octet_length(${column})), 4)`))
  return statement.get(match.value) as number | undefined
}

/**
 * Lets a record be read (or updated and returned) here only if its reply is small enough: a large one leaves the
 * inline lane for a worker, and one past `maxResultBytes` is refused with 413 wherever it runs. The exact size is
 * asked only when the bound does not settle it.
 */
export function requireRecordFits (ctx: JobContext, table: TableInfo, match: KeyMatch): void {
  const bound = recordBytesBound(ctx, table, match)
  if (bound === undefined || bound <= replyLimit(ctx)) return
  const bytes = recordBytes(ctx, table, match)
  if (bytes === undefined) return
  if (ctx.inline && bytes > inlineRowBytes) throw new NotInline()
  if (bytes > maxResultBytes) throw tooLarge()
}

export function tooLarge (): Error {
  return new ResultTooLarge(`the result is larger than ${maxResultBytes} bytes: read fewer records, or fewer or shorter columns with a query`)
}

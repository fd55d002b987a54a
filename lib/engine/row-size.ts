import type { Statement } from 'better-sqlite3'
import { ResultTooLarge } from '../errors.js'
import { quoteIdent } from '../sql/ident.js'
import type { KeyMatch } from '../sql/record-key.js'
import type { TableInfo } from '../sql/table-info.js'
import { NotInline, perConnection, type JobContext } from './context.js'
import { maxResultBytes } from './result-bytes.js'

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

/**
 * A statement summing one expression per column of the record: prepared on each connection that reads the table,
 * so on every open when databases outnumber the connection budget, where its compile time counts.
 */
function sizeRead (ctx: JobContext, table: TableInfo, match: KeyMatch, term: (column: string) => string): Statement {
  const terms = table.columns.map(({ name }) => term(quoteIdent(name)))
  return ctx.db.prepare(`SELECT ${terms.length > 0 ? terms.join(' + ') : '0'} FROM ${table.sql} WHERE ${match.where}`).pluck()
}

/**
 * An upper bound of the record's reply size, or undefined if it is absent: its values' bytes as if every one were a
 * blob (base64: 4 bytes per 3, and its padding). Half the compile time of the exact size, enough for most records.
 */
function recordBytesBound (ctx: JobContext, table: TableInfo, match: KeyMatch): number | undefined {
  const statement = boundReads.get(ctx.db, table, () => sizeRead(ctx, table, match, (column) => `ifnull(octet_length(${column}), 4)`))
  const bytes = statement.get(match.value) as number | undefined
  return bytes === undefined ? undefined : bytes + Math.ceil(bytes / 3) + 3 * table.columns.length
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
  if (bound === undefined || bound <= (ctx.inline ? Math.min(inlineRowBytes, maxResultBytes) : maxResultBytes)) return
  const bytes = recordBytes(ctx, table, match)
  if (bytes === undefined) return
  if (ctx.inline && bytes > inlineRowBytes) throw new NotInline()
  if (bytes > maxResultBytes) throw tooLarge()
}

export function tooLarge (): Error {
  return new ResultTooLarge(`the result is larger than ${maxResultBytes} bytes: read fewer records, or fewer or shorter columns with a query`)
}

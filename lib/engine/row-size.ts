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
// databases of one schema (@see readTableInfo), so the statement is kept per connection.
const sizeReads = perConnection<TableInfo, Statement>()

/** The record's size as its reply carries it (blobs as base64, text before escaping), or undefined if it is absent. */
function recordBytes (ctx: JobContext, table: TableInfo, match: KeyMatch): number | undefined {
  const statement = sizeReads.get(ctx.db, table, () => {
    const terms = table.columns.map(({ name }) => {
      const column = quoteIdent(name)
      return `ifnull(iif(typeof(${column}) = 'blob', (octet_length(${column}) + 2) / 3 * 4, octet_length(${column})), 4)`
    })
    return ctx.db.prepare(`SELECT ${terms.length > 0 ? terms.join(' + ') : '0'} FROM ${table.sql} WHERE ${match.where}`).pluck()
  })
  return statement.get(match.value) as number | undefined
}

/**
 * Lets a record be read (or updated and returned) here only if its reply is small enough: a large one leaves the
 * inline lane for a worker, and one past `maxResultBytes` is refused with 413 wherever it runs.
 */
export function requireRecordFits (ctx: JobContext, table: TableInfo, match: KeyMatch): void {
  const bytes = recordBytes(ctx, table, match)
  if (bytes === undefined) return
  if (ctx.inline && bytes > inlineRowBytes) throw new NotInline()
  if (bytes > maxResultBytes) throw tooLarge()
}

export function tooLarge (): Error {
  return new ResultTooLarge(`the result is larger than ${maxResultBytes} bytes: read fewer records, or fewer or shorter columns with a query`)
}

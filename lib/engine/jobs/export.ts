import { positionOf, type CursorValue } from '../../sql/keyset.js'
import { formatRow, type ExportFormat } from '../../sql/row-format.js'
import { buildList } from '../../sql/select.js'
import { readTableInfo } from '../../sql/table-info.js'
import type { JobContext } from '../context.js'

/**
 * Where a chunk starts: after the last row of the one before (a keyset position), or, for a view without a key,
 * after as many rows as were sent.
 */
export type ChunkStart = { after: CursorValue[] } | { offset: number }

export interface ExportChunkArgs {
  table: string
  filter?: string
  sort?: string
  fields?: string
  search?: string
  format: ExportFormat
  /** Absent for the first chunk. */
  start?: ChunkStart
}

export interface ExportChunk {
  /** The rows of this chunk, formatted. */
  text: string
  count: number
  /** The columns, in order (for the CSV header). */
  columns: string[]
  /** Where the next chunk starts; null when this one was the last. */
  next: ChunkStart | null
  sql: string
}

/** Rows per chunk, and text per chunk: one chunk in memory at a time bounds what an export of any size holds. */
export const exportChunkRows = 5000
export const exportChunkBytes = 4 * 1024 * 1024

/**
 * One chunk of a table export: the rows after `start` in the sort's order (a keyset page, so every chunk costs
 * the same however deep it is), formatted, ending at whichever bound comes first.
 */
function exportChunk (ctx: JobContext, args: ExportChunkArgs): ExportChunk {
  const table = readTableInfo(ctx, args.table)
  const start = args.start
  const offset = start !== undefined && 'offset' in start ? start.offset : 0
  const list = buildList({
    table, filter: args.filter, sort: args.sort, fields: args.fields, search: args.search, limit: exportChunkRows, offset,
    after: start !== undefined && 'after' in start ? start.after : undefined
  }, exportChunkRows)
  const statement = ctx.prepare(list.sql).safeIntegers(true)
  const cursor = list.cursor
  const extra = cursor?.extra ?? []
  const hidden = new Set(extra)
  const columns = statement.columns().map((c) => c.name).filter((name) => !hidden.has(name))
  const parts: string[] = []
  let bytes = 0
  let position: CursorValue[] | undefined
  let more = false
  const tail = list.tail
  function * rows (): Generator<Record<string, unknown>> {
    yield * statement.iterate(...list.params) as Iterable<Record<string, unknown>>
    if (tail !== null) yield * ctx.prepare(tail.sql).safeIntegers(true).iterate(...tail.params, exportChunkRows + 1) as Iterable<Record<string, unknown>>
  }
  for (const row of rows()) {
    if (parts.length === exportChunkRows || bytes > exportChunkBytes) {
      more = true
      break
    }
    if (cursor !== null) position = positionOf(row, cursor.keys)
    for (const name of extra) delete row[name]
    const text = formatRow(row, columns, args.format)
    parts.push(text)
    bytes += text.length
  }
  let next: ChunkStart | null = null
  if (more) next = position !== undefined ? { after: position } : { offset: offset + parts.length }
  return { text: parts.join(''), count: parts.length, columns, next, sql: list.sql }
}

export const exportJobs = {
  'records.export': exportChunk
}

import { InvalidCursor } from '../errors.js'
import type { Conditions } from './filter.js'
import { quoteIdent } from './ident.js'
import type { SortTerm } from './sort.js'
import type { BindValue } from './values.js'

/**
 * A sort value as a cursor carries it through JSON without losing its SQLite type: text and null as they are,
 * an integer as `{ i: "decimal" }`, a real as `{ r: number | "Infinity" }`, a blob as `{ b: base64 }`.
 */
export type CursorValue = string | null | { i: string } | { r: number | string } | { b: string }

export function toCursorValue (value: unknown): CursorValue {
  if (value === null || typeof value === 'string') return value
  if (typeof value === 'bigint') return { i: value.toString() }
  if (typeof value === 'number') return { r: Number.isFinite(value) ? value : String(value) }
  if (value instanceof Uint8Array) return { b: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64') }
  throw new InvalidCursor('the cursor cannot hold this value')
}

const decimal = /^-?\d{1,19}$/

function fromCursorValue (value: unknown): BindValue {
  if (value === null || typeof value === 'string') return value
  if (typeof value === 'object' && !Array.isArray(value)) {
    const v = value as Record<string, unknown>
    if (typeof v.i === 'string' && decimal.test(v.i)) return BigInt(v.i)
    if (typeof v.r === 'number') return v.r
    if (typeof v.r === 'string' && ['Infinity', '-Infinity'].includes(v.r)) return Number(v.r)
    if (typeof v.b === 'string') return Buffer.from(v.b, 'base64')
  }
  throw new InvalidCursor('the cursor is malformed')
}

/** The position a cursor names, as values to bind: one per sort term, or INVALID_CURSOR (the sort or schema moved on). */
export function cursorPosition (after: unknown, terms: SortTerm[]): BindValue[] {
  if (!Array.isArray(after) || after.length !== terms.length || terms.length === 0) {
    throw new InvalidCursor('the cursor does not fit this table and sort (its schema may have changed): start again from the first page')
  }
  return after.map(fromCursorValue)
}

/**
 * WHERE conditions for the rows strictly after `position` in the order of `terms` (SQLite sorts NULL first
 * ascending, last descending). The first term also gets a plain range bound, so an index on it is used
 * and the cost of a page does not grow with its depth.
 */
export function keysetConditions (terms: SortTerm[], position: BindValue[]): Conditions {
  const params: BindValue[] = []
  const after = (i: number): string | null => {
    const { sql, descending, nullable } = terms[i]
    const value = position[i]
    if (value === null) return descending ? null : `${sql} IS NOT NULL`
    params.push(value)
    if (!descending) return `${sql} > ?`
    return nullable ? `(${sql} < ? OR ${sql} IS NULL)` : `${sql} < ?`
  }
  const equal = (i: number): string => {
    if (position[i] === null) return `${terms[i].sql} IS NULL`
    params.push(position[i])
    return `${terms[i].sql} = ?`
  }
  const from = (i: number): string => {
    const strictly = after(i)
    if (i === terms.length - 1) return strictly ?? '0'
    const tie = `${equal(i)} AND (${from(i + 1)})`
    return strictly === null ? tie : `${strictly} OR (${tie})`
  }
  const conditions: string[] = []
  if (terms.length > 1) {
    const { sql, descending, nullable } = terms[0]
    const first = position[0]
    if (first === null) {
      if (descending) conditions.push(`${sql} IS NULL`)
    } else {
      params.push(first)
      conditions.push(descending ? (nullable ? `(${sql} <= ? OR ${sql} IS NULL)` : `${sql} <= ?`) : `${sql} >= ?`)
    }
  }
  conditions.push(`(${from(0)})`)
  return { sql: conditions, params }
}

/**
 * What a page must select beyond `fields` to name the position of its last row: the sort terms it lacks, under
 * aliases stripped from the rows afterwards. `keys[i]` is where row values of term i are read.
 */
export interface CursorColumns { keys: string[], extra: string[], selectSql: string }

export function cursorColumns (terms: SortTerm[], selected: ReadonlySet<string> | 'all', rowid: string | null): CursorColumns {
  const keys: string[] = []
  const extra: string[] = []
  const select: string[] = []
  terms.forEach((term, i) => {
    const present = term.column !== rowid && (selected === 'all' || selected.has(term.column))
    if (present) {
      keys.push(term.column)
      return
    }
    const alias = `__lh_cursor_${i}`
    keys.push(alias)
    extra.push(alias)
    select.push(`${term.sql} AS ${quoteIdent(alias)}`)
  })
  return { keys, extra, selectSql: select.join(', ') }
}

/** The position of `row` (read raw from SQLite) in the order of the page. */
export function positionOf (row: Record<string, unknown>, keys: string[]): CursorValue[] {
  return keys.map((key) => toCursorValue(row[key]))
}

/** Removes the cursor's own columns from rows a page read. */
export function stripColumns (rows: Array<Record<string, unknown>>, extra: string[]): void {
  if (extra.length === 0) return
  for (const row of rows) for (const key of extra) delete row[key]
}

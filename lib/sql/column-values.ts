import { InvalidValue } from '../errors.js'
import type { TableInfo } from './table-info.js'
import { toBindValue, toWireRow, type BindValue } from './values.js'

/**
 * Values by declared type (CONTRACT.md, "Values by declared type"): a column declared with one of the contract's
 * types decides how record routes write and read its values. Columns of any other declared type keep SQLite's own
 * values, as raw SQL does.
 */
export type ValueKind = 'integer' | 'real' | 'text' | 'boolean' | 'date' | 'datetime' | 'json' | 'blob' | 'any'

const kindByType: Record<string, ValueKind> = {
  integer: 'integer', int: 'integer', bigint: 'integer',
  real: 'real', float: 'real', double: 'real', numeric: 'real', decimal: 'real',
  text: 'text', varchar: 'text', char: 'text',
  boolean: 'boolean',
  date: 'date', datetime: 'datetime', timestamp: 'datetime',
  json: 'json',
  blob: 'blob'
}

/** What a column of each kind takes, for error messages. */
const expected: Record<ValueKind, string> = {
  integer: 'an integer (a whole number, or a string of one)',
  real: 'a number (or a numeric string)',
  text: 'a string (or a number)',
  boolean: 'true or false (or 0 or 1)',
  date: 'an ISO 8601 date (YYYY-MM-DD)',
  datetime: 'an ISO 8601 date-time (YYYY-MM-DDTHH:MM:SS, with optional fraction and offset)',
  json: 'any JSON value',
  blob: 'a blob as { "$base64": "..." }',
  any: 'a JSON value'
}

/** The kind of a declared type: the contract's names, any case, with a size such as `varchar(255)` allowed. */
export function valueKindOf (declaredType: string): ValueKind {
  const base = declaredType.trim().toLowerCase().replace(/\s*\(.*\)$/, '')
  return Object.hasOwn(kindByType, base) ? kindByType[base] : 'any'
}

/** What record routes need to know about a table's column types, worked out once per TableInfo (one schema). */
export interface TypedColumns {
  /** The kind of every column, by name. */
  kinds: ReadonlyMap<string, ValueKind>
  /** The kind of every column, in the table's column order. */
  ordered: readonly ValueKind[]
  /** Columns whose stored values read back as something else (booleans, JSON): only these cost anything on reads. */
  converted: ReadonlyArray<{ name: string, kind: 'boolean' | 'json' }>
  /** Turns a row read from SQLite into a record on the wire, in place. */
  wireRow: (row: Record<string, unknown>) => Record<string, unknown>
}

const typed = new WeakMap<TableInfo, TypedColumns>()

export function typedColumns (table: TableInfo): TypedColumns {
  let columns = typed.get(table)
  if (columns === undefined) {
    const ordered = table.columns.map((column) => valueKindOf(column.type))
    const kinds = new Map(table.columns.map((column, i) => [column.name, ordered[i]]))
    const converted: Array<{ name: string, kind: 'boolean' | 'json' }> = []
    for (const [name, kind] of kinds) if (kind === 'boolean' || kind === 'json') converted.push({ name, kind })
    // A table without such columns reads exactly as before: no extra pass over its rows.
    const wireRow = converted.length === 0
      ? toWireRow
      : (row: Record<string, unknown>) => {
          const wire = toWireRow(row)
          for (const { name, kind } of converted) {
            const value = wire[name]
            if (value !== undefined && value !== null) wire[name] = kind === 'boolean' ? readBoolean(value) : readJson(value)
          }
          return wire
        }
    columns = { kinds, ordered, converted, wireRow }
    typed.set(table, columns)
  }
  return columns
}

/** 0 and 1 read as false and true; anything else raw SQL stored stays what it is. */
function readBoolean (value: unknown): unknown {
  return value === 0 || value === 1 ? value === 1 : value
}

/** JSON text reads as its value; text that is not JSON (written by raw SQL) stays a string. Numbers already are. */
function readJson (value: unknown): unknown {
  if (typeof value !== 'string') return value
  try {
    return JSON.parse(value)
  } catch {
    return value
  }
}

/** The kind of column `name` of `table` (`any` for a name the table does not have). */
export function kindOfColumn (table: TableInfo, name: string): ValueKind {
  return typedColumns(table).kinds.get(name) ?? 'any'
}

const int64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n }
const integerText = /^[+-]?\d+$/
const numberText = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/
const dateText = /^(\d{4})-(\d{2})-(\d{2})$/
const dateTimeText = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/i

/**
 * The value to bind for `value` written to a column of `kind`; throws INVALID_VALUE naming `column` and the
 * expected type when it does not fit. `null` fits every kind (NOT NULL is the table's own rule).
 */
export function toColumnValue (kind: ValueKind, value: unknown, column: string): BindValue {
  if (value === null) return null
  const bound = convert(kind, value, column)
  if (bound === undefined) {
    throw new InvalidValue(`column '${column}' takes ${expected[kind]}, not ${describe(value)}`)
  }
  return bound
}

/** The bound value, or undefined when `value` does not fit `kind`. */
function convert (kind: ValueKind, value: unknown, column: string): BindValue | undefined {
  const what = `column '${column}'`
  switch (kind) {
    case 'any': return toBindValue(value, what)
    case 'integer': return integerValue(value)
    case 'real':
      if (typeof value === 'number' || typeof value === 'bigint') return toBindValue(value, what)
      if (typeof value === 'string' && numberText.test(value) && Number.isFinite(Number(value))) return toBindValue(Number(value), what)
      return undefined
    case 'text':
      if (typeof value === 'string') return value
      if (typeof value === 'number' && Number.isFinite(value)) return String(value)
      return undefined
    case 'boolean':
      if (typeof value === 'boolean') return value ? 1 : 0
      if (value === 0 || value === 1) return value
      return undefined
    case 'date': return typeof value === 'string' && validDate(value, dateText) ? value : undefined
    case 'datetime': return typeof value === 'string' && validDate(value, dateTimeText) ? value : undefined
    case 'json': return jsonText(value, column)
    case 'blob':
      return value !== null && typeof value === 'object' && !Array.isArray(value) && (Buffer.isBuffer(value) || isWireBlob(value))
        ? toBindValue(value, what)
        : undefined
  }
}

function isWireBlob (value: object): boolean {
  const keys = Object.keys(value)
  return keys.length === 1 && keys[0] === '$base64'
}

/** Whole numbers within 64 bits, as numbers or as strings of them ("42", "42.0", "1e3"). */
function integerValue (value: unknown): bigint | undefined {
  let whole: bigint
  if (typeof value === 'bigint') whole = value
  else if (typeof value === 'number') {
    if (!Number.isInteger(value)) return undefined
    whole = BigInt(value)
  } else if (typeof value === 'string' && integerText.test(value)) {
    whole = BigInt(value)
  } else if (typeof value === 'string' && numberText.test(value) && Number.isSafeInteger(Number(value))) {
    whole = BigInt(Number(value))
  } else {
    return undefined
  }
  return whole >= int64.min && whole <= int64.max ? whole : undefined
}

/** The text matches `pattern` and names a real day and time (no 2026-02-30, no 24:00). */
function validDate (text: string, pattern: RegExp): boolean {
  const parts = pattern.exec(text)
  if (parts === null) return false
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])]
  if (month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return false
  const [hour, minute, second] = [Number(parts[4] ?? 0), Number(parts[5] ?? 0), Number(parts[6] ?? 0)]
  return hour <= 23 && minute <= 59 && second <= 60
}

/** Any JSON value as its text (what a json column stores). */
function jsonText (value: unknown, column: string): string | undefined {
  try {
    return JSON.stringify(value)
  } catch (err) {
    // JSON nested thousands deep overflows the stack: the request's fault, not the server's
    if (err instanceof RangeError) throw new InvalidValue(`column '${column}': the JSON value is nested too deeply`)
    throw err
  }
}

/** A short description of a rejected value for the message: its JSON type and, for scalars, the value itself. */
function describe (value: unknown): string {
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'object' && value !== null) return 'an object'
  if (typeof value === 'string') {
    const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value
    return `the string ${JSON.stringify(shown)}`
  }
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return `${typeof value} ${String(value)}`
  return typeof value
}

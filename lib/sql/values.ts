import { InvalidValue } from '../errors.js'

/** What better-sqlite3 can bind. */
export type BindValue = string | number | bigint | Buffer | null

/** A blob on the wire, in both directions: `{ "$base64": "..." }`. */
export interface WireBlob { $base64: string }

const base64 = /^(?:[A-Za-z0-9+/]*={0,2}|[A-Za-z0-9_-]*)$/

function isWireBlob (value: object): value is WireBlob {
  const keys = Object.keys(value)
  return keys.length === 1 && keys[0] === '$base64'
}

/**
 * Turns a JSON value into a bound value: booleans become 1/0, `{ "$base64" }` a blob,
 * any other object or array is stored as its JSON text (so `json` columns just work).
 * `what` names the value in error messages.
 */
function jsonText (value: object, what: string): string {
  try {
    return JSON.stringify(value)
  } catch (err) {
    // JSON nested thousands deep overflows the stack: the request's fault, not the server's
    if (err instanceof RangeError) throw new InvalidValue(`${what} is nested too deeply`)
    throw err
  }
}

export function toBindValue (value: unknown, what: string): BindValue {
  if (value === null || typeof value === 'string' || typeof value === 'bigint') return value
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new InvalidValue(`${what} must be a finite number`)
    // better-sqlite3 binds every JS number as REAL; whole numbers go in as INTEGER, as JSON meant them
    return Number.isSafeInteger(value) ? BigInt(value) : value
  }
  if (typeof value === 'boolean') return value ? 1 : 0
  if (Buffer.isBuffer(value)) return value
  if (typeof value === 'object') {
    if (isWireBlob(value)) return blobFromBase64(value.$base64, what)
    return jsonText(value, what)
  }
  throw new InvalidValue(`${what} has an unsupported type`)
}

function blobFromBase64 (text: unknown, what: string): Buffer {
  if (typeof text !== 'string' || !base64.test(text)) {
    throw new InvalidValue(`${what}: $base64 must be a base64 string`)
  }
  return Buffer.from(text, 'base64')
}

/** A value read from SQLite, made JSON-safe without losing anything. */
export function toWireValue (value: unknown): unknown {
  if (value instanceof Uint8Array) return { $base64: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64') }
  if (typeof value === 'bigint') return bigintToWire(value)
  return value
}

const minSafe = BigInt(Number.MIN_SAFE_INTEGER)
const maxSafe = BigInt(Number.MAX_SAFE_INTEGER)

/** A bigint as a number when that is exact, else as its decimal string. */
export function bigintToWire (value: bigint): number | string {
  return value >= minSafe && value <= maxSafe ? Number(value) : value.toString()
}

/**
 * A row read from SQLite with every value made JSON-safe (see toWireValue), converted in place: rows come fresh
 * from the statement, and copying one costs more than reading it.
 */
export function toWireRow (row: Record<string, unknown>): Record<string, unknown> {
  for (const key in row) {
    const value = row[key]
    if ((value !== null && typeof value === 'object') || typeof value === 'bigint') row[key] = toWireValue(value)
  }
  return row
}

/** Raw SQL parameters ready to bind: positional values, or named values by bare name. */
export type BindParams = BindValue[] | Record<string, BindValue>

/**
 * Converts raw SQL `params`: an array binds `?` placeholders in order; an object binds named
 * ones, where `:name`, `@name` and `$name` all read member `name` (a member may also carry
 * the prefix itself).
 */
export function toBindParams (params: unknown[] | Record<string, unknown> | undefined): BindParams {
  if (params === undefined) return []
  if (Array.isArray(params)) return params.map((value, i) => toBindValue(value, `params[${i}]`))
  const named: Record<string, BindValue> = Object.create(null)
  for (const [key, value] of Object.entries(params)) {
    named[key.replace(/^[:@$]/, '')] = toBindValue(value, `param '${key}'`)
  }
  return named
}

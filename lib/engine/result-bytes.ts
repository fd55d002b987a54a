/**
 * Bounds on what one answer may carry, in the bytes the client receives (JSON after escaping, blobs as base64): a
 * reply is built whole on the main thread, which serves every database, and held there until a slow client has read
 * it. Rows are measured in the worker as they are written; the text written for the measure is what the worker
 * sends (@see json-rows.ts packRows), so nothing is written twice.
 */

/** Most bytes of rows one reply carries: raw SQL stops there (`truncated`), record routes answer 413 RESULT_TOO_LARGE. */
export const maxResultBytes = 32 * 1024 * 1024

/** The JSON text of rows (or of one row) a job measured, for the worker's answer. */
const written = new WeakMap<object, string>()

/** Rows gathered with their JSON text up to a byte budget. */
export class RowCollector<R extends object> {
  readonly rows: R[] = []
  readonly #texts: string[] = []
  /** Bytes of the rows' JSON array so far: the rows, their commas and the brackets. */
  bytes = 2

  constructor (readonly maxBytes: number = maxResultBytes) {}

  /** Bytes left before the budget is spent. */
  get room (): number {
    return this.maxBytes - this.bytes
  }

  /** Adds `row` (already in its wire form) unless its JSON would take the rows past the budget; false then. */
  add (row: R): boolean {
    const text = JSON.stringify(row)
    const bytes = Buffer.byteLength(text) + (this.rows.length > 0 ? 1 : 0)
    if (bytes > this.room) return false
    this.bytes += bytes
    this.rows.push(row)
    this.#texts.push(text)
    return true
  }

  /** The rows, remembered with their text for the worker's answer. */
  done (): R[] {
    written.set(this.rows, `[${this.#texts.join(',')}]`)
    return this.rows
  }
}

/** Writes one row (in its wire form) for the answer; false, remembering nothing, when it is past `maxBytes`. */
export function writeRow (row: object, maxBytes = maxResultBytes): boolean {
  const text = JSON.stringify(row)
  if (Buffer.byteLength(text) > maxBytes) return false
  written.set(row, text)
  return true
}

/** The JSON text of rows a RowCollector gathered or of a row `writeRow` wrote; undefined for others. */
export function writtenJson (rowOrRows: object): string | undefined {
  return written.get(rowOrRows)
}

/**
 * A lower bound of the bytes a raw value takes in a reply, from its length alone (nothing written): lets a reader
 * stop before writing a value that could never fit (`SELECT zeroblob(1e9)` would not even fit a string).
 */
export function leastBytesOf (value: unknown): number {
  if (typeof value === 'string') return value.length
  if (value instanceof Uint8Array) return Math.ceil(value.byteLength / 3) * 4
  return 1
}

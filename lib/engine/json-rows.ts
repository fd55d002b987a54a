/**
 * Rows that cross the process channel as JSON text. A job answered by a worker process hands its `rows` to the
 * channel as one string, not as an array of objects: the main thread, which serves every request of every database,
 * then neither rebuilds those objects (JSON.parse) nor writes them again for the reply (JSON.stringify). For 1,000
 * rows that is about 2 ms of the main thread per request; for a raw query's 32 MB result, a blocked event loop.
 * Replies splice the text in as it is (@see lib/json-reply.ts). Jobs the inline lane answers keep their arrays:
 * nothing crosses a channel there.
 */
import { writtenJson } from './result-bytes.js'

/**
 * A value already written as JSON: as text, or as the UTF-8 bytes of a long answer that came by the answer pipe
 * (@see large-answers.ts), which replies send as they are (@see lib/json-reply.ts) and nothing here decodes unasked.
 */
export class JsonText {
  #json: string | undefined
  /** The bytes, for a long answer; undefined for text. */
  readonly pieces: readonly Buffer[] | undefined

  constructor (json: string | readonly Buffer[]) {
    if (typeof json === 'string') this.#json = json
    else this.pieces = json
  }

  /** The text (decoded once, when asked, from the bytes of a long answer). */
  get json (): string {
    this.#json ??= Buffer.concat(this.pieces ?? []).toString()
    return this.#json
  }

  /** Any serializer that does not know the class still writes the right value (slowly). */
  toJSON (): unknown {
    return JSON.parse(this.json)
  }
}

/** A JSON array of rows, with its length known without parsing it. */
export class JsonRows extends JsonText {
  constructor (json: string | readonly Buffer[], readonly length: number) {
    super(json)
  }

  /** The first row's text: JSON.stringify writes an array of one object as `[` + the object + `]`. */
  first (): JsonText | undefined {
    if (this.length === 0) return undefined
    if (this.length > 1) return new JsonText(JSON.stringify((JSON.parse(this.json) as unknown[])[0]))
    return this.pieces === undefined ? new JsonText(this.json.slice(1, -1)) : new JsonText(withoutBrackets(this.pieces))
  }
}

/** Bytes without their first and last byte (`[` and `]`, one byte each in UTF-8). */
function withoutBrackets (pieces: readonly Buffer[]): Buffer[] {
  const inner = pieces.filter((piece) => piece.length > 0)
  inner[0] = inner[0].subarray(1)
  inner[inner.length - 1] = inner[inner.length - 1].subarray(0, -1)
  return inner
}

/** Rows as a job gave them (inline) or as a worker sent them. */
export type Rows<R> = R[] | JsonRows

/**
 * A job's result as the engine delivers it: its `rows` array, if any, may have arrived as JsonRows, and its `row`
 * (records.get, records.update) as JsonText.
 */
export type Delivered<T> = T extends { rows: Array<infer R> }
  ? Omit<T, 'rows'> & { rows: Rows<R> }
  : T extends { row: infer R } ? Omit<T, 'row'> & { row: R | JsonText } : T

/** The first row, whichever way the rows came. */
export function firstRow<R> (rows: Rows<R>): R | JsonText | undefined {
  return Array.isArray(rows) ? rows[0] : rows.first()
}

/** How rows travel in a worker's answer (@see protocol.ts). */
export interface PackedRows { json: string, length: number }

/**
 * In a worker: the result without its `rows` array, and that array as JSON text (the text the job measured, if it
 * did: @see result-bytes.ts); or without its `row`, when the job wrote that row's text. Other results pass unchanged.
 */
export function packRows (value: unknown): { value: unknown, rows?: PackedRows, row?: string } {
  if (value === null || typeof value !== 'object') return { value }
  const { rows, ...rest } = value as { rows?: unknown }
  if (Array.isArray(rows)) return { value: rest, rows: { json: writtenJson(rows) ?? JSON.stringify(rows), length: rows.length } }
  const { row, ...others } = value as { row?: unknown }
  const rowText = row !== null && typeof row === 'object' ? writtenJson(row) : undefined
  return rowText === undefined ? { value } : { value: others, row: rowText }
}

/**
 * In the engine: the result with its rows back in place, as JsonRows, or its row as JsonText; their text is `pieces`
 * when it came as bytes by the answer pipe.
 */
export function unpackRows (value: unknown, rows: PackedRows | undefined, row?: string, pieces?: Buffer[]): unknown {
  if (row !== undefined) return { ...(value as object), row: new JsonText(pieces ?? row) }
  return rows === undefined ? value : { ...(value as object), rows: new JsonRows(pieces ?? rows.json, rows.length) }
}

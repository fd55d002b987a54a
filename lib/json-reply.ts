import { Readable } from 'node:stream'
import { JsonText, type Rows } from './engine/json-rows.js'

/**
 * A reply body made of bytes already encoded (the long answers of workers, @see lib/engine/large-answers.ts): sent
 * piece by piece as the socket drains, so the main thread neither joins nor encodes it, and each write is small.
 */
export class BytesBody extends Readable {
  readonly byteLength: number
  readonly #pieces: Buffer[]

  constructor (pieces: Buffer[]) {
    super()
    this.#pieces = pieces
    this.byteLength = pieces.reduce((total, piece) => total + piece.length, 0)
  }

  override _read (): void {
    // one piece a call: the stream asks again once the socket has taken it
    this.push(this.#pieces.shift() ?? null)
  }

  override _destroy (err: Error | null, callback: (error?: Error | null) => void): void {
    this.#pieces.length = 0
    callback(err)
  }
}

/**
 * The reply serializer of routes that answer rows from the engine: JSON.stringify, except that a top-level member
 * holding JsonText (rows a worker already wrote as JSON) is written as its text, not parsed and written again; when
 * one holds bytes, the reply is those bytes, with the rest of the object encoded around them (a BytesBody).
 */
export function stringifyReply (payload: unknown): string | BytesBody {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload) || !Object.values(payload).some((value) => value instanceof JsonText)) {
    return JSON.stringify(payload)
  }
  const members: Array<string | readonly Buffer[]> = []
  for (const [key, value] of Object.entries(payload)) {
    const name = JSON.stringify(key)
    if (value instanceof JsonText && value.pieces !== undefined) members.push(`${name}:`, value.pieces)
    else {
      const text = value instanceof JsonText ? value.json : JSON.stringify(value)
      if (text !== undefined) members.push(`${name}:${text}`)
    }
  }
  if (members.every((member) => typeof member === 'string')) return `{${members.join(',')}}`
  // every text starts a member (whole, or its name before its bytes): the commas go before them
  const pieces: Buffer[] = [Buffer.from('{')]
  members.forEach((member, i) => {
    if (typeof member === 'string') pieces.push(Buffer.from(i > 0 ? `,${member}` : member))
    else pieces.push(...member)
  })
  pieces.push(Buffer.from('}'))
  return new BytesBody(pieces)
}

/**
 * Rows as a route's reply member. The response schema types that member as an array, which is what the client
 * receives: `stringifyReply` writes JsonRows as the array they hold. Only for routes whose serializer it is.
 */
export const replyRows = <R>(rows: Rows<R>): R[] => rows as R[]

/** One row as a reply member (@see replyRows). */
export const replyRow = <R>(row: R | JsonText | undefined): R => row as R

/**
 * stringifyReply as a route's serializer: Fastify sends a stream that a serializer returns as it sends one a handler
 * returns (reply.js: the serialized payload goes to the onSend hooks and then to the socket), but its types say string.
 */
export const replySerializer = stringifyReply as (payload: unknown) => string

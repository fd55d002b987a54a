import type { ChangeRow } from '../engine/jobs/changes.js'

/**
 * Server-sent event bytes, built once and written as they are to every subscriber that takes them: a page of changes
 * is framed once per tables filter, not once per subscriber (@see hub.ts). `chunk` is the same bytes as one HTTP/1.1
 * chunk (size line, bytes, CRLF), for responses with chunked encoding, which the hub writes to the socket directly.
 */
export class SharedFrame {
  readonly body: Buffer
  #chunk: Buffer | undefined

  constructor (text: string) {
    this.body = Buffer.from(text)
  }

  get chunk (): Buffer {
    this.#chunk ??= Buffer.concat([Buffer.from(`${this.body.length.toString(16)}\r\n`), this.body, crlf])
    return this.#chunk
  }
}

const crlf = Buffer.from('\r\n')

/** The keep-alive comment: one Buffer for every subscriber of the server. */
export const keepAliveFrame = new SharedFrame(': keep-alive\n\n')
/** The first bytes of a stream: they send the headers, so the client knows it is subscribed. */
export const subscribedFrame = new SharedFrame(': subscribed\n\n')

export function eventFrame (event: string, data: unknown): SharedFrame {
  return new SharedFrame(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
}

/** One message per change above `after` whose table passes `tables` (undefined: every table); undefined when none does. */
export function changesFrame (changes: readonly ChangeRow[], tables: ReadonlySet<string> | undefined, after = 0): SharedFrame | undefined {
  let text = ''
  for (const change of changes) {
    if (change.seq <= after || (tables !== undefined && !tables.has(change.tbl))) continue
    text += `id: ${change.seq}\ndata: ${JSON.stringify({ seq: change.seq, table: change.tbl, op: change.op, id: change.id })}\n\n`
  }
  return text === '' ? undefined : new SharedFrame(text)
}

import type { FastifyReply, FastifyRequest } from 'fastify'
import { ServerBusy } from './errors.js'
import { BytesBody } from './json-reply.js'

/**
 * A server-wide bound on the memory that large replies hold while their clients read them. A reply is written whole
 * into the socket's buffer and stays there until the client has read it: each is bounded by the result bound
 * (@see lib/engine/result-bytes.ts), but many slow readers of large results would add up without end. Replies of at
 * least `largeReplyBytes` count from the moment they are sent until their connection is done with them; one that
 * would take the total past the budget answers 503 SERVER_BUSY with Retry-After instead.
 */

/** Replies shorter than this are not counted: their memory is bounded by the number of connections. */
export const largeReplyBytes = 1024 * 1024
/** Bytes of large replies the server holds at once. */
export const defaultReplyBudgetBytes = 256 * 1024 * 1024

let budget = defaultReplyBudgetBytes
let inFlight = 0

/** Sets the budget (tests use a small one). */
export function setReplyBudget (bytes: number): void {
  budget = bytes
}

/** Bytes of large replies being sent now. */
export function replyBytesInFlight (): number {
  return inFlight
}

/** An `onSend` hook for routes that answer rows: text, or bytes sent as the socket drains (@see BytesBody). */
export function holdReplyMemory (_request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: Error | null, payload?: unknown) => void): void {
  const bytes = payload instanceof BytesBody ? payload.byteLength : typeof payload === 'string' ? payload.length : 0
  // a stream gets no length from Fastify: this one knows it
  if (payload instanceof BytesBody) reply.header('content-length', bytes)
  if (bytes < largeReplyBytes) return done(null, payload)
  if (inFlight + bytes > budget) {
    if (payload instanceof BytesBody) payload.destroy()
    const busy = new ServerBusy()
    reply.code(503).header('retry-after', '1').removeHeader('content-length')
    return done(null, JSON.stringify({ statusCode: 503, code: busy.code, error: 'Service Unavailable', message: busy.message }))
  }
  inFlight += bytes
  // 'close' comes once the response is sent whole, or its connection is gone
  reply.raw.once('close', () => { inFlight -= bytes })
  done(null, payload)
}

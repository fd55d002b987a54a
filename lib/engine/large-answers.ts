import type { FromWorker } from './protocol.js'

/**
 * A worker's long answer: its rows text goes as UTF-8 bytes on the answer pipe (@see answer-pipe.ts), its message
 * (with an empty text and the byte count) on the message channel. The main thread never parses, joins or encodes
 * that text: the Buffers it reads become the reply's body as they are (@see json-rows.ts JsonText).
 */

/** Answers whose rows text is longer than this (in characters) go by the pipe; shorter ones stay in their message. */
export const pipedChars = 512 * 1024

type Done = Extract<FromWorker, { type: 'done' }>

/** A `done` message as the engine delivers it: with the bytes of its rows text when they came by the pipe. */
export type Arrived = FromWorker & { pieces?: Buffer[] }

/** In a worker: the message to send and, for a long answer, the bytes of its text for the pipe. */
export function splitAnswer (message: FromWorker, limit = pipedChars): { message: FromWorker, bytes?: Buffer } {
  if (message.type !== 'done') return { message }
  const text = message.rows?.json ?? message.row
  if (text === undefined || text.length <= limit) return { message }
  const bytes = Buffer.from(text)
  const emptied: Done = message.rows !== undefined ? { ...message, rows: { ...message.rows, json: '' } } : { ...message, row: '' }
  return { message: { ...emptied, piped: bytes.length }, bytes }
}

/**
 * In the engine, one per worker: matches each piped answer's message with its bytes (the two channels are read
 * independently, either may come first) and delivers every message in the order the worker sent it: while a piped
 * answer waits for its bytes, the messages after it wait too (the engine settles a worker's jobs in order).
 */
export function createAnswerJoiner (deliver: (message: Arrived) => void) {
  const received = new Map<number, { pieces: Buffer[], complete: boolean }>()
  const held: FromWorker[] = []

  function bytesOf (id: number) {
    let entry = received.get(id)
    if (entry === undefined) received.set(id, (entry = { pieces: [], complete: false }))
    return entry
  }

  /** Delivers held messages from the front until one still waits for its bytes. */
  function release (): void {
    while (held.length > 0) {
      const message = held[0]
      if (message.type === 'done' && message.piped !== undefined) {
        const entry = bytesOf(message.id)
        if (!entry.complete) return
        received.delete(message.id)
        held.shift()
        deliver({ ...message, pieces: entry.pieces })
        continue
      }
      held.shift()
      deliver(message)
    }
  }

  return {
    /** A message from the channel. */
    message (message: FromWorker): void {
      held.push(message)
      release()
    },
    /** A piece of a piped answer's bytes; `last` when the answer is all in. */
    piece (id: number, piece: Buffer, last: boolean): void {
      const entry = bytesOf(id)
      if (piece.length > 0) entry.pieces.push(piece)
      if (!last) return
      entry.complete = true
      release()
    },
    /** Whether job `id`'s answer is waiting for its bytes (it is done: its answer is on its way). */
    waiting (id: number): boolean {
      const head = held[0]
      return head !== undefined && head.type === 'done' && head.id === id && head.piped !== undefined
    },
    /** Forgets everything (the worker died): the answers it was sending will never be whole. */
    clear (): void {
      received.clear()
      held.length = 0
    }
  }
}

import type { FromWorker } from './protocol.js'

/**
 * A worker's long answer crosses the channel in pieces. The channel reads each message whole and parses it on the
 * main thread: one 30 MB message is one long stall of every request of every database; pieces of half a million
 * characters are parsed one per turn of the event loop, with other requests served between them.
 */

/** Characters of text per `chunk` message. */
export const chunkChars = 512 * 1024

type Done = Extract<FromWorker, { type: 'done' }>

/** In a worker: the messages that carry `message`, its long rows text first in chunks (order kept by the channel). */
export function inChunks (message: FromWorker, size = chunkChars): FromWorker[] {
  if (message.type !== 'done') return [message]
  const text = message.rows?.json ?? message.row
  if (text === undefined || text.length <= size) return [message]
  const chunks: FromWorker[] = []
  for (let at = 0; at < text.length; at += size) chunks.push({ type: 'chunk', id: message.id, text: text.slice(at, at + size) })
  const emptied: Done = message.rows !== undefined ? { ...message, rows: { ...message.rows, json: '' } } : { ...message, row: '' }
  return [...chunks, { ...emptied, chunked: true }]
}

/** In the engine: gathers the chunks of each job's answer and puts their text back into its `done` message. */
export function createChunkJoiner () {
  const pending = new Map<number, string[]>()
  return {
    /** Keeps a chunk (answers undefined) or gives the message whole. */
    take (message: FromWorker): FromWorker | undefined {
      if (message.type === 'chunk') {
        const parts = pending.get(message.id)
        if (parts === undefined) pending.set(message.id, [message.text])
        else parts.push(message.text)
        return undefined
      }
      // a job whose answer could not be sent whole is answered as failed: its pieces are of no use
      if (message.type === 'failed') pending.delete(message.id)
      if (message.type !== 'done' || message.chunked !== true) return message
      const text = (pending.get(message.id) ?? []).join('')
      pending.delete(message.id)
      const { chunked: _chunked, ...done } = message
      return done.rows !== undefined ? { ...done, rows: { ...done.rows, json: text } } : { ...done, row: text }
    },
    /** Whether `message` is the first piece of its answer (its job is done: the answer is on its way). */
    isFirst (message: FromWorker): boolean {
      return message.type === 'chunk' && pending.get(message.id)?.length === 1
    },
    /** Forgets the pieces of answers that will never come whole (the worker died). */
    clear (): void {
      pending.clear()
    }
  }
}

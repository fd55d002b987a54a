import type { ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import type { SharedFrame } from './frames.js'

/** Where the hub writes one subscriber's events (@see hub.ts): an HTTP response, or a test's collector. */
export interface EventSink {
  send: (frame: SharedFrame) => void
  /** Bytes sent but not yet taken by the kernel: past the hub's bound, the subscriber is cut. */
  readonly backlog: number
  readonly closed: boolean
  /** Sends `last` and ends the stream. */
  end: (last: SharedFrame) => void
  /** Called once when the stream is gone, whoever closed it. */
  onClose: (listener: () => void) => void
}

/**
 * An event stream on a response whose headers are sent (`flushHeaders`). While the response owns its socket, each
 * frame goes to the socket as it is, already framed as a chunk when the response is chunked: the same Buffer for
 * every subscriber, with none of the per-write work of `res.write` (chunk size line, corking) or of a stream between
 * (a PassThrough each cost memory and a copy per subscriber). `res.end()` then writes the last chunk as usual.
 */
export function responseSink (res: ServerResponse): EventSink {
  const socket = res.socket
  const chunked = res.chunkedEncoding
  // written through the response when it does not own a real socket: a pipelined request's response (which queues
  // until its turn), or an injected request's
  const direct = socket instanceof Socket && !socket.destroyed
  return {
    send (frame) {
      if (direct) socket.write(chunked ? frame.chunk : frame.body)
      else res.write(frame.body)
    },
    get backlog () { return direct ? socket.writableLength : res.writableLength },
    get closed () { return res.writableEnded || res.destroyed || (direct && socket.destroyed) },
    end (last) {
      if (res.writableEnded) return
      this.send(last)
      res.end()
    },
    onClose (listener) { res.once('close', listener) }
  }
}

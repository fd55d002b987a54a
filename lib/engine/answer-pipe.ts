import { Socket } from 'node:net'

/**
 * The bytes of a worker's long answer travel on a pipe of their own, beside the JSON message channel. On the message
 * channel the main thread would parse every piece as JSON and later encode the joined text again as UTF-8 for the
 * socket: for a 20 MB record that is hundreds of milliseconds of the thread that serves every database. On this pipe
 * the worker writes the UTF-8 bytes it encoded itself, and the main thread receives them as the Buffers its reads
 * fill and hands those same Buffers to the client's socket: no parse, no copy, no encoding (@see large-answers.ts).
 *
 * A frame is a 12-byte header (job id as a float64, byte length as a uint32, little-endian) and then the bytes.
 */

/** The pipe's descriptor in the worker: stdio 0–2, then the message channel at 3. */
export const answerPipeFd = 4
const headerBytes = 12

/** In a worker: writes frames to the pipe; `done` runs once the bytes are handed to the kernel. */
export function openAnswerPipe (fd = answerPipeFd) {
  const socket = new Socket({ fd, readable: false, writable: true })
  // the engine is gone (the pipe broke): the channel's 'disconnect' ends this process, no crash report needed
  socket.on('error', () => {})
  return {
    write (id: number, bytes: Buffer, done: () => void): void {
      const header = Buffer.allocUnsafe(headerBytes)
      header.writeDoubleLE(id, 0)
      header.writeUInt32LE(bytes.length, 8)
      socket.write(header)
      socket.write(bytes, () => done())
    }
  }
}

/**
 * In the engine: turns what is read from the pipe back into frames, given piece by piece as the reads bring them
 * (`last` on the frame's final piece). Pieces are views of the read Buffers, never copies.
 */
export function createAnswerReader (onPiece: (id: number, piece: Buffer, last: boolean) => void) {
  let header = Buffer.alloc(0)
  let id = 0
  let remaining = 0
  return (data: Buffer): void => {
    let at = 0
    while (at < data.length) {
      if (remaining === 0) {
        // a header may straddle two reads
        const take = Math.min(headerBytes - header.length, data.length - at)
        header = Buffer.concat([header, data.subarray(at, at + take)])
        at += take
        if (header.length < headerBytes) return
        id = header.readDoubleLE(0)
        remaining = header.readUInt32LE(8)
        header = Buffer.alloc(0)
        if (remaining === 0) onPiece(id, Buffer.alloc(0), true)
        continue
      }
      const take = Math.min(remaining, data.length - at)
      remaining -= take
      onPiece(id, data.subarray(at, at + take), remaining === 0)
      at += take
    }
  }
}

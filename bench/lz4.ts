// A minimal LZ4 frame decoder: Litestream 0.3 writes every WAL segment and snapshot of a replica as an LZ4 frame
// (`*.wal.lz4`, `*.snapshot.lz4`), and bench/backup-cost.ts reads them to see when a write reached the replica.
// Bench-only: no checksum is verified, a truncated frame throws.

const frameMagic = 0x184d2204

/** Decodes one LZ4 block into `out` from `at`; returns where the output ends. Back-references may reach earlier blocks. */
function decodeBlock (src: Buffer, start: number, end: number, out: Buffer, at: number): number {
  let i = start
  let o = at
  const length = (n: number): number => {
    if (n !== 15) return n
    let byte
    do {
      byte = src[i++]
      n += byte
    } while (byte === 255)
    return n
  }
  while (i < end) {
    const token = src[i++]
    const literals = length(token >> 4)
    src.copy(out, o, i, i + literals)
    i += literals
    o += literals
    if (i >= end) break // the last sequence is literals only
    const offset = src[i] | (src[i + 1] << 8)
    i += 2
    const match = length(token & 15) + 4
    // byte by byte: a match may overlap its own output (offset < length)
    for (let k = 0; k < match; k++, o++) out[o] = out[o - offset]
  }
  return o
}

/** The contents of every LZ4 frame in `src`, one after the other. */
export function lz4Decode (src: Buffer): Buffer {
  const chunks: Buffer[] = []
  let i = 0
  while (i + 4 <= src.length) {
    const magic = src.readUInt32LE(i)
    if ((magic & 0xfffffff0) === 0x184d2a50) { // a skippable frame
      i += 8 + src.readUInt32LE(i + 4)
      continue
    }
    if (magic !== frameMagic) throw new Error(`not an LZ4 frame (magic ${magic.toString(16)})`)
    const flags = src[i + 4]
    const blockMax = [0, 0, 0, 0, 64 << 10, 256 << 10, 1 << 20, 4 << 20][(src[i + 5] >> 4) & 7]
    i += 6 + (flags & 0x08 ? 8 : 0) + (flags & 0x01 ? 4 : 0) + 1 // descriptor, content size, dictionary id, checksum
    const blocks: Array<[number, number, boolean]> = []
    for (;;) {
      const word = src.readUInt32LE(i)
      i += 4
      if (word === 0) break
      const size = word & 0x7fffffff
      blocks.push([i, i + size, (word & 0x80000000) !== 0])
      i += size + (flags & 0x10 ? 4 : 0)
    }
    if (flags & 0x04) i += 4 // content checksum
    const out = Buffer.alloc(blocks.length * blockMax)
    let o = 0
    for (const [start, end, stored] of blocks) {
      if (stored) o += src.copy(out, o, start, end)
      else o = decodeBlock(src, start, end, out, o)
    }
    chunks.push(out.subarray(0, o))
  }
  return Buffer.concat(chunks)
}

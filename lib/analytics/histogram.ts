/**
 * The fixed log-scale latency histogram of the hourly rollups. Bucket 0 holds durations up to 1 µs; bucket i > 0
 * holds (b(i-1), b(i)] with b(i) = 0.001 ms × 2^(i/4), so each bucket is 19 % wide and the last (127) ends past an
 * hour. A percentile is the upper bound of the bucket holding its nearest-rank event, capped at the maximum seen:
 * at most 19 % above the exact figure, never below it.
 *
 * Stored sparse as a BLOB: 5 bytes per non-empty bucket (index u8, count u32 little-endian), indexes ascending.
 * A pattern's hour usually fills a handful of buckets, so a row carries tens of bytes, not 128 counters.
 */
export const bucketCount = 128
const minMs = 0.001
const perDoubling = 4

export function bucketOf (ms: number): number {
  if (!(ms > minMs)) return 0
  return Math.min(bucketCount - 1, Math.ceil(perDoubling * Math.log2(ms / minMs)))
}

export function bucketUpperMs (bucket: number): number {
  return minMs * 2 ** (bucket / perDoubling)
}

/** Counts per bucket, dense, as the writer and the reader work with them. */
export type Histogram = Uint32Array

export const emptyHistogram = (): Histogram => new Uint32Array(bucketCount)

export function encodeHistogram (h: Histogram): Buffer {
  let used = 0
  for (let i = 0; i < bucketCount; i++) if (h[i] !== 0) used++
  const out = Buffer.allocUnsafe(used * 5)
  let at = 0
  for (let i = 0; i < bucketCount; i++) {
    if (h[i] === 0) continue
    out[at] = i
    out.writeUInt32LE(h[i], at + 1)
    at += 5
  }
  return out
}

/**
 * The sum of two encoded histograms, encoded: a merge of their sorted entries, without the dense counters (SQLite
 * calls this for every rollup upsert of a flush). A malformed entry (bucket out of range) is left out, as in
 * `addEncoded`; a NULL adds nothing.
 */
export function mergeEncoded (a: Uint8Array | null | undefined, b: Uint8Array | null | undefined): Buffer {
  const x = a == null ? Buffer.alloc(0) : Buffer.from(a.buffer, a.byteOffset, a.byteLength - (a.byteLength % 5))
  const y = b == null ? Buffer.alloc(0) : Buffer.from(b.buffer, b.byteOffset, b.byteLength - (b.byteLength % 5))
  const out = Buffer.allocUnsafe(x.length + y.length)
  let i = 0
  let j = 0
  let at = 0
  // counts wrap at 2^32 as in the dense Uint32Array
  const put = (bucket: number, count: number): void => {
    if (bucket >= bucketCount) return
    if (at > 0 && out[at - 5] === bucket) { // a bucket repeated within one input (never written so) adds up
      out.writeUInt32LE((out.readUInt32LE(at - 4) + count) >>> 0, at - 4)
      return
    }
    out[at] = bucket
    out.writeUInt32LE(count >>> 0, at + 1)
    at += 5
  }
  while (i < x.length || j < y.length) {
    const fromX = j >= y.length || (i < x.length && x[i] <= y[j])
    const fromY = i >= x.length || (j < y.length && y[j] <= x[i])
    put(fromX ? x[i] : y[j], (fromX ? x.readUInt32LE(i + 1) : 0) + (fromY ? y.readUInt32LE(j + 1) : 0))
    if (fromX) i += 5
    if (fromY) j += 5
  }
  return out.subarray(0, at)
}

/** Adds an encoded histogram into `into` (a NULL or malformed tail adds nothing). */
export function addEncoded (into: Histogram, blob: Uint8Array | null | undefined): Histogram {
  if (blob == null) return into
  const view = Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength)
  for (let at = 0; at + 5 <= view.length; at += 5) {
    const i = view[at]
    if (i < bucketCount) into[i] += view.readUInt32LE(at + 1)
  }
  return into
}

/** Subtracts an encoded histogram from `from` (the running windows drop an hour that left them). */
export function subtractEncoded (from: Histogram, blob: Uint8Array | null | undefined): Histogram {
  if (blob == null) return from
  const view = Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength)
  for (let at = 0; at + 5 <= view.length; at += 5) {
    const i = view[at]
    if (i < bucketCount) from[i] = Math.max(0, from[i] - view.readUInt32LE(at + 1))
  }
  return from
}

/** The nearest-rank percentile `p` (0..1) in milliseconds: its bucket's upper bound, at most `maxMs`. */
export function percentileMs (h: Histogram, p: number, maxMs: number): number {
  let total = 0
  for (let i = 0; i < bucketCount; i++) total += h[i]
  if (total === 0) return 0
  const rank = Math.max(1, Math.ceil(p * total))
  let seen = 0
  for (let i = 0; i < bucketCount; i++) {
    seen += h[i]
    if (seen >= rank) return Math.min(bucketUpperMs(i), maxMs)
  }
  return maxMs
}

/**
 * The fixed log-scale latency histogram of the hourly rollups. Bucket 0 holds durations up to 1 µs; bucket i > 0
 * holds (b(i-1), b(i)] with b(i) = 0.001 ms × 2^(i/4), so each bucket is 19 % wide and the last (127) ends past an
 * hour. A percentile is the upper bound of the bucket holding its nearest-rank event, capped at the maximum seen:
 * at most 19 % above the exact figure, never below it.
 *
 * Stored sparse as a BLOB (v8, the compact encoding): a first byte 0x80, then per non-empty bucket, ascending, the
 * gap from the previous one (u8) and the count (unsigned LEB128 varint): 2 bytes a bucket for counts under 128. A
 * pattern's hour fills a handful of buckets. Blobs written before v8 (5 bytes a bucket: index u8, count u32
 * little-endian; their first byte, an index, is under 0x80) are read as before and merged into the compact one.
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

const compactMarker = 0x80
const empty = Buffer.alloc(0)
// every encoding is written here first, then copied out at its length (a u32 takes at most 5 varint bytes)
const out = Buffer.allocUnsafe(1 + bucketCount * 6)

/** Writes entry `bucket`, `count` after `previous` at `at` in `out`; returns the next position. */
function put (at: number, previous: number, bucket: number, count: number): number {
  out[at++] = bucket - previous - 1
  while (count >= 0x80) {
    out[at++] = (count & 0x7f) | 0x80
    count >>>= 7
  }
  out[at++] = count
  return at
}

function copyOut (at: number): Buffer {
  if (at === 1) return empty
  out[0] = compactMarker
  const blob = Buffer.allocUnsafe(at)
  out.copy(blob, 0, 0, at)
  return blob
}

export function encodeHistogram (h: Histogram): Buffer {
  let at = 1
  let previous = -1
  for (let i = 0; i < bucketCount; i++) {
    if (h[i] === 0) continue
    at = put(at, previous, i, h[i])
    previous = i
  }
  return copyOut(at)
}

/**
 * A reader of a compact blob's entries, in order: `next()` moves to the following one and returns false at the end
 * or at a malformed entry (a gap past the last bucket, a torn varint), as `forEachEntry` stops there.
 */
class CompactEntries {
  bucket = -1
  count = 0
  private at = 1
  constructor (private readonly blob: Uint8Array) {}
  next (): boolean {
    const blob = this.blob
    if (this.at >= blob.byteLength) return false
    this.bucket += blob[this.at++] + 1
    if (this.bucket >= bucketCount) return false
    let count = 0
    let scale = 1
    let byte: number
    do {
      if (this.at >= blob.byteLength || scale > 2 ** 28) return false
      byte = blob[this.at++]
      count += (byte & 0x7f) * scale
      scale *= 128
    } while (byte >= 0x80)
    this.count = count >>> 0
    return true
  }
}

const isCompact = (blob: Uint8Array | null | undefined): boolean => blob == null || blob.byteLength === 0 || blob[0] === compactMarker

/** The sum of two compact blobs, entry by entry in bucket order, without a dense histogram between. */
function mergeCompact (a: Uint8Array | null | undefined, b: Uint8Array | null | undefined): Buffer {
  const x = new CompactEntries(a ?? empty)
  const y = new CompactEntries(b ?? empty)
  let hasX = x.next()
  let hasY = y.next()
  let at = 1
  let previous = -1
  while (hasX || hasY) {
    let bucket: number
    let count: number
    if (hasX && (!hasY || x.bucket <= y.bucket)) {
      bucket = x.bucket
      count = x.count
      if (hasY && y.bucket === bucket) {
        count = (count + y.count) >>> 0 // wraps as the dense Uint32Array does
        hasY = y.next()
      }
      hasX = x.next()
    } else {
      bucket = y.bucket
      count = y.count
      hasY = y.next()
    }
    if (count === 0) continue
    at = put(at, previous, bucket, count)
    previous = bucket
  }
  return copyOut(at)
}

/**
 * Calls `add(bucket, count)` for each entry of an encoded histogram, in either encoding. Counts wrap at 2^32 as in
 * the dense Uint32Array. A malformed entry is left out: in the 5-byte encoding a bucket out of range (and a torn
 * tail), in the compact one whatever follows a gap past the last bucket or a torn varint.
 */
function forEachEntry (blob: Uint8Array, add: (bucket: number, count: number) => void): void {
  if (blob.byteLength === 0) return
  if (blob[0] !== compactMarker) {
    for (let at = 0; at + 5 <= blob.byteLength; at += 5) {
      if (blob[at] < bucketCount) add(blob[at], (blob[at + 1] | blob[at + 2] << 8 | blob[at + 3] << 16 | blob[at + 4] << 24) >>> 0)
    }
    return
  }
  const entries = new CompactEntries(blob)
  while (entries.next()) add(entries.bucket, entries.count)
}

const scratch = emptyHistogram()

/**
 * The sum of two encoded histograms, compactly encoded (SQLite calls this for every rollup upsert of a flush); a
 * NULL adds nothing.
 */
export function mergeEncoded (a: Uint8Array | null | undefined, b: Uint8Array | null | undefined): Buffer {
  if (isCompact(a) && isCompact(b)) return mergeCompact(a, b)
  scratch.fill(0) // a blob written before v8
  return encodeHistogram(addEncoded(addEncoded(scratch, a), b))
}

/** Adds an encoded histogram into `into` (a NULL adds nothing). */
export function addEncoded (into: Histogram, blob: Uint8Array | null | undefined): Histogram {
  if (blob != null) forEachEntry(blob, (i, count) => { into[i] += count })
  return into
}

/** Subtracts an encoded histogram from `from` (the running windows drop an hour that left them). */
export function subtractEncoded (from: Histogram, blob: Uint8Array | null | undefined): Histogram {
  if (blob != null) forEachEntry(blob, (i, count) => { from[i] = Math.max(0, from[i] - count) })
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

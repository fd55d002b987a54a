import t from 'tap'
import { addEncoded, emptyHistogram, encodeHistogram, mergeEncoded, subtractEncoded } from '../../../lib/analytics/histogram.js'

/** The 5-byte encoding written before v8: index u8, count u32 little-endian per non-empty bucket. */
function legacyEncoding (h: Uint32Array): Buffer {
  const parts: Buffer[] = []
  h.forEach((count, i) => {
    if (count === 0) return
    const entry = Buffer.alloc(5)
    entry[0] = i
    entry.writeUInt32LE(count, 1)
    parts.push(entry)
  })
  return Buffer.concat(parts)
}

let seed = 7
const rnd = (n: number): number => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n }
function randomHistogram (): Uint32Array {
  const h = emptyHistogram()
  for (let i = rnd(8); i > 0; i--) h[rnd(128)] += 1 + rnd(5)
  return h
}

t.test('mergeEncoded (SQL hist_merge) equals adding both into dense counters and encoding them', async t => {
  for (let k = 0; k < 500; k++) {
    const a = randomHistogram()
    const b = randomHistogram()
    const ea = k % 7 === 0 ? null : encodeHistogram(a)
    const eb = k % 11 === 0 ? null : k % 3 === 0 ? legacyEncoding(b) : encodeHistogram(b)
    const sum = emptyHistogram()
    for (let i = 0; i < 128; i++) sum[i] = (ea === null ? 0 : a[i]) + (eb === null ? 0 : b[i])
    t.same(mergeEncoded(ea, eb), encodeHistogram(sum))
  }
  t.same(mergeEncoded(Buffer.from([100, 1, 0, 0, 0, 3, 2, 0, 0, 0, 9]), null), encodeHistogram(Object.assign(emptyHistogram(), { 3: 2, 100: 1 })),
    'a 5-byte blob sorted wrong still adds up')
  t.same(mergeEncoded(Buffer.from([127, 1, 0, 0, 0, 3, 2, 0, 0, 0, 9]), null).length, 5, 'a torn 5-byte tail is left out')
})

t.test('two compact blobs merge entry by entry as the dense counters would: counts wrap at 2^32, torn tails are left out', async t => {
  const h = (counts: Record<number, number>): Uint32Array => Object.assign(emptyHistogram(), counts)
  t.same(mergeEncoded(encodeHistogram(h({ 5: 0xffffffff })), encodeHistogram(h({ 5: 2, 9: 1 }))), encodeHistogram(h({ 5: 1, 9: 1 })))
  t.same(mergeEncoded(encodeHistogram(h({ 5: 0xffffffff })), encodeHistogram(h({ 5: 1 }))).length, 0, 'a sum that wraps to 0 is no entry')
  const torn = encodeHistogram(h({ 3: 300, 7: 1, 9: 200 }))
  t.same(mergeEncoded(torn.subarray(0, torn.length - 1), encodeHistogram(h({ 2: 1, 9: 1 }))), encodeHistogram(h({ 2: 1, 3: 300, 7: 1, 9: 1 })),
    'a torn varint ends the blob; the other one is merged whole')
  t.same(mergeEncoded(Buffer.from([0x80, 0, 1, 200, 1]), Buffer.from([0x80, 1, 4])), encodeHistogram(h({ 0: 1, 1: 4 })),
    'a gap past the last bucket ends the blob')
})

t.test('the compact encoding: 2 bytes a bucket for small counts, any u32 count read back, the 5-byte encoding read as before', async t => {
  const h = emptyHistogram()
  h[0] = 1
  h[5] = 2
  h[127] = 3
  t.same([...encodeHistogram(h)], [0x80, 0, 1, 4, 2, 121, 3], 'marker, then gap and count per bucket')
  t.equal(encodeHistogram(emptyHistogram()).length, 0, 'an empty histogram is an empty blob')
  for (const count of [127, 128, 300, 16_383, 16_384, 2 ** 31, 2 ** 32 - 1]) {
    const one = emptyHistogram()
    one[64] = count
    t.equal(addEncoded(emptyHistogram(), encodeHistogram(one))[64], count, `count ${count}`)
  }
  for (let k = 0; k < 200; k++) {
    const r = randomHistogram()
    t.same(addEncoded(emptyHistogram(), encodeHistogram(r)), r)
    t.same(addEncoded(emptyHistogram(), legacyEncoding(r)), r, 'a blob written before v8')
    t.ok(encodeHistogram(r).length <= legacyEncoding(r).length, 'never larger than before')
  }
  const torn = encodeHistogram(Object.assign(emptyHistogram(), { 1: 5, 2: 300 }))
  t.same([...addEncoded(emptyHistogram(), torn.subarray(0, torn.length - 1))].slice(0, 3), [0, 5, 0], 'a torn varint is left out')
  t.same([...addEncoded(emptyHistogram(), Buffer.from([0x80, 3, 1, 200, 7]))].slice(0, 5), [0, 0, 0, 1, 0], 'a gap past the last bucket ends it')
  t.same([...subtractEncoded(Object.assign(emptyHistogram(), { 3: 5 }), encodeHistogram(Object.assign(emptyHistogram(), { 3: 7 })))].slice(0, 4), [0, 0, 0, 0],
    'subtracting never goes below zero')
})

import t from 'tap'
import { addEncoded, emptyHistogram, encodeHistogram, mergeEncoded } from '../../../lib/analytics/histogram.js'

t.test('mergeEncoded (SQL hist_merge) equals adding both into dense counters and encoding them', async t => {
  let seed = 7
  const rnd = (n: number): number => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n }
  for (let k = 0; k < 500; k++) {
    const a = emptyHistogram()
    const b = emptyHistogram()
    for (let i = rnd(8); i > 0; i--) a[rnd(128)] += 1 + rnd(5)
    for (let i = rnd(8); i > 0; i--) b[rnd(128)] += 1 + rnd(5)
    const ea = k % 7 === 0 ? null : encodeHistogram(a)
    const eb = k % 11 === 0 ? null : encodeHistogram(b)
    t.same(mergeEncoded(ea, eb), encodeHistogram(addEncoded(addEncoded(emptyHistogram(), ea), eb)))
  }
  t.same(mergeEncoded(Buffer.from([200, 1, 0, 0, 0, 3, 2, 0, 0, 0, 9]), null), Buffer.from([3, 2, 0, 0, 0]), 'an out-of-range bucket and a torn tail are left out')
})

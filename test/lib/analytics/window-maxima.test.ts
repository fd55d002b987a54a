import t from 'tap'
import { seededRandom } from './helper.js'
import { decodeMaxima, dropHours, encodeMaxima, mergeMaxima, topOf, type Maxima } from '../../../lib/analytics/window-maxima.js'

t.test('a window\'s maximum stays exact as hours come, come late and leave', async t => {
  const rnd = seededRandom(7)
  for (const span of [24, 168, 720]) {
    const byHour = new Map<number, number>() // brute force: every hour's maximum in the window
    let blob = encodeMaxima([])
    let end = 500_000
    let longest = 0
    let wrong = 0
    for (let step = 0; step < 5000; step++) {
      if (rnd() < 0.2) { // the window moves on: hours up to end - span leave
        end += 1 + Math.floor(rnd() * 3)
        for (const h of byHour.keys()) if (h <= end - span) byHour.delete(h)
        blob = encodeMaxima(dropHours(decodeMaxima(blob), end - span))
      } else { // an hour's sums arrive: mostly the last hour, some late
        const hour = end - (rnd() < 0.8 ? 0 : Math.floor(rnd() * span))
        const max = Math.floor(rnd() ** 4 * 1e6)
        byHour.set(hour, Math.max(byHour.get(hour) ?? 0, max))
        blob = encodeMaxima(mergeMaxima(decodeMaxima(blob), [hour, max]))
      }
      const expected = byHour.size === 0 ? null : Math.max(...byHour.values())
      if (topOf(decodeMaxima(blob)) !== expected) wrong++
      longest = Math.max(longest, decodeMaxima(blob).length / 2)
    }
    t.equal(wrong, 0, `${span} hours: the maximum after each of 5,000 steps`)
    t.ok(longest < 40, `${span} hours: at most ${longest} hours kept`)
  }
})

t.test('pairs are kept only while no later hour reaches them', async t => {
  t.same(mergeMaxima([10, 50, 12, 30], [11, 40]), [10, 50, 11, 40, 12, 30])
  t.same(mergeMaxima([10, 50, 12, 30], [11, 20]), [10, 50, 12, 30], 'a later hour reaches 20')
  t.same(mergeMaxima([10, 50, 12, 30], [13, 60]), [13, 60], 'a later, larger maximum leaves nothing before it')
  t.same(mergeMaxima([10, 50, 12, 30], [12, 45]), [10, 50, 12, 45], 'the same hour: the larger')
  t.same(mergeMaxima([10, 50], [10, 50]), [10, 50])
  t.same(dropHours([10, 50, 12, 30], 10), [12, 30])
  t.same(dropHours([10, 50, 12, 30], 9), [10, 50, 12, 30])
  t.equal(topOf(dropHours([10, 50], 10)), null, 'an empty window')
  t.equal(topOf(null), null)
})

t.test('the encoding keeps large hours and maxima; a torn blob keeps its whole pairs', async t => {
  const m: Maxima = [490_000, 2 ** 50, 490_001, 2 ** 31, 495_000, 0]
  t.same(decodeMaxima(encodeMaxima(m)), m)
  const blob = encodeMaxima(m)
  t.same(decodeMaxima(blob.subarray(0, blob.length - 1)), m.slice(0, 4))
  t.same(decodeMaxima(encodeMaxima([5, -3, 6, 1.6, 7, Infinity])), [5, 0, 6, 2, 7, 0], 'nonsense stored as whole numbers')
})

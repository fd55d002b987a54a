import t from 'tap'
import {
  addDays, isoWeek, isValidTimezone, localDate, localHourLabel, startOfLocalDay, startOfLocalHour, zonedParts
} from '../../../lib/analytics/time.js'
import { emptyVolume, planVolume, windowStart } from '../../../lib/analytics/windows.js'

const at = (iso: string): number => Date.parse(iso)

t.test('localDate puts an instant on its day in the zone', async t => {
  t.equal(localDate(at('2026-11-20T23:30:00Z'), 'UTC'), '2026-11-20')
  t.equal(localDate(at('2026-11-20T23:30:00Z'), 'Asia/Tokyo'), '2026-11-21')
  t.equal(localDate(at('2026-11-21T03:00:00Z'), 'America/New_York'), '2026-11-20')
  t.equal(localHourLabel(at('2026-11-20T23:30:00Z'), 'Asia/Tokyo'), '08')
  t.equal(localHourLabel(at('2026-11-20T00:10:00Z'), 'UTC'), '00', 'midnight is 00, never 24')
})

t.test('isValidTimezone accepts IANA zones only', async t => {
  t.ok(isValidTimezone('Europe/Paris'))
  t.notOk(isValidTimezone('Mars/Olympus'))
})

t.test('isoWeek follows ISO-8601 (values from Python isocalendar)', async t => {
  const cases: Record<string, string> = {
    '2021-01-03': '2020-W53',
    '2026-01-01': '2026-W01',
    '2020-12-31': '2020-W53',
    '2027-01-01': '2026-W53',
    '2026-11-22': '2026-W47',
    '2026-12-28': '2026-W53',
    '2024-12-30': '2025-W01'
  }
  for (const [date, week] of Object.entries(cases)) t.equal(isoWeek(date), week, date)
})

t.test('addDays crosses months and years', async t => {
  t.equal(addDays('2026-03-01', -1), '2026-02-28')
  t.equal(addDays('2024-03-01', -1), '2024-02-29')
  t.equal(addDays('2026-12-31', 1), '2027-01-01')
})

t.test('local day and hour starts honour offsets, half-hour zones and DST', async t => {
  t.equal(new Date(startOfLocalDay('2026-11-21', 'Asia/Tokyo')).toISOString(), '2026-11-20T15:00:00.000Z')
  t.equal(new Date(startOfLocalDay('2026-11-21', 'Asia/Kolkata')).toISOString(), '2026-11-20T18:30:00.000Z')
  // New York: EDT (-4) in July, EST (-5) in November
  t.equal(new Date(startOfLocalDay('2026-07-04', 'America/New_York')).toISOString(), '2026-07-04T04:00:00.000Z')
  t.equal(new Date(startOfLocalDay('2026-11-02', 'America/New_York')).toISOString(), '2026-11-02T05:00:00.000Z')
  t.equal(new Date(startOfLocalHour(at('2026-11-20T12:47:13.500Z'), 'UTC')).toISOString(), '2026-11-20T12:00:00.000Z')
  t.equal(new Date(startOfLocalHour(at('2026-11-20T12:47:13Z'), 'Asia/Kolkata')).toISOString(), '2026-11-20T12:30:00.000Z')
  t.equal(new Date(startOfLocalHour(at('2026-11-20T12:10:00Z'), 'Asia/Kolkata')).toISOString(), '2026-11-20T11:30:00.000Z')
})

t.test('windowStart is 24 hours, 7 days or 30 days back', async t => {
  const now = at('2026-11-20T12:15:00Z')
  t.equal(windowStart('24h', now), '2026-11-19T12:15:00.000Z')
  t.equal(windowStart('7d', now), '2026-11-13T12:15:00.000Z')
  t.equal(windowStart('30d', now), '2026-10-21T12:15:00.000Z')
})

t.test('planVolume 24h: 24 local hours ending with the current one', async t => {
  const now = at('2026-11-20T12:15:00Z')
  const utc = planVolume('24h', now, 'UTC')
  t.equal(utc.slots.length, 24)
  t.same(utc.slots.slice(0, 3), ['13', '14', '15'])
  t.same(utc.slots.slice(-3), ['10', '11', '12'])
  t.same(utc.buckets[23], { lo: '2026-11-20T12:00:00.000Z', hi: '2026-11-20T13:00:00.000Z', slot: 23 })
  t.same(utc.buckets[0], { lo: '2026-11-19T13:00:00.000Z', hi: '2026-11-19T14:00:00.000Z', slot: 0 })

  const tokyo = planVolume('24h', now, 'Asia/Tokyo')
  t.same(tokyo.slots.slice(-2), ['20', '21'], '12:15Z is 21:15 in Tokyo')
  const kolkata = planVolume('24h', now, 'Asia/Kolkata')
  t.equal(kolkata.slots[23], '17', '12:15Z is 17:45 in Kolkata')
  t.equal(kolkata.buckets[23].lo, '2026-11-20T11:30:00.000Z')
})

t.test('planVolume 7d: seven local dates ending today', async t => {
  const plan = planVolume('7d', at('2026-11-20T23:30:00Z'), 'Asia/Tokyo')
  t.same(plan.slots, ['2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21'])
  t.same(plan.buckets[6], { lo: '2026-11-20T15:00:00.000Z', hi: '2026-11-21T15:00:00.000Z', slot: 6, date: '2026-11-21' })
})

t.test('planVolume 30d: the ISO weeks of the last 30 local dates', async t => {
  const plan = planVolume('30d', at('2026-11-20T12:15:00Z'), 'UTC')
  t.same(plan.slots, ['2026-W43', '2026-W44', '2026-W45', '2026-W46', '2026-W47'])
  t.equal(plan.buckets.length, 30)
  t.equal(plan.buckets[0].date, '2026-10-22')
  t.equal(plan.buckets[0].slot, 0)
  t.equal(plan.buckets[29].date, '2026-11-20')
  t.equal(plan.buckets[29].slot, 4)
  t.equal(plan.buckets.filter(b => b.slot === 4).length, 5, 'Monday 16 to Friday 20 November')
})

t.test('emptyVolume is all zeros, aligned with the slots', async t => {
  const v = emptyVolume(['a', 'b'])
  t.same(v, { slots: ['a', 'b'], counts: [0, 0], errors: [0, 0], rows_read: [0, 0], rows_written: [0, 0], max: 0, max_read: 0, max_written: 0 })
})

t.test('UTC, computed without ICU, agrees with ICU\'s Etc/UTC at every hour of a leap year and around the epoch', async (t) => {
  let mismatches = 0
  for (let at = Date.UTC(2028, 0, 1) - 3 * 3600_000; at < Date.UTC(2029, 0, 1) + 3 * 3600_000; at += 3600_000 + 61_000) {
    if (JSON.stringify(zonedParts(at, 'UTC')) !== JSON.stringify(zonedParts(at, 'Etc/UTC'))) mismatches++
  }
  t.equal(mismatches, 0)
  t.same(zonedParts(0, 'UTC'), { year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0 })
  t.equal(isValidTimezone('UTC'), true)
  t.equal(isValidTimezone('Not/AZone'), false)
})

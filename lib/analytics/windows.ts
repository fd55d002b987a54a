import type { AnalyticsRange, Volume } from './types.js'
import { addDays, dayMs, hourMs, isoWeek, localDate, localHourLabel, startOfLocalDay, startOfLocalHour } from './time.js'

const rangeMs: Record<AnalyticsRange, number> = { '24h': 24 * hourMs, '7d': 7 * dayMs, '30d': 30 * dayMs }

/** First instant (ISO) of a range's window: the last 24 hours, 7 days or 30 days before `nowMs`. */
export function windowStart (range: AnalyticsRange, nowMs: number): string {
  return new Date(nowMs - rangeMs[range]).toISOString()
}

/** A half-open time interval [lo, hi) feeding one volume slot; `date` is set for day buckets. */
export interface VolumeBucket {
  lo: string
  hi: string
  slot: number
  date?: string
}

export interface VolumePlan {
  slots: string[]
  buckets: VolumeBucket[]
}

/**
 * The slots of the volume chart and the intervals that feed them, in the settings time zone:
 * 24h = 24 local hours ending with the current one; 7d = 7 local dates ending today;
 * 30d = the ISO weeks of the 30 local dates ending today (5 or 6 weeks, the first and last partial).
 */
export function planVolume (range: AnalyticsRange, nowMs: number, timeZone: string): VolumePlan {
  if (range === '24h') {
    const current = startOfLocalHour(nowMs, timeZone)
    const buckets: VolumeBucket[] = []
    const slots: string[] = []
    for (let i = 0; i < 24; i++) {
      const lo = current - (23 - i) * hourMs
      slots.push(localHourLabel(lo, timeZone))
      buckets.push({ lo: new Date(lo).toISOString(), hi: new Date(lo + hourMs).toISOString(), slot: i })
    }
    return { slots, buckets }
  }
  const days = range === '7d' ? 7 : 30
  const today = localDate(nowMs, timeZone)
  const slots: string[] = []
  const buckets: VolumeBucket[] = []
  for (let i = days - 1; i >= 0; i--) {
    const date = addDays(today, -i)
    const label = range === '7d' ? date : isoWeek(date)
    if (slots[slots.length - 1] !== label) slots.push(label)
    buckets.push({
      lo: new Date(startOfLocalDay(date, timeZone)).toISOString(),
      hi: new Date(startOfLocalDay(addDays(date, 1), timeZone)).toISOString(),
      slot: slots.length - 1,
      date
    })
  }
  return { slots, buckets }
}

/** Completes per-slot series with their maxima. */
export function withMaxima (series: Omit<Volume, 'max' | 'max_read' | 'max_written'>): Volume {
  const maxOf = (xs: number[]): number => xs.reduce((a, b) => Math.max(a, b), 0)
  return { ...series, max: maxOf(series.counts), max_read: maxOf(series.rows_read), max_written: maxOf(series.rows_written) }
}

/** A volume with every figure zero, for the given slots. */
export function emptyVolume (slots: string[]): Volume {
  const zeros = (): number[] => slots.map(() => 0)
  return withMaxima({ slots, counts: zeros(), errors: zeros(), rows_read: zeros(), rows_written: zeros() })
}

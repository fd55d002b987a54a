/** Calendar arithmetic in an IANA time zone, with Intl only (no tz database of our own). */

export const hourMs = 3_600_000
export const dayMs = 24 * hourMs

export interface ZonedParts {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter (timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone)
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric'
    })
    formatters.set(timeZone, f)
  }
  return f
}

/** True when `timeZone` is a zone Intl knows. */
export function isValidTimezone (timeZone: string): boolean {
  if (timeZone === 'UTC') return true
  try {
    formatter(timeZone)
    return true
  } catch {
    return false
  }
}

/** The wall-clock fields of an instant in `timeZone`. */
export function zonedParts (instantMs: number, timeZone: string): ZonedParts {
  // the default zone needs no ICU: its first formatter costs about 80 ms at start-up, each use a few µs
  if (timeZone === 'UTC') {
    const t = new Date(instantMs)
    return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate(), hour: t.getUTCHours(), minute: t.getUTCMinutes(), second: t.getUTCSeconds() }
  }
  const parts: Record<string, number> = {}
  for (const p of formatter(timeZone).formatToParts(instantMs)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value)
  }
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour,
    minute: parts.minute,
    second: parts.second
  }
}

function pad2 (n: number): string {
  return n < 10 ? `0${n}` : String(n)
}

function formatDate (year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`
}

/** `YYYY-MM-DD` of an instant in `timeZone`. */
export function localDate (instantMs: number, timeZone: string): string {
  const p = zonedParts(instantMs, timeZone)
  return formatDate(p.year, p.month, p.day)
}

/** The two-digit local hour of an instant, e.g. '07'. */
export function localHourLabel (instantMs: number, timeZone: string): string {
  return pad2(zonedParts(instantMs, timeZone).hour)
}

/** The start of the local hour holding `instantMs` (zones with :30 or :45 offsets included). */
export function startOfLocalHour (instantMs: number, timeZone: string): number {
  const p = zonedParts(instantMs, timeZone)
  return Math.floor(instantMs / 1000) * 1000 - (p.minute * 60 + p.second) * 1000
}

/** The instant at which local midnight starts `date` in `timeZone` (the usual two-pass offset fix-up). */
export function startOfLocalDay (date: string, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number)
  const wall = Date.UTC(y, m - 1, d)
  let guess = wall
  for (let i = 0; i < 2; i++) {
    const p = zonedParts(guess, timeZone)
    const offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - guess
    guess = wall - offset
  }
  return guess
}

/** Calendar date `n` days after `date` (n may be negative). */
export function addDays (date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number)
  const t = new Date(Date.UTC(y, m - 1, d + n))
  return formatDate(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate())
}

/** ISO-8601 week of a calendar date, e.g. '2026-W47' (weeks start on Monday; week 1 holds a Thursday). */
export function isoWeek (date: string): string {
  const [y, m, d] = date.split('-').map(Number)
  const t = Date.UTC(y, m - 1, d)
  const weekday = (new Date(t).getUTCDay() + 6) % 7
  const thursday = new Date(t + (3 - weekday) * dayMs)
  const weekYear = thursday.getUTCFullYear()
  const week = 1 + Math.floor((thursday.getTime() - Date.UTC(weekYear, 0, 1)) / (7 * dayMs))
  return `${weekYear}-W${pad2(week)}`
}

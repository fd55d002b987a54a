const numberFormat = new Intl.NumberFormat()
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
const preciseFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' })

export function formatNumber (value: number | null | undefined): string {
  return value === null || value === undefined || Number.isNaN(value) ? '–' : numberFormat.format(value)
}

export function formatBytes (bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '–'
  const units = ['B', 'KB', 'MB', 'GB', 'TB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${value >= 10 || unit === 0 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`
}

/** The unit the largest value reads best in, for charting a series on one scale. */
export function byteUnit (max: number): { unit: string, size: number } {
  const units = ['B', 'KB', 'MB', 'GB', 'TB']
  let index = 0
  while (max >= 1024 ** (index + 1) && index < units.length - 1) index++
  return { unit: units[index], size: 1024 ** index }
}

/** Short labels for points in time: hours and minutes within a day, else month and day. */
export function timeLabels (isoTimes: string[]): string[] {
  const times = isoTimes.map((t) => new Date(t))
  const spanMs = times.length ? times[times.length - 1].getTime() - times[0].getTime() : 0
  const format = new Intl.DateTimeFormat(undefined, spanMs < 86_400_000
    ? { hour: '2-digit', minute: '2-digit' }
    : { month: 'short', day: 'numeric' })
  return times.map((t) => (Number.isNaN(t.getTime()) ? '' : format.format(t)))
}

export function formatMs (ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '–'
  if (ms < 1) return `${ms.toFixed(2)} ms`
  if (ms < 100) return `${ms.toFixed(1)} ms`
  if (ms < 10_000) return `${Math.round(ms)} ms`
  return `${(ms / 1000).toFixed(1)} s`
}

export function formatDate (iso: string | null | undefined, precise = false): string {
  if (!iso) return '–'
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return (precise ? preciseFormat : dateTimeFormat).format(date)
}

/** "3 min ago", falling back to a date after a week. */
export function formatAgo (iso: string | null | undefined): string {
  if (!iso) return 'never'
  const then = new Date(iso).getTime()
  if (Number.isNaN(then)) return iso
  const seconds = Math.round((Date.now() - then) / 1000)
  if (seconds < 45) return 'just now'
  if (seconds < 3600) return `${Math.round(seconds / 60)} min ago`
  if (seconds < 86400) return `${Math.round(seconds / 3600)} h ago`
  if (seconds < 7 * 86400) return `${Math.round(seconds / 86400)} d ago`
  return formatDate(iso)
}

export function plural (count: number, one: string, many = `${one}s`): string {
  return `${formatNumber(count)} ${count === 1 ? one : many}`
}

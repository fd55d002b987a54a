import type { Database } from 'better-sqlite3'

/**
 * A running window's largest duration, kept exact as hours leave it, without reading the hourly rows again.
 *
 * A window row keeps its hours' maxima that no later hour reaches (a later hour with as large a maximum outlives
 * them): hours ascending, maxima strictly descending. The window's maximum is the first pair's; an hour leaving the
 * window takes the pairs up to it; a new hour's maximum, or a larger one for an hour already there, drops the earlier
 * pairs it reaches. With maxima in random order, a window of n hours keeps about ln n pairs (7 for 30 days); at
 * most one per hour of the window whatever the durations (720, a few kilobytes: a tenant whose slowest query gets
 * faster hour after hour for a month), in rows bounded as the patterns are (the cap per database-hour).
 *
 * Before (schema v5 to v9) a maximum whose hour left turned NULL, and a reader looked it up again, one key lookup per
 * hour of the window: the first top-queries over 7 days after a day without reads made 1,000 databases × 168 of
 * them (348 ms at 100 million events a month, bench/README.md).
 *
 * Stored as a BLOB of unsigned LEB128 varints, per pair its hour (the first pair's as it is, the others' as the gap
 * from the previous one) and its maximum in microseconds. NULL: not known (a row kept from before v10), and the
 * reader looks the maximum up as before (`maxima_drop` and `maxima_merge` keep it NULL).
 */
export type Maxima = number[] // [hour, max, hour, max, ...]

/**
 * The pairs of `a` and `b` (each as this module keeps them) together: one per hour (the larger maximum), and only
 * those no later hour reaches. Both are walked from their latest hour back, as in a merge of sorted lists.
 */
export function mergeMaxima (a: Maxima, b: Maxima): Maxima {
  const kept: Maxima = []
  let i = a.length - 2
  let j = b.length - 2
  let best = -Infinity
  while (i >= 0 || j >= 0) {
    let hour: number
    let max: number
    if (j < 0 || (i >= 0 && a[i] > b[j])) {
      hour = a[i]
      max = a[i + 1]
      i -= 2
    } else if (i < 0 || b[j] > a[i]) {
      hour = b[j]
      max = b[j + 1]
      j -= 2
    } else { // the same hour in both
      hour = a[i]
      max = Math.max(a[i + 1], b[j + 1])
      i -= 2
      j -= 2
    }
    if (max <= best) continue
    best = max
    kept.push(max, hour)
  }
  return kept.reverse()
}

/** The pairs left once every hour up to `hour` has left the window. */
export function dropHours (m: Maxima, hour: number): Maxima {
  let i = 0
  while (i < m.length && m[i] <= hour) i += 2
  return i === 0 ? m : m.slice(i)
}

/** A whole, non-negative number a varint can hold (an hourly maximum is one, unless a client sent nonsense). */
const storable = (x: number): number => Number.isFinite(x) ? Math.min(Number.MAX_SAFE_INTEGER, Math.max(0, Math.round(x))) : 0

export function encodeMaxima (m: Maxima): Buffer {
  const bytes: number[] = []
  const put = (x: number): void => {
    while (x >= 0x80) {
      bytes.push((x % 0x80) | 0x80)
      x = Math.floor(x / 0x80)
    }
    bytes.push(x)
  }
  let previous = 0
  for (let i = 0; i < m.length; i += 2) {
    const hour = storable(m[i])
    put(i === 0 ? hour : Math.max(0, hour - previous))
    put(storable(m[i + 1]))
    previous = hour
  }
  return Buffer.from(bytes)
}

/** The pairs of a blob; a torn last varint ends them. */
export function decodeMaxima (blob: Uint8Array): Maxima {
  const m: Maxima = []
  let at = 0
  const next = (): number | undefined => {
    let x = 0
    let scale = 1
    while (at < blob.length) {
      const byte = blob[at++]
      x += (byte & 0x7f) * scale
      if (byte < 0x80) return x
      scale *= 0x80
    }
    return undefined
  }
  let hour = 0
  while (at < blob.length) {
    const gap = next()
    const max = next()
    if (gap === undefined || max === undefined) break
    hour = m.length === 0 ? gap : hour + gap
    m.push(hour, max)
  }
  return m
}

const decoded = (blob: unknown): Maxima | null => blob instanceof Uint8Array ? decodeMaxima(blob) : null

/** The window's maximum (the first pair's), or null when not known or empty. */
export function topOf (m: Maxima | null): number | null {
  return m === null || m.length === 0 ? null : m[1]
}

/**
 * Registers `maxima_of(hour, max)` (one hour's pair), `maxima_merge(a, b)`, `maxima_drop(m, hour)`, `maxima_top(m)`
 * and the aggregate `maxima_sum(hour, max)` (a window built from its hourly rows).
 */
export function registerMaximaFunctions (db: Database): void {
  db.function('maxima_of', { deterministic: true }, (hour: unknown, max: unknown) => encodeMaxima([Number(hour), Number(max)]))
  db.function('maxima_merge', { deterministic: true }, (a: unknown, b: unknown) => {
    const [x, y] = [decoded(a), decoded(b)]
    return x === null || y === null ? null : encodeMaxima(mergeMaxima(x, y))
  })
  db.function('maxima_drop', { deterministic: true }, (m: unknown, hour: unknown) => {
    const x = decoded(m)
    return x === null ? null : encodeMaxima(dropHours(x, Number(hour)))
  })
  db.function('maxima_top', { deterministic: true }, (m: unknown) => topOf(decoded(m)))
  // SQLite passes step every argument; better-sqlite3's types declare one
  const step = (m: Maxima, hour: unknown, max: unknown): Maxima => mergeMaxima(m, [Number(hour), Number(max)])
  db.aggregate('maxima_sum', {
    start: () => [] as Maxima,
    step: step as unknown as (m: Maxima, next: unknown) => Maxima,
    result: (m: unknown) => encodeMaxima(m as Maxima)
  })
}

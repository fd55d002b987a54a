import type { Database } from 'better-sqlite3'
import { hourMs } from './time.js'
import { addEncoded, bucketOf, emptyHistogram, encodeHistogram, mergeEncoded, subtractEncoded, type Histogram } from './histogram.js'
import { normalizeSql, otherPattern } from './patterns.js'
import { createPatternWindows } from './pattern-windows.js'
import type { LogTexts } from './log-texts.js'
import { patternTextOf } from './log-schema.js'

/**
 * Hourly rollups (CONTRACT.md "Analytics at constant cost"): every aggregate endpoint reads these, never the raw
 * log. `hour` is epoch hours (UTC). `owner` is the event's database_id, or `#name` for log rows written before
 * ids existed (they keep their name, as the spec says). `_hourly_stats` also holds one row per hour and operation
 * for every database together, owner `*`, so the global figures cost as many rows as there are hours.
 * `owner` is stored as the id of that text in `_log_texts` (the raw log's dictionary, log-texts.ts): 2 bytes in every
 * key instead of a 36-character id. So are (v8) the database's `name` and the `pattern` while the dictionary has room
 * (past it the pattern's text: `patternTextOf` reads either; `pattern` has no type affinity so that an id stays an
 * integer and a text a text). The raw log stores the same patterns there, so this adds no text: a pattern row went
 * from 112 to 55 bytes at the density of 100 million events a month (bench/README.md). Durations are summed in
 * whole microseconds (v10, `total_us`, `max_us`): an INTEGER of a few bytes where a REAL took 8 (55 to 42 bytes a
 * pattern row), and sums that add and subtract exactly (the running windows). Keys lead with the hour (v7): a
 * flush's rows, all of the last hour or two, share a few leaf pages instead of one per database, the windows and the
 * pruning find an hour's rows by the key itself (v6 needed an `(hour)` index, which repeated every key), and one
 * database's rows are found hour by hour (`hoursFrom`).
 */
export const globalOwner = '*'
export const legacyOwner = (name: string): string => `#${name}`

export const rollupTables = `
CREATE TABLE IF NOT EXISTS _hourly_stats (
  owner INTEGER NOT NULL,
  hour INTEGER NOT NULL,
  operation TEXT NOT NULL,
  name INTEGER NOT NULL,
  calls INTEGER NOT NULL,
  errors INTEGER NOT NULL,
  rows INTEGER NOT NULL,
  total_us INTEGER NOT NULL,
  max_us INTEGER NOT NULL,
  hist BLOB,
  PRIMARY KEY (hour, owner, operation)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS _hourly_patterns (
  owner INTEGER NOT NULL,
  hour INTEGER NOT NULL,
  pattern NOT NULL,
  name INTEGER NOT NULL,
  calls INTEGER NOT NULL,
  errors INTEGER NOT NULL,
  writes INTEGER NOT NULL,
  rows INTEGER NOT NULL,
  total_us INTEGER NOT NULL,
  max_us INTEGER NOT NULL,
  hist BLOB,
  PRIMARY KEY (hour, owner, pattern)
) WITHOUT ROWID;
`

export const defaultMaxPatterns = 1000

/**
 * SQL: `hour IN (every hour from :from to the table's last)`, so that a condition on the owner next to it makes one
 * primary key search per hour instead of a scan of every database's rows of the window. At most `hours` hours: a row
 * stamped centuries ahead (an old log's odd timestamp, backfilled) must not make a read walk millions of them.
 */
export const hoursFrom = (table: string, from = ':from', hours = 50 * 24): string =>
  `hour IN (WITH RECURSIVE h (x) AS (SELECT ${from} UNION ALL SELECT x + 1 FROM h
    WHERE x < MIN((SELECT MAX(hour) FROM ${table}), ${from} + ${hours - 1})) SELECT x FROM h)`

const writeOperations = new Set(['insert', 'update', 'delete'])

/** What a rollup needs of one event (the writer's coerced values, or a raw log row during a backfill). */
export interface RollupInput {
  owner: string
  name: string
  hour: number
  operation: string
  error: boolean
  sql: string | null
  durationMs: number
  rowCount: number
}

interface Sums { calls: number, errors: number, writes: number, rows: number, totalUs: number, maxUs: number, hist: Histogram }
interface StatRow extends Sums { owner: string, name: string, hour: number, operation: string }
interface PatternRow extends Sums { owner: string, name: string, hour: number, pattern: string }

const newSums = (): Sums => ({ calls: 0, errors: 0, writes: 0, rows: 0, totalUs: 0, maxUs: 0, hist: emptyHistogram() })

function add (s: Sums, e: RollupInput, bucket: number): void {
  s.calls++
  if (e.error) s.errors++
  else if (writeOperations.has(e.operation)) s.writes++
  s.rows += e.rowCount
  const us = microseconds(e.durationMs)
  s.totalUs += us
  if (us > s.maxUs) s.maxUs = us
  s.hist[bucket]++
}

/** A duration in whole microseconds, as the rollups sum them (the raw log keeps milliseconds to 3 decimals). */
export function microseconds (ms: number): number {
  return Math.round(ms * 1000)
}

/** Epoch hour of an ISO timestamp or epoch milliseconds. */
export function hourOf (ms: number): number {
  return Math.floor(ms / hourMs)
}

/**
 * Registers `hist_merge(a, b)` and `hist_sub(a, b)`: the sum and the difference of two encoded histograms (for
 * upserts and the running windows), and the aggregate `hist_sum(h)`.
 */
export function registerHistogramFunctions (db: Database): void {
  db.function('hist_merge', { deterministic: true }, (a: unknown, b: unknown) => mergeEncoded(a as Buffer | null, b as Buffer | null))
  db.function('hist_sub', { deterministic: true }, (a: unknown, b: unknown) =>
    encodeHistogram(subtractEncoded(addEncoded(emptyHistogram(), a as Buffer | null), b as Buffer | null)))
  db.aggregate('hist_sum', {
    start: () => emptyHistogram(),
    step: (h: unknown, blob: unknown) => addEncoded(h as Histogram, blob as Uint8Array | null),
    result: (h: unknown) => encodeHistogram(h as Histogram)
  })
}

/**
 * The rollup upserts of one transaction (a flush chunk or a backfill step). Distinct patterns per database-hour are
 * capped at `maxPatterns`: past it a new pattern counts under `(other)`. The patterns known per database-hour are
 * remembered across batches (read from the table on first sight); `forget()` after a rolled-back transaction.
 */
export function createRollupWriter (db: Database, texts: LogTexts, maxPatterns = defaultMaxPatterns) {
  registerHistogramFunctions(db)
  const sums = (table: string, key: string) => `calls = ${table}.calls + excluded.calls,
      errors = ${table}.errors + excluded.errors, rows = ${table}.rows + excluded.rows,
      total_us = ${table}.total_us + excluded.total_us, max_us = MAX(${table}.max_us, excluded.max_us),
      hist = hist_merge(${table}.hist, excluded.hist)${key}`
  const upsertStat = db.prepare(`INSERT INTO _hourly_stats
    (owner, hour, operation, name, calls, errors, rows, total_us, max_us, hist) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (hour, owner, operation) DO UPDATE SET name = excluded.name, ${sums('_hourly_stats', '')}`)
  const upsertPattern = db.prepare(`INSERT INTO _hourly_patterns
    (owner, hour, pattern, name, calls, errors, writes, rows, total_us, max_us, hist) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (hour, owner, pattern) DO UPDATE SET name = excluded.name,
      writes = _hourly_patterns.writes + excluded.writes, ${sums('_hourly_patterns', '')}`)
  const windows = createPatternWindows(db)
  const knownPatterns = db.prepare(`SELECT ${patternTextOf('pattern')} FROM _hourly_patterns WHERE hour = ? AND owner = ?`).pluck()

  // owner + hour -> patterns stored for it; bounded (cleared when too many database-hours are remembered)
  const known = new Map<string, Set<string>>()
  const maxRemembered = 4096
  const patternsOf = (owner: string, hour: number): Set<string> => {
    const key = `${owner}\u0000${hour}`
    let set = known.get(key)
    if (set === undefined) {
      if (known.size >= maxRemembered) known.clear()
      set = new Set(knownPatterns.all(hour, texts.idOf(owner)) as string[])
      known.set(key, set)
    }
    return set
  }
  const normalized = new Map<string, string>()
  const patternOf = (sql: string | null, operation: string): string => {
    if (sql === null) return operation
    let p = normalized.get(sql)
    if (p === undefined) {
      if (normalized.size >= 10_000) normalized.clear()
      p = normalizeSql(sql)
      normalized.set(sql, p)
    }
    return p
  }

  return {
    /** Adds the events to the hourly rollups; call inside the caller's transaction. */
    write (events: Iterable<RollupInput>): void {
      const stats = new Map<string, StatRow>()
      const patterns = new Map<string, PatternRow>()
      const stat = (owner: string, name: string, hour: number, operation: string): StatRow => {
        const key = `${owner}\u0000${hour}\u0000${operation}`
        let row = stats.get(key)
        if (row === undefined) stats.set(key, row = { owner, name, hour, operation, ...newSums() })
        row.name = name
        return row
      }
      // the event's pattern row, `(other)` once its database-hour holds `maxPatterns`
      const patternRow = (e: RollupInput): PatternRow => {
        let pattern = patternOf(e.sql, e.operation)
        const key = `${e.owner}\u0000${e.hour}\u0000${pattern}`
        let row = patterns.get(key)
        if (row === undefined) {
          const stored = patternsOf(e.owner, e.hour)
          if (!stored.has(pattern)) {
            if (stored.size >= maxPatterns) pattern = otherPattern
            else stored.add(pattern)
          }
          const capped = `${e.owner}\u0000${e.hour}\u0000${pattern}`
          row = patterns.get(capped)
          if (row === undefined) patterns.set(capped, row = { owner: e.owner, name: e.name, hour: e.hour, pattern, ...newSums() })
          if (capped !== key) patterns.set(key, row)
        }
        return row
      }
      // consecutive events mostly share their keys: the previous rows are reused without building a key
      let own: StatRow | undefined
      let all: StatRow | undefined
      let row: PatternRow | undefined
      let rowSql: string | null = null
      let rowOperation = ''
      for (const e of events) {
        const bucket = bucketOf(e.durationMs)
        if (own === undefined || own.owner !== e.owner || own.hour !== e.hour || own.operation !== e.operation) own = stat(e.owner, e.name, e.hour, e.operation)
        own.name = e.name
        add(own, e, bucket)
        if (all === undefined || all.hour !== e.hour || all.operation !== e.operation) all = stat(globalOwner, globalOwner, e.hour, e.operation)
        add(all, e, bucket)
        if (row === undefined || row.owner !== e.owner || row.hour !== e.hour || rowSql !== e.sql || rowOperation !== e.operation) {
          row = patternRow(e)
          rowSql = e.sql
          rowOperation = e.operation
        }
        row.name = e.name
        add(row, e, bucket)
      }
      for (const s of stats.values()) {
        upsertStat.run(texts.idOf(s.owner), s.hour, s.operation, texts.idOf(s.name), s.calls, s.errors, s.rows, s.totalUs, s.maxUs, encodeHistogram(s.hist))
      }
      const deltas = [...new Set(patterns.values())].map(p => ({ ...p, owner: texts.idOf(p.owner), hist: encodeHistogram(p.hist) }))
      for (const p of deltas) {
        upsertPattern.run(p.owner, p.hour, texts.keyOf(p.pattern), texts.idOf(p.name), p.calls, p.errors, p.writes, p.rows, p.totalUs, p.maxUs, p.hist)
      }
      windows.stage(deltas)
    },

    /** The running per-pattern windows these writes keep up to date (pattern-windows.ts). */
    windows,

    /** The pattern of a statement (literals replaced), or its operation when it has no text; memoised. */
    patternOf,

    /** Drops what is remembered of stored patterns (after a rolled-back transaction). */
    forget (): void {
      known.clear()
      texts.forget()
      windows.forget()
    }
  }
}

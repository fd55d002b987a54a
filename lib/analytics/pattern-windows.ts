import type { Database } from 'better-sqlite3'
import { mergeEncoded } from './histogram.js'
import { encodeMaxima, mergeMaxima, registerMaximaFunctions, topOf, type Maxima } from './window-maxima.js'
import { patternKeyOf, patternTextOf, textById } from './log-schema.js'

/**
 * Running per-(owner, pattern) sums over the last 24, 168 and 720 hours (the pattern and the database name as text:
 * these rows are few, and the readers search and sort them), so that `top-queries` reads one row per
 * database and pattern of the window instead of one per hour of it (issue #24: 1.3 s at 30 days from the hourly
 * rows with a million events; the hourly rows grow with hours × patterns, these only with patterns).
 *
 * Invariant: for each span W, `_pattern_windows` holds the sums of the `_hourly_patterns` rows of the hours
 * `hour - W + 1 … hour`, `hour` being the one row of `_pattern_windows_hour`, less the flushes' sums still pending.
 * A flush keeps its hourly sums in memory (`stage`, then `commit` once its transaction is committed), merged with
 * the next ones, and marks the windows `dirty` in the file; `apply()` (the worker's quiet moments, every read and
 * every move) adds them to the windows that hold their hour and clears the mark. A worker that died with sums
 * pending leaves the mark set, and the next one rebuilds the windows from the hourly rows. `advance` moves `hour`
 * (subtracting the hours that left each window, adding any that entered it). Maxima cannot be subtracted: each row
 * keeps the hourly maxima that could become the window's (`maxima`, window-maxima.ts), so `max_us` stays exact as
 * hours leave. A row kept from before v10 has none: when the hour holding its maximum leaves, `max_us` becomes NULL,
 * and a reader that needs it looks it up in the hourly rows and stores the maxima with it.
 */
export const windowSpans = [24, 7 * 24, 30 * 24] as const
export const maxWindowHours = 30 * 24

export const patternWindowTables = `
CREATE TABLE IF NOT EXISTS _pattern_windows (
  span INTEGER NOT NULL,
  owner INTEGER NOT NULL,
  pattern TEXT NOT NULL,
  database_name TEXT NOT NULL,
  calls INTEGER NOT NULL,
  errors INTEGER NOT NULL,
  writes INTEGER NOT NULL,
  rows INTEGER NOT NULL,
  total_us INTEGER NOT NULL,
  max_us INTEGER,
  hist BLOB,
  maxima BLOB,
  PRIMARY KEY (span, owner, pattern)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS _pattern_windows_hour (hour INTEGER NOT NULL, dirty INTEGER NOT NULL DEFAULT 0);
`

/** One hourly pattern row's sums, as the rollup writer upserts them. */
export interface PatternDelta {
  /** `_log_texts` id of the owner text */
  owner: number
  name: string
  hour: number
  pattern: string
  calls: number
  errors: number
  writes: number
  rows: number
  totalUs: number
  maxUs: number
  hist: Buffer
}

/** A window row as the top-queries reader uses it. */
export interface WindowRow {
  owner: number
  database_name: string
  pattern: string
  calls: number
  errors: number
  writes: number
  rows: number
  total_us: number
  max_us: number | null
  hist: Buffer | null
}

const addSums = `database_name = excluded.database_name, calls = _pattern_windows.calls + excluded.calls,
  errors = _pattern_windows.errors + excluded.errors, writes = _pattern_windows.writes + excluded.writes,
  rows = _pattern_windows.rows + excluded.rows, total_us = _pattern_windows.total_us + excluded.total_us,
  max_us = CASE WHEN _pattern_windows.max_us IS NULL THEN NULL ELSE MAX(_pattern_windows.max_us, excluded.max_us) END,
  hist = hist_merge(_pattern_windows.hist, excluded.hist), maxima = maxima_merge(_pattern_windows.maxima, excluded.maxima)`
const columns = 'span, owner, pattern, database_name, calls, errors, writes, rows, total_us, max_us, hist, maxima'

/** The maxima of one hourly row's sums (window-maxima.ts). */
const maxima = (r: PatternDelta): Buffer => encodeMaxima([r.hour, r.maxUs])

/** Needs `hist_merge`, `hist_sub` and `hist_sum` (rollups.ts `registerHistogramFunctions`). */
export function createPatternWindows (db: Database) {
  const readHour = db.prepare('SELECT hour, dirty FROM _pattern_windows_hour LIMIT 1')
  const clearHour = db.prepare('DELETE FROM _pattern_windows_hour')
  const writeHour = db.prepare('INSERT INTO _pattern_windows_hour (hour) VALUES (?)')
  const markDirty = db.prepare('UPDATE _pattern_windows_hour SET dirty = ?')
  registerMaximaFunctions(db)
  const upsert = db.prepare(`INSERT INTO _pattern_windows (${columns}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (span, owner, pattern) DO UPDATE SET ${addSums}`)
  const addHour = db.prepare(`INSERT INTO _pattern_windows (${columns})
    SELECT :span, owner, ${patternTextOf('pattern')}, ${textById('name')}, calls, errors, writes, rows, total_us, max_us, hist,
      maxima_of(hour, max_us)
    FROM _hourly_patterns WHERE hour = :hour AND true
    ON CONFLICT (span, owner, pattern) DO UPDATE SET ${addSums}`)
  // An hour leaving a window is subtracted row by row, driven by that hour's rows (the `(hour)` index) and a primary
  // key lookup each: as one UPDATE ... FROM, SQLite walked every window row of the span for each hour (span being the
  // key's prefix), two thirds of the bench's write time at 200,000 events.
  const hourRows = db.prepare(`SELECT owner, ${patternTextOf('pattern')} AS pattern, calls, errors, writes, rows, total_us, max_us, hist
    FROM _hourly_patterns WHERE hour = ?`)
  const subtractRow = db.prepare(`UPDATE _pattern_windows SET calls = calls - :calls, errors = errors - :errors,
      writes = writes - :writes, rows = rows - :rows, total_us = total_us - :total_us,
      max_us = CASE WHEN maxima IS NOT NULL THEN maxima_top(maxima_drop(maxima, :hour)) WHEN :max_us >= max_us THEN NULL ELSE max_us END,
      maxima = maxima_drop(maxima, :hour), hist = hist_sub(hist, :hist)
    WHERE span = :span AND owner = :owner AND pattern = :pattern RETURNING calls`).pluck()
  const dropRow = db.prepare('DELETE FROM _pattern_windows WHERE span = ? AND owner = ? AND pattern = ?')
  const subtractHour = (span: number, hour: number): void => {
    for (const h of hourRows.all(hour) as Array<Record<string, unknown>>) {
      const calls = subtractRow.get({ ...h, span, hour }) as number | undefined
      if (calls !== undefined && calls <= 0) dropRow.run(span, h.owner, h.pattern)
    }
  }
  const clearSpan = db.prepare('DELETE FROM _pattern_windows WHERE span = ?')
  const rebuildSpan = db.prepare(`INSERT INTO _pattern_windows (${columns})
    SELECT :span, owner, ${patternTextOf('pattern')}, ${textById('name')}, calls, errors, writes, rows, total_us, max_us, hist, maxima
    FROM (SELECT owner, pattern, MAX(name) AS name, SUM(calls) AS calls, SUM(errors) AS errors, SUM(writes) AS writes,
        SUM(rows) AS rows, SUM(total_us) AS total_us, MAX(max_us) AS max_us, hist_sum(hist) AS hist,
        maxima_sum(hour, max_us) AS maxima
      FROM _hourly_patterns WHERE hour > :hour - :span AND hour <= :hour GROUP BY owner, pattern) AS sums WHERE true`)
  // a row kept from before v10, without its maxima: point lookups, one per hour of the window (the key is hour,
  // owner, pattern)
  const hourMaxima = db.prepare(`WITH RECURSIVE hours (h) AS (SELECT :hour - :span + 1 UNION ALL SELECT h + 1 FROM hours WHERE h < :hour)
    SELECT p.hour, p.max_us FROM hours JOIN _hourly_patterns AS p ON p.owner = :owner AND p.hour = hours.h AND p.pattern = ${patternKeyOf(':pattern')}`).raw()
  const storeMax = db.prepare('UPDATE _pattern_windows SET max_us = ?, maxima = ? WHERE span = ? AND owner = ? AND pattern = ?')

  let current: number | null | undefined // undefined: not read yet; null: no window built yet (or left dirty)
  let marked = false // the file says `dirty`
  const staged: PatternDelta[] = [] // this transaction's sums
  const pending = new Map<string, PatternDelta>() // committed sums not yet in the windows, by owner, hour and pattern

  const hour = (): number | null => {
    if (current === undefined) {
      const row = readHour.get() as { hour: number, dirty: number } | undefined
      // sums a dead worker never applied: the windows are rebuilt from the hourly rows
      current = row === undefined || row.dirty !== 0 ? null : row.hour
      marked = row?.dirty === 1
      pending.clear()
    }
    return current
  }

  const applyPending = db.transaction(() => {
    const end = hour()
    if (end !== null) {
      for (const r of pending.values()) {
        for (const span of windowSpans) {
          if (r.hour > end || r.hour <= end - span) continue
          upsert.run(span, r.owner, r.pattern, r.name, r.calls, r.errors, r.writes, r.rows, r.totalUs, r.maxUs, r.hist, maxima(r))
        }
      }
      if (marked) markDirty.run(0)
      marked = false
    }
    pending.clear()
  })

  const apply = (): void => {
    if (pending.size === 0) return
    try {
      applyPending()
    } catch (err) {
      current = undefined
      throw err
    }
  }

  const moveTo = db.transaction((to: number) => {
    const from = hour()
    for (const span of windowSpans) {
      if (from === null || to - from >= span) {
        clearSpan.run(span)
        rebuildSpan.run({ span, hour: to })
        continue
      }
      for (let h = from + 1; h <= to; h++) addHour.run({ span, hour: h })
      for (let h = from - span + 1; h <= to - span; h++) {
        subtractHour(span, h)
      }
    }
    clearHour.run()
    writeHour.run(to)
    current = to
    marked = false
  })

  return {
    /** The hour the windows end at, or null before the first `advance`. */
    hour,

    /** Moves every window to end at `to` (epoch hour), pending sums applied first; false when they end later. */
    advance (to: number): boolean {
      const from = hour()
      if (from !== null && to <= from) return to === from
      apply() // the hours that leave hold these sums
      try {
        moveTo(to)
      } catch (err) {
        current = undefined
        throw err
      }
      return true
    },

    /**
     * Keeps hourly sums just upserted (inside the caller's transaction) for the windows, and marks them dirty in the
     * file (once per round of `apply`): `commit()` after the transaction, `forget()` after a rollback.
     */
    stage (rows: Iterable<PatternDelta>): void {
      if (hour() === null) return // the first advance builds the windows from the hourly rows
      if (!marked) {
        markDirty.run(1)
        marked = true
      }
      for (const r of rows) staged.push(r)
    },

    /** The staged sums' transaction committed: they wait, merged by owner, hour and pattern, for `apply`. */
    commit (): void {
      for (const r of staged) {
        const key = `${r.owner}\u0000${r.hour}\u0000${r.pattern}`
        const p = pending.get(key)
        if (p === undefined) {
          pending.set(key, r)
          continue
        }
        p.name = r.name
        p.calls += r.calls
        p.errors += r.errors
        p.writes += r.writes
        p.rows += r.rows
        p.totalUs += r.totalUs
        p.maxUs = Math.max(p.maxUs, r.maxUs)
        p.hist = mergeEncoded(p.hist, r.hist)
      }
      staged.length = 0
    },

    /** Adds the pending sums to the windows (the worker calls this between requests; reads and moves do too). */
    apply,

    /** Sums waiting for `apply`. */
    pendingCount (): number {
      return pending.size
    },

    /**
     * The window's largest duration (µs) of one owner's pattern; a row kept from before v10 whose maximum left with
     * its hour looks it up in the hourly rows, and stores it with its maxima.
     */
    maxUs (span: number, row: WindowRow): number {
      if (row.max_us !== null) return row.max_us
      const end = hour() as number
      let found: Maxima = []
      for (const pair of hourMaxima.all({ hour: end, span, owner: row.owner, pattern: row.pattern }) as Array<[number, number]>) {
        found = mergeMaxima(found, pair)
      }
      const max = topOf(found) ?? 0
      try {
        storeMax.run(max, encodeMaxima(found), span, row.owner, row.pattern) // kept exact from now on
      } catch {} // a locked file: looked up again next time
      return max
    },

    /** Drops what a rolled-back transaction staged, and the remembered state (read again from the file). */
    forget (): void {
      staged.length = 0
      current = undefined
    }
  }
}

export type PatternWindows = ReturnType<typeof createPatternWindows>

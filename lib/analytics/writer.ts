import type { Database } from 'better-sqlite3'
import type { DatabaseSize, StampedEvent } from './types.js'
import { dayMs, hourMs, localDate } from './time.js'
import { createLogInserter, type LogRow } from './log-rows.js'
import { createLogTexts } from './log-texts.js'
import { fixedTexts, maxStoredMs } from './log-schema.js'
import { createRollupWriter, defaultMaxPatterns, hourOf, hoursFrom, microseconds, type RollupInput } from './rollups.js'
import { maxWindowHours } from './pattern-windows.js'
import { createDailyWriter, dailyViews, type DailyRow } from './daily-tables.js'

export const retentionMs = 30 * dayMs
export const pruneEveryMs = hourMs
/** `ANALYTICS_LOG_MAX_MB` default: the raw log is pruned oldest first while its estimated size exceeds it. */
export const defaultLogMaxBytes = 1024 * 1024 * 1024
/**
 * The raw log's size is estimated, not measured (measuring walks every page): its id span times the average bytes
 * of text kept in the row (texts past a full dictionary, an older file's statements) of its newest 1,000 rows plus a
 * fixed cost per row (numbers and text ids, record header, index entries, and the pages' free space once pruning
 * runs): 82 bytes per row measured at 100 million events (bench/README.md), where 70 let the log grow to 1.26 GB.
 * The estimate is taken at most once a minute, and every flush while the log is over the bound.
 */
const logRowOverheadBytes = 82
const logSizeCheckMs = 60_000
/** Raw log rows deleted per flush while the file is over its size bound: a small step never holds a flush back. */
export const sizePruneStep = 2000

/**
 * The raw log's id span, from both ends of its rowid B-tree: SQLite reads MIN and MAX from an index's end only when
 * each stands alone in its SELECT (`MAX(id) - MIN(id)` in one SELECT read every row: 15 ms at 200,000 rows, run by
 * the flush once a minute and by every flush while the log is over its size bound).
 */
export const logIdSpanSql = 'SELECT COALESCE((SELECT MAX(id) FROM _log) - (SELECT MIN(id) FROM _log) + 1, 0)'

export interface WriterLimits {
  /** Distinct patterns per database-hour before the rest count under `(other)`. */
  maxPatterns?: number
  /** Estimated bytes of the raw log (`_log`, its indexes) past which its oldest rows go. */
  logMaxBytes?: number
}

const writeOperations = new Set(['insert', 'update', 'delete'])
/** Local dates remembered per zone and minute (a day of a busy server, under 200 kB). */
const maxCachedMinutes = 1440
const isoLength = '2026-01-01T00:00:00.000Z'.length

// A batch is retried until it is written, so one malformed event must never make a whole batch fail:
// every value is coerced to what its column holds before it is bound.
function finite (x: unknown): number {
  const n = Number(x)
  return Number.isFinite(n) ? n : 0
}

function text (x: unknown): string {
  return typeof x === 'string' ? x : String(x ?? '')
}

function textOrNull (x: unknown): string | null {
  return x === null || x === undefined ? null : String(x)
}

// Date's range is ±8.64e15 ms; outside it (or not a number) the event is logged at the time it is written.
function isoTime (ms: unknown): string {
  const date = new Date(typeof ms === 'number' ? ms : NaN)
  return Number.isNaN(date.getTime()) ? new Date().toISOString() : date.toISOString()
}

/**
 * `isoTime` for a batch, formatting each second once: events of a batch mostly share their second, and a Date
 * with its ISO string per event was a tenth of the writer's time.
 */
function isoTimes () {
  let second = NaN
  let prefix = ''
  return (ms: unknown): string => {
    if (typeof ms !== 'number' || !Number.isInteger(ms) || ms < 0 || ms >= maxStoredMs) return isoTime(ms) // years 1970-9999
    const s = Math.floor(ms / 1000)
    if (s !== second) {
      second = s
      prefix = new Date(s * 1000).toISOString().slice(0, 20) // 'YYYY-MM-DDTHH:MM:SS.'
    }
    return prefix + String(ms - s * 1000).padStart(3, '0') + 'Z'
  }
}

/** The event's epoch milliseconds: as given when `isoTimes` formatted them as they are, else from the text. */
function hourAtMs (ms: unknown, timestamp: string): number {
  return typeof ms === 'number' && Number.isInteger(ms) && ms >= 0 && ms < maxStoredMs ? ms : Date.parse(timestamp)
}

/** Writes of the analytics worker: flush batches, snapshots, renames and pruning. */
export function createWriter (db: Database, limits: WriterLimits = {}) {
  const insertLogRows = createLogInserter(db)
  const texts = createLogTexts(db)
  const rollups = createRollupWriter(db, texts, limits.maxPatterns ?? defaultMaxPatterns)
  const logMaxBytes = limits.logMaxBytes ?? defaultLogMaxBytes
  const idSpan = db.prepare(logIdSpanSql).pluck()
  const textBytes = db.prepare(`SELECT AVG(COALESCE(length(sql), 0) + COALESCE(length(error), 0) + (CASE WHEN typeof(at) = 'text' THEN length(at) ELSE 0 END))
    FROM (SELECT sql, error, at FROM _log ORDER BY id DESC LIMIT 1000)`).pluck()
  const logBytes = (): number => (idSpan.get() as number) * (((textBytes.get() as number | null) ?? 0) + logRowOverheadBytes)
  const pruneOldest = db.prepare('DELETE FROM _log WHERE id IN (SELECT id FROM _log ORDER BY id LIMIT ?)')
  const pruneRollups = ['_hourly_stats', '_hourly_patterns'].map(table => db.prepare(`DELETE FROM ${table} WHERE hour < ?`))
  const [dailyStats, dailyQueries] = dailyViews.map(v => createDailyWriter(db, texts, v))
  const insertSnapshot = db.prepare(`INSERT INTO _storage_snapshots
    (database, size_bytes, table_count, timestamp, database_id) VALUES (?, ?, ?, ?, ?)`)
  // times are numbers, and texts (an older file's odd ones) sort after every number: each kind pruned by its own
  // range, at most `sizePruneStep` rows a flush (by the `at` index): at 100 million events a month an hour holds
  // 140,000 rows, and deleting them at once held that flush back for seconds
  const prune = db.prepare('DELETE FROM _log WHERE id IN (SELECT id FROM _log WHERE at < :ms LIMIT :limit)')
  const pruneTexts = db.prepare("DELETE FROM _log WHERE id IN (SELECT id FROM _log WHERE at >= '' AND at < :iso LIMIT :limit)")
  const renameLog = db.prepare('UPDATE _log SET name = ? WHERE owner = ?')
  const renameSnapshots = db.prepare('UPDATE _storage_snapshots SET database = ? WHERE database_id = ?')
  // the rollups' owner and name are `_log_texts` ids (the windows hold the name's text)
  const hourlyRenames = ['_hourly_stats', '_hourly_patterns'].map(table => // hour by hour: the keys lead with the hour
    db.prepare(`UPDATE ${table} SET name = ? WHERE ${hoursFrom(table, `(SELECT MIN(hour) FROM ${table})`, 24 * 400)} AND owner = ?`))
  const windowRename = db.prepare('UPDATE _pattern_windows SET database_name = ? WHERE owner = ?')

  let lastPruneMs = -Infinity
  let agedLeft = false // rows past the retention may be left: the next flush or quiet moment takes another step
  let agedCutoff = 0
  const pruneAged = (): number => {
    if (!agedLeft) return 0
    let aged = prune.run({ ms: agedCutoff, limit: sizePruneStep }).changes
    if (aged < sizePruneStep) aged += pruneTexts.run({ iso: new Date(agedCutoff).toISOString(), limit: sizePruneStep - aged }).changes
    agedLeft = aged >= sizePruneStep
    return aged
  }
  let lastRollupPruneMs = -Infinity
  let lastSizeCheckMs = -Infinity
  let overSize = false

  // Events arrive minute after minute: one Intl call per zone and minute is enough, across batches. Today's zone
  // offsets are whole minutes, so every instant of a minute has the same local date.
  const dates = new Map<string, string>()
  let last = { zone: '', minute: '\u0000', date: '' } // no timestamp starts with NUL
  const dateOf = (timestamp: string, timeZone: string): string => {
    // past year 9999 (or before year 0) the ISO text has a six-digit year, and its first 16 characters are no minute
    if (timestamp.length !== isoLength) return localDate(Date.parse(timestamp), timeZone)
    if (timeZone === last.zone && timestamp.startsWith(last.minute)) return last.date
    const minute = timestamp.slice(0, 16)
    const key = timeZone + minute
    let date = dates.get(key)
    if (date === undefined) {
      if (dates.size >= maxCachedMinutes) dates.clear()
      date = localDate(Date.parse(timestamp), timeZone)
      dates.set(key, date)
    }
    last = { zone: timeZone, minute, date }
    return date
  }

  const writeBatch = db.transaction((events: StampedEvent[], timeZone: string) => {
    // counts: [count, rows_read, rows_written] and [count, row_count]
    const stats = new Map<string, DailyRow>()
    const queries = new Map<string, DailyRow>()
    const timeOf = isoTimes()
    let stat: DailyRow | undefined
    let query: DailyRow | undefined
    const logRows: LogRow[] = []
    const rollupRows: RollupInput[] = []
    for (const e of events) {
      const name = text(e.database)
      const id = text(e.databaseId)
      const operation = text(e.operation)
      const rowCount = Math.trunc(finite(e.rowCount))
      // whole microseconds, as the rollups sum them: the log and its rollups agree to the last digit
      const durationMs = microseconds(finite(e.durationMs)) / 1000
      const sqlText = textOrNull(e.sqlText)
      const timestamp = timeOf(e.at)
      // the spec's "query text pattern": literals replaced by ?, as in the rollups
      const pattern = rollups.patternOf(sqlText, operation)
      const ms = hourAtMs(e.at, timestamp)
      const errorMsg = textOrNull(e.errorMsg)
      const errorId = texts.refOf(errorMsg)
      // The log keeps the pattern, not the literals: values a tenant wrote inline stay out of analytics, and the
      // pattern repeats, so it is stored once (a row holds its id) while the dictionary has room.
      const loggedSql = sqlText === null ? null : pattern
      const sqlId = texts.refOf(loggedSql)
      logRows.push({
        at: ms >= 0 && ms < maxStoredMs && timestamp.length === isoLength ? ms : timestamp,
        owner: texts.idOf(id),
        name: texts.idOf(name),
        table: texts.idOrNull(textOrNull(e.tableName)),
        operation: texts.idOf(operation),
        status: e.status === 'error' ? fixedTexts.error : fixedTexts.ok,
        errorId,
        error: errorId === null ? errorMsg : null,
        sqlId,
        sql: sqlId === null ? loggedSql : null,
        durationMs,
        rowCount
      })
      rollupRows.push({
        owner: id,
        name,
        hour: hourOf(ms),
        operation,
        error: e.status === 'error',
        sql: sqlText,
        durationMs,
        rowCount
      })

      const date = dateOf(timestamp, timeZone)
      const statsOperation = e.statsOperation ?? operation
      // consecutive events mostly share their keys: the previous aggregate is reused without building a key
      if (stat === undefined || stat.id !== id || stat.date !== date || stat.key !== statsOperation) {
        const statKey = `${id}\u0000${date}\u0000${statsOperation}`
        stat = stats.get(statKey)
        if (stat === undefined) {
          stat = { date, name, id, key: statsOperation, counts: [0, 0, 0] }
          stats.set(statKey, stat)
        }
      }
      stat.name = name
      stat.counts[0]++
      if (operation === 'select') stat.counts[1] += rowCount
      else if (writeOperations.has(operation)) stat.counts[2] += rowCount

      // The unique key treats NULL as distinct, so text-less events are keyed by their operation name instead.
      if (query === undefined || query.id !== id || query.date !== date || query.key !== pattern) {
        const queryKey = `${id}\u0000${date}\u0000${pattern}`
        query = queries.get(queryKey)
        if (query === undefined) {
          query = { date, name, id, key: pattern, counts: [0, 0] }
          queries.set(queryKey, query)
        }
      }
      query.name = name
      query.counts[0]++
      query.counts[1] += rowCount
    }
    insertLogRows(logRows)
    rollups.write(rollupRows)
    dailyStats.write(stats.values())
    dailyQueries.write(queries.values())
  })

  const rename = db.transaction((databaseId: string, newName: string) => {
    let changes = renameLog.run(texts.idOf(newName), texts.idOf(databaseId)).changes
    changes += renameSnapshots.run(newName, databaseId).changes
    changes += dailyStats.rename(databaseId, newName) + dailyQueries.rename(databaseId, newName)
    for (const stmt of hourlyRenames) changes += stmt.run(texts.idOf(newName), texts.idOf(databaseId)).changes
    changes += windowRename.run(newName, texts.idOf(databaseId)).changes
    return changes
  })

  return {
    /** Inserts the log rows and upserts both daily aggregates in one transaction. */
    flush (events: StampedEvent[], timeZone: string): number {
      if (events.length === 0) return 0
      try {
        writeBatch(events, timeZone)
      } catch (err) {
        rollups.forget()
        texts.forget()
        throw err
      }
      rollups.windows.commit()
      return events.length
    },

    /**
     * Deletes log rows older than the retention: at most once per hour a pruning starts, and it goes `sizePruneStep`
     * rows a flush (and a quiet moment, `pruneAgedStep`) until none is left; returns the rows deleted.
     */
    pruneIfDue (nowMs: number): number {
      let pruned = 0
      if (overSize || nowMs - lastSizeCheckMs >= logSizeCheckMs) {
        lastSizeCheckMs = nowMs
        overSize = logBytes() > logMaxBytes
        // a small step per flush: the next flushes go on while the log is still over
        if (overSize) pruned += pruneOldest.run(sizePruneStep).changes
      }
      if (!agedLeft && nowMs - lastPruneMs >= pruneEveryMs) {
        lastPruneMs = nowMs
        agedCutoff = nowMs - retentionMs
        agedLeft = true
      }
      return pruned + pruneAged()
    },

    /** One more step of an age pruning the flushes started (the worker's quiet moments); true while rows may be left. */
    pruneAgedStep (): boolean {
      pruneAged()
      return agedLeft
    },

    /**
     * Deletes hourly rollups older than the longest window (30 days of hours: never read), at most once an hour,
     * once the running windows (moved between requests, maybe later than this) have subtracted them. Called between
     * requests, not by the flush.
     */
    pruneRollupsIfDue (nowMs: number): void {
      if (nowMs - lastRollupPruneMs < pruneEveryMs) return
      lastRollupPruneMs = nowMs
      const windowsEnd = rollups.windows.hour()
      const before = hourOf(nowMs - retentionMs) - 1
      for (const stmt of pruneRollups) stmt.run(windowsEnd === null ? before : Math.min(before, windowsEnd - maxWindowHours + 1))
    },

    /** The rollup writer, shared with the backfill of an upgraded file. */
    rollups,

    /**
     * One row per database, each committed on its own: as the spec has it, a failed snapshot write is not
     * rolled back, so the rows written before a failure stay. The first failure ends the round (the rest
     * would wait out the same lock or full disk) and is thrown for the caller to log.
     */
    snapshot (databases: DatabaseSize[], timestamp: string): number {
      let written = 0
      try {
        for (const d of databases) {
          insertSnapshot.run(text(d.name), Math.trunc(finite(d.sizeBytes)), Math.trunc(finite(d.tableCount)), timestamp, text(d.id))
          written++
        }
      } catch (err) {
        const e = err as Error & { code?: string }
        throw Object.assign(new Error(`snapshot stopped after ${written} of ${databases.length} rows: ${e.message}`), { code: e.code })
      }
      return written
    },

    /** Renames the rows this server wrote for `databaseId`; rows without an id (older files) keep their name. */
    rename (databaseId: string, newName: string): number {
      rollups.windows.apply() // pending sums carry the old name
      try {
        return rename(databaseId, newName)
      } catch (err) {
        texts.forget()
        throw err
      }
    }
  }
}

import type { Database } from 'better-sqlite3'
import { rollupTables } from './rollups.js'
import { backfillTable, planBackfill } from './backfill.js'
import { patternWindowTables } from './pattern-windows.js'
import { createCompactLog, logIndexes } from './log-schema.js'
import { normalizeSql } from './patterns.js'
import { createDailyViews } from './daily-tables.js'

/**
 * `_analytics.db` layouts, by `PRAGMA user_version`:
 * - v1: the four tables without any `database_id` column;
 * - v2: `database_id` in `_query_log` and `_storage_snapshots` only;
 * - v3: `_daily_stats` and `_daily_queries` carry `database_id` and are unique on
 *   (database_id, date, operation) and (database_id, date, sql_text).
 * - v4: the hourly rollups (`_hourly_stats`, `_hourly_patterns`, rollups.ts), filled by every flush; an upgraded
 *   file's rollups are backfilled from its raw log in bounded background steps (backfill.ts).
 * - v5: the running per-pattern windows (`_pattern_windows`, pattern-windows.ts), built from the hourly rollups by
 *   the first flush or read that needs them.
 * - v6: the compact raw log (`_log` and its dictionary `_log_texts`, log-schema.ts); `_query_log` is a view over it
 *   with the spec's columns. The rows of the `_query_log` table move into it, ids and all.
 * - v7: the hourly rollups' keys lead with the hour, `(hour, owner, ...)`, and `owner` (there and in the running
 *   windows) is the owner text's `_log_texts` id (rollups.ts); the `(hour)` index on `_hourly_patterns` is gone. A v4
 *   to v6 file's rows are copied into the new tables at open; its windows are built again.
 * - v8: the hourly rollups hold the database name and the pattern by their `_log_texts` ids (`name`, `pattern`), and
 *   histograms are written in the compact encoding (histogram.ts; older blobs are read as they are). A v4 to v7 file's
 *   rows are copied into the new tables at open (one pass over them, in the analytics worker, whose bounded buffer
 *   holds the events meanwhile).
 * - v9: `_daily_stats` and `_daily_queries` are views over compact tables keyed by the day and `_log_texts` ids
 *   (daily-tables.ts); the rows of the v3 tables move into them, except those whose key holds a NULL or an odd date,
 *   which stay in `_daily_stats_legacy` / `_daily_queries_legacy` (the v3 tables, renamed).
 * - v10: the hourly rollups and the running windows hold latencies as INTEGER microseconds (`total_us`, `max_us`)
 *   instead of REAL milliseconds, and each window row the hourly maxima that can still become its maximum
 *   (`maxima`, window-maxima.ts); a v4 to v9 file's rows are copied into the new tables at open.
 * `_query_log.sql_text` (the text or template searched by the query endpoints) is added to any layout missing it.
 */
export const schemaVersion = 10

const queryLogTable = `CREATE TABLE IF NOT EXISTS _query_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  database TEXT NOT NULL,
  table_name TEXT,
  operation TEXT NOT NULL,
  duration_ms REAL NOT NULL DEFAULT 0,
  row_count INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL,
  error_msg TEXT,
  timestamp TEXT NOT NULL,
  database_id TEXT,
  sql_text TEXT
)`

const snapshotsTable = `CREATE TABLE IF NOT EXISTS _storage_snapshots (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  database TEXT NOT NULL,
  size_bytes INTEGER NOT NULL DEFAULT 0,
  table_count INTEGER NOT NULL DEFAULT 0,
  timestamp TEXT NOT NULL,
  database_id TEXT
)`

// Copied rows from older layouts may hold NULLs anywhere, so the daily tables constrain nothing but their keys.
// database_id stays NULL on rows written before v3: SQLite UNIQUE treats NULLs as distinct, so those rows keep
// their name-only identity and new (always identified) events never merge into them.
const dailyTables = {
  _daily_stats: {
    create: `CREATE TABLE _daily_stats (
  date TEXT,
  database_name TEXT,
  database_id TEXT,
  operation TEXT,
  count INTEGER NOT NULL DEFAULT 0,
  rows_read INTEGER NOT NULL DEFAULT 0,
  rows_written INTEGER NOT NULL DEFAULT 0,
  UNIQUE (database_id, date, operation)
)`,
    key: ['database_id', 'date', 'operation'],
    sums: ['count', 'rows_read', 'rows_written']
  },
  _daily_queries: {
    create: `CREATE TABLE _daily_queries (
  date TEXT,
  database_name TEXT,
  database_id TEXT,
  sql_text TEXT,
  count INTEGER NOT NULL DEFAULT 0,
  row_count INTEGER NOT NULL DEFAULT 0,
  UNIQUE (database_id, date, sql_text)
)`,
    key: ['database_id', 'date', 'sql_text'],
    sums: ['count', 'row_count']
  }
} as const

/**
 * Per-database reads go by `database_id`, and by name only for rows written before ids existed (NULL id). Every
 * query event updates each `_log` index, so the name indexes are partial: new rows never touch them.
 */
const indexes: Record<string, string> = {
  ...logIndexes,
  _storage_snapshots_database_id_timestamp: '_storage_snapshots (database_id, timestamp)',
  _storage_snapshots_unidentified: '_storage_snapshots (database, timestamp) WHERE database_id IS NULL'
}

/**
 * Indexes earlier servers made and this one replaced (v6's `(hour)` index: the v7 keys lead with the hour; the
 * `_daily_stats (date)` index: v9's daily keys lead with the day, and nothing reads the legacy rows by date).
 */
const retiredIndexes = ['_query_log_database_timestamp', '_storage_snapshots_database_timestamp', '_storage_snapshots_database_id',
  '_hourly_patterns_hour', '_daily_stats_date']

/** v4 to v9 latencies, REAL milliseconds, as the v10 rollups' INTEGER microseconds (rollups.ts). */
const inMicroseconds: Record<string, string> = {
  total_us: 'CAST(ROUND(total_ms * 1000) AS INTEGER)',
  max_us: 'CAST(ROUND(max_ms * 1000) AS INTEGER)'
}

/**
 * Moves a table's rows into its current layout: renamed, created again by `create` (`IF NOT EXISTS` DDL), each of
 * its columns read from the old rows as `read[column]` or by its own name, in `order`.
 */
function moveRows (db: Database, table: string, create: string, read: Record<string, string>, order: string): void {
  const old = `${table}_before_v${schemaVersion}`
  db.exec(`ALTER TABLE ${table} RENAME TO ${old}`)
  db.exec(create)
  const columns = columnsOf(db, table)
  db.exec(`INSERT INTO ${table} (${columns.join(', ')}) SELECT ${columns.map(c => read[c] ?? c).join(', ')}
    FROM ${old} ORDER BY ${order}`)
  db.exec(`DROP TABLE ${old}`)
}

/**
 * Older hourly rollups and running windows, moved into the current tables. Before v8: keyed `(hour, owner, ...)`
 * (v7), the owner (a text before v7), the database name and the pattern by their `_log_texts` ids (v8); every text
 * the old rows hold goes into the dictionary, past its bounds if need be, so that a pattern is held by id in every
 * row or in none (rollups.ts). Before v10: latencies in integer microseconds, and the windows' `maxima` unknown
 * (NULL: found again when read, pattern-windows.ts). The running windows of a v4 to v6 file, keyed by the owner's
 * text, are dropped: the first move builds them again.
 */
function moveRollups (db: Database, from: number): void {
  const textId = (column: string): string => `(SELECT id FROM _log_texts WHERE text = ${column})`
  const byId: Record<string, string> = from >= 8
    ? {}
    : {
        owner: `CASE WHEN typeof(owner) = 'text' THEN ${textId('owner')} ELSE owner END`,
        name: textId('database_name'),
        pattern: textId('pattern')
      }
  for (const table of ['_hourly_stats', '_hourly_patterns'].filter(table => tableExists(db, table))) {
    if (from < 8) {
      const texts = ["SELECT owner FROM old WHERE typeof(owner) = 'text'", 'SELECT database_name FROM old']
      if (table === '_hourly_patterns') texts.push('SELECT pattern FROM old')
      db.exec(`INSERT OR IGNORE INTO _log_texts (text) WITH old AS (SELECT * FROM ${table}) ${texts.join(' UNION ')}`)
    }
    moveRows(db, table, rollupTables, { ...byId, ...inMicroseconds }, 'hour')
  }
  db.exec(rollupTables) // a file older than v4 has none
  if (!tableExists(db, '_pattern_windows')) return
  if (from < 7) {
    db.exec('DROP TABLE _pattern_windows')
    db.exec('DELETE FROM _pattern_windows_hour')
  } else {
    moveRows(db, '_pattern_windows', patternWindowTables, { ...inMicroseconds, maxima: 'NULL' }, 'span, owner, pattern')
  }
}

function columnsOf (db: Database, table: string): string[] {
  return (db.pragma(`table_info(${table})`) as Array<{ name: string }>).map(c => c.name)
}

function addColumnIfMissing (db: Database, table: string, column: string): void {
  if (!columnsOf(db, table).includes(column)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} TEXT`)
}

function hasUniqueKey (db: Database, table: string, key: readonly string[]): boolean {
  const list = db.pragma(`index_list(${table})`) as Array<{ name: string, unique: number }>
  return list.some(index => {
    if (index.unique !== 1) return false
    const cols = (db.pragma(`index_info("${index.name.replaceAll('"', '""')}")`) as Array<{ name: string }>).map(c => c.name)
    return cols.join(',') === key.join(',')
  })
}

/** Rebuilds an older daily table in the v3 layout, keeping every row (summing any that now share a key). */
function rebuildDailyTable (db: Database, table: keyof typeof dailyTables): void {
  const spec = dailyTables[table]
  const old = `${table}_before_v3`
  db.exec(`ALTER TABLE ${table} RENAME TO ${old}`)
  db.exec(spec.create)
  const oldColumns = columnsOf(db, old)
  const newColumns = columnsOf(db, table)
  const select = newColumns.map(c => {
    if (!oldColumns.includes(c)) return (spec.sums as readonly string[]).includes(c) ? '0' : 'NULL'
    return (spec.sums as readonly string[]).includes(c) ? `COALESCE(${c}, 0)` : c
  })
  const merge = spec.sums.map(c => `${c} = ${table}.${c} + excluded.${c}`).join(', ')
  db.exec(`INSERT INTO ${table} (${newColumns.join(', ')}) SELECT ${select.join(', ')} FROM ${old} WHERE true
    ON CONFLICT (${spec.key.join(', ')}) DO UPDATE SET ${merge}`)
  db.exec(`DROP TABLE ${old}`)
}

function tableExists (db: Database, table: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined
}

/** The index set is not part of the versioned layout: each open brings it up to date (a no-op when it is). */
function reconcileIndexes (db: Database): void {
  const present = new Set((db.prepare("SELECT name FROM sqlite_master WHERE type = 'index'").all() as Array<{ name: string }>)
    .map(i => i.name))
  const stale = retiredIndexes.filter(name => present.has(name))
  const missing = Object.keys(indexes).filter(name => !present.has(name))
  if (stale.length === 0 && missing.length === 0) return
  db.transaction(() => {
    for (const name of stale) db.exec(`DROP INDEX ${name}`)
    for (const name of missing) db.exec(`CREATE INDEX ${name} ON ${indexes[name]}`)
  })()
}

/**
 * The page cache of an upgrade, which moves whole tables (v8's and v10's hourly rows, v9's daily rows): with the
 * default 2 MB, their B-tree pages were read again and again (bench/README.md, "The daily tables as views over compact
 * sums").
 */
const upgradeCacheKib = 64 * 1024

/** Brings `_analytics.db` to the current layout in one transaction; a no-op on an up-to-date file. */
export function migrate (db: Database): { from: number, to: number } {
  const from = db.pragma('user_version', { simple: true }) as number
  if (from >= schemaVersion) {
    reconcileIndexes(db)
    return { from, to: from }
  }
  const cacheSize = db.pragma('cache_size', { simple: true }) as number
  db.pragma(`cache_size = ${-upgradeCacheKib}`)
  try {
    upgrade(db, from)
  } finally {
    db.pragma(`cache_size = ${cacheSize}`)
  }
  reconcileIndexes(db)
  return { from, to: schemaVersion }
}

function upgrade (db: Database, from: number): void {
  db.transaction(() => {
    if (!tableExists(db, '_log')) { // the table before v6, moved into `_log` below
      db.exec(queryLogTable)
      addColumnIfMissing(db, '_query_log', 'database_id')
      addColumnIfMissing(db, '_query_log', 'sql_text')
    }
    db.exec(snapshotsTable)
    addColumnIfMissing(db, '_storage_snapshots', 'database_id')
    for (const table of Object.keys(dailyTables) as Array<keyof typeof dailyTables>) {
      if (from >= 9) break // views since v9
      if (!tableExists(db, table)) db.exec(dailyTables[table].create)
      else if (!hasUniqueKey(db, table, dailyTables[table].key)) rebuildDailyTable(db, table)
    }
    db.exec(backfillTable)
    if (from < 4) planBackfill(db) // a v4 log is rolled up already
    createCompactLog(db, sql => normalizeSql(sql) === sql)
    if (from < 10) moveRollups(db, from) // creates them on a file older than v4; needs `_log_texts`
    if (from < 9) createDailyViews(db) // needs `_log_texts`
    db.exec(patternWindowTables)
    db.pragma(`user_version = ${schemaVersion}`)
  })()
}

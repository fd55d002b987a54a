import type { Database } from 'better-sqlite3'
import { rollupTables } from './rollups.js'
import { backfillTable, planBackfill } from './backfill.js'
import { patternWindowTables } from './pattern-windows.js'
import { createCompactLog, logIndexes } from './log-schema.js'
import { normalizeSql } from './patterns.js'

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
 * `_query_log.sql_text` (the text or template searched by the query endpoints) is added to any layout missing it.
 */
export const schemaVersion = 7

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
  _storage_snapshots_unidentified: '_storage_snapshots (database, timestamp) WHERE database_id IS NULL',
  _daily_stats_date: '_daily_stats (date)'
}

/** Indexes earlier servers made and this one replaced (v6's `(hour)` index: the v7 keys lead with the hour). */
const retiredIndexes = ['_query_log_database_timestamp', '_storage_snapshots_database_timestamp', '_storage_snapshots_database_id',
  '_hourly_patterns_hour']

/**
 * v4 to v6 hourly rollups, keyed `(owner, hour, ...)` with the owner's text, copied into the v7 tables keyed
 * `(hour, owner, ...)` with the owner's `_log_texts` id. The running windows, keyed by the owner's text too, are
 * dropped: the first move builds them again from the hourly rows.
 */
function rekeyHourlyTables (db: Database): void {
  for (const table of ['_hourly_stats', '_hourly_patterns']) {
    if (!tableExists(db, table)) continue
    db.exec(`ALTER TABLE ${table} RENAME TO ${table}_v6`)
    db.exec(`INSERT OR IGNORE INTO _log_texts (text) SELECT DISTINCT owner FROM ${table}_v6 WHERE typeof(owner) = 'text'`)
  }
  db.exec(rollupTables)
  for (const table of ['_hourly_stats', '_hourly_patterns']) {
    if (!tableExists(db, `${table}_v6`)) continue
    const columns = columnsOf(db, table)
    const select = columns.map(c => c === 'owner'
      ? "CASE WHEN typeof(owner) = 'text' THEN (SELECT id FROM _log_texts WHERE text = owner) ELSE owner END"
      : c)
    db.exec(`INSERT INTO ${table} (${columns.join(', ')}) SELECT ${select.join(', ')} FROM ${table}_v6 ORDER BY hour`)
    db.exec(`DROP TABLE ${table}_v6`)
  }
  if (tableExists(db, '_pattern_windows')) {
    db.exec('DROP TABLE _pattern_windows')
    db.exec('DELETE FROM _pattern_windows_hour')
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

/** Brings `_analytics.db` to the current layout in one transaction; a no-op on an up-to-date file. */
export function migrate (db: Database): { from: number, to: number } {
  const from = db.pragma('user_version', { simple: true }) as number
  if (from >= schemaVersion) {
    reconcileIndexes(db)
    return { from, to: from }
  }
  db.transaction(() => {
    if (!tableExists(db, '_log')) { // the table before v6, moved into `_log` below
      db.exec(queryLogTable)
      addColumnIfMissing(db, '_query_log', 'database_id')
      addColumnIfMissing(db, '_query_log', 'sql_text')
    }
    db.exec(snapshotsTable)
    addColumnIfMissing(db, '_storage_snapshots', 'database_id')
    for (const table of Object.keys(dailyTables) as Array<keyof typeof dailyTables>) {
      if (!tableExists(db, table)) db.exec(dailyTables[table].create)
      else if (!hasUniqueKey(db, table, dailyTables[table].key)) rebuildDailyTable(db, table)
    }
    db.exec(backfillTable)
    if (from < 4) planBackfill(db) // a v4 log is rolled up already
    createCompactLog(db, sql => normalizeSql(sql) === sql)
    if (from < 7) rekeyHourlyTables(db) // creates them on a file older than v4; needs `_log_texts`
    db.exec(patternWindowTables)
    db.pragma(`user_version = ${schemaVersion}`)
  })()
  reconcileIndexes(db)
  return { from, to: schemaVersion }
}

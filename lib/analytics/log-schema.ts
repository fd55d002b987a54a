import type { Database } from 'better-sqlite3'

/**
 * The compact raw log (schema v6, issue #24): `_query_log` is a view over `_log`, whose rows hold integers where
 * the spec's columns hold repeated text. Database names and ids, table names, operations, statuses, error messages
 * and SQL templates are stored once in `_log_texts` and referenced by id; a time is epoch milliseconds. 269 bytes
 * per row (indexes included) were mostly these texts, each row repeating a 36-character id, a 24-character time and
 * its statement.
 *
 * A message or statement is either in the dictionary (`error_id`, `sql_id`) or, once the dictionary is full, kept in
 * its row (`error`, `sql`). The writer stores a statement's pattern (literals as `?`), which repeats; rows of files
 * written before 2026-11-27 may hold a statement with its literals in the row. `at` holds the epoch milliseconds, or the timestamp text when it is not a canonical ISO instant of
 * 1970–9999 (from an older file, or an INSERT into the view).
 *
 * The view and its INSERT trigger are plain SQL: any SQLite client reads and appends `_query_log` as before.
 */
export const logTable = `CREATE TABLE IF NOT EXISTS _log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at INTEGER,
  owner INTEGER,
  name INTEGER,
  tbl INTEGER,
  op INTEGER,
  status INTEGER,
  error_id INTEGER,
  error TEXT,
  sql_id INTEGER,
  sql TEXT,
  duration_ms REAL,
  row_count INTEGER
)`

export const textsTable = `CREATE TABLE IF NOT EXISTS _log_texts (
  id INTEGER PRIMARY KEY,
  text TEXT NOT NULL UNIQUE
)`

/** Texts every file holds under the same ids, so that SQL (the errors index) can name them. */
export const fixedTexts = { ok: 1, error: 2, select: 3, insert: 4, update: 5, delete: 6 } as const
export const seedTexts = `INSERT OR IGNORE INTO _log_texts (id, text) VALUES ${Object.entries(fixedTexts).map(([text, id]) => `(${id}, '${text}')`).join(', ')}`

/** Past this many texts, statements and messages are kept in their rows: a flood of unique ones cannot grow it. */
export const maxDictionaryTexts = 100_000
/**
 * Past this many characters of text, too: 100,000 statements of 4,096 characters would be 400 MB that no pruning
 * reaches (the raw log's size bound counts rows, not the dictionary). In rows, texts are pruned with the log.
 */
export const maxDictionaryChars = 32 * 1024 * 1024

/** `at` values kept as numbers: 1970-01-01 up to the end of year 9999, where ISO text has 24 characters. */
export const maxStoredMs = 253402300800000

/** The ISO text of an integer `at` (whole milliseconds, exact: no floating point). */
export const isoOf = (at: string): string =>
  `strftime('%Y-%m-%dT%H:%M:%S', ${at} / 1000, 'unixepoch') || '.' || substr('00' || (${at} % 1000), -3) || 'Z'`

/** `ts` as stored in `at`: its milliseconds when that reads back as the same text, else the text. */
const atOf = (ts: string): string => {
  const ms = `(CAST(strftime('%s', ${ts}) AS INTEGER) * 1000 + CAST(substr(${ts}, 21, 3) AS INTEGER))`
  return `CASE WHEN length(${ts}) = 24 AND ${isoOf(ms)} = ${ts} THEN ${ms} ELSE ${ts} END`
}

/** The text of `_log` row `l`'s `column` (`error` or `sql`): from the dictionary or the row. */
const textOf = (column: string): string => `COALESCE((SELECT text FROM _log_texts WHERE id = l.${column}_id), l.${column})`
/** SQL: the `_log_texts` id of the text `value` (NULL when it is not stored). */
export const refOf = (value: string): string => `(SELECT id FROM _log_texts WHERE text = ${value})`

/** SQL: the text of a `_log_texts` id (a rollup row's database name). */
export const textById = (id: string): string => `(SELECT text FROM _log_texts WHERE id = ${id})`
/**
 * A rollup's `pattern` (schema v8) is the pattern's `_log_texts` id, or, past the dictionary's bounds, its text. The
 * dictionary is never pruned, so a pattern is held one way for good: by id once stored there, else as text.
 */
export const patternTextOf = (column: string): string => `CASE WHEN typeof(${column}) = 'integer' THEN ${textById(column)} ELSE ${column} END`
/** SQL: the `pattern` value that holds the pattern text `value`. */
export const patternKeyOf = (value: string): string => `COALESCE(${refOf(value)}, ${value})`

/** The spec's `_query_log` columns, in their order, from `_log` as `l`. */
export const logViewColumns = `l.id AS id,
  (SELECT text FROM _log_texts WHERE id = l.name) AS database,
  (SELECT text FROM _log_texts WHERE id = l.tbl) AS table_name,
  (SELECT text FROM _log_texts WHERE id = l.op) AS operation,
  l.duration_ms AS duration_ms,
  l.row_count AS row_count,
  (SELECT text FROM _log_texts WHERE id = l.status) AS status,
  ${textOf('error')} AS error_msg,
  CASE WHEN typeof(l.at) = 'integer' THEN ${isoOf('l.at')} ELSE l.at END AS timestamp,
  (SELECT text FROM _log_texts WHERE id = l.owner) AS database_id,
  ${textOf('sql')} AS sql_text`

/** The `sql_text` and `error_msg` of `_log` row `l`, for filters. */
export const sqlTextOf = textOf('sql')
export const errorTextOf = textOf('error')

const logView = `CREATE VIEW IF NOT EXISTS _query_log AS SELECT ${logViewColumns} FROM _log AS l`

/** An INSERT into the view (tools, tests, older code) stores its texts once and its row in `_log`. */
const textColumns = ['database', 'table_name', 'operation', 'status', 'error_msg', 'database_id', 'sql_text']
const insertTrigger = `CREATE TRIGGER IF NOT EXISTS _query_log_insert INSTEAD OF INSERT ON _query_log BEGIN
  INSERT OR IGNORE INTO _log_texts (text) ${textColumns.map(c => `SELECT NEW.${c} WHERE NEW.${c} IS NOT NULL`).join(' UNION ALL ')};
  INSERT INTO _log (id, at, owner, name, tbl, op, status, error_id, sql_id, duration_ms, row_count) VALUES (NEW.id,
    ${atOf('NEW.timestamp')}, ${refOf('NEW.database_id')}, ${refOf('NEW.database')}, ${refOf('NEW.table_name')},
    ${refOf('NEW.operation')}, ${refOf('NEW.status')}, ${refOf('NEW.error_msg')}, ${refOf('NEW.sql_text')},
    COALESCE(NEW.duration_ms, 0), COALESCE(NEW.row_count, 0)); -- the v5 table's defaults
END`

/**
 * Reads go by owner (database id), by name for rows written before ids existed, by time for pruning, and by time
 * among failures. Status `2` is `fixedTexts.error`.
 */
export const logIndexes: Record<string, string> = {
  _log_at: '_log (at)',
  _log_owner_at: '_log (owner, at)',
  _log_unidentified: '_log (name, at) WHERE owner IS NULL',
  _log_errors: `_log (at) WHERE status = ${fixedTexts.error}`
}

/** The indexes of the v5 `_query_log` table, dropped with it. */
export const queryLogTableIndexes = ['_query_log_timestamp', '_query_log_database_id_timestamp', '_query_log_unidentified', '_query_log_errors',
  '_query_log_database_timestamp']

function isTable (db: Database, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined
}

/**
 * Creates the compact log, moving the rows of a `_query_log` table (any earlier layout, brought to the v5 columns)
 * into it with their ids, and the AUTOINCREMENT counter with them. `isTemplate` says which statements go to the
 * dictionary (those without literals, as the writer does). Runs inside the migration's transaction.
 */
export function createCompactLog (db: Database, isTemplate: (sql: string) => boolean): void {
  const moving = isTable(db, '_query_log')
  if (moving) db.exec('ALTER TABLE _query_log RENAME TO _query_log_v5')
  db.exec(textsTable)
  db.exec(seedTexts)
  db.exec(logTable)
  if (moving) {
    db.function('analytics_is_template', { deterministic: true }, (sql: unknown) => typeof sql === 'string' && isTemplate(sql) ? 1 : 0)
    db.exec(`INSERT OR IGNORE INTO _log_texts (text)
      SELECT database FROM _query_log_v5 WHERE database IS NOT NULL UNION SELECT database_id FROM _query_log_v5 WHERE database_id IS NOT NULL
      UNION SELECT table_name FROM _query_log_v5 WHERE table_name IS NOT NULL UNION SELECT operation FROM _query_log_v5 WHERE operation IS NOT NULL
      UNION SELECT status FROM _query_log_v5 WHERE status IS NOT NULL UNION SELECT error_msg FROM _query_log_v5 WHERE error_msg IS NOT NULL
      UNION SELECT sql_text FROM _query_log_v5 WHERE analytics_is_template(sql_text)`)
    db.exec(`INSERT INTO _log (id, at, owner, name, tbl, op, status, error_id, sql_id, sql, duration_ms, row_count)
      SELECT o.id, ${atOf('o.timestamp')}, ${refOf('o.database_id')}, ${refOf('o.database')}, ${refOf('o.table_name')},
        ${refOf('o.operation')}, ${refOf('o.status')}, ${refOf('o.error_msg')},
        CASE WHEN analytics_is_template(o.sql_text) THEN ${refOf('o.sql_text')} END,
        CASE WHEN analytics_is_template(o.sql_text) THEN NULL ELSE o.sql_text END,
        o.duration_ms, o.row_count
      FROM _query_log_v5 AS o ORDER BY o.id`)
    // the counter goes on from where the old table's stopped (its newest rows may have been deleted)
    db.exec(`UPDATE sqlite_sequence SET seq = MAX(seq, COALESCE((SELECT seq FROM sqlite_sequence WHERE name = '_query_log_v5'), 0))
      WHERE name = '_log'`)
    db.exec(`INSERT INTO sqlite_sequence (name, seq) SELECT '_log', seq FROM sqlite_sequence WHERE name = '_query_log_v5'
      AND NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = '_log')`)
    for (const index of queryLogTableIndexes) db.exec(`DROP INDEX IF EXISTS ${index}`)
    db.exec('DROP TABLE _query_log_v5')
    db.exec("DELETE FROM sqlite_sequence WHERE name = '_query_log_v5'")
  }
  db.exec(logView)
  db.exec(insertTrigger)
}

import type { Database } from 'better-sqlite3'
import { patternKeyOf, patternTextOf, refOf, textById } from './log-schema.js'
import type { LogTexts } from './log-texts.js'

/**
 * The spec's daily aggregates (schema v9): `_daily_stats` and `_daily_queries` are views, with the spec's columns
 * and order, over compact tables keyed `(day, owner, op | pattern)` that hold the date as a day number and
 * the database id, name, operation and pattern as `_log_texts` ids (a pattern past the dictionary's bounds as its
 * text, as in the hourly rollups). The v3 tables repeated the 36-character id and the pattern text in every row and
 * again in their unique index: about 200 bytes a `_daily_queries` row, some 300 MB at 100 million events a month
 * (bench/README.md). Their keys lead with the day, so a flush's upserts share today's leaf pages instead of one per
 * database.
 *
 * A row whose key cannot be held so (a NULL id, date or text, from a file written before ids existed, or a date
 * that is not a plain `YYYY-MM-DD`) stays in `<view>_legacy`, the v3 table as it was, which the view also reads.
 * The spec's unique constraint holds through the compact key: an INSERT into the view that repeats a key fails
 * with "UNIQUE constraint failed", as it did on the table. INSERT, UPDATE and DELETE on the views are triggers.
 */
interface DailyView {
  view: '_daily_stats' | '_daily_queries'
  sums: string
  /** the third key column, after date and database_id */
  key: 'operation' | 'sql_text'
  /**
   * its column in the sums table: another name, since SQLite resolved `ORDER BY operation` on the view to the sums
   * table's `operation` (the id) when the two had the same name
   */
  column: 'op' | 'pattern'
  counts: readonly string[]
}

export const dailyViews: readonly DailyView[] = [
  { view: '_daily_stats', sums: '_daily_stat_sums', key: 'operation', column: 'op', counts: ['count', 'rows_read', 'rows_written'] },
  { view: '_daily_queries', sums: '_daily_query_sums', key: 'sql_text', column: 'pattern', counts: ['count', 'row_count'] }
]

export const legacyOf = (view: string): string => `${view}_legacy`

/** SQL: the day number of a plain `YYYY-MM-DD` date (days since 1970-01-01), NULL for anything else. */
const dayOfSql = (date: string): string => `CASE WHEN date(${date}) IS ${date} THEN CAST(julianday(${date}) - 2440587.5 AS INTEGER) END`
// the operation and the pattern: an id, or (a pattern past the dictionary's bounds) the text
const keyOf = (v: DailyView, value: string): string => v.key === 'operation' ? refOf(value) : patternKeyOf(value)

const sumsTable = (v: DailyView): string => `CREATE TABLE IF NOT EXISTS ${v.sums} (
  day INTEGER NOT NULL,
  owner INTEGER NOT NULL,
  ${v.column === 'op' ? 'op INTEGER' : 'pattern'} NOT NULL,
  name INTEGER NOT NULL,
  ${v.counts.map(c => `${c} INTEGER NOT NULL`).join(',\n  ')},
  PRIMARY KEY (day, owner, ${v.column})
) WITHOUT ROWID`

const viewOf = (v: DailyView): string => `CREATE VIEW IF NOT EXISTS ${v.view} AS
  SELECT date(s.day + 2440587.5) AS date, ${textById('s.name')} AS database_name, ${textById('s.owner')} AS database_id,
    ${patternTextOf(`s.${v.column}`)} AS ${v.key}, ${v.counts.map(c => `s.${c} AS ${c}`).join(', ')}
  FROM ${v.sums} AS s
  UNION ALL SELECT date, database_name, database_id, ${v.key}, ${v.counts.join(', ')} FROM ${legacyOf(v.view)}`

/** SQL: the compact key of the row `row` (NEW or OLD) is expressible: a plain date, an id, a key text. */
const keyable = (v: DailyView, row: string): string =>
  `${row}.database_id IS NOT NULL AND ${row}.${v.key} IS NOT NULL AND ${dayOfSql(`${row}.date`)} IS NOT NULL`

const sumsMatch = (v: DailyView, row: string): string =>
  `day = ${dayOfSql(`${row}.date`)} AND owner = ${refOf(`${row}.database_id`)} AND ${v.column} = ${keyOf(v, `${row}.${v.key}`)}`
const legacyMatch = (v: DailyView, row: string): string =>
  ['date', 'database_name', 'database_id', v.key, ...v.counts].map(c => `${c} IS ${row}.${c}`).join(' AND ')

const storeTexts = (v: DailyView): string =>
  `INSERT OR IGNORE INTO _log_texts (text) ${['database_name', 'database_id', v.key]
    .map(c => `SELECT NEW.${c} WHERE NEW.${c} IS NOT NULL`).join(' UNION ALL ')}`

const insertNew = (v: DailyView): string => {
  const counts = v.counts.map(c => `COALESCE(NEW.${c}, 0)`).join(', ')
  return `${storeTexts(v)};
  INSERT INTO ${v.sums} (day, owner, ${v.column}, name, ${v.counts.join(', ')})
    SELECT ${dayOfSql('NEW.date')}, ${refOf('NEW.database_id')}, ${keyOf(v, `NEW.${v.key}`)},
      COALESCE(${refOf('NEW.database_name')}, ${refOf("''")}), ${counts} WHERE ${keyable(v, 'NEW')};
  INSERT INTO ${legacyOf(v.view)} (date, database_name, database_id, ${v.key}, ${v.counts.join(', ')})
    SELECT NEW.date, NEW.database_name, NEW.database_id, NEW.${v.key}, ${counts} WHERE NOT (${keyable(v, 'NEW')})`
}

const deleteOld = (v: DailyView): string => `DELETE FROM ${v.sums} WHERE ${keyable(v, 'OLD')} AND ${sumsMatch(v, 'OLD')};
  DELETE FROM ${legacyOf(v.view)} WHERE NOT (${keyable(v, 'OLD')}) AND ${legacyMatch(v, 'OLD')}`

const triggersOf = (v: DailyView): string => `
CREATE TRIGGER IF NOT EXISTS ${v.view}_insert INSTEAD OF INSERT ON ${v.view} BEGIN
  INSERT OR IGNORE INTO _log_texts (text) VALUES ('');
  ${insertNew(v)};
END;
CREATE TRIGGER IF NOT EXISTS ${v.view}_delete INSTEAD OF DELETE ON ${v.view} BEGIN
  ${deleteOld(v)};
END;
CREATE TRIGGER IF NOT EXISTS ${v.view}_update INSTEAD OF UPDATE ON ${v.view} BEGIN
  ${deleteOld(v)};
  INSERT OR IGNORE INTO _log_texts (text) VALUES ('');
  ${insertNew(v)};
END;`

/**
 * Turns the v3 daily tables (present: the migration creates or rebuilds them first) into the v9 views, inside the
 * migration's transaction. Every text their keyable rows hold goes into the dictionary, past its bounds if need be,
 * as the hourly rollups' upgrade does (schema.ts), so that a pattern is held by id in every row or in none.
 */
export function createDailyViews (db: Database): void {
  for (const v of dailyViews) {
    const legacy = legacyOf(v.view)
    const created = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").pluck().get(v.view) as string | undefined
    db.exec(sumsTable(v))
    if (created !== undefined) {
      const old = `${v.view}_v8`
      db.exec(`ALTER TABLE ${v.view} RENAME TO ${old}`)
      const keyed = `FROM ${old} AS o WHERE ${keyable(v, 'o')}`
      db.exec(`INSERT OR IGNORE INTO _log_texts (text) SELECT database_id ${keyed} UNION SELECT ${v.key} ${keyed}
        UNION SELECT database_name ${keyed} AND database_name IS NOT NULL UNION SELECT ''`)
      db.exec(`INSERT INTO ${v.sums} (day, owner, ${v.column}, name, ${v.counts.join(', ')})
        SELECT ${dayOfSql('o.date')}, ${refOf('o.database_id')}, ${refOf(`o.${v.key}`)}, ${refOf("COALESCE(o.database_name, '')")},
          ${v.counts.map(c => `COALESCE(o.${c}, 0)`).join(', ')} ${keyed} ORDER BY 1, 2, 3`)
      // the rows left behind go into a new table of the same layout: deleting the moved ones, most of a large
      // table, from the old one and its unique index took longer than everything else
      db.exec(created.replace(/^CREATE TABLE (IF NOT EXISTS )?("?)\w+\2/, `CREATE TABLE ${legacy}`))
      db.exec(`INSERT INTO ${legacy} SELECT * FROM ${old} AS o WHERE NOT (${keyable(v, 'o')})`)
      db.exec(`DROP TABLE ${old}`)
    }
    db.exec(viewOf(v))
    db.exec(triggersOf(v))
  }
}

/** The day number of a plain `YYYY-MM-DD` date, or null (the row then goes to the legacy table). */
export function dayNumber (date: string): number | null {
  if (date.length !== 10) return null
  const ms = Date.parse(`${date}T00:00:00.000Z`)
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date) return null
  return ms / 86_400_000
}

export interface DailyRow {
  date: string
  name: string
  id: string
  /** the operation (`_daily_stats`) or the pattern (`_daily_queries`) */
  key: string
  counts: number[]
}

/** The flush's side of one daily view: upserts a batch's sums, and renames a database's rows. */
export function createDailyWriter (db: Database, texts: LogTexts, v: DailyView) {
  const legacy = legacyOf(v.view)
  const add = v.counts.map(c => `${c} = ${v.sums}.${c} + excluded.${c}`).join(', ')
  const upsert = db.prepare(`INSERT INTO ${v.sums} (day, owner, ${v.column}, name, ${v.counts.join(', ')})
    VALUES (${Array(4 + v.counts.length).fill('?').join(', ')})
    ON CONFLICT (day, owner, ${v.column}) DO UPDATE SET name = excluded.name, ${add}`)
  const upsertLegacy = db.prepare(`INSERT INTO ${legacy} (date, database_name, database_id, ${v.key}, ${v.counts.join(', ')})
    VALUES (${Array(4 + v.counts.length).fill('?').join(', ')})
    ON CONFLICT (database_id, date, ${v.key}) DO UPDATE SET database_name = excluded.database_name,
      ${v.counts.map(c => `${c} = ${legacy}.${c} + excluded.${c}`).join(', ')}`)
  // day by day (the key leads with it): one key search per day instead of a scan of every database's rows
  const rename = db.prepare(`UPDATE ${v.sums} SET name = ? WHERE day IN (WITH RECURSIVE d (x) AS (
    SELECT MIN(day) FROM ${v.sums} UNION ALL SELECT (SELECT MIN(day) FROM ${v.sums} WHERE day > x) FROM d WHERE x IS NOT NULL)
    SELECT x FROM d) AND owner = ?`)
  const renameLegacy = db.prepare(`UPDATE ${legacy} SET database_name = ? WHERE database_id = ?`)
  const days = new Map<string, number | null>()
  const dayOf = (date: string): number | null => {
    let day = days.get(date)
    if (day === undefined && !days.has(date)) {
      if (days.size >= 1000) days.clear()
      day = dayNumber(date)
      days.set(date, day)
    }
    return day ?? null
  }
  const keyOfText = v.key === 'operation' ? texts.idOf : texts.keyOf

  return {
    write (rows: Iterable<DailyRow>): void {
      for (const r of rows) {
        const day = dayOf(r.date)
        if (day === null) upsertLegacy.run(r.date, r.name, r.id, r.key, ...r.counts)
        else upsert.run(day, texts.idOf(r.id), keyOfText(r.key), texts.idOf(r.name), ...r.counts)
      }
    },
    rename (databaseId: string, newName: string): number {
      return rename.run(texts.idOf(newName), texts.idOf(databaseId)).changes + renameLegacy.run(newName, databaseId).changes
    }
  }
}

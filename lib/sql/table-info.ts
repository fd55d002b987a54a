import { hash } from 'node:crypto'
import type { Database, Statement } from 'better-sqlite3'
import { TableNotFound } from '../errors.js'
import { isInternalName, quoteIdent } from './ident.js'
import { affinityOf, isSearchableType, type Affinity } from './types.js'

/** The part of a job context that reading a schema needs. */
export interface SqlSource {
  db: Database
  prepare: (sql: string) => Statement
  /**
   * Set by a caller that knows the schema is unchanged for as long as it hands out the same value (the inline
   * lane); while it matches the one of the last check, `readTableInfo` skips asking SQLite for the schema version.
   */
  schemaStamp?: number
  /** The database file: its connections share the table schemas read under its current schema (@see bySchema). */
  file?: string
}

/** One column as PRAGMA table_info describes it. */
export interface ColumnInfo {
  name: string
  /** The declared type, as written in CREATE TABLE ('' when untyped). */
  type: string
  notnull: boolean
  /** Position in the primary key (1-based), 0 when the column is not part of it. */
  pk: number
  /** The default as SQL text (PRAGMA's dflt_value), or null. */
  default: string | null
}

/** How `:id` finds a record of the table. */
export type RecordKey =
  | { kind: 'column', column: string, sql: string, affinity: Affinity }
  | { kind: 'rowid', sql: string }
  | { kind: 'composite', columns: string[] }
  | { kind: 'none' }

export interface TableInfo {
  /** The name as stored in the schema (SQLite matches table names case-insensitively). */
  name: string
  /** The quoted name, ready for SQL. */
  sql: string
  type: 'table' | 'view'
  columns: ColumnInfo[]
  columnNames: ReadonlySet<string>
  key: RecordKey
  /** ORDER BY terms that give every row a stable place: the primary key or the rowid. */
  defaultOrder: string[]
  /** Quoted names of the columns `search` looks into. */
  textColumns: string[]
  /**
   * Whether a statement on one row costs no more than its key lookup, whatever the data: what lets the engine
   * run it on the main thread instead of a killable worker (@see lib/engine/inline.ts).
   */
  bounded: Boundedness
}

export interface Boundedness {
  /** Reading a row by key: a real table (not a view, not virtual) without computed-on-read columns. */
  read: boolean
  /** Inserting a row: also no trigger, CHECK, REPLACE conflict clause, expression default, generated column, partial or expression index. */
  insert: boolean
  /** Updating or deleting a row by key: also no other table's foreign key refers to this one (cascades, child scans). */
  write: boolean
}

interface SchemaCache { version: number, stamp: number | undefined, tables: Map<string, TableInfo> }

const caches = new WeakMap<Database, SchemaCache>()
/**
 * Table schemas already read, by the schema they were read from: with thousands of databases, connections are
 * closed and reopened all the time, and reading a table's schema costs more than opening the file. A TableInfo
 * depends only on the text of the main database's schema (every CREATE in `sqlite_schema`), so a reopened
 * connection, and any database created with the same tables (a tenant per database, all alike), shares the one
 * read first, whatever file it came from: a file deleted and created again with other tables has another key.
 */
const bySchema = new Map<string, { tables: Map<string, TableInfo>, files: Set<string> }>()
const bySchemaMax = 10_000
/**
 * The schema key each file was last read under. A key is kept only while a file has it, so a tenant that changes its
 * schema again and again (each version another key) holds one entry, not thousands of others' worth.
 */
const keyOfFile = new Map<string, string>()
const rowidNames = ['rowid', '_rowid_', 'oid']

/**
 * The real schema of `table` in the main database, read once per schema version:
 * `PRAGMA schema_version` moves with every schema change, from any connection (it is not asked while the
 * source's `schemaStamp` is the one of the last check). Unknown and internal (`sqlite_*`) tables throw TableNotFound.
 */
export function readTableInfo (source: SqlSource, table: string): TableInfo {
  const cache = schemaCache(source)
  const known = cache.tables.get(table) ?? cache.tables.get(foldCase(table))
  if (known !== undefined) return known
  // SQLite matches table names case-insensitively: every spelling of one table shares one TableInfo (and what is
  // kept with it, such as INSERT texts), kept under two keys only, so a client's spellings cannot grow the cache
  const loaded = loadTableInfo(source, table)
  const folded = foldCase(loaded.name)
  const info = cache.tables.get(folded) ?? loaded
  cache.tables.set(loaded.name, info)
  cache.tables.set(folded, info)
  return info
}

/** A table name as SQLite compares it: ASCII letters folded, every other character as it is. */
function foldCase (name: string): string {
  return name.replace(/[A-Z]+/g, (letters) => letters.toLowerCase())
}

/** How many names the schema cache of `source` holds (for tests: at most two per table). */
export function cachedTableNames (source: SqlSource): number {
  return caches.get(source.db)?.tables.size ?? 0
}

function schemaCache (source: SqlSource): SchemaCache {
  const db = source.db
  const stamp = source.schemaStamp
  let cache = caches.get(db)
  if (cache !== undefined && stamp !== undefined && cache.stamp === stamp) return cache
  if (cache !== undefined) {
    const { schema_version: version } = source.prepare('PRAGMA schema_version').get() as { schema_version: number }
    if (cache.version === version) {
      cache.stamp = stamp
      return cache
    }
  }
  // a fresh connection, or a changed schema: the version and the schema's text in one statement (one read of both)
  const [version, text] = source.prepare(versionAndSchema).raw().get() as [number, string | null]
  cache = { version, stamp, tables: sharedTables(text, source.file) }
  caches.set(db, cache)
  return cache
}

/** The tables map shared by every connection to a database whose schema reads as `text` (@see bySchema). */
function sharedTables (text: string | null, file: string | undefined): Map<string, TableInfo> {
  // a source without a file (a connection of the tests, an upload being checked) shares nothing
  if (file === undefined) return new Map()
  const key = hash('sha1', text ?? '')
  const previous = keyOfFile.get(file)
  if (previous !== key) {
    const left = previous === undefined ? undefined : bySchema.get(previous)
    left?.files.delete(file)
    if (left?.files.size === 0 && previous !== undefined) bySchema.delete(previous)
    keyOfFile.delete(file)
    keyOfFile.set(file, key)
    if (keyOfFile.size > bySchemaMax) keyOfFile.delete(keyOfFile.keys().next().value as string)
  }
  let entry = bySchema.get(key)
  if (entry === undefined) {
    entry = { tables: new Map<string, TableInfo>(), files: new Set() }
    bySchema.set(key, entry)
    if (bySchema.size > bySchemaMax) bySchema.delete(bySchema.keys().next().value as string)
  }
  entry.files.add(file)
  return entry.tables
}

/** How many table schemas are shared now (for tests: one per distinct schema in use). */
export function sharedSchemaCount (): number {
  return bySchema.size
}

// every field a table's description is derived from (rootpage, which differs between files, is not)
const versionAndSchema = 'SELECT (SELECT schema_version FROM pragma_schema_version), ' +
  "(SELECT group_concat(type || char(31) || name || char(31) || tbl_name || char(31) || ifnull(sql, ''), char(30)) FROM sqlite_schema)"

interface TableListRow { name: string, type: string }
interface TableInfoRow { name: string, type: string, notnull: number, pk: number, dflt_value: string | null, hidden: number }

function loadTableInfo (source: SqlSource, table: string): TableInfo {
  const found = source.prepare("SELECT name, type FROM pragma_table_list(?) WHERE schema = 'main'").get(table) as TableListRow | undefined
  // pragma_table_list reads its argument as a C string: 'a\0b' would find 'a', so a NUL never names a table
  if (found === undefined || table.includes('\0') || isInternalName(table) || isInternalName(found.name)) throw new TableNotFound(table)

  // hidden = 1 marks a virtual table's hidden columns; generated columns (2, 3) are real columns.
  const rows = source.prepare("SELECT name, type, \"notnull\", pk, dflt_value, hidden FROM pragma_table_xinfo(?, 'main') WHERE hidden <> 1")
    .all(found.name) as TableInfoRow[]
  const columns = rows.map((row): ColumnInfo => ({
    name: row.name, type: row.type, notnull: row.notnull !== 0, pk: row.pk, default: row.dflt_value
  }))
  const type = found.type === 'view' ? 'view' : 'table'
  const key = recordKey(type, columns)
  return {
    name: found.name,
    sql: quoteIdent(found.name),
    type,
    columns,
    columnNames: new Set(columns.map((c) => c.name)),
    key,
    defaultOrder: defaultOrder(key),
    textColumns: columns.filter((c) => isSearchableType(c.type)).map((c) => quoteIdent(c.name)),
    bounded: boundedness(source, found, rows)
  }
}

// Words of a CREATE TABLE that can make one insert do unbounded work: a CHECK expression, or REPLACE, whose
// deletes can cascade. Matching them anywhere (even inside a column name) only costs the fast lane.
const costlyClause = /\b(check|replace)\b/i
// A DEFAULT as PRAGMA table_info shows it (parentheses dropped): literals and the time keywords are free, any
// other expression (a function call) is evaluated by each insert.
const literalDefault = /^(null|true|false|current_time|current_date|current_timestamp|[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?|0x[0-9a-f]+|'([^']|'')*'|x'[0-9a-f]*')$/i

// The change feed's capture triggers (lib/engine/jobs/changes.ts) insert one row each into its change table: a watched
// table's inserts stay on the fast lane. Any other trigger, or one whose body says more, makes them costly.
const captureTrigger = /^CREATE TRIGGER "_litehouse_changes_[^"]*" AFTER (INSERT|UPDATE|DELETE) ON "[^"]*" BEGIN INSERT INTO _litehouse_changes \(tbl, op, id, at\) VALUES \([^;]*\); END$/

function boundedness (source: SqlSource, found: TableListRow, rows: TableInfoRow[]): Boundedness {
  const read = found.type === 'table' && rows.every((row) => row.hidden !== 2)
  if (!read) return { read, insert: false, write: false }
  const objects = source.prepare("SELECT type, sql FROM sqlite_schema WHERE tbl_name = ? AND type IN ('table', 'trigger')")
    .all(found.name) as Array<{ type: string, sql: string | null }>
  const plainSchema = objects.every((o) => o.type === 'table' ? !costlyClause.test(o.sql ?? '') : captureTrigger.test(o.sql ?? ''))
  const plainColumns = rows.every((row) => row.hidden === 0 && (row.dflt_value === null || literalDefault.test(row.dflt_value)))
  const insert = plainSchema && plainColumns && plainIndexes(source, found.name)
  return { read, insert, write: insert && !referenced(source, found.name) }
}

/** Whether a foreign key of any table (itself included) refers to `table`, whose changes it then checks or cascades. */
function referenced (source: SqlSource, table: string): boolean {
  return source.prepare(`SELECT 1 FROM sqlite_schema AS s, pragma_foreign_key_list(s.name) AS f
    WHERE s.type = 'table' AND lower(f."table") = lower(?) LIMIT 1`).get(table) !== undefined
}

/** No partial index (its WHERE runs on insert) and no index on an expression. */
function plainIndexes (source: SqlSource, table: string): boolean {
  const indexes = source.prepare('SELECT name, partial FROM pragma_index_list(?)').all(table) as Array<{ name: string, partial: number }>
  return indexes.every((index) => index.partial === 0 &&
    source.prepare('SELECT 1 FROM pragma_index_xinfo(?) WHERE cid = -2').get(index.name) === undefined)
}

function recordKey (type: 'table' | 'view', columns: ColumnInfo[]): RecordKey {
  const pk = columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk)
  if (pk.length === 1) return { kind: 'column', column: pk[0].name, sql: quoteIdent(pk[0].name), affinity: affinityOf(pk[0].type) }
  if (pk.length > 1) return { kind: 'composite', columns: pk.map((c) => c.name) }
  if (type === 'view') return { kind: 'none' }
  // A column may shadow `rowid`; SQLite then still answers to one of its other names.
  const taken = new Set(columns.map((c) => c.name.toLowerCase()))
  const rowid = rowidNames.find((name) => !taken.has(name))
  return rowid === undefined ? { kind: 'none' } : { kind: 'rowid', sql: rowid }
}

function defaultOrder (key: RecordKey): string[] {
  switch (key.kind) {
    case 'column': return [key.sql]
    case 'rowid': return [key.sql]
    case 'composite': return key.columns.map(quoteIdent)
    case 'none': return []
  }
}

/** Whether any table, view or index in the main database already uses `name` (case-insensitively, as SQLite does). */
export function schemaNameTaken (source: SqlSource, name: string): boolean {
  return source.prepare("SELECT 1 FROM sqlite_schema WHERE type IN ('table', 'view', 'index') AND lower(name) = lower(?)").get(name) !== undefined
}

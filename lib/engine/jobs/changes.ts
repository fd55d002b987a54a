import { quoteIdent } from '../../sql/ident.js'
import { readTableInfo, type RecordKey } from '../../sql/table-info.js'
import { transact, type JobContext } from '../context.js'

/**
 * The change feed's capture (@see docs/changes.md): AFTER INSERT/UPDATE/DELETE triggers on every user table write one
 * row per changed record into `_litehouse_changes`, inside the writing transaction. So every write path (record
 * routes, batch, raw SQL, writes made by other triggers) is captured, a rolled-back write leaves nothing, and the
 * AUTOINCREMENT `seq` follows commit order (a writer holds the database's only write lock until it commits).
 * The leading underscore hides the table and its triggers from the tables list and schema routes.
 */
export const changeTable = '_litehouse_changes'
const triggerPrefix = '_litehouse_changes_'
const ops = [['insert', 'INSERT', 'NEW'], ['update', 'UPDATE', 'NEW'], ['delete', 'DELETE', 'OLD']] as const

export interface ChangeRow { seq: number, tbl: string, op: 'insert' | 'update' | 'delete', id: string | number | null }
export interface ChangeBounds {
  /** The oldest change still kept (head + 1 when none is). */
  first: number
  /** The last change ever captured (0 before any). */
  head: number
}
export interface ChangesRead { changes: ChangeRow[], schemaVersion: number }
export interface InstallResult { schemaVersion: number, tables: string[] }
export interface PruneArgs { keepCount: number, olderThanSeconds: number }

const literal = (text: string): string => "'" + text.replaceAll("'", "''") + "'"

/** The SQL expression of a changed record's `:id`, from NEW or OLD: a composite key as a JSON array, no key as null. */
function keyExpression (key: RecordKey, row: 'NEW' | 'OLD'): string {
  switch (key.kind) {
    case 'column': return `${row}.${key.sql}`
    case 'rowid': return `${row}.${key.sql}`
    case 'composite': return `json_array(${key.columns.map((c) => `${row}.${quoteIdent(c)}`).join(', ')})`
    case 'none': return 'NULL'
  }
}

/** The triggers a table should have, by name; the name carries the table's name, so a renamed table gets new ones. */
function triggersFor (ctx: JobContext, table: string): Map<string, string> {
  const key = readTableInfo(ctx, table).key
  const triggers = new Map<string, string>()
  for (const [op, event, row] of ops) {
    const name = `${triggerPrefix}${op}_${table}`
    triggers.set(name, `CREATE TRIGGER ${quoteIdent(name)} AFTER ${event} ON ${quoteIdent(table)} BEGIN ` +
      `INSERT INTO ${changeTable} (tbl, op, id, at) VALUES (${literal(table)}, '${op}', ${keyExpression(key, row)}, unixepoch()); END`)
  }
  return triggers
}

/** User tables that can carry triggers: real tables (not views or virtual ones), not SQLite's or internal (`_*`). */
function userTables (ctx: JobContext): string[] {
  return (ctx.prepare(`SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table'
    AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_%' ESCAPE '\\' ORDER BY name`).pluck().all() as string[])
}

function schemaVersion (ctx: JobContext): number {
  return ctx.prepare('PRAGMA schema_version').pluck().get() as number
}

/**
 * Creates the change table and brings every user table's triggers up to date: missing ones created, stale ones
 * (a renamed table's, or a key column renamed) replaced. Idempotent; the feed runs it again after any schema change.
 */
function install (ctx: JobContext, _args: Record<string, never>): InstallResult {
  const tables = userTables(ctx)
  const wanted = new Map<string, string>()
  for (const table of tables) for (const [name, sql] of triggersFor(ctx, table)) wanted.set(name, sql)
  const existing = ctx.db.prepare(`SELECT name, sql FROM sqlite_schema WHERE type = 'trigger' AND name LIKE '\\_litehouse\\_changes\\_%' ESCAPE '\\'`)
    .all() as Array<{ name: string, sql: string }>
  const have = new Map(existing.map((t) => [t.name, t.sql]))
  const statements: string[] = []
  const hasTable = ctx.db.prepare('SELECT 1 FROM sqlite_schema WHERE type = \'table\' AND name = ?').get(changeTable) !== undefined
  if (!hasTable) {
    statements.push(`CREATE TABLE ${changeTable} (seq INTEGER PRIMARY KEY AUTOINCREMENT, tbl TEXT NOT NULL, op TEXT NOT NULL, id ANY, at INTEGER NOT NULL) STRICT`)
  }
  for (const [name, sql] of have) if (wanted.get(name) !== sql) statements.push(`DROP TRIGGER ${quoteIdent(name)}`)
  for (const [name, sql] of wanted) if (have.get(name) !== sql) statements.push(sql)
  if (statements.length > 0) {
    transact(ctx, () => {
      for (const sql of statements) ctx.db.prepare(sql).run()
    })
  }
  return { schemaVersion: schemaVersion(ctx), tables }
}

/**
 * Called inside a transaction that changed the schema: when the feed is on for this database, brings the triggers up
 * to date in that same transaction, so a table created or renamed is captured from its very first write (without
 * it, writes made before the feed's next poll noticed the schema change were never seen).
 */
export function keepCaptureCurrent (ctx: JobContext): void {
  if (ctx.prepare('SELECT 1 FROM sqlite_schema WHERE type = \'table\' AND name = ?').get(changeTable) !== undefined) install(ctx, {})
}

/** Up to `limit` changes after `after`, oldest first, and the schema version (a change of it means: install again). */
function read (ctx: JobContext, args: { after: number, limit: number }): ChangesRead {
  const changes = ctx.prepare(`SELECT seq, tbl, op, id FROM ${changeTable} WHERE seq > ? ORDER BY seq LIMIT ?`)
    .all(args.after, args.limit) as ChangeRow[]
  return { changes, schemaVersion: schemaVersion(ctx) }
}

/** The range of changes kept; sqlite_sequence remembers the last seq even when every change was pruned. */
function bounds (ctx: JobContext, _args: Record<string, never>): ChangeBounds {
  const head = (ctx.prepare('SELECT seq FROM sqlite_sequence WHERE name = ?').pluck().get(changeTable) as number | undefined) ?? 0
  const first = (ctx.prepare(`SELECT min(seq) FROM ${changeTable}`).pluck().get() as number | null) ?? head + 1
  return { first, head }
}

/**
 * Retention: drops the oldest changes beyond `keepCount` and those older than `olderThanSeconds`. Changes are kept in
 * seq order, so both cut a prefix: the age cut walks only the expired changes to find the first one still young.
 */
function prune (ctx: JobContext, args: PruneArgs): { pruned: number } {
  const { head } = bounds(ctx, {})
  const young = ctx.prepare(`SELECT seq FROM ${changeTable} WHERE at >= unixepoch() - ? ORDER BY seq LIMIT 1`).pluck()
    .get(args.olderThanSeconds) as number | undefined
  const keepFrom = Math.max(head - args.keepCount + 1, young ?? head + 1)
  return transact(ctx, () => ({ pruned: ctx.prepare(`DELETE FROM ${changeTable} WHERE seq < ?`).run(keepFrom).changes }))
}

export const changeJobs = {
  'changes.install': install,
  'changes.read': read,
  // the same read under a name the inline lane does not take: a subscriber's catch-up opens no connection in the
  // main process, where each costs about 200 KB (the live feed's `changes.read` runs there, next to the writes)
  'changes.catchUp': read,
  'changes.bounds': bounds,
  'changes.prune': prune
}

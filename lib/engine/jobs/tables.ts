import { InvalidRequest, InvalidValue, TableExists, UnknownColumn } from '../../errors.js'
import { addColumnSql, checkApiIdentifier, createTableSql, type ColumnDef } from '../../sql/ddl.js'
import { quoteIdent } from '../../sql/ident.js'
import { readTableInfo, schemaNameTaken, type ColumnInfo } from '../../sql/table-info.js'
import { transact, type JobContext } from '../context.js'
import { keepCaptureCurrent } from './changes.js'

export type { ColumnDef }

/**
 * One column of `GET .../tables/:table`, from PRAGMA table_info: `notnull` as a boolean,
 * `pk` as the column's 1-based position in the primary key (0 when not part of it),
 * `default` as the SQL text of the default (dflt_value) or null.
 */
export type ColumnEntry = ColumnInfo

export interface CreateTableArgs { name: string, columns: ColumnDef[] }
export interface TableArgs { table: string }
export interface AlterTableArgs {
  table: string
  /** New table name. */
  name?: string
  add_columns?: ColumnDef[]
  drop_columns?: string[]
  rename_column?: { from: string, to: string }
}
export interface AlterTableResult { name: string, columns: ColumnEntry[] }
export interface DropTableResult { deleted: true, name: string }
export interface TableSchema { name: string, schema: string }

function describe (ctx: JobContext, table: string): ColumnEntry[] {
  return readTableInfo(ctx, table).columns.map((c) => ({ ...c }))
}

/** Runs DDL statements in one transaction: all or nothing. DDL is one-off, so it skips the statement cache. */
function runDdl (ctx: JobContext, statements: string[]): void {
  transact(ctx, () => {
    for (const sql of statements) ctx.db.prepare(sql).run()
    keepCaptureCurrent(ctx)
  })
}

function createTable (ctx: JobContext, args: CreateTableArgs): ColumnEntry[] {
  const sql = createTableSql(args.name, args.columns)
  if (schemaNameTaken(ctx, args.name)) throw new TableExists(args.name)
  runDdl(ctx, [sql])
  return describe(ctx, args.name)
}

function tableInfo (ctx: JobContext, args: TableArgs): ColumnEntry[] {
  return describe(ctx, args.table)
}

/** Applies add_columns, rename_column, drop_columns, then the new name, in one transaction. */
function alterTable (ctx: JobContext, args: AlterTableArgs): AlterTableResult {
  const { add_columns: add = [], drop_columns: drop = [], rename_column: renameColumn, name: newName } = args
  if (add.length === 0 && drop.length === 0 && renameColumn === undefined && newName === undefined) {
    throw new InvalidValue('nothing to change: give name, add_columns, drop_columns or rename_column')
  }
  const table = readTableInfo(ctx, args.table)
  if (table.type === 'view') throw new InvalidRequest(`'${table.name}' is a view: only tables can be altered`)

  // Validate every step against the columns as the earlier steps leave them, before running any.
  const columns = new Set(table.columns.map((c) => c.name))
  const taken = (name: string): boolean => [...columns].some((c) => c.toLowerCase() === name.toLowerCase())
  const statements: string[] = []
  for (const def of add) {
    const sql = addColumnSql(table.name, def)
    if (taken(def.name)) throw new InvalidValue(`column '${def.name}' already exists in table '${table.name}'`)
    columns.add(def.name)
    statements.push(sql)
  }
  if (renameColumn !== undefined) {
    const { from, to } = renameColumn
    if (!columns.has(from)) throw new UnknownColumn(from, table.name)
    checkApiIdentifier(to, 'column')
    if (to.toLowerCase() !== from.toLowerCase() && taken(to)) throw new InvalidValue(`column '${to}' already exists in table '${table.name}'`)
    columns.delete(from)
    columns.add(to)
    statements.push(`ALTER TABLE ${table.sql} RENAME COLUMN ${quoteIdent(from)} TO ${quoteIdent(to)}`)
  }
  for (const column of drop) {
    if (!columns.has(column)) throw new UnknownColumn(column, table.name)
    columns.delete(column)
    statements.push(`ALTER TABLE ${table.sql} DROP COLUMN ${quoteIdent(column)}`)
  }
  let finalName = table.name
  if (newName !== undefined && newName !== table.name) {
    checkApiIdentifier(newName, 'table')
    if (schemaNameTaken(ctx, newName)) throw new TableExists(newName)
    statements.push(`ALTER TABLE ${table.sql} RENAME TO ${quoteIdent(newName)}`)
    finalName = newName
  }
  runDdl(ctx, statements)
  return { name: finalName, columns: describe(ctx, finalName) }
}

function dropTable (ctx: JobContext, args: TableArgs): DropTableResult {
  const table = readTableInfo(ctx, args.table)
  runDdl(ctx, [`DROP ${table.type === 'view' ? 'VIEW' : 'TABLE'} ${table.sql}`])
  return { deleted: true, name: table.name }
}

/** The CREATE statement of every user table: not SQLite's own (`sqlite_*`), not internal (`_*`), not shadow tables. */
function tableSchemas (ctx: JobContext, _args: Record<string, never>): TableSchema[] {
  return ctx.prepare(`SELECT l.name AS name, s.sql AS schema
    FROM pragma_table_list AS l JOIN sqlite_schema AS s ON s.name = l.name AND s.type = 'table'
    WHERE l.schema = 'main' AND l.type IN ('table', 'virtual')
      AND l.name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND l.name NOT LIKE '\\_%' ESCAPE '\\'
    ORDER BY l.name`).all() as TableSchema[]
}

export const tableJobs = {
  'tables.create': createTable,
  'tables.info': tableInfo,
  'tables.alter': alterTable,
  'tables.drop': dropTable,
  'tables.schema': tableSchemas
}

import { InvalidIdentifier, InvalidValue } from '../errors.js'
import { isApiIdentifier, quoteIdent } from './ident.js'
import { normaliseColumnType } from './types.js'

/** A column as the API defines it (create table, add_columns). */
export interface ColumnDef {
  name: string
  type: string
  primary_key?: boolean
  auto_increment?: boolean
  /** false means NOT NULL. */
  nullable?: boolean
  /** A constant: string, number, boolean (1/0) or null. */
  default?: string | number | boolean | null
  unique?: boolean
}

/** Throws InvalidIdentifier unless `name` may be created through the API. */
export function checkApiIdentifier (name: string, what: 'table' | 'column'): void {
  if (!isApiIdentifier(name)) {
    throw new InvalidIdentifier(`${what} name '${name}' is not valid: use letters, digits and _, start with a letter, ` +
      'at most 64 characters, and do not start with sqlite_')
  }
}

/**
 * A constant as SQL text. DDL cannot bind values, so a default is rendered here and only
 * from these JSON types: strings become escaped literals, numbers numeric literals.
 */
export function sqlLiteral (value: unknown, what: string): string {
  if (value === null) return 'NULL'
  if (typeof value === 'boolean') return value ? '1' : '0'
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  if (typeof value === 'string') {
    // SQLite reads SQL text only up to a NUL byte.
    if (value.includes('\0')) throw new InvalidValue(`${what} cannot contain a NUL character`)
    return "'" + value.replaceAll("'", "''") + "'"
  }
  throw new InvalidValue(`${what} must be a string, a finite number, a boolean or null`)
}

/** One column definition; `primaryKey` says whether the column carries its own PRIMARY KEY clause. */
function columnSql (def: ColumnDef, primaryKey: boolean): string {
  checkApiIdentifier(def.name, 'column')
  const type = normaliseColumnType(def.type)
  const parts = [quoteIdent(def.name), type.toUpperCase()]
  if (primaryKey) parts.push(def.auto_increment === true ? 'PRIMARY KEY AUTOINCREMENT' : 'PRIMARY KEY')
  // SQLite lets a primary key hold NULL unless told otherwise (except an INTEGER PRIMARY KEY, the rowid).
  const rowidAlias = primaryKey && type === 'integer'
  if (def.nullable === false || (def.primary_key === true && def.nullable !== true && !rowidAlias)) parts.push('NOT NULL')
  if (def.unique === true) parts.push('UNIQUE')
  if (def.default !== undefined) parts.push('DEFAULT ' + sqlLiteral(def.default, `default of column '${def.name}'`))
  return parts.join(' ')
}

/** CREATE TABLE from API column definitions; several primary_key columns make a composite key. */
export function createTableSql (name: string, columns: ColumnDef[]): string {
  checkApiIdentifier(name, 'table')
  if (columns.length === 0) throw new InvalidValue('a table needs at least one column')
  const seen = new Set<string>()
  for (const def of columns) {
    const lower = String(def.name).toLowerCase()
    if (seen.has(lower)) throw new InvalidValue(`column '${def.name}' is defined twice`)
    seen.add(lower)
  }
  const keys = columns.filter((def) => def.primary_key === true)
  for (const def of columns) {
    if (def.auto_increment === true && (keys.length !== 1 || def.primary_key !== true || def.type.toLowerCase() !== 'integer')) {
      throw new InvalidValue(`auto_increment needs column '${def.name}' to be the only primary key column, of type integer`)
    }
  }
  const definitions = columns.map((def) => columnSql(def, keys.length === 1 && def.primary_key === true))
  if (keys.length > 1) definitions.push(`PRIMARY KEY (${keys.map((def) => quoteIdent(def.name)).join(', ')})`)
  return `CREATE TABLE ${quoteIdent(name)} (${definitions.join(', ')})`
}

/** ALTER TABLE ... ADD COLUMN, refusing up front what SQLite cannot add to an existing table. */
export function addColumnSql (table: string, def: ColumnDef): string {
  if (def.primary_key === true || def.auto_increment === true) {
    throw new InvalidValue(`column '${def.name}' cannot be added as a primary key: SQLite adds key columns only at CREATE TABLE`)
  }
  if (def.unique === true) throw new InvalidValue(`column '${def.name}' cannot be added as unique: create a unique index instead`)
  if (def.nullable === false && (def.default === undefined || def.default === null)) {
    throw new InvalidValue(`column '${def.name}' is NOT NULL, so adding it needs a non-null default for the existing rows`)
  }
  return `ALTER TABLE ${quoteIdent(table)} ADD COLUMN ${columnSql(def, false)}`
}

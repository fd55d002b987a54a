import { InvalidColumnType } from '../errors.js'

/** Column types a table created through the API may declare (case-insensitive). */
export const acceptedColumnTypes = [
  'integer', 'int', 'bigint', 'text', 'varchar', 'char', 'real', 'float', 'double',
  'numeric', 'decimal', 'boolean', 'date', 'datetime', 'timestamp', 'json', 'blob'
] as const

export type ColumnType = typeof acceptedColumnTypes[number]

const accepted = new Set<string>(acceptedColumnTypes)

/** Returns the accepted type name in lower case, or throws InvalidColumnType. */
export function normaliseColumnType (type: string): ColumnType {
  const lower = type.toLowerCase()
  if (!accepted.has(lower)) throw new InvalidColumnType(type)
  return lower as ColumnType
}

export type Affinity = 'INTEGER' | 'TEXT' | 'BLOB' | 'REAL' | 'NUMERIC'

/** SQLite's affinity of a declared column type (https://sqlite.org/datatype3.html, 3.1). */
export function affinityOf (declaredType: string): Affinity {
  const type = declaredType.toUpperCase()
  if (type.includes('INT')) return 'INTEGER'
  if (type.includes('CHAR') || type.includes('CLOB') || type.includes('TEXT')) return 'TEXT'
  if (type.includes('BLOB') || type === '') return 'BLOB'
  if (type.includes('REAL') || type.includes('FLOA') || type.includes('DOUB')) return 'REAL'
  return 'NUMERIC'
}

// Declared as numeric affinity, but in practice these hold text a user would search.
const textLikeTypes = /^\s*(json|date|datetime|timestamp)\b/i

/**
 * Whether `search` looks into a column of this declared type: TEXT affinity, the
 * text-like types above, and untyped columns (raw SQL `CREATE TABLE t(a, b)`), which
 * usually hold text. SQLite's LIKE never matches blobs in this build.
 */
export function isSearchableType (declaredType: string): boolean {
  return affinityOf(declaredType) === 'TEXT' || textLikeTypes.test(declaredType) || declaredType.trim() === ''
}

import { CompositePrimaryKey, InvalidRequest, RecordNotFound } from '../errors.js'
import type { TableInfo } from './table-info.js'

/** The WHERE clause and bound value that find the record `:id` of a table. */
export interface KeyMatch {
  where: string
  value: string | number | bigint
}

const integer = /^-?\d+$/
const decimal = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/
const int64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n }

/**
 * Converts `id` (always a string, from the URL) to what the key column holds: an integer
 * key only ever matches an integer, a text key the string as given. Untyped keys take a
 * number when the string is one, since SQLite applies no conversion to them.
 */
export function matchRecord (info: TableInfo, id: string): KeyMatch {
  const key = info.key
  if (key.kind === 'composite') throw new CompositePrimaryKey(info.name)
  if (key.kind === 'none') throw new InvalidRequest(`'${info.name}' has no primary key: its records cannot be addressed by :id`)
  const where = `${key.sql} = ?`
  const affinity = key.kind === 'rowid' ? 'INTEGER' : key.affinity
  if (affinity === 'INTEGER') return { where, value: integerKey(id) }
  if (affinity === 'BLOB' && decimal.test(id)) return { where, value: Number(id) }
  return { where, value: id }
}

function integerKey (id: string): number | bigint {
  if (!integer.test(id)) throw new RecordNotFound(id)
  const value = BigInt(id)
  if (value < int64.min || value > int64.max) throw new RecordNotFound(id)
  return Number.isSafeInteger(Number(value)) ? Number(value) : value
}

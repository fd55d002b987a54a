import type { Column } from './types.js'

/** SQLite type affinity by the rules of https://sqlite.org/datatype3.html §3.1. */
export function affinity (type: string): 'integer' | 'text' | 'blob' | 'real' | 'numeric' {
  const t = type.toUpperCase()
  if (t.includes('INT')) return 'integer'
  if (t.includes('CHAR') || t.includes('CLOB') || t.includes('TEXT')) return 'text'
  if (t === '' || t.includes('BLOB')) return 'blob'
  if (t.includes('REAL') || t.includes('FLOA') || t.includes('DOUB')) return 'real'
  return 'numeric'
}

/** A typed literal from a text box: numbers, true/false, null, otherwise the text itself. */
export function parseLiteral (text: string): unknown {
  const trimmed = text.trim()
  if (trimmed === '') return ''
  if (/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(trimmed)) return Number(trimmed)
  if (trimmed === 'true' || trimmed === 'false') return trimmed === 'true'
  if (trimmed.toLowerCase() === 'null') return null
  return text
}

/** The declared type without a size (`varchar(20)`), lower case: what decides how the server reads and writes values. */
function baseType (type: string): string {
  return type.trim().toLowerCase().replace(/\s*\(.*\)$/, '')
}

const isJsonColumn = (column: Pick<Column, 'type'>): boolean => baseType(column.type) === 'json'

/**
 * The value to send for a column, from what was typed: text columns keep the text, number-like
 * columns get a number when it parses, boolean columns true/false, json columns the JSON value typed
 * (text that is not JSON goes as a string).
 */
export function toColumnValue (column: Pick<Column, 'type'>, text: string): unknown {
  const kind = affinity(column.type)
  if (/^bool/i.test(column.type)) {
    if (/^(true|1|yes)$/i.test(text.trim())) return true
    if (/^(false|0|no)$/i.test(text.trim())) return false
  }
  if (isJsonColumn(column)) {
    try {
      return JSON.parse(text)
    } catch {
      return text
    }
  }
  if (kind === 'text' || kind === 'blob') return text
  const trimmed = text.trim()
  if (trimmed !== '' && !Number.isNaN(Number(trimmed))) return Number(trimmed)
  return text
}

/** What goes into a text box for a stored value; a json column's value as its JSON (a string in quotes). */
export function toInputText (value: unknown, column?: Pick<Column, 'type'>): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'object' || (column !== undefined && isJsonColumn(column))) return JSON.stringify(value)
  return String(value)
}

/**
 * A number as people write it: a float read back from binary (42.900000000000006) shows at 15 significant
 * digits (42.9), which every double round-trips to; integers and exact values are unchanged.
 */
export function formatNumber (value: number): string {
  return Number.isInteger(value) || !Number.isFinite(value) ? String(value) : String(Number(value.toPrecision(15)))
}

export function isBlob (value: unknown): boolean {
  return typeof value === 'object' && value !== null && typeof (value as { $base64?: unknown }).$base64 === 'string'
}

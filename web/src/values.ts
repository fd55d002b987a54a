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

/**
 * The value to send for a column, from what was typed: text columns keep the text, number-like
 * columns get a number when it parses, booleans become 1/0 (SQLite has no boolean).
 */
export function toColumnValue (column: Pick<Column, 'type'>, text: string): unknown {
  const kind = affinity(column.type)
  if (/^bool/i.test(column.type)) {
    if (/^(true|1|yes)$/i.test(text.trim())) return 1
    if (/^(false|0|no)$/i.test(text.trim())) return 0
  }
  if (kind === 'text' || kind === 'blob') return text
  const trimmed = text.trim()
  if (trimmed !== '' && !Number.isNaN(Number(trimmed))) return Number(trimmed)
  return text
}

/** What goes into a text box for a stored value. */
export function toInputText (value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

export function isBlob (value: unknown): boolean {
  return typeof value === 'object' && value !== null && typeof (value as { $base64?: unknown }).$base64 === 'string'
}

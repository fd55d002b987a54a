import { toWireRow } from './values.js'

export const exportFormats = ['csv', 'ndjson'] as const
export type ExportFormat = typeof exportFormats[number]

const needsQuotes = /[",\r\n]/

/**
 * One CSV field (RFC 4180): NULL is an empty field, the empty string `""` so the two stay apart, text with a
 * comma, quote or line break is quoted with its quotes doubled, a blob is its base64.
 */
export function csvField (value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value === '' ? '""' : needsQuotes.test(value) ? `"${value.replaceAll('"', '""')}"` : value
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64')
  return String(value)
}

/** A CSV record, ended by CRLF as RFC 4180 has it. */
export function csvLine (values: unknown[]): string {
  return values.map(csvField).join(',') + '\r\n'
}

/** One row (read raw from SQLite) in `format`: a CSV record of `columns`, or a JSON record object and a newline. */
export function formatRow (row: Record<string, unknown>, columns: string[], format: ExportFormat): string {
  if (format === 'csv') return csvLine(columns.map((column) => row[column]))
  return JSON.stringify(toWireRow(row)) + '\n'
}

import type { Row } from '../types.js'
import { formatNumber } from '../values.js'

/** One value as the API returns it: null, numbers, text, `{ $base64 }` blobs, JSON. */
export function Cell ({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span class='null'>NULL</span>
  if (typeof value === 'object') {
    const blob = (value as { $base64?: string }).$base64
    if (typeof blob === 'string') {
      const bytes = Math.floor(blob.length * 3 / 4) - (blob.endsWith('==') ? 2 : blob.endsWith('=') ? 1 : 0)
      return <span class='blob' title='binary value'>BLOB · {bytes} bytes</span>
    }
    const json = JSON.stringify(value)
    return <span class='json' title={json}>{json}</span>
  }
  if (typeof value === 'boolean') return <span class='num bool'>{String(value)}</span>
  if (typeof value === 'number') {
    const shown = formatNumber(value)
    return <span class='num' title={shown === String(value) ? undefined : String(value)}>{shown}</span>
  }
  const text = String(value)
  return text.length > 120 ? <span title={text}>{text.slice(0, 120)}…</span> : <>{text}</>
}

interface ResultTableProps {
  columns: string[]
  rows: Row[]
  caption?: string
}

/** A read-only grid of rows, used by the SQL console and the analytics lists. */
export function ResultTable ({ columns, rows, caption }: ResultTableProps) {
  return (
    <div class='table-scroll'>
      <table class='grid'>
        {caption && <caption class='visually-hidden'>{caption}</caption>}
        <thead>
          <tr>{columns.map((c) => <th key={c} scope='col'>{c}</th>)}</tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>{columns.map((c) => <td key={c}><Cell value={row[c]} /></td>)}</tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

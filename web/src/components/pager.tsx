import { formatNumber } from '../format.js'

interface PagerProps {
  offset: number
  limit: number
  shown: number
  total?: number
  hasMore?: boolean
  onChange: (offset: number) => void
  label?: string
}

/** Previous/next pagination with "21–40 of 312"; works with or without a total. */
export function Pager ({ offset, limit, shown, total, hasMore, onChange, label = 'Pagination' }: PagerProps) {
  const more = total !== undefined ? offset + shown < total : Boolean(hasMore)
  const first = shown === 0 ? 0 : offset + 1
  const last = offset + shown
  return (
    <nav class='pager' aria-label={label}>
      <span class='pager-range'>
        {shown === 0 ? 'No rows' : `${formatNumber(first)}–${formatNumber(last)}`}
        {total !== undefined && ` of ${formatNumber(total)}`}
      </span>
      <button type='button' class='button button-small' disabled={offset === 0} onClick={() => onChange(Math.max(0, offset - limit))}>
        ← Previous
      </button>
      <button type='button' class='button button-small' disabled={!more} onClick={() => onChange(offset + limit)}>
        Next →
      </button>
    </nav>
  )
}

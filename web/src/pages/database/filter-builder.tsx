import { useState } from 'preact/hooks'
import type { Column } from '../../types.js'
import { toColumnValue } from '../../values.js'

export type Operator = 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'in' | 'like' | 'glob'

export const operators: Array<{ op: Operator, label: string, hint?: string }> = [
  { op: 'eq', label: 'equals' },
  { op: 'ne', label: 'not equal' },
  { op: 'gt', label: 'greater than' },
  { op: 'gte', label: 'at least' },
  { op: 'lt', label: 'less than' },
  { op: 'lte', label: 'at most' },
  { op: 'in', label: 'is one of', hint: 'a, b, c' },
  { op: 'like', label: 'like', hint: '%text%' },
  { op: 'glob', label: 'glob', hint: '*text*' }
]

export interface Condition { key: number, column: string, op: Operator, value: string }

let nextKey = 1

/** `{ "price__gt": 10, "tag__in": ["a", "b"] }` as the records endpoint expects it. */
export function toFilter (conditions: Condition[], columns: Column[]): Record<string, unknown> {
  const filter: Record<string, unknown> = {}
  for (const c of conditions) {
    const column = columns.find((col) => col.name === c.column) ?? { type: 'text' }
    let value: unknown
    if (c.op === 'in') {
      value = c.value.trim().startsWith('[')
        ? JSON.parse(c.value)
        : c.value.split(',').map((part) => toColumnValue(column, part.trim())).filter((v) => v !== '')
    } else if (c.op === 'like' || c.op === 'glob') {
      value = c.value
    } else {
      value = toColumnValue(column, c.value)
    }
    filter[`${c.column}__${c.op}`] = value
  }
  return filter
}

/** The conditions a `filter` parameter stands for (the inverse of toFilter), to show a filter from the URL in the builder. */
export function fromFilter (json: string | undefined, columns: Column[]): Condition[] {
  let parsed: unknown
  try {
    parsed = json ? JSON.parse(json) : {}
  } catch {
    return [] // a hand-edited URL: the records API answers it with INVALID_FILTER, shown above the grid
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return []
  return Object.entries(parsed).map(([key, value]) => {
    const cut = key.lastIndexOf('__')
    const op = key.slice(cut + 2) as Operator
    const split = cut > 0 && operators.some((o) => o.op === op) && !columns.some((c) => c.name === key)
    return {
      key: nextKey++,
      column: split ? key.slice(0, cut) : key,
      op: split ? op : 'eq',
      value: typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)
    }
  })
}

interface FilterBuilderProps {
  columns: Column[]
  applied: Condition[]
  onApply: (conditions: Condition[]) => void
}

/** Conditions are edited as a draft and sent together with "Apply filters". */
export function FilterBuilder ({ columns, applied, onApply }: FilterBuilderProps) {
  const [draft, setDraft] = useState<Condition[]>(applied.length ? applied : [blank(columns)])

  function blank (cols: Column[]): Condition {
    return { key: nextKey++, column: cols[0]?.name ?? '', op: 'eq', value: '' }
  }

  function update (key: number, patch: Partial<Condition>): void {
    setDraft(draft.map((c) => (c.key === key ? { ...c, ...patch } : c)))
  }

  function apply (event: Event): void {
    event.preventDefault()
    onApply(draft.filter((c) => c.column))
  }

  return (
    <form class='filter-builder' onSubmit={apply} aria-label='Filters'>
      {draft.map((c, i) => (
        <div key={c.key} class='filter-row' role='group' aria-label={`Condition ${i + 1}`}>
          <label class='field'>
            <span class='label'>Column</span>
            <select value={c.column} onChange={(e) => update(c.key, { column: e.currentTarget.value })}>
              {columns.map((col) => <option key={col.name} value={col.name}>{col.name}</option>)}
            </select>
          </label>
          <label class='field'>
            <span class='label'>Operator</span>
            <select value={c.op} onChange={(e) => update(c.key, { op: e.currentTarget.value as Operator })}>
              {operators.map((o) => <option key={o.op} value={o.op}>{o.label} ({o.op})</option>)}
            </select>
          </label>
          <label class='field filter-value'>
            <span class='label'>Value</span>
            <input value={c.value} placeholder={operators.find((o) => o.op === c.op)?.hint ?? ''}
              onInput={(e) => update(c.key, { value: e.currentTarget.value })} />
          </label>
          <button type='button' class='icon-button' aria-label={`Remove condition ${i + 1}`}
            onClick={() => setDraft(draft.filter((x) => x.key !== c.key))}>×</button>
        </div>
      ))}
      <div class='actions actions-start'>
        <button type='button' class='button button-small' onClick={() => setDraft([...draft, blank(columns)])}>+ Add condition</button>
        <span class='spacer' />
        {applied.length > 0 && (
          <button type='button' class='button button-small' onClick={() => { setDraft([blank(columns)]); onApply([]) }}>Clear filters</button>
        )}
        <button type='submit' class='button button-small button-primary'>Apply filters</button>
      </div>
    </form>
  )
}

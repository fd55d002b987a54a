import { useState } from 'preact/hooks'
import type { ApiError } from '../../api.js'
import type { Column, Row } from '../../types.js'
import { affinity, isBlob, toColumnValue, toInputText } from '../../values.js'
import { ErrorNote } from '../../components/notice.js'

interface RecordEditorProps {
  columns: Column[]
  /** The stored record when editing; absent when adding. */
  record?: Row
  busy: boolean
  error?: ApiError
  onSave: (values: Row) => void
  onCancel: () => void
}

/**
 * A grid row turned into inputs. Adding sends only the filled-in columns, so defaults and
 * auto-increment apply; editing sends only the changed ones. A cleared number, date or other
 * non-text column becomes NULL.
 */
export function RecordEditor ({ columns, record, busy, error, onSave, onCancel }: RecordEditorProps) {
  const initial = Object.fromEntries(columns.map((c) => [c.name, record ? toInputText(record[c.name], c) : '']))
  // the key names the record being edited: changing it would be another record (the server takes it; the grid would lose it)
  const readOnly = (c: Column): boolean => record !== undefined && Boolean(c.pk)
  const [texts, setTexts] = useState<Record<string, string>>(initial)

  function save (): void {
    const values: Row = {}
    for (const c of columns) {
      const text = texts[c.name]
      if (record && (text === initial[c.name] || isBlob(record[c.name]) || readOnly(c))) continue
      if (!record && text === '') continue
      values[c.name] = text === '' && affinity(c.type) !== 'text' ? null : toColumnValue(c, text)
    }
    onSave(values)
  }

  function keys (event: KeyboardEvent): void {
    if (event.key === 'Enter') { event.preventDefault(); save() }
    if (event.key === 'Escape') { event.preventDefault(); onCancel() }
  }

  return (
    <>
      <tr class='editing'>
        {columns.map((c, i) => {
          const blob = record !== undefined && isBlob(record[c.name])
          return (
            <td key={c.name}>
              <input class='cell-input' aria-label={c.name} value={blob ? 'BLOB' : texts[c.name]} disabled={blob}
                readOnly={readOnly(c)} title={readOnly(c) ? 'primary key: read-only' : undefined}
                placeholder={!record && c.pk && affinity(c.type) === 'integer' ? 'auto' : c.notnull ? 'required' : 'NULL'}
                autoFocus={i === 0} onKeyDown={keys}
                onInput={(e) => setTexts({ ...texts, [c.name]: e.currentTarget.value })} />
            </td>
          )
        })}
        <td class='row-actions'>
          <button type='button' class='button button-small button-primary' disabled={busy} onClick={save}>{busy ? 'Saving…' : 'Save'}</button>
          <button type='button' class='button button-small' onClick={onCancel}>Cancel</button>
        </td>
      </tr>
      {error && (
        <tr class='editing-error'>
          <td colSpan={columns.length + 1}><ErrorNote error={error} /></td>
        </tr>
      )}
    </>
  )
}

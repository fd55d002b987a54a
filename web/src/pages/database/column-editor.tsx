import { parseLiteral } from '../../values.js'

export const columnTypes = ['integer', 'text', 'real', 'numeric', 'boolean', 'blob', 'json', 'date', 'datetime', 'timestamp',
  'bigint', 'int', 'varchar', 'char', 'float', 'double', 'decimal']

export const identifierPattern = '^[A-Za-z][A-Za-z0-9_]*$'

export interface ColumnDraft {
  key: number
  name: string
  type: string
  primaryKey: boolean
  autoIncrement: boolean
  notNull: boolean
  unique: boolean
  defaultValue: string
}

let nextKey = 1

export function newColumn (overrides: Partial<ColumnDraft> = {}): ColumnDraft {
  return { key: nextKey++, name: '', type: 'text', primaryKey: false, autoIncrement: false, notNull: false, unique: false, defaultValue: '', ...overrides }
}

/** The API's column definition (spec: name, type, primary_key, auto_increment, nullable; contract extras: default, unique). */
export function toDefinition (c: ColumnDraft): Record<string, unknown> {
  const def: Record<string, unknown> = { name: c.name.trim(), type: c.type }
  if (c.primaryKey) def.primary_key = true
  if (c.primaryKey && c.autoIncrement) def.auto_increment = true
  if (c.notNull) def.nullable = false
  if (c.unique) def.unique = true
  if (c.defaultValue.trim() !== '') def.default = parseLiteral(c.defaultValue)
  return def
}

interface ColumnsEditorProps {
  columns: ColumnDraft[]
  onChange: (columns: ColumnDraft[]) => void
  allowPrimaryKey?: boolean
  legend: string
}

/** Rows of column definitions, each a small labelled form; used by create table and add columns. */
export function ColumnsEditor ({ columns, onChange, allowPrimaryKey = true, legend }: ColumnsEditorProps) {
  function update (key: number, patch: Partial<ColumnDraft>): void {
    onChange(columns.map((c) => (c.key === key ? { ...c, ...patch } : c)))
  }
  return (
    <fieldset class='columns-editor'>
      <legend>{legend}</legend>
      {columns.map((c, i) => (
        <div key={c.key} class='column-row' role='group' aria-label={`Column ${i + 1}`}>
          <label class='field'>
            <span class='label'>Name</span>
            <input value={c.name} required pattern={identifierPattern} spellcheck={false} autoComplete='off'
              onInput={(e) => update(c.key, { name: e.currentTarget.value })} />
          </label>
          <label class='field'>
            <span class='label'>Type</span>
            <select value={c.type} onChange={(e) => update(c.key, { type: e.currentTarget.value })}>
              {columnTypes.map((t) => <option key={t} value={t}>{t}</option>)}
            </select>
          </label>
          <label class='field'>
            <span class='label'>Default</span>
            <input value={c.defaultValue} placeholder='none' onInput={(e) => update(c.key, { defaultValue: e.currentTarget.value })} />
          </label>
          <div class='column-flags'>
            {allowPrimaryKey && (
              <label class='check'>
                <input type='checkbox' checked={c.primaryKey} onChange={(e) => update(c.key, { primaryKey: e.currentTarget.checked })} />
                <span>Primary key</span>
              </label>
            )}
            {allowPrimaryKey && c.primaryKey && c.type === 'integer' && (
              <label class='check'>
                <input type='checkbox' checked={c.autoIncrement} onChange={(e) => update(c.key, { autoIncrement: e.currentTarget.checked })} />
                <span>Auto increment</span>
              </label>
            )}
            <label class='check'>
              <input type='checkbox' checked={c.notNull} onChange={(e) => update(c.key, { notNull: e.currentTarget.checked })} />
              <span>Not null</span>
            </label>
            <label class='check'>
              <input type='checkbox' checked={c.unique} onChange={(e) => update(c.key, { unique: e.currentTarget.checked })} />
              <span>Unique</span>
            </label>
          </div>
          <button type='button' class='icon-button' aria-label={`Remove column ${c.name || i + 1}`} disabled={columns.length === 1 && allowPrimaryKey}
            onClick={() => onChange(columns.filter((x) => x.key !== c.key))}>×</button>
        </div>
      ))}
      <button type='button' class='button button-small' onClick={() => onChange([...columns, newColumn()])}>+ Add column</button>
    </fieldset>
  )
}

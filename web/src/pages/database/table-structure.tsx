import type { ComponentChildren } from 'preact'
import { useState } from 'preact/hooks'
import { api, seg } from '../../api.js'
import type { Column, DatabaseDetail } from '../../types.js'
import { useAction } from '../../hooks.js'
import { navigate } from '../../router.js'
import { Confirm } from '../../components/confirm.js'
import { ErrorNote, Note } from '../../components/notice.js'
import { toast } from '../../components/toast.js'
import { ColumnsEditor, identifierPattern, newColumn, toDefinition } from './column-editor.js'

interface StructureProps {
  db: DatabaseDetail
  table: string
  columns: Column[]
  onChange: () => void
}

/** A small form that sends one PATCH to the table and reports back. */
function AlterForm ({ title, label, disabled, wide = false, onSubmit, children }: {
  title: string
  label: string
  disabled?: boolean
  wide?: boolean
  onSubmit: () => Promise<unknown>
  children: ComponentChildren
}) {
  const action = useAction(async () => { await onSubmit(); return true })
  return (
    <form class={wide ? 'card stack card-wide' : 'card stack'} onSubmit={(e) => { e.preventDefault(); void action.run() }}>
      <h3 class='card-title'>{title}</h3>
      {children}
      <ErrorNote error={action.error} />
      <div class='actions actions-start'>
        <button type='submit' class='button button-primary' disabled={disabled || action.busy}>{action.busy ? 'Working…' : label}</button>
      </div>
    </form>
  )
}

export function TableStructure ({ db, table, columns, onChange }: StructureProps) {
  const path = `/api/databases/${seg(db.name)}/tables/${seg(table)}`
  const [newName, setNewName] = useState('')
  const [renameFrom, setRenameFrom] = useState(columns[0]?.name ?? '')
  const [renameTo, setRenameTo] = useState('')
  const [added, setAdded] = useState([newColumn()])
  const [dropped, setDropped] = useState<string[]>([])
  const [confirmDrop, setConfirmDrop] = useState(false)
  // The chosen column may have just been renamed or dropped.
  const from = columns.some((c) => c.name === renameFrom) ? renameFrom : columns[0]?.name ?? ''
  const writable = !db.readonly && db.tables.find((t) => t.name === table)?.type !== 'view'

  async function alter (body: Record<string, unknown>, message: string): Promise<void> {
    await api.patch(path, body)
    toast(message)
    onChange()
  }

  return (
    <div class='stack'>
      <section class='card card-flush' aria-labelledby='columns-title'>
        <h3 class='card-title' id='columns-title'>Columns</h3>
        <div class='table-scroll'>
          <table class='grid'>
            <thead>
              <tr><th scope='col'>Name</th><th scope='col'>Type</th><th scope='col'>Not null</th><th scope='col'>Primary key</th><th scope='col'>Default</th></tr>
            </thead>
            <tbody>
              {columns.map((c) => (
                <tr key={c.name}>
                  <th scope='row'>{c.name}</th>
                  <td><code>{c.type || 'any'}</code></td>
                  <td>{c.notnull ? 'yes' : 'no'}</td>
                  <td>{c.pk ? (typeof c.pk === 'number' && c.pk > 1 ? `yes (${c.pk})` : 'yes') : 'no'}</td>
                  <td>{c.default === null || c.default === undefined ? <span class='muted'>–</span> : <code>{String(c.default)}</code>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      {!writable && <Note tone='info'>{db.readonly ? 'This database is read-only: its tables cannot be altered.' : 'Views cannot be altered here.'}</Note>}

      {writable && (
        <div class='card-grid card-grid-2'>
          <AlterForm title='Rename table' label='Rename table' disabled={!newName.trim()}
            onSubmit={async () => {
              const name = newName.trim()
              await api.patch(path, { name })
              toast(`Table renamed to ${name}`)
              // Move to the new name first, so nothing asks for the old one again.
              navigate(`/databases/${seg(db.name)}/tables/${seg(name)}/structure`, { replace: true })
              onChange()
            }}>
            <label class='field'>
              <span class='label'>New name</span>
              <input value={newName} pattern={identifierPattern} required placeholder={table} onInput={(e) => setNewName(e.currentTarget.value)} />
            </label>
          </AlterForm>

          <AlterForm title='Rename column' label='Rename column' disabled={!renameTo.trim()}
            onSubmit={async () => {
              await alter({ rename_column: { from, to: renameTo.trim() } }, `Column ${from} renamed to ${renameTo.trim()}`)
              setRenameFrom(renameTo.trim())
              setRenameTo('')
            }}>
            <div class='field-row'>
              <label class='field'>
                <span class='label'>Column</span>
                <select value={from} onChange={(e) => setRenameFrom(e.currentTarget.value)}>
                  {columns.map((c) => <option key={c.name} value={c.name}>{c.name}</option>)}
                </select>
              </label>
              <label class='field'>
                <span class='label'>New name</span>
                <input value={renameTo} pattern={identifierPattern} required onInput={(e) => setRenameTo(e.currentTarget.value)} />
              </label>
            </div>
          </AlterForm>

          <AlterForm title='Add columns' label='Add columns' wide disabled={added.length === 0}
            onSubmit={async () => {
              await alter({ add_columns: added.map(toDefinition) }, `${added.length} column(s) added`)
              setAdded([newColumn()])
            }}>
            <ColumnsEditor legend='New columns' columns={added} onChange={setAdded} allowPrimaryKey={false} />
          </AlterForm>

          <AlterForm title='Drop columns' label='Drop selected columns' disabled={dropped.length === 0}
            onSubmit={async () => {
              await alter({ drop_columns: dropped }, `Dropped ${dropped.join(', ')}`)
              setDropped([])
            }}>
            <fieldset class='checks'>
              <legend class='label'>Columns to drop</legend>
              {columns.map((c) => (
                <label key={c.name} class='check'>
                  <input type='checkbox' checked={dropped.includes(c.name)}
                    onChange={(e) => setDropped(e.currentTarget.checked ? [...dropped, c.name] : dropped.filter((n) => n !== c.name))} />
                  <span>{c.name}</span>
                </label>
              ))}
            </fieldset>
          </AlterForm>

          <section class='card danger-zone stack' aria-labelledby='drop-table-title'>
            <h3 class='card-title' id='drop-table-title'>Drop table</h3>
            <p>Removes <strong>{table}</strong> and every record in it.</p>
            <div class='actions actions-start'>
              <button type='button' class='button button-danger' onClick={() => setConfirmDrop(true)}>Drop table…</button>
            </div>
          </section>
        </div>
      )}

      {confirmDrop && (
        <Confirm title={`Drop table ${table}`} confirmLabel='Drop table' typeToConfirm={table} onClose={() => setConfirmDrop(false)}
          onConfirm={async () => {
            await api.delete(path)
            toast(`Table ${table} dropped`)
            navigate(`/databases/${seg(db.name)}`)
            onChange()
          }}>
          <p>This permanently deletes the table <strong>{table}</strong> and all its data.</p>
        </Confirm>
      )}
    </div>
  )
}

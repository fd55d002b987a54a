import { useState } from 'preact/hooks'
import { api, seg } from '../../api.js'
import { useAction } from '../../hooks.js'
import { navigate } from '../../router.js'
import { Dialog } from '../../components/dialog.js'
import { ErrorNote } from '../../components/notice.js'
import { Field } from '../../components/field.js'
import { toast } from '../../components/toast.js'
import { ColumnsEditor, identifierPattern, newColumn, toDefinition } from './column-editor.js'

export function CreateTableDialog ({ db, onClose, onCreated }: { db: string, onClose: () => void, onCreated: () => void }) {
  const [name, setName] = useState('')
  const [columns, setColumns] = useState(() => [
    newColumn({ name: 'id', type: 'integer', primaryKey: true, autoIncrement: true }),
    newColumn()
  ])
  const create = useAction(async () => api.post(`/api/databases/${seg(db)}/tables`, { name: name.trim(), columns: columns.map(toDefinition) }))

  async function submit (event: Event): Promise<void> {
    event.preventDefault()
    if (!await create.run()) return
    toast(`Table ${name} created`)
    onCreated()
    onClose()
    navigate(`/databases/${seg(db)}/tables/${seg(name.trim())}`)
  }

  return (
    <Dialog title='New table' onClose={onClose} wide>
      <form class='stack' onSubmit={submit}>
        <Field label='Table name' hint='Letters, digits and underscores; starts with a letter.'>
          {(control) => (
            <input {...control} value={name} required pattern={identifierPattern} maxLength={64} autoComplete='off' spellcheck={false} autoFocus
              onInput={(e) => setName(e.currentTarget.value)} />
          )}
        </Field>
        <ColumnsEditor legend='Columns' columns={columns} onChange={setColumns} />
        <ErrorNote error={create.error} />
        <div class='actions'>
          <button type='button' class='button' onClick={onClose}>Cancel</button>
          <button type='submit' class='button button-primary' disabled={create.busy || columns.length === 0}>
            {create.busy ? 'Creating…' : 'Create table'}
          </button>
        </div>
      </form>
    </Dialog>
  )
}

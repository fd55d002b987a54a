import { useState } from 'preact/hooks'
import { api } from '../api.js'
import type { Database } from '../types.js'
import { useAction } from '../hooks.js'
import { Dialog } from '../components/dialog.js'
import { ErrorNote } from '../components/notice.js'
import { Field } from '../components/field.js'
import { toast } from '../components/toast.js'

export const databaseNamePattern = '^[a-z0-9][a-z0-9_\\-]*$'
const nameRule = new RegExp(databaseNamePattern)

export function validDatabaseName (name: string): boolean {
  return nameRule.test(name)
}

export function DatabaseNameField ({ value, onInput, autoFocus = false }: { value: string, onInput: (v: string) => void, autoFocus?: boolean }) {
  const invalid = value.length > 0 && !validDatabaseName(value)
  return (
    <Field label='Name' error={invalid && 'Use lowercase letters, digits, - and _, starting with a letter or digit.'}
      hint={<>Lowercase letters, digits, <code>-</code> and <code>_</code>; starts with a letter or digit.</>}>
      {(control) => (
        <input {...control} value={value} required pattern={databaseNamePattern} autoComplete='off' spellcheck={false} autoFocus={autoFocus}
          onInput={(e) => onInput(e.currentTarget.value)} />
      )}
    </Field>
  )
}

export function CreateDatabaseDialog ({ groups, onClose, onCreated }: { groups: string[], onClose: () => void, onCreated: () => void }) {
  const [name, setName] = useState('')
  const [group, setGroup] = useState('')
  const create = useAction(async () => api.post<Database>('/api/databases', { name, ...(group.trim() ? { group: group.trim() } : {}) }))

  async function submit (event: Event): Promise<void> {
    event.preventDefault()
    if (!validDatabaseName(name)) return
    const created = await create.run()
    if (!created) return
    toast(`Database ${created.data.name} created`)
    onCreated()
    onClose()
  }

  return (
    <Dialog title='New database' onClose={onClose}>
      <form class='stack' onSubmit={submit}>
        <DatabaseNameField value={name} onInput={setName} autoFocus />
        <Field label='Group' aside='optional' hint='Databases with the same group are listed together.'>
          {(control) => (
            <input {...control} value={group} list='known-groups' autoComplete='off' onInput={(e) => setGroup(e.currentTarget.value)} />
          )}
        </Field>
        <datalist id='known-groups'>{[...new Set(groups)].map((g) => <option key={g} value={g} />)}</datalist>
        <ErrorNote error={create.error} />
        <div class='actions'>
          <button type='button' class='button' onClick={onClose}>Cancel</button>
          <button type='submit' class='button button-primary' disabled={create.busy}>{create.busy ? 'Creating…' : 'Create database'}</button>
        </div>
      </form>
    </Dialog>
  )
}

import { useEffect, useState } from 'preact/hooks'
import { api, download, seg } from '../../api.js'
import type { DatabaseConfig, DatabaseDetail } from '../../types.js'
import { useAction, useResource } from '../../hooks.js'
import { formatBytes } from '../../format.js'
import { navigate } from '../../router.js'
import { Confirm } from '../../components/confirm.js'
import { ErrorNote, Loading } from '../../components/notice.js'
import { Field } from '../../components/field.js'
import { toast } from '../../components/toast.js'
import { DatabaseNameField, validDatabaseName } from '../database-create.js'

/** `*`, or an exact origin: scheme, host and optional port, no path. */
function validOrigin (origin: string): boolean {
  if (origin === '*') return true
  try {
    const url = new URL(origin)
    return url.origin === origin
  } catch {
    return false
  }
}

function CorsEditor ({ config, path, onSaved }: { config: DatabaseConfig, path: string, onSaved: (c: DatabaseConfig) => void }) {
  const [origins, setOrigins] = useState<string[]>(config.cors_origins)
  const [draft, setDraft] = useState('')
  const save = useAction(async () => (await api.patch<DatabaseConfig>(path, { cors_origins: origins })).data)
  const draftValid = validOrigin(draft.trim())
  const changed = JSON.stringify(origins) !== JSON.stringify(config.cors_origins)

  useEffect(() => setOrigins(config.cors_origins), [config.cors_origins.join('\n')])

  function add (event: Event): void {
    event.preventDefault()
    const origin = draft.trim()
    if (!draftValid || origins.includes(origin)) return
    setOrigins([...origins, origin])
    setDraft('')
  }

  async function submit (): Promise<void> {
    const saved = await save.run()
    if (!saved) return
    toast('CORS origins saved')
    onSaved(saved)
  }

  return (
    <section class='card stack' aria-labelledby='cors-title'>
      <h2 class='card-title' id='cors-title'>CORS origins</h2>
      <p class='muted'>Web pages from these origins may call this database's API from the browser. <code>*</code> allows any origin.</p>
      {origins.length === 0
        ? <p class='muted'>No origins: browsers on other sites cannot call this database.</p>
        : (
          <ul class='origin-list'>
            {origins.map((o) => (
              <li key={o}>
                <code>{o}</code>
                <button type='button' class='icon-button' aria-label={`Remove origin ${o}`} onClick={() => setOrigins(origins.filter((x) => x !== o))}>×</button>
              </li>
            ))}
          </ul>
          )}
      <form class='field-row' onSubmit={add}>
        <Field label='Add origin' hint='Scheme, host and port only, without a trailing slash.'
          error={draft.length > 0 && !draftValid && 'Not an origin: use scheme, host and port only, e.g. https://app.example.com.'}>
          {(control) => (
            <input {...control} value={draft} placeholder='https://app.example.com' spellcheck={false} onInput={(e) => setDraft(e.currentTarget.value)} />
          )}
        </Field>
        <button type='submit' class='button field-button' disabled={!draftValid}>Add</button>
      </form>
      <ErrorNote error={save.error} />
      <div class='actions actions-start'>
        <button type='button' class='button button-primary' disabled={!changed || save.busy} onClick={() => { void submit() }}>
          {save.busy ? 'Saving…' : 'Save origins'}
        </button>
        {changed && <button type='button' class='button' onClick={() => setOrigins(config.cors_origins)}>Undo changes</button>}
      </div>
    </section>
  )
}

export function DatabaseSettings ({ db, onChange }: { db: DatabaseDetail, onChange: () => void }) {
  const base = `/api/databases/${seg(db.name)}`
  const config = useResource(async (signal) => (await api.get<DatabaseConfig>(`${base}/config`, { signal })).data, [base])
  const [current, setCurrent] = useState<DatabaseConfig | undefined>()
  const [newName, setNewName] = useState('')
  const [deleting, setDeleting] = useState(false)
  const [pendingReadonly, setPendingReadonly] = useState<boolean | null>(null)
  const shown = current ?? config.data

  useEffect(() => setCurrent(undefined), [config.data])

  const readonly = useAction(async (value: boolean) => (await api.patch<DatabaseConfig>(`${base}/config`, { readonly: value })).data)
  const rename = useAction(async () => api.patch(base, { name: newName }))
  const exporting = useAction(async () => download(`${base}/export`, `${db.name}.db`))

  async function toggleReadonly (value: boolean): Promise<void> {
    // The switch moves at once; it springs back if the server refuses.
    setPendingReadonly(value)
    const saved = await readonly.run(value)
    setPendingReadonly(null)
    if (!saved) return
    setCurrent(saved)
    toast(value ? `${db.name} is now read-only` : `${db.name} accepts writes again`)
    onChange()
  }

  async function submitRename (event: Event): Promise<void> {
    event.preventDefault()
    if (!validDatabaseName(newName) || newName === db.name) return
    if (!await rename.run()) return
    toast(`Renamed ${db.name} to ${newName}`)
    navigate(`/databases/${seg(newName)}/settings`, { replace: true })
  }

  return (
    <div class='stack'>
      {config.loading && !shown && <Loading />}
      <ErrorNote error={config.error} />
      {shown && (
        <section class='card stack' aria-labelledby='access-title'>
          <h2 class='card-title' id='access-title'>Access</h2>
          <div class='switch-field'>
            <label class='switch'>
              <input type='checkbox' role='switch' checked={pendingReadonly ?? shown.readonly} disabled={readonly.busy} aria-describedby='readonly-hint'
                onChange={(e) => { void toggleReadonly(e.currentTarget.checked) }} />
              <span class='switch-track' aria-hidden='true' />
              <strong>Read-only</strong>
            </label>
            <span class='hint' id='readonly-hint'>Refuse every write, from keys and admins alike, until switched off.</span>
          </div>
          <ErrorNote error={readonly.error} />
          {shown.group && <p class='muted'>Group: <span class='badge'>{shown.group}</span></p>}
        </section>
      )}
      {shown && <CorsEditor config={shown} path={`${base}/config`} onSaved={setCurrent} />}

      <section class='card stack' aria-labelledby='export-title'>
        <h2 class='card-title' id='export-title'>Export</h2>
        <p class='muted'>Download a consistent copy of the database file ({formatBytes(db.sizeBytes)}), made with <code>VACUUM INTO</code>.</p>
        <ErrorNote error={exporting.error} />
        <div class='actions actions-start'>
          <button type='button' class='button' disabled={exporting.busy} onClick={() => { void exporting.run() }}>
            {exporting.busy ? 'Preparing…' : `Download ${db.name}.db`}
          </button>
        </div>
      </section>

      <form class='card stack' onSubmit={submitRename} aria-labelledby='rename-title'>
        <h2 class='card-title' id='rename-title'>Rename</h2>
        <p class='muted'>API keys keep working under the new name; analytics and the activity log follow it.</p>
        <DatabaseNameField value={newName} onInput={setNewName} />
        <ErrorNote error={rename.error} />
        <div class='actions actions-start'>
          <button type='submit' class='button button-primary' disabled={rename.busy || !newName || newName === db.name}>
            {rename.busy ? 'Renaming…' : 'Rename database'}
          </button>
        </div>
      </form>

      <section class='card danger-zone stack' aria-labelledby='delete-title'>
        <h2 class='card-title' id='delete-title'>Delete database</h2>
        <p>Deletes <strong>{db.name}</strong>, its file, its tables and its API keys. There is no undo.</p>
        <div class='actions actions-start'>
          <button type='button' class='button button-danger' onClick={() => setDeleting(true)}>Delete database…</button>
        </div>
      </section>

      {deleting && (
        <Confirm title={`Delete ${db.name}`} confirmLabel='Delete forever' typeToConfirm={db.name} onClose={() => setDeleting(false)}
          onConfirm={async () => {
            await api.delete(base)
            toast(`Database ${db.name} deleted`)
            navigate('/databases')
          }}>
          <p>This permanently deletes the database <strong>{db.name}</strong> and its file. Export it first if you may need it.</p>
        </Confirm>
      )}
    </div>
  )
}

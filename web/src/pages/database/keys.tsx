import { useState } from 'preact/hooks'
import { api, seg } from '../../api.js'
import type { ApiKey, DatabaseDetail, RevealedKey, Scope } from '../../types.js'
import { useAction, useResource } from '../../hooks.js'
import { formatAgo, formatDate } from '../../format.js'
import { Confirm } from '../../components/confirm.js'
import { Empty, ErrorNote, Loading } from '../../components/notice.js'
import { toast } from '../../components/toast.js'

/** Shows a raw key once, with a copy button; it cannot be fetched again. */
function KeyReveal ({ revealed, rotated, onDone }: { revealed: RevealedKey, rotated: boolean, onDone: () => void }) {
  const [copied, setCopied] = useState(false)
  async function copy (): Promise<void> {
    try {
      await navigator.clipboard.writeText(revealed.key)
      setCopied(true)
    } catch {
      toast('Copying was blocked by the browser: select the key and copy it by hand.', 'error')
    }
  }
  return (
    <section class='card reveal' role='status' aria-labelledby='reveal-title'>
      <h3 class='card-title' id='reveal-title'>{rotated ? 'New key for' : 'API key created:'} {revealed.label}</h3>
      <p>Copy this key now. It is shown only once; Litehouse keeps just a hash of it.</p>
      <div class='reveal-row'>
        <label class='visually-hidden' for='revealed-key'>Raw API key</label>
        <input id='revealed-key' class='code-input reveal-key' readOnly value={revealed.key} onFocus={(e) => e.currentTarget.select()} />
        <button type='button' class='button button-primary' onClick={() => { void copy() }}>{copied ? 'Copied' : 'Copy'}</button>
      </div>
      <div class='actions actions-start'>
        <button type='button' class='button' onClick={onDone}>I have stored it</button>
      </div>
    </section>
  )
}

export function KeysView ({ db }: { db: DatabaseDetail }) {
  const path = `/api/databases/${seg(db.name)}/keys`
  const keys = useResource(async (signal) => (await api.get<ApiKey[]>(path, { signal })).data, [path])
  const [label, setLabel] = useState('')
  const [scope, setScope] = useState<Scope>('write')
  const [revealed, setRevealed] = useState<{ key: RevealedKey, rotated: boolean } | null>(null)
  const [rotating, setRotating] = useState<ApiKey | null>(null)
  const [revoking, setRevoking] = useState<ApiKey | null>(null)
  const create = useAction(async () => (await api.post<RevealedKey>(path, { label: label.trim(), scope })).data)

  async function submit (event: Event): Promise<void> {
    event.preventDefault()
    const key = await create.run()
    if (!key) return
    setRevealed({ key, rotated: false })
    setLabel('')
    keys.reload()
  }

  return (
    <div class='stack'>
      <form class='card stack' onSubmit={submit}>
        <h2 class='card-title'>Create an API key</h2>
        <div class='field-row'>
          <label class='field'>
            <span class='label'>Label</span>
            <input value={label} required maxLength={100} placeholder='e.g. backend service' onInput={(e) => setLabel(e.currentTarget.value)} />
          </label>
          <label class='field'>
            <span class='label'>Scope</span>
            <select value={scope} onChange={(e) => setScope(e.currentTarget.value as Scope)}>
              <option value='write'>write: everything on this database</option>
              <option value='read'>read: reads, SELECT and export</option>
            </select>
          </label>
          <button type='submit' class='button button-primary field-button' disabled={create.busy || !label.trim()}>
            {create.busy ? 'Creating…' : 'Create key'}
          </button>
        </div>
        <p class='hint'>A key works for <strong>{db.name}</strong> only. Send it as <code>Authorization: Bearer &lt;key&gt;</code>.</p>
        <ErrorNote error={create.error} />
      </form>

      {revealed && <KeyReveal revealed={revealed.key} rotated={revealed.rotated} onDone={() => setRevealed(null)} />}

      <section class='card card-flush' aria-labelledby='keys-title'>
        <h2 class='card-title' id='keys-title'>Keys</h2>
        <ErrorNote error={keys.error} />
        {keys.loading && !keys.data && <Loading />}
        {keys.data && keys.data.length === 0 && <Empty title='No API keys yet' />}
        {keys.data && keys.data.length > 0 && (
          <div class='table-scroll'>
            <table class='grid'>
              <thead>
                <tr>
                  <th scope='col'>Label</th><th scope='col'>Scope</th><th scope='col'>Key</th>
                  <th scope='col' class='hide-narrow'>Created</th><th scope='col'>Last used</th>
                  <th scope='col'><span class='visually-hidden'>Actions</span></th>
                </tr>
              </thead>
              <tbody>
                {keys.data.map((k) => (
                  <tr key={k.id}>
                    <th scope='row'>{k.label}</th>
                    <td><span class={k.scope === 'write' ? 'badge badge-accent' : 'badge'}>{k.scope}</span></td>
                    <td><code>{k.prefix}…</code></td>
                    <td class='hide-narrow muted'>{formatDate(k.createdAt)}</td>
                    <td class='muted'>{formatAgo(k.lastUsedAt)}</td>
                    <td class='row-actions'>
                      <button type='button' class='button button-small' onClick={() => setRotating(k)} aria-label={`Rotate key ${k.label}`}>Rotate</button>
                      <button type='button' class='button button-small button-quiet-danger' onClick={() => setRevoking(k)} aria-label={`Revoke key ${k.label}`}>Revoke</button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {rotating && (
        <Confirm title={`Rotate key ${rotating.label}`} confirmLabel='Rotate key' danger={false} onClose={() => setRotating(null)}
          onConfirm={async () => {
            const res = await api.post<RevealedKey>(`${path}/${seg(rotating.id)}/rotate`)
            setRevealed({ key: res.data, rotated: true })
            keys.reload()
          }}>
          <p>A new key replaces <code>{rotating.prefix}…</code>. The old key stops working immediately.</p>
        </Confirm>
      )}
      {revoking && (
        <Confirm title={`Revoke key ${revoking.label}`} confirmLabel='Revoke key' onClose={() => setRevoking(null)}
          onConfirm={async () => {
            await api.delete(`${path}/${seg(revoking.id)}`)
            toast(`Key ${revoking.label} revoked`)
            keys.reload()
          }}>
          <p>Clients using <code>{revoking.prefix}…</code> lose access at once. This cannot be undone.</p>
        </Confirm>
      )}
    </div>
  )
}

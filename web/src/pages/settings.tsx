import { useEffect, useMemo, useState } from 'preact/hooks'
import { api } from '../api.js'
import type { Admin, Settings } from '../types.js'
import { useAction, useResource, useTitle } from '../hooks.js'
import { ErrorNote, Loading } from '../components/notice.js'
import { Field } from '../components/field.js'
import { toast } from '../components/toast.js'

interface Health { status: string, version: string, databases: number }

function timeZones (): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] }
  return intl.supportedValuesOf?.('timeZone') ?? []
}

function ServerSettings () {
  const settings = useResource(async (signal) => (await api.get<Settings>('/api/settings', { signal })).data, [])
  const [timezone, setTimezone] = useState('')
  const [serverUrl, setServerUrl] = useState('')
  const zones = useMemo(timeZones, [])
  useEffect(() => {
    if (!settings.data) return
    setTimezone(settings.data.timezone)
    setServerUrl(settings.data.serverUrl)
  }, [settings.data])

  const save = useAction(async () => {
    const changes: Partial<Settings> = {}
    if (timezone !== settings.data?.timezone) changes.timezone = timezone.trim()
    if (serverUrl !== settings.data?.serverUrl) changes.serverUrl = serverUrl.trim()
    return (await api.patch<Settings>('/api/settings', changes)).data
  })
  const changed = settings.data !== undefined && (timezone !== settings.data.timezone || serverUrl !== settings.data.serverUrl)

  async function submit (event: Event): Promise<void> {
    event.preventDefault()
    if (!changed) return
    if (await save.run()) {
      toast('Settings saved')
      settings.reload()
    }
  }

  return (
    <form class='card stack' onSubmit={submit} aria-labelledby='server-title'>
      <h2 class='card-title' id='server-title'>Server</h2>
      <ErrorNote error={settings.error} />
      {!settings.data && settings.loading && <Loading />}
      {settings.data && (
        <>
          <Field label='Time zone' hint={<>An IANA zone such as <code>Europe/Paris</code>. Analytics days and hours follow it.</>}>
            {(control) => (
              <input {...control} value={timezone} list='time-zones' required spellcheck={false} onInput={(e) => setTimezone(e.currentTarget.value)} />
            )}
          </Field>
          <datalist id='time-zones'>{zones.map((z) => <option key={z} value={z} />)}</datalist>
          <Field label='Server URL' hint='The address clients use to reach this server.'>
            {(control) => (
              <input {...control} type='url' value={serverUrl} required spellcheck={false} onInput={(e) => setServerUrl(e.currentTarget.value)} />
            )}
          </Field>
          <ErrorNote error={save.error} />
          <div class='actions actions-start'>
            <button type='submit' class='button button-primary' disabled={!changed || save.busy}>{save.busy ? 'Saving…' : 'Save settings'}</button>
          </div>
        </>
      )}
    </form>
  )
}

function AddAdmin () {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const create = useAction(async () => (await api.post<Admin>('/api/admin/setup', { email, password })).data)

  async function submit (event: Event): Promise<void> {
    event.preventDefault()
    const admin = await create.run()
    if (!admin) return
    toast(`Admin ${admin.email} added`)
    setEmail('')
    setPassword('')
  }

  return (
    <form class='card stack' onSubmit={submit} aria-labelledby='add-admin-title'>
      <h2 class='card-title' id='add-admin-title'>Add an administrator</h2>
      <div class='field-row'>
        <label class='field'>
          <span class='label'>Email</span>
          <input type='email' required value={email} autoComplete='off' onInput={(e) => setEmail(e.currentTarget.value)} />
        </label>
        <label class='field'>
          <span class='label'>Password</span>
          <input type='password' required minLength={8} value={password} autoComplete='new-password' onInput={(e) => setPassword(e.currentTarget.value)} />
        </label>
        <button type='submit' class='button field-button' disabled={create.busy}>{create.busy ? 'Adding…' : 'Add admin'}</button>
      </div>
      <ErrorNote error={create.error} />
    </form>
  )
}

export function SettingsPage ({ admin }: { admin: Admin }) {
  useTitle('Settings')
  const health = useResource(async (signal) => {
    const res = await fetch('/api/health', { signal })
    return await res.json() as Health
  }, [])

  return (
    <>
      <div class='page-head'>
        <div>
          <h1>Settings</h1>
          <p class='muted'>Signed in as <strong>{admin.email}</strong>{health.data && <> · Litehouse {health.data.version}, {health.data.databases} databases, status {health.data.status}</>}</p>
        </div>
      </div>
      <div class='stack narrow'>
        <ServerSettings />
        <AddAdmin />
      </div>
    </>
  )
}

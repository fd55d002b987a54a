import { useState } from 'preact/hooks'
import { api } from '../api.js'
import type { Admin } from '../types.js'
import { useAction, useTitle } from '../hooks.js'
import { ErrorNote } from '../components/notice.js'
import { Field } from '../components/field.js'
import { signIn } from './sign-in.js'

/** The new admin, signed in; or only the email when signing in did not work (the sign-in page takes over). */
export type SetupResult = { admin: Admin } | { admin?: undefined, email: string }

/** First run: no admin exists yet, so the first one is created here, and signed in at once. */
export function SetupPage ({ onDone }: { onDone: (result: SetupResult) => void }) {
  useTitle('Set up')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [repeat, setRepeat] = useState('')
  const create = useAction(async (): Promise<SetupResult> => {
    await api.post('/api/admin/setup', { email, password })
    try {
      return { admin: await signIn(email, password, false) }
    } catch {
      return { email } // e.g. the sign-in rate limit: the account exists, the sign-in page says so
    }
  })
  const mismatch = repeat.length > 0 && repeat !== password

  async function submit (event: Event): Promise<void> {
    event.preventDefault()
    if (password.length < 8 || password !== repeat) return
    const result = await create.run()
    if (result) onDone(result)
  }

  return (
    <main class='center-page'>
      <form class='auth-card' onSubmit={submit}>
        <div class='auth-brand'><span class='brand-mark' aria-hidden='true' /> Litehouse</div>
        <h1>Welcome</h1>
        <p class='muted'>Create the first administrator account for this server.</p>
        <label class='field'>
          <span class='label'>Email</span>
          <input type='email' name='email' autoComplete='username' required value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
        </label>
        <Field label='Password' hint='At least 8 characters.'>
          {(control) => (
            <input {...control} type='password' name='password' autoComplete='new-password' required minLength={8} value={password}
              onInput={(e) => setPassword(e.currentTarget.value)} />
          )}
        </Field>
        <Field label='Repeat password' error={mismatch && 'The passwords differ.'}>
          {(control) => (
            <input {...control} type='password' name='repeat' autoComplete='new-password' required value={repeat}
              onInput={(e) => setRepeat(e.currentTarget.value)} />
          )}
        </Field>
        <ErrorNote error={create.error} />
        <button type='submit' class='button button-primary button-block' disabled={create.busy || mismatch}>
          {create.busy ? 'Creating…' : 'Create admin account'}
        </button>
      </form>
    </main>
  )
}

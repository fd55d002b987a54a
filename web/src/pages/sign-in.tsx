import { useState } from 'preact/hooks'
import { api, session } from '../api.js'
import type { Admin } from '../types.js'
import { useAction, useTitle } from '../hooks.js'
import { ErrorNote, Note } from '../components/notice.js'

interface LoginData { token: string, admin: Admin, expiresAt?: string }

/** Signs in and keeps the session token (in localStorage when remembered, else for this tab only). */
export async function signIn (email: string, password: string, remember: boolean): Promise<Admin> {
  const login = (await api.post<LoginData>('/api/admin/login', { email, password })).data
  session.save(login.token, remember)
  return login.admin
}

export function SignInPage ({ email: initialEmail = '', notice, onSignedIn }: { email?: string, notice?: string, onSignedIn: (admin: Admin) => void }) {
  useTitle('Sign in')
  const [email, setEmail] = useState(initialEmail)
  const [password, setPassword] = useState('')
  const [remember, setRemember] = useState(false)
  const login = useAction(async () => signIn(email, password, remember))

  async function submit (event: Event): Promise<void> {
    event.preventDefault()
    const admin = await login.run()
    if (admin) onSignedIn(admin)
  }

  return (
    <main class='center-page'>
      <form class='auth-card' onSubmit={submit}>
        <div class='auth-brand'><span class='brand-mark' aria-hidden='true' /> Litehouse</div>
        <h1>Sign in</h1>
        {notice && <Note tone='success'>{notice}</Note>}
        <label class='field'>
          <span class='label'>Email</span>
          <input type='email' name='email' autoComplete='username' required value={email} autoFocus={!initialEmail}
            onInput={(e) => setEmail(e.currentTarget.value)} />
        </label>
        <label class='field'>
          <span class='label'>Password</span>
          <input type='password' name='password' autoComplete='current-password' required value={password} autoFocus={Boolean(initialEmail)}
            onInput={(e) => setPassword(e.currentTarget.value)} />
        </label>
        <label class='check'>
          <input type='checkbox' checked={remember} onChange={(e) => setRemember(e.currentTarget.checked)} />
          <span>Keep me signed in on this device</span>
        </label>
        <ErrorNote error={login.error} />
        <button type='submit' class='button button-primary button-block' disabled={login.busy}>
          {login.busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  )
}

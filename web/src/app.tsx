import { useEffect, useState } from 'preact/hooks'
import { api, onUnauthorized, session } from './api.js'
import type { Admin } from './types.js'
import { Loading, ErrorNote } from './components/notice.js'
import { Toasts, toast } from './components/toast.js'
import { Shell } from './shell.js'
import { SetupPage } from './pages/setup.js'
import { SignInPage } from './pages/sign-in.js'
import type { ApiError } from './api.js'

type Gate =
  | { state: 'checking' }
  | { state: 'setup' }
  | { state: 'sign-in', email?: string, notice?: string }
  | { state: 'signed-in', admin: Admin }
  | { state: 'offline', error: ApiError }

/** Decides what to show: first-run setup, sign-in, or the dashboard for a valid session. */
export function App () {
  const [gate, setGate] = useState<Gate>({ state: 'checking' })

  async function check (): Promise<void> {
    try {
      if (session.token()) {
        const me = await api.get<Admin>('/api/admin/me')
        setGate({ state: 'signed-in', admin: me.data })
        return
      }
      const status = await api.get<{ hasAdmin: boolean }>('/api/admin/status')
      setGate(status.data.hasAdmin ? { state: 'sign-in' } : { state: 'setup' })
    } catch (error) {
      // A stale token: the unauthorized listener has already shown sign-in with its notice.
      if ((error as ApiError).status === 401) setGate((g) => (g.state === 'sign-in' ? g : { state: 'sign-in' }))
      else setGate({ state: 'offline', error: error as ApiError })
    }
  }

  useEffect(() => {
    onUnauthorized(() => setGate({ state: 'sign-in', notice: 'Your session has ended. Please sign in again.' }))
    void check()
  }, [])

  return (
    <>
      {gate.state === 'checking' && <main class='center-page'><Loading /></main>}
      {gate.state === 'offline' && (
        <main class='center-page'>
          <div class='auth-card'>
            <h1>Litehouse is not answering</h1>
            <ErrorNote error={gate.error} />
            <button type='button' class='button button-primary' onClick={() => { setGate({ state: 'checking' }); void check() }}>Try again</button>
          </div>
        </main>
      )}
      {gate.state === 'setup' && (
        <SetupPage onDone={(result) => {
          if (result.admin) toast('Admin account created: you are signed in')
          setGate(result.admin
            ? { state: 'signed-in', admin: result.admin }
            : { state: 'sign-in', email: result.email, notice: 'Admin account created. Sign in to continue.' })
        }} />
      )}
      {gate.state === 'sign-in' && (
        <SignInPage email={gate.email} notice={gate.notice} onSignedIn={(admin) => setGate({ state: 'signed-in', admin })} />
      )}
      {gate.state === 'signed-in' && (
        <Shell admin={gate.admin} onSignedOut={() => setGate({ state: 'sign-in', notice: 'You are signed out.' })} />
      )}
      <Toasts />
    </>
  )
}

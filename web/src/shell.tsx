import type { Admin } from './types.js'
import { api, session } from './api.js'
import { Link, match, navigate, usePath } from './router.js'
import { DatabasesPage } from './pages/databases.js'
import { DatabasePage } from './pages/database.js'
import { AnalyticsPage } from './pages/analytics.js'
import { ActivityPage } from './pages/activity.js'
import { SettingsPage } from './pages/settings.js'
import { ClusterPage } from './pages/cluster.js'
import { Empty } from './components/notice.js'
import { useEffect } from 'preact/hooks'

const sections = [
  { href: '/databases', label: 'Databases' },
  { href: '/analytics', label: 'Analytics' },
  { href: '/activity', label: 'Activity' },
  { href: '/cluster', label: 'Cluster' },
  { href: '/settings', label: 'Settings' }
]

function Page ({ path, admin }: { path: string, admin: Admin }) {
  if (path === '/' || path === '/databases') return <DatabasesPage />
  const db = match('/databases/:name/*', path) ?? match('/databases/:name', path)
  if (db) return <DatabasePage name={db.name} rest={db.rest ?? ''} />
  if (path === '/analytics') return <AnalyticsPage />
  if (path === '/activity') return <ActivityPage />
  if (path === '/cluster') return <ClusterPage />
  if (path === '/settings') return <SettingsPage admin={admin} />
  return (
    <Empty title='Page not found'>
      <p>Nothing lives at <code>{path}</code>. <Link href='/databases'>Go to databases</Link>.</p>
    </Empty>
  )
}

/** The signed-in frame: header with sections and account, then the current page. */
export function Shell ({ admin, onSignedOut }: { admin: Admin, onSignedOut: () => void }) {
  const path = usePath()

  useEffect(() => {
    if (path === '/') navigate('/databases', { replace: true })
  }, [path])

  async function signOut (): Promise<void> {
    try {
      await api.post('/api/admin/logout')
    } catch {
      // The session is dropped locally either way.
    }
    session.clear()
    navigate('/')
    onSignedOut()
  }

  return (
    <div class='shell'>
      <a class='skip-link' href='#main'>Skip to content</a>
      <header class='topbar'>
        <Link href='/databases' class='brand' aria-label='Litehouse home'>
          <span class='brand-mark' aria-hidden='true' />
          <span>Litehouse</span>
        </Link>
        <nav class='mainnav' aria-label='Sections'>
          {sections.map((s) => (
            <Link key={s.href} href={s.href} aria-current={path === s.href || (s.href === '/databases' && path.startsWith('/databases/')) ? 'page' : undefined}>
              {s.label}
            </Link>
          ))}
        </nav>
        <div class='account'>
          <span class='account-email' title={admin.email}>{admin.email}</span>
          <button type='button' class='button button-small' onClick={() => { void signOut() }}>Sign out</button>
        </div>
      </header>
      <main id='main' class='content' tabIndex={-1}>
        <Page path={path} admin={admin} />
      </main>
    </div>
  )
}

import { api, seg } from '../api.js'
import type { DatabaseDetail } from '../types.js'
import { useResource, useTitle } from '../hooks.js'
import { formatBytes, plural } from '../format.js'
import { Link, match } from '../router.js'
import { Tabs } from '../components/tabs.js'
import { Empty, ErrorNote, Loading } from '../components/notice.js'
import { TablesView } from './database/tables.js'
import { TableView } from './database/table.js'
import { SqlConsole } from './database/sql-console.js'
import { KeysView } from './database/keys.js'
import { DatabaseAnalytics } from './database/analytics.js'
import { DatabaseSettings } from './database/settings.js'
import { BackupsView } from './database/backups.js'

/** One database: a header, its sections as tabs, and the section named by the rest of the path. */
export function DatabasePage ({ name, rest }: { name: string, rest: string }) {
  const detail = useResource(async (signal) => (await api.get<DatabaseDetail>(`/api/databases/${seg(name)}`, { signal })).data, [name])
  const base = `/databases/${seg(name)}`
  const section = rest.split('/')[0] || 'tables'
  const table = match('tables/:table/*', rest) ?? match('tables/:table', rest)
  const db = detail.data
  const missing = detail.error?.status === 404 && !db
  useTitle(missing ? 'Database not found' : name)

  const tabs = [
    { href: base, label: 'Tables', current: section === 'tables' },
    { href: `${base}/sql`, label: 'SQL console', current: section === 'sql' },
    { href: `${base}/keys`, label: 'API keys', current: section === 'keys' },
    { href: `${base}/analytics`, label: 'Analytics', current: section === 'analytics' },
    { href: `${base}/backups`, label: 'Backups', current: section === 'backups' },
    { href: `${base}/settings`, label: 'Settings', current: section === 'settings' }
  ]

  if (missing) return <DatabaseNotFound name={name} />

  return (
    <>
      <nav class='breadcrumb' aria-label='Breadcrumb'>
        <Link href='/databases'>Databases</Link>
        <span aria-hidden='true'>/</span>
        {table ? <Link href={base}>{name}</Link> : <span aria-current='page'>{name}</span>}
        {table && <><span aria-hidden='true'>/</span><span aria-current='page'>{table.table}</span></>}
      </nav>
      <div class='page-head'>
        <div>
          <h1 class='db-title'>{name}</h1>
          {db && (
            <p class='muted meta-line'>
              {db.group && <span class='badge'>{db.group}</span>}
              {db.readonly && <span class='badge badge-warning'>read-only</span>}
              <span>{plural(db.tables.length, 'table')}</span>
              <span>{formatBytes(db.sizeBytes)}</span>
              <code class='path'>{db.path}</code>
            </p>
          )}
        </div>
      </div>
      <Tabs label='Database sections' tabs={tabs} />
      <ErrorNote error={detail.error} />
      {detail.loading && !db && <Loading />}
      {db && (
        // Keyed by name: a revealed key, SQL text or filter never carries over to another database.
        <div class='tab-panel' key={db.name}>
          {section === 'tables' && !table && <TablesView db={db} onChange={detail.reload} />}
          {table && <TableView db={db} table={table.table} view={table.rest === 'structure' ? 'structure' : 'records'} onChange={detail.reload} />}
          {section === 'sql' && <SqlConsole db={db} onChange={detail.reload} />}
          {section === 'keys' && <KeysView db={db} />}
          {section === 'analytics' && <DatabaseAnalytics db={db} />}
          {section === 'settings' && <DatabaseSettings db={db} onChange={detail.reload} />}
          {section === 'backups' && <BackupsView db={db} onChange={detail.reload} />}
        </div>
      )}
    </>
  )
}

/** A database that does not exist (a stale link, deleted or renamed): no tabs that would all fail the same way. */
function DatabaseNotFound ({ name }: { name: string }) {
  return (
    <>
      <div class='page-head'><h1>Database not found</h1></div>
      <Empty title={`No database is named “${name}”.`}>
        <p>It may have been deleted or renamed. <Link href='/databases'>Go to databases</Link>.</p>
      </Empty>
    </>
  )
}

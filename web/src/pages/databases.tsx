import { useState } from 'preact/hooks'
import { api, download, seg } from '../api.js'
import type { Database } from '../types.js'
import { useResource, useTitle } from '../hooks.js'
import { formatBytes, formatDate, formatNumber, plural } from '../format.js'
import { Link } from '../router.js'
import { Empty, ErrorNote, Loading } from '../components/notice.js'
import { toast } from '../components/toast.js'
import { CreateDatabaseDialog } from './database-create.js'
import { ImportDatabaseDialog } from './database-import.js'

const ungrouped = 'Ungrouped'

function groupByLabel (databases: Database[]): Array<[string, Database[]]> {
  const groups = new Map<string, Database[]>()
  for (const db of [...databases].sort((a, b) => a.name.localeCompare(b.name))) {
    const key = db.group ?? ungrouped
    groups.set(key, [...(groups.get(key) ?? []), db])
  }
  // Named groups alphabetically, databases without a group last.
  return [...groups].sort(([a], [b]) => (a === ungrouped ? 1 : b === ungrouped ? -1 : a.localeCompare(b)))
}

function ExportButton ({ name }: { name: string }) {
  const [busy, setBusy] = useState(false)
  async function run (): Promise<void> {
    setBusy(true)
    try {
      const bytes = await download(`/api/databases/${seg(name)}/export`, `${name}.db`)
      toast(`Exported ${name}.db (${formatBytes(bytes)})`)
    } catch (err) {
      toast((err as Error).message, 'error')
    } finally {
      setBusy(false)
    }
  }
  return (
    <button type='button' class='button button-small' onClick={() => { void run() }} disabled={busy} aria-label={`Export ${name}`}>
      {busy ? 'Exporting…' : 'Export'}
    </button>
  )
}

export function DatabasesPage () {
  useTitle('Databases')
  const list = useResource(async (signal) => (await api.get<Database[]>('/api/databases', { signal })).data, [])
  const [dialog, setDialog] = useState<'create' | 'import' | null>(null)
  const [filter, setFilter] = useState('')
  const databases = list.data ?? []
  const visible = databases.filter((db) => db.name.includes(filter.trim().toLowerCase()))
  const totalBytes = databases.reduce((sum, db) => sum + (db.sizeBytes ?? 0), 0)
  const groups = databases.map((db) => db.group).filter((g): g is string => Boolean(g))

  return (
    <>
      <div class='page-head'>
        <div>
          <h1>Databases</h1>
          {list.data && <p class='muted'>{plural(databases.length, 'database')} · {formatBytes(totalBytes)} on disk</p>}
        </div>
        <div class='page-actions'>
          <button type='button' class='button' onClick={() => setDialog('import')}>Import</button>
          <button type='button' class='button button-primary' onClick={() => setDialog('create')}>New database</button>
        </div>
      </div>

      {databases.length > 6 && (
        <label class='field field-inline search'>
          <span class='label'>Find</span>
          <input type='search' value={filter} placeholder='database name' onInput={(e) => setFilter(e.currentTarget.value)} />
        </label>
      )}

      <ErrorNote error={list.error} />
      {list.loading && !list.data && <Loading />}
      {list.data && databases.length === 0 && (
        <Empty title='No databases yet'>
          <p>Create an empty SQLite database or import an existing file.</p>
          <div class='actions actions-center'>
            <button type='button' class='button' onClick={() => setDialog('import')}>Import a file</button>
            <button type='button' class='button button-primary' onClick={() => setDialog('create')}>New database</button>
          </div>
        </Empty>
      )}

      {groupByLabel(visible).map(([group, items]) => (
        <section key={group} class='card card-flush' aria-labelledby={`group-${group}`}>
          <h2 class='card-title' id={`group-${group}`}>
            {group} <span class='count'>{items.length}</span>
          </h2>
          <div class='table-scroll'>
            <table class='grid db-list'>
              <thead>
                <tr>
                  <th scope='col'>Name</th>
                  <th scope='col' class='num hide-narrow col-tables'>Tables</th>
                  <th scope='col' class='num hide-narrow col-size'>Size</th>
                  <th scope='col' class='hide-narrow col-created'>Created</th>
                  <th scope='col' class='col-actions'><span class='visually-hidden'>Actions</span></th>
                </tr>
              </thead>
              <tbody>
                {items.map((db) => (
                  <tr key={db.id}>
                    <td>
                      <Link href={`/databases/${seg(db.name)}`} class='db-name'>{db.name}</Link>
                      {db.readonly && <span class='badge badge-warning'>read-only</span>}
                      <span class='show-narrow muted db-meta'>
                        {db.tableCount === null ? '' : `${plural(db.tableCount, 'table')} · `}{formatBytes(db.sizeBytes)}
                      </span>
                    </td>
                    <td class='num hide-narrow'>{db.tableCount === null ? '–' : formatNumber(db.tableCount)}</td>
                    <td class='num hide-narrow'>{formatBytes(db.sizeBytes)}</td>
                    <td class='hide-narrow muted'>{formatDate(db.createdAt)}</td>
                    <td class='row-actions'><ExportButton name={db.name} /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}

      {dialog === 'create' && <CreateDatabaseDialog groups={groups} onClose={() => setDialog(null)} onCreated={list.reload} />}
      {dialog === 'import' && <ImportDatabaseDialog onClose={() => setDialog(null)} onImported={list.reload} />}
    </>
  )
}

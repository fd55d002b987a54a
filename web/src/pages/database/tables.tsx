import { useState } from 'preact/hooks'
import { api, seg } from '../../api.js'
import type { Column, DatabaseDetail, TableEntry } from '../../types.js'
import { useResource } from '../../hooks.js'
import { formatNumber } from '../../format.js'
import { Link } from '../../router.js'
import { Empty, ErrorNote, Loading } from '../../components/notice.js'
import { CreateTableDialog } from './table-create.js'

// Column lists are fetched per table; past this many tables the list shows names only.
const maxDescribed = 60

interface Described extends TableEntry { columns?: Column[] }

async function describe (db: string, signal: AbortSignal): Promise<Described[]> {
  const tables = (await api.get<TableEntry[]>(`/api/databases/${seg(db)}/tables?counts=true`, { signal })).data
  if (tables.length > maxDescribed) return tables
  return Promise.all(tables.map(async (t) => {
    try {
      return { ...t, columns: (await api.get<Column[]>(`/api/databases/${seg(db)}/tables/${seg(t.name)}`, { signal })).data }
    } catch (err) {
      // One table the server cannot describe (a view over a missing table, say) leaves the rest listed.
      if (signal.aborted) throw err
      return t
    }
  }))
}

export function ColumnChips ({ columns }: { columns: Column[] }) {
  return (
    <ul class='chips' aria-label='Columns'>
      {columns.map((c) => (
        <li key={c.name} class={c.pk ? 'chip chip-key' : 'chip'}>
          {c.name} <span class='chip-type'>{c.type || 'any'}</span>
          {Boolean(c.pk) && <span class='visually-hidden'> (primary key)</span>}
        </li>
      ))}
    </ul>
  )
}

export function TablesView ({ db, onChange }: { db: DatabaseDetail, onChange: () => void }) {
  const tables = useResource((signal) => describe(db.name, signal), [db.name, db.tables.length])
  const [creating, setCreating] = useState(false)
  const base = `/databases/${seg(db.name)}/tables`

  return (
    <>
      <div class='section-head'>
        <h2>Tables</h2>
        <button type='button' class='button button-primary' disabled={db.readonly} onClick={() => setCreating(true)}>New table</button>
      </div>
      <ErrorNote error={tables.error} />
      {tables.loading && !tables.data && <Loading />}
      {tables.data && tables.data.length === 0 && (
        <Empty title='This database has no tables'>
          <p>Create one here or with <Link href={`/databases/${seg(db.name)}/sql`}>the SQL console</Link>.</p>
        </Empty>
      )}
      {tables.data && tables.data.length > 0 && (
        <ul class='table-list'>
          {tables.data.map((t) => (
            <li key={t.name} class='table-item'>
              <div class='table-item-head'>
                <Link href={`${base}/${seg(t.name)}`} class='table-name'>{t.name}</Link>
                {t.type === 'view' && <span class='badge'>view</span>}
                <span class='muted table-rows'>{t.rowCount === undefined ? '' : `${formatNumber(t.rowCount)} rows`}</span>
              </div>
              {t.columns && <ColumnChips columns={t.columns} />}
            </li>
          ))}
        </ul>
      )}
      {creating && (
        <CreateTableDialog db={db.name} onClose={() => setCreating(false)} onCreated={() => { tables.reload(); onChange() }} />
      )}
    </>
  )
}

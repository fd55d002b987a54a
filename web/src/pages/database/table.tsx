import { api, seg } from '../../api.js'
import type { Column, DatabaseDetail } from '../../types.js'
import { useResource, useTitle } from '../../hooks.js'
import { Tabs } from '../../components/tabs.js'
import { Empty, ErrorNote, Loading } from '../../components/notice.js'
import { Link } from '../../router.js'
import { RecordsGrid } from './records.js'
import { TableStructure } from './table-structure.js'

interface TableViewProps {
  db: DatabaseDetail
  table: string
  view: 'records' | 'structure'
  onChange: () => void
}

/** One table: its records grid or its structure (columns, alter, drop). */
export function TableView ({ db, table, view, onChange }: TableViewProps) {
  useTitle(`${table} · ${db.name}`)
  const schema = useResource(async (signal) => (await api.get<Column[]>(`/api/databases/${seg(db.name)}/tables/${seg(table)}`, { signal })).data, [db.name, table])
  const base = `/databases/${seg(db.name)}/tables/${seg(table)}`
  const entry = db.tables.find((t) => t.name === table)

  // a stale link or a dropped table: say so instead of tabs that would all fail the same way
  if (schema.error?.status === 404 && !schema.data) {
    return (
      <Empty title={`No table is named “${table}” in ${db.name}.`}>
        <p>It may have been dropped or renamed. <Link href={`/databases/${seg(db.name)}`}>Show the tables of {db.name}</Link>.</p>
      </Empty>
    )
  }

  return (
    <>
      <div class='section-head'>
        <h2 class='table-title'>{table}{entry?.type === 'view' && <span class='badge'>view</span>}</h2>
        <Tabs label='Table views' tabs={[
          { href: base, label: 'Records', current: view === 'records' },
          { href: `${base}/structure`, label: 'Structure', current: view === 'structure' }
        ]} />
      </div>
      <ErrorNote error={schema.error} />
      {schema.loading && !schema.data && <Loading />}
      {schema.data && view === 'records' && (
        <RecordsGrid key={table} db={db.name} table={table} columns={schema.data} writable={!db.readonly && entry?.type !== 'view'}
          followable={entry?.type !== 'view'} />
      )}
      {schema.data && view === 'structure' && (
        <TableStructure key={table} db={db} table={table} columns={schema.data} onChange={() => { schema.reload(); onChange() }} />
      )}
    </>
  )
}

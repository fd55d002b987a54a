import { useMemo, useState } from 'preact/hooks'
import { api, query, seg } from '../../api.js'
import type { Column, ListMeta, Row } from '../../types.js'
import { useAction, useDebounced, useResource } from '../../hooks.js'
import { Cell } from '../../components/cell.js'
import { Confirm } from '../../components/confirm.js'
import { ErrorNote, Loading, Note } from '../../components/notice.js'
import { Pager } from '../../components/pager.js'
import { Segmented } from '../../components/segmented.js'
import { toast } from '../../components/toast.js'
import { FilterBuilder, toFilter, type Condition } from './filter-builder.js'
import { RecordEditor } from './record-row.js'

interface RecordsGridProps {
  db: string
  table: string
  columns: Column[]
  writable: boolean
}

type Sort = { column: string, descending: boolean } | null

function nextSort (sort: Sort, column: string): Sort {
  if (sort?.column !== column) return { column, descending: false }
  return sort.descending ? null : { column, descending: true }
}

/** Records with server-side sort, filter, search and pagination, edited in place. */
export function RecordsGrid ({ db, table, columns, writable }: RecordsGridProps) {
  const [sort, setSort] = useState<Sort>(null)
  const [conditions, setConditions] = useState<Condition[]>([])
  const [showFilters, setShowFilters] = useState(false)
  const [searchText, setSearchText] = useState('')
  const search = useDebounced(searchText.trim(), 300)
  const [offset, setOffset] = useState(0)
  const [limit, setLimit] = useState('50')
  const [editing, setEditing] = useState<string | 'new' | null>(null)
  const [deleting, setDeleting] = useState<Row | null>(null)

  const keyColumns = columns.filter((c) => Boolean(c.pk))
  const idColumn = keyColumns.length === 1 ? keyColumns[0].name : null
  const editable = writable && idColumn !== null
  const path = `/api/databases/${seg(db)}/tables/${seg(table)}/records`

  const filter = useMemo(() => {
    try {
      return { json: conditions.length ? JSON.stringify(toFilter(conditions, columns)) : undefined }
    } catch {
      return { problem: 'A list for "is one of" must be valid JSON, e.g. ["a", "b"], or plain comma-separated values.' }
    }
  }, [conditions, columns])

  const sortParam = sort ? `${sort.descending ? '-' : ''}${sort.column}` : undefined
  const records = useResource(async (signal) => {
    const params = { limit, offset, sort: sortParam, filter: filter.json, search, count: true }
    return api.get<Row[], ListMeta>(`${path}${query(params)}`, { signal })
  }, [path, limit, offset, sortParam, filter.json, search])

  const save = useAction(async (values: Row, id?: string) => {
    if (id === undefined) await api.post(path, values)
    else if (Object.keys(values).length > 0) await api.patch(`${path}/${seg(id)}`, values)
    return true
  })

  async function commit (values: Row, id?: string): Promise<void> {
    if (!await save.run(values, id)) return
    toast(id === undefined ? 'Record added' : `Record ${id} saved`)
    setEditing(null)
    records.reload()
  }

  function resetTo<T> (set: (v: T) => void) {
    return (value: T) => { set(value); setOffset(0) }
  }

  const rows = records.data?.data ?? []
  const meta = records.data?.meta
  const activeFilters = conditions.length

  return (
    <div class='records'>
      <div class='toolbar'>
        <label class='field field-inline search'>
          <span class='label'>Search</span>
          <input type='search' value={searchText} placeholder='text columns contain…'
            onInput={(e) => { setSearchText(e.currentTarget.value); setOffset(0) }} />
        </label>
        <button type='button' class='button' aria-expanded={showFilters} aria-controls='filter-panel' onClick={() => setShowFilters(!showFilters)}>
          Filters{activeFilters > 0 && <span class='count'>{activeFilters}</span>}
        </button>
        <span class='spacer' />
        <Segmented label='Rows per page' value={limit} onChange={resetTo(setLimit)}
          options={['25', '50', '100'].map((v) => ({ value: v, label: v }))} />
        {writable && (
          <button type='button' class='button button-primary' disabled={editing !== null} onClick={() => { save.setError(undefined); setEditing('new') }}>
            Add record
          </button>
        )}
      </div>

      <div id='filter-panel' hidden={!showFilters}>
        {showFilters && <FilterBuilder columns={columns} applied={conditions} onApply={resetTo(setConditions)} />}
      </div>

      {writable && idColumn === null && (
        <Note tone='warning'>
          {keyColumns.length > 1 ? 'This table has a composite primary key' : 'This table has no primary key'}: records can be read and
          added here, but edited or deleted only with the SQL console.
        </Note>
      )}
      {filter.problem && <Note tone='warning'>{filter.problem}</Note>}
      <ErrorNote error={records.error} />

      <div class='table-scroll grid-frame' aria-busy={records.loading}>
        <table class='grid records-grid'>
          <caption class='visually-hidden'>Records of {table}{sort ? `, sorted by ${sort.column} ${sort.descending ? 'descending' : 'ascending'}` : ''}</caption>
          <thead>
            <tr>
              {columns.map((c) => {
                const sorted = sort?.column === c.name ? (sort.descending ? 'descending' : 'ascending') : undefined
                return (
                  <th key={c.name} scope='col' aria-sort={sorted ?? 'none'}>
                    <button type='button' class='sort-button' onClick={() => resetTo(setSort)(nextSort(sort, c.name))}
                      title={`Sort by ${c.name}`}>
                      <span>{c.name}</span>
                      <span class='col-type'>{c.type}</span>
                      <span class='sort-mark' aria-hidden='true'>{sorted === 'ascending' ? '▲' : sorted === 'descending' ? '▼' : '↕'}</span>
                    </button>
                  </th>
                )
              })}
              <th scope='col' class='actions-col'><span class='visually-hidden'>Actions</span></th>
            </tr>
          </thead>
          <tbody>
            {editing === 'new' && (
              <RecordEditor columns={columns} busy={save.busy} error={save.error}
                onSave={(values) => { void commit(values) }} onCancel={() => setEditing(null)} />
            )}
            {rows.map((row, i) => {
              const id = idColumn ? String(row[idColumn]) : String(i)
              if (editing === id) {
                return (
                  <RecordEditor key={`edit-${id}`} columns={columns} record={row} busy={save.busy} error={save.error}
                    onSave={(values) => { void commit(values, id) }} onCancel={() => setEditing(null)} />
                )
              }
              return (
                <tr key={id}>
                  {columns.map((c) => <td key={c.name}><Cell value={row[c.name]} /></td>)}
                  <td class='row-actions'>
                    {editable && (
                      <>
                        <button type='button' class='button button-small' disabled={editing !== null}
                          onClick={() => { save.setError(undefined); setEditing(id) }} aria-label={`Edit record ${id}`}>Edit</button>
                        <button type='button' class='button button-small button-quiet-danger' disabled={editing !== null}
                          onClick={() => setDeleting(row)} aria-label={`Delete record ${id}`}>Delete</button>
                      </>
                    )}
                  </td>
                </tr>
              )
            })}
            {!records.loading && rows.length === 0 && editing !== 'new' && (
              <tr><td colSpan={columns.length + 1} class='grid-empty'>
                {activeFilters || search ? 'No records match.' : 'No records yet.'}
              </td></tr>
            )}
          </tbody>
        </table>
      </div>
      {records.loading && !records.data && <Loading />}
      {meta && <Pager offset={offset} limit={Number(limit)} shown={rows.length} total={meta.total} hasMore={meta.hasMore} onChange={setOffset} label='Records pages' />}

      {deleting && idColumn && (
        <Confirm title='Delete record' confirmLabel='Delete record' onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await api.delete(`${path}/${seg(String(deleting[idColumn]))}`)
            toast(`Record ${String(deleting[idColumn])} deleted`)
            records.reload()
          }}>
          <p>Delete the record with {idColumn} = <strong>{String(deleting[idColumn])}</strong> from {table}? This cannot be undone.</p>
        </Confirm>
      )}
    </div>
  )
}

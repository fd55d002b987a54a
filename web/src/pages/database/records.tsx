import { useEffect, useMemo, useRef, useState } from 'preact/hooks'
import { api, query, seg } from '../../api.js'
import type { Column, ListMeta, Row } from '../../types.js'
import { useAction, useDebounced, useResource } from '../../hooks.js'
import { navigate, useSearch } from '../../router.js'
import { Cell } from '../../components/cell.js'
import { Confirm } from '../../components/confirm.js'
import { ErrorNote, Loading, Note } from '../../components/notice.js'
import { Pager } from '../../components/pager.js'
import { Segmented } from '../../components/segmented.js'
import { toast } from '../../components/toast.js'
import { FilterBuilder, fromFilter, toFilter, type Condition } from './filter-builder.js'
import { RecordEditor } from './record-row.js'
import { nextSort, pageSizes, readView, sortParam, viewQuery, type RecordsView } from './records-view.js'
import { useChangeFeed, type Change } from './change-feed.js'
import { LiveLog, type LoggedChange } from './live-log.js'

interface RecordsGridProps {
  db: string
  table: string
  columns: Column[]
  writable: boolean
  /** Whether the change feed reports this table's rows (a table, not a view). */
  followable: boolean
}

/** Records added (here or, when live, by anyone) that the current page may not show: at most this many are pinned. */
const maxPinned = 20
const liveReloadMs = 250

/**
 * Records with server-side sort, filter, search and pagination, edited in place. The view (sort, filter, search,
 * page, live) is kept in the URL. A record added while the page shows other rows is pinned at the top, marked
 * "new", instead of silently landing on another page.
 */
export function RecordsGrid ({ db, table, columns, writable, followable }: RecordsGridProps) {
  const view = readView(useSearch())
  const [searchText, setSearchText] = useState(view.search)
  const search = useDebounced(searchText.trim(), 300)
  const [showFilters, setShowFilters] = useState(false)
  const [filterProblem, setFilterProblem] = useState<string | undefined>()
  const [editing, setEditing] = useState<string | 'new' | null>(null)
  const [deleting, setDeleting] = useState<Row | null>(null)
  const [added, setAdded] = useState<Row[]>([])

  const keyColumns = columns.filter((c) => Boolean(c.pk))
  const idColumn = keyColumns.length === 1 ? keyColumns[0].name : null
  const editable = writable && idColumn !== null
  const path = `/api/databases/${seg(db)}/tables/${seg(table)}/records`
  const rowKey = (row: Row): string => (idColumn ? String(row[idColumn]) : JSON.stringify(row))

  /** Changes the view; the URL is the state, so this is a navigation (a new history entry unless `replace`). */
  function go (patch: Partial<RecordsView>, replace = false): void {
    navigate(location.pathname + viewQuery({ ...view, ...patch }), { replace, keepScroll: true })
  }

  // Typing settles into the URL in place (no history entry per word); back/forward brings the box along.
  useEffect(() => {
    if (search !== view.search) go({ search, offset: 0 }, true)
  }, [search])
  useEffect(() => {
    if (view.search !== search) setSearchText(view.search)
  }, [view.search])

  const conditions = useMemo(() => fromFilter(view.filter, columns), [view.filter, columns])
  const sort = sortParam(view.sort)
  const records = useResource(async (signal) => {
    const params = { limit: view.limit, offset: view.offset, sort, filter: view.filter, search: view.search, count: true }
    return api.get<Row[], ListMeta>(`${path}${query(params)}`, { signal })
  }, [path, view.limit, view.offset, sort, view.filter, view.search])

  // Pinned records belong to the view they were added in.
  useEffect(() => setAdded([]), [path, view.limit, view.offset, sort, view.filter, view.search])

  /** New records go on top; pinned ones read again are refreshed in place. */
  function pin (rows: Row[]): void {
    setAdded((current) => {
      const fresh = new Map(rows.map((r) => [rowKey(r), r]))
      const kept = current.map((r) => fresh.get(rowKey(r)) ?? r)
      const keptKeys = new Set(kept.map(rowKey))
      return [...rows.filter((r) => !keptKeys.has(rowKey(r))), ...kept].slice(0, maxPinned)
    })
  }
  const addedKeys = useRef(new Set<string>())
  addedKeys.current = new Set(added.map(rowKey))

  const live = useLive(followable && view.live, db, table, idColumn, path, records.reload, {
    pin,
    isPinned: (id) => addedKeys.current.has(id),
    drop: (id) => setAdded((a) => a.filter((r) => rowKey(r) !== id))
  })

  function applyFilters (next: Condition[]): void {
    try {
      go({ filter: next.length ? JSON.stringify(toFilter(next, columns)) : undefined, offset: 0 })
      setFilterProblem(undefined)
    } catch {
      setFilterProblem('A list for "is one of" must be valid JSON, e.g. ["a", "b"], or plain comma-separated values.')
    }
  }

  const save = useAction(async (values: Row, id?: string): Promise<Row> => {
    if (id === undefined) return (await api.post<Row>(path, values)).data
    if (Object.keys(values).length > 0) await api.patch(`${path}/${seg(id)}`, values)
    return values
  })

  async function commit (values: Row, id?: string): Promise<void> {
    const saved = await save.run(values, id)
    if (!saved) return
    toast(id === undefined ? 'Record added' : `Record ${id} saved`)
    setEditing(null)
    if (id === undefined) pin([saved])
    else setAdded((a) => a.map((r) => (rowKey(r) === id ? { ...r, ...saved } : r)))
    records.reload()
  }

  const rows = records.data?.data ?? []
  const onPage = new Set(rows.map(rowKey))
  // Judged against a page read after the record was added: while that read runs, the page shown predates it, and a
  // record that will be on the page would flash at the top first.
  const pinned = records.loading ? [] : added.filter((r) => !onPage.has(rowKey(r)))
  const meta = records.data?.meta
  const activeFilters = conditions.length

  function renderRow (row: Row, index: number, isNew: boolean) {
    const id = idColumn ? String(row[idColumn]) : String(index)
    if (editing === id) {
      return (
        <RecordEditor key={`edit-${id}`} columns={columns} record={row} busy={save.busy} error={save.error}
          onSave={(values) => { void commit(values, id) }} onCancel={() => setEditing(null)} />
      )
    }
    return (
      <tr key={isNew ? `new-${id}` : id} class={isNew ? 'row-added' : undefined}>
        {columns.map((c) => <td key={c.name}><Cell value={row[c.name]} /></td>)}
        <td class='row-actions'>
          {isNew && <span class='badge badge-success' title='Added; not on this page of the current view'>new</span>}
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
  }

  return (
    <div class='records'>
      <div class='toolbar'>
        <label class='field field-inline search'>
          <span class='label'>Search</span>
          <input type='search' value={searchText} placeholder='text columns contain…'
            onInput={(e) => setSearchText(e.currentTarget.value)} />
        </label>
        <button type='button' class='button' aria-expanded={showFilters} aria-controls='filter-panel' onClick={() => setShowFilters(!showFilters)}>
          Filters{activeFilters > 0 && <span class='count'>{activeFilters}</span>}
        </button>
        {followable && (
          <button type='button' class='button' aria-pressed={view.live} onClick={() => go({ live: !view.live }, true)}
            title='Follow the change feed: rows written by anyone appear as they are committed'>
            Live
          </button>
        )}
        <span class='spacer' />
        <Segmented label='Rows per page' value={view.limit} onChange={(limit) => go({ limit, offset: 0 })}
          options={pageSizes.map((v) => ({ value: v, label: v }))} />
        {writable && (
          <button type='button' class='button button-primary' disabled={editing !== null} onClick={() => { save.setError(undefined); setEditing('new') }}>
            Add record
          </button>
        )}
      </div>

      <div id='filter-panel' hidden={!showFilters}>
        {showFilters && <FilterBuilder key={view.filter ?? ''} columns={columns} applied={conditions} onApply={applyFilters} />}
      </div>

      {followable && view.live && <LiveLog status={live.status} changes={live.log} />}
      {writable && idColumn === null && (
        <Note tone='warning'>
          {keyColumns.length > 1 ? 'This table has a composite primary key' : 'This table has no primary key'}: records can be read and
          added here, but edited or deleted only with the SQL console.
        </Note>
      )}
      {filterProblem && <Note tone='warning'>{filterProblem}</Note>}
      {pinned.length > 0 && (
        <Note>
          {pinned.length === 1 ? 'A new record is' : `${pinned.length} new records are`} shown at the top, marked new: the current
          page, filter or sort puts {pinned.length === 1 ? 'it' : 'them'} elsewhere.
        </Note>
      )}
      <ErrorNote error={records.error} />

      <div class='table-scroll grid-frame' aria-busy={records.loading}>
        <table class='grid records-grid'>
          <caption class='visually-hidden'>Records of {table}{view.sort ? `, sorted by ${view.sort.column} ${view.sort.descending ? 'descending' : 'ascending'}` : ''}</caption>
          <thead>
            <tr>
              {columns.map((c) => {
                const sorted = view.sort?.column === c.name ? (view.sort.descending ? 'descending' : 'ascending') : undefined
                return (
                  <th key={c.name} scope='col' aria-sort={sorted ?? 'none'}>
                    <button type='button' class='sort-button' onClick={() => go({ sort: nextSort(view.sort, c.name), offset: 0 })}
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
            {pinned.map((row, i) => renderRow(row, i, true))}
            {rows.map((row, i) => renderRow(row, i, false))}
            {!records.loading && rows.length === 0 && pinned.length === 0 && editing !== 'new' && (
              <tr><td colSpan={columns.length + 1} class='grid-empty'>
                {activeFilters || view.search ? 'No records match.' : 'No records yet.'}
              </td></tr>
            )}
          </tbody>
        </table>
      </div>
      {records.loading && !records.data && <Loading />}
      {meta && <Pager offset={view.offset} limit={Number(view.limit)} shown={rows.length} total={meta.total} hasMore={meta.hasMore}
        onChange={(offset) => go({ offset })} label='Records pages' />}

      {deleting && idColumn && (
        <Confirm title='Delete record' confirmLabel='Delete record' onClose={() => setDeleting(null)}
          onConfirm={async () => {
            const id = String(deleting[idColumn])
            await api.delete(`${path}/${seg(id)}`)
            toast(`Record ${id} deleted`)
            setAdded((a) => a.filter((r) => rowKey(r) !== id))
            records.reload()
          }}>
          <p>Delete the record with {idColumn} = <strong>{String(deleting[idColumn])}</strong> from {table}? This cannot be undone.</p>
        </Confirm>
      )}
    </div>
  )
}

/** How the live view keeps the grid's pinned records. */
interface Pins {
  pin: (rows: Row[]) => void
  isPinned: (id: string) => boolean
  drop: (id: string) => void
}

/**
 * The live view: follows the table's change feed, reloads the page (at most every 250 ms, and on every
 * (re)connection), and pins records inserted by anyone (refreshing pinned ones that change), read back in one
 * list call per burst by their keys.
 */
function useLive (enabled: boolean, db: string, table: string, idColumn: string | null, path: string, reload: () => void, pins: Pins) {
  const [log, setLog] = useState<LoggedChange[]>([])
  const wanted = useRef<unknown[]>([])
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  async function pinWanted (): Promise<void> {
    const ids = [...new Map(wanted.current.map((id) => [String(id), id])).values()].slice(-maxPinned)
    wanted.current = []
    if (idColumn === null || ids.length === 0) return
    try {
      const filter = JSON.stringify({ [`${idColumn}__in`]: ids })
      const found = await api.get<Row[]>(`${path}${query({ filter, limit: maxPinned })}`)
      const order = new Map(ids.map((id, i) => [String(id), i]))
      pins.pin(found.data.sort((a, b) => (order.get(String(b[idColumn])) ?? 0) - (order.get(String(a[idColumn])) ?? 0)))
    } catch {
      // the page reload shows what it can; a record gone again is simply not pinned
    }
  }

  function onChange (change: Change): void {
    if (change.table !== table) return
    setLog((l) => [{ ...change, at: new Date().toISOString() }, ...l].slice(0, 8))
    if (change.op === 'insert' || (change.op === 'update' && pins.isPinned(String(change.id)))) wanted.current.push(change.id)
    if (change.op === 'delete') pins.drop(String(change.id))
    if (timer.current !== undefined) return
    timer.current = setTimeout(() => {
      timer.current = undefined
      reload()
      void pinWanted()
    }, liveReloadMs)
  }

  const status = useChangeFeed(db, table, enabled, onChange)
  useEffect(() => { if (status.state === 'live') reload() }, [status.state === 'live' ? status.openedAt : 0])
  useEffect(() => () => clearTimeout(timer.current), [])
  useEffect(() => setLog([]), [enabled])
  return { status, log }
}

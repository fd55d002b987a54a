import { useState } from 'preact/hooks'
import { api, query, seg } from '../../api.js'
import type { DatabaseDetail, DatabaseOverview, Pattern, QueryLogEntry, Range, Snapshot } from '../../types.js'
import { useDebounced, useResource } from '../../hooks.js'
import { byteUnit, formatBytes, formatDate, formatMs, formatNumber, timeLabels } from '../../format.js'
import { Chart } from '../../components/chart.js'
import { Empty, ErrorNote, Loading } from '../../components/notice.js'
import { Pager } from '../../components/pager.js'
import { Segmented } from '../../components/segmented.js'
import { Stats } from '../../components/stat.js'
import { ranges } from '../analytics.js'

const pageSize = 20
const patternCount = 10

type PatternSort = 'calls' | 'total_ms' | 'p95_ms' | 'errors'
const patternSorts: Array<{ value: PatternSort, label: string }> = [
  { value: 'calls', label: 'Calls' },
  { value: 'total_ms', label: 'Total time' },
  { value: 'p95_ms', label: 'P95' },
  { value: 'errors', label: 'Errors' }
]

/** The database's patterns (literals as `?`), the top ten by the chosen figure, with latency percentiles and errors. */
function Patterns ({ db, range }: { db: string, range: Range }) {
  const [sort, setSort] = useState<PatternSort>('calls')
  const patterns = useResource(async (signal) => (await api.get<Pattern[]>(
    `/api/analytics/${seg(db)}/patterns${query({ range, sort, limit: patternCount })}`, { signal })).data, [db, range, sort])
  const rows = patterns.data ?? []
  return (
    <section class='card card-flush' aria-labelledby='patterns-title'>
      <div class='card-head'>
        <h2 class='card-title' id='patterns-title'>Top patterns</h2>
        <Segmented label='Sort patterns by' value={sort} options={patternSorts} onChange={setSort} />
      </div>
      <ErrorNote error={patterns.error} />
      {!patterns.data && patterns.loading && <Loading />}
      {patterns.data && rows.length === 0 && <Empty title='No queries in this range' />}
      {rows.length > 0 && (
        <div class='table-scroll'>
          <table class='grid'>
            <thead>
              <tr>
                <th scope='col'>Pattern</th><th scope='col' class='num'>Calls</th><th scope='col' class='num'>Avg</th>
                <th scope='col' class='num'>P95</th><th scope='col' class='num'>Errors</th><th scope='col' class='num'>Writes</th>
                <th scope='col' class='num'>Rows</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => (
                <tr key={p.sql_text}>
                  <td><code class='sql-text' title={p.sql_text}>{p.sql_text}</code></td>
                  <td class='num'>{formatNumber(p.calls)}</td>
                  <td class='num nowrap'>{formatMs(p.avg_ms)}</td>
                  <td class='num nowrap'>{formatMs(p.p95_ms)}</td>
                  <td class='num'>{formatNumber(p.errors)}</td>
                  <td class='num'>{formatNumber(p.writes)}</td>
                  <td class='num'>{formatNumber(p.total_rows)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

function QueryLog ({ db, range }: { db: string, range: Range }) {
  const [text, setText] = useState('')
  const search = useDebounced(text.trim())
  const [offset, setOffset] = useState(0)
  const log = useResource(async (signal) => api.get<QueryLogEntry[], { total?: number }>(
    `/api/analytics/${seg(db)}/queries${query({ range, limit: pageSize, offset, search })}`, { signal }), [db, range, offset, search])
  const rows = log.data?.data ?? []

  return (
    <section class='card card-flush' aria-labelledby='log-title'>
      <div class='card-head'>
        <h2 class='card-title' id='log-title'>Query log</h2>
        <label class='field field-inline search'>
          <span class='label'>Query starts with</span>
          <input type='search' value={text} placeholder='SELECT…' onInput={(e) => { setText(e.currentTarget.value); setOffset(0) }} />
        </label>
      </div>
      <ErrorNote error={log.error} />
      {!log.data && log.loading && <Loading />}
      {log.data && rows.length === 0 && <Empty title='No queries logged in this range' />}
      {rows.length > 0 && (
        <div class='table-scroll'>
          <table class='grid'>
            <thead>
              <tr>
                <th scope='col'>Time</th><th scope='col'>Operation</th><th scope='col'>Table / query</th>
                <th scope='col' class='num'>Rows</th><th scope='col' class='num'>Duration</th><th scope='col'>Status</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((q) => (
                <tr key={q.id}>
                  <td class='nowrap muted'><time dateTime={q.timestamp}>{formatDate(q.timestamp, true)}</time></td>
                  <td><span class='badge'>{q.operation}</span></td>
                  <td>{q.sql_text ? <code class='sql-text' title={q.sql_text}>{q.sql_text}</code> : (q.table_name ?? <span class='muted'>raw SQL</span>)}</td>
                  <td class='num'>{formatNumber(q.row_count)}</td>
                  <td class='num'>{formatMs(q.duration_ms)}</td>
                  <td>{q.status === 'ok'
                    ? <span class='badge badge-success'>ok</span>
                    : <span class='badge badge-danger' title={q.error_msg ?? ''}>error</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {log.data && <Pager offset={offset} limit={pageSize} shown={rows.length} total={log.data.meta?.total} hasMore={rows.length === pageSize} onChange={setOffset} label='Query log pages' />}
    </section>
  )
}

function StorageHistory ({ db }: { db: string }) {
  const size = useResource(async (signal) => (await api.get<Snapshot[]>(`/api/analytics/${seg(db)}/size`, { signal })).data, [db])
  // The API lists the most recent first; the chart reads left to right in time.
  const points = [...(size.data ?? [])].reverse()
  const { unit, size: unitSize } = byteUnit(Math.max(0, ...points.map((p) => p.size_bytes)))
  return (
    <section class='card' aria-labelledby='storage-title'>
      <h2 class='card-title' id='storage-title'>Storage history</h2>
      <ErrorNote error={size.error} />
      {!size.data && size.loading && <Loading />}
      {size.data && points.length === 0 && <Empty title='No snapshots yet'><p>A snapshot is taken every few minutes.</p></Empty>}
      {points.length > 0 && (
        <Chart title={`Storage of ${db}`} format={(v) => `${formatNumber(Math.round(v * 10) / 10)} ${unit}`}
          labels={timeLabels(points.map((p) => p.timestamp))}
          series={[{ name: 'File size', values: points.map((p) => p.size_bytes / unitSize), tone: 'accent', kind: 'line' }]} />
      )}
    </section>
  )
}

export function DatabaseAnalytics ({ db }: { db: DatabaseDetail }) {
  const [range, setRange] = useState<Range>('24h')
  const overview = useResource(async (signal) => (await api.get<DatabaseOverview>(`/api/analytics/${seg(db.name)}/overview${query({ range })}`, { signal })).data, [db.name, range])
  const o = overview.data

  return (
    <div class='stack'>
      <div class='section-head'>
        <h2>Analytics</h2>
        <Segmented label='Time range' value={range} options={ranges} onChange={setRange} />
      </div>
      <ErrorNote error={overview.error} />
      {!o && overview.loading && <Loading />}
      {o && (
        <Stats label={`Overview of ${db.name}`} items={[
          { label: 'Queries', value: formatNumber(o.queries) },
          { label: 'Writes', value: formatNumber(o.writes) },
          { label: 'Rows', value: formatNumber(o.rows_read) },
          { label: 'Avg latency', value: formatMs(o.avgLatencyMs) },
          { label: 'Errors', value: formatNumber(o.errorCount), tone: o.errorCount > 0 ? 'danger' : undefined },
          { label: 'Storage', value: formatBytes(o.storageBytes) },
          { label: 'Tables', value: formatNumber(o.tableCount) }
        ]} />
      )}
      <StorageHistory db={db.name} />
      <Patterns db={db.name} range={range} />
      <QueryLog db={db.name} range={range} />
    </div>
  )
}

import { useState } from 'preact/hooks'
import { api, query, seg } from '../api.js'
import type { Database, Overview, QueryLogEntry, Range, TopQuery, Volume } from '../types.js'
import { useDebounced, useResource, useTitle } from '../hooks.js'
import { formatBytes, formatDate, formatMs, formatNumber } from '../format.js'
import { Link } from '../router.js'
import { Chart } from '../components/chart.js'
import { Empty, ErrorNote, Loading } from '../components/notice.js'
import { Segmented } from '../components/segmented.js'
import { Stats } from '../components/stat.js'

export const ranges: Array<{ value: Range, label: string }> = [
  { value: '24h', label: '24 hours' },
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' }
]

function OverviewCards ({ range }: { range: Range }) {
  const overview = useResource(async (signal) => (await api.get<Overview>(`/api/analytics/overview${query({ range })}`, { signal })).data, [range])
  const o = overview.data
  return (
    <>
      <ErrorNote error={overview.error} />
      {!o && overview.loading && <Loading />}
      {o && (
        <Stats label='Overview' items={[
          { label: 'Databases', value: formatNumber(o.databases) },
          { label: 'Queries', value: formatNumber(o.queries) },
          { label: 'Writes', value: formatNumber(o.writes) },
          { label: 'Avg latency', value: formatMs(o.avgLatencyMs) },
          { label: 'Errors', value: formatNumber(o.errorCount), tone: o.errorCount > 0 ? 'danger' : undefined },
          { label: 'Rows read', value: formatNumber(o.rows_read) },
          { label: 'Rows written', value: formatNumber(o.rows_written) },
          { label: 'Storage', value: formatBytes(o.totalStorageBytes) }
        ]} />
      )}
    </>
  )
}

function VolumeCharts ({ range }: { range: Range }) {
  const volume = useResource(async (signal) => (await api.get<Volume>(`/api/analytics/volume${query({ range })}`, { signal })).data, [range])
  const v = volume.data
  return (
    <section class='card' aria-labelledby='volume-title'>
      <h2 class='card-title' id='volume-title'>Query volume</h2>
      <ErrorNote error={volume.error} />
      {!v && volume.loading && <Loading />}
      {v && (
        <div class='chart-pair'>
          <Chart title='Queries and errors' labels={v.slots} series={[
            { name: 'Queries', values: v.counts, tone: 'accent', kind: 'bar' },
            { name: 'Errors', values: v.errors, tone: 'danger', kind: 'bar' }
          ]} />
          <Chart title='Rows read and written' labels={v.slots} series={[
            { name: 'Rows read', values: v.rows_read, tone: 'success', kind: 'line' },
            { name: 'Rows written', values: v.rows_written, tone: 'warning', kind: 'line' }
          ]} />
        </div>
      )}
    </section>
  )
}

/** Rows of the top queries shown: the answer has one per database, thousands on a big server; a search finds the rest. */
const topShown = 50

function TopQueries ({ range }: { range: Range }) {
  const [text, setText] = useState('')
  const search = useDebounced(text.trim())
  const top = useResource(async (signal) => (await api.get<TopQuery[]>(`/api/analytics/top-queries${query({ range, search, limit: topShown })}`, { signal })).data, [range, search])
  return (
    <section class='card card-flush' aria-labelledby='top-title'>
      <div class='card-head'>
        <h2 class='card-title' id='top-title'>Top queries</h2>
        <label class='field field-inline search'>
          <span class='label'>Starts with</span>
          <input type='search' value={text} placeholder='SELECT…' onInput={(e) => setText(e.currentTarget.value)} />
        </label>
      </div>
      <ErrorNote error={top.error} />
      {top.data && top.data.length === 0 && <Empty title='No queries in this range' />}
      {top.data && top.data.length > 0 && (
        <div class='table-scroll'>
          <table class='grid'>
            <thead>
              <tr>
                <th scope='col'>Database</th><th scope='col'>Query</th><th scope='col' class='num'>Calls</th><th scope='col' class='num'>Avg</th>
                <th scope='col' class='num'>P95</th><th scope='col' class='num'>Errors</th><th scope='col' class='num'>Rows</th>
              </tr>
            </thead>
            <tbody>
              {top.data.map((q) => (
                <tr key={q.database + q.sql_text}>
                  <td><Link href={`/databases/${seg(q.database)}/analytics`}>{q.database}</Link></td>
                  <td><code class='sql-text' title={q.sql_text}>{q.sql_text}</code></td>
                  <td class='num'>{formatNumber(q.calls)}</td>
                  <td class='num'>{formatMs(q.avg_ms)}</td>
                  <td class='num nowrap'>{formatMs(q.p95_ms)}</td>
                  <td class='num'>{formatNumber(q.errors)}</td>
                  <td class='num'>{formatNumber(q.total_rows)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {top.data.length === topShown && <p class='muted'>The {topShown} databases with the most calls; search to find others.</p>}
        </div>
      )}
    </section>
  )
}

function RecentErrors () {
  const [text, setText] = useState('')
  const search = useDebounced(text.trim())
  const errors = useResource(async (signal) => (await api.get<QueryLogEntry[]>(`/api/analytics/errors${query({ limit: 20, search })}`, { signal })).data, [search])
  return (
    <section class='card card-flush' aria-labelledby='errors-title'>
      <div class='card-head'>
        <h2 class='card-title' id='errors-title'>Recent errors</h2>
        <label class='field field-inline search'>
          <span class='label'>Starts with</span>
          <input type='search' value={text} placeholder='error message' onInput={(e) => setText(e.currentTarget.value)} />
        </label>
      </div>
      <ErrorNote error={errors.error} />
      {errors.data && errors.data.length === 0 && <Empty title='No failed queries' />}
      {errors.data && errors.data.length > 0 && (
        <ul class='error-list'>
          {errors.data.map((e) => (
            <li key={e.id}>
              <div class='error-head'>
                <Link href={`/databases/${seg(e.database)}/analytics`}>{e.database}</Link>
                {e.table_name && <span class='muted'>· {e.table_name}</span>}
                <span class='badge'>{e.operation}</span>
                <time class='muted' dateTime={e.timestamp}>{formatDate(e.timestamp, true)}</time>
              </div>
              <p class='error-message'>{e.error_msg}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function PerDatabase () {
  const list = useResource(async (signal) => (await api.get<Database[]>('/api/databases', { signal })).data, [])
  if (!list.data || list.data.length === 0) return null
  return (
    <section class='card card-flush' aria-labelledby='per-db-title'>
      <h2 class='card-title' id='per-db-title'>By database</h2>
      <div class='table-scroll'>
        <table class='grid'>
          <thead><tr><th scope='col'>Database</th><th scope='col' class='num'>Tables</th><th scope='col' class='num'>Size</th><th scope='col'><span class='visually-hidden'>Link</span></th></tr></thead>
          <tbody>
            {list.data.map((db) => (
              <tr key={db.id}>
                <th scope='row'>{db.name}</th>
                <td class='num'>{db.tableCount ?? '–'}</td>
                <td class='num'>{formatBytes(db.sizeBytes)}</td>
                <td class='row-actions'><Link href={`/databases/${seg(db.name)}/analytics`} class='button button-small'>Details<span class='visually-hidden'> for {db.name}</span></Link></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}

export function AnalyticsPage () {
  useTitle('Analytics')
  const [range, setRange] = useState<Range>('24h')
  return (
    <>
      <div class='page-head'>
        <div>
          <h1>Analytics</h1>
          <p class='muted'>Every query and record operation, across all databases. Figures refresh about once a minute.</p>
        </div>
        <Segmented label='Time range' value={range} options={ranges} onChange={setRange} />
      </div>
      <div class='stack'>
        <OverviewCards range={range} />
        <VolumeCharts range={range} />
        <div class='two-col'>
          <TopQueries range={range} />
          <RecentErrors />
        </div>
        <PerDatabase />
      </div>
    </>
  )
}

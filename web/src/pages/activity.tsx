import { useState } from 'preact/hooks'
import { api, query, seg } from '../api.js'
import type { ActivityEntry } from '../types.js'
import { useResource, useTitle } from '../hooks.js'
import { formatDate } from '../format.js'
import { Link } from '../router.js'
import { Empty, ErrorNote, Loading } from '../components/notice.js'
import { Pager } from '../components/pager.js'

const pageSize = 50

function describeDetails (details: unknown): string {
  if (details === null || details === undefined || details === '') return ''
  if (typeof details === 'string') return details
  if (typeof details === 'object') {
    return Object.entries(details as Record<string, unknown>)
      .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`).join(', ')
  }
  return String(details)
}

function describeActor (actor: ActivityEntry['actor']) {
  if (!actor) return <span class='muted'>–</span>
  if (actor.email) return actor.email
  return <span class='muted'>{actor.id ? `${actor.type} ${actor.id}` : actor.type}</span>
}

function actionTone (action: string): string {
  if (action.endsWith('failed') || action.endsWith('delete') || action.endsWith('revoke') || action.endsWith('drop')) return 'badge badge-danger'
  if (action.endsWith('create') || action.endsWith('setup') || action.endsWith('import')) return 'badge badge-success'
  return 'badge'
}

export function ActivityPage () {
  useTitle('Activity')
  const [offset, setOffset] = useState(0)
  const log = useResource(async (signal) => api.get<ActivityEntry[], { total?: number }>(`/api/activity${query({ limit: pageSize, offset })}`, { signal }), [offset])
  const rows = log.data?.data ?? []

  return (
    <>
      <div class='page-head'>
        <div>
          <h1>Activity</h1>
          <p class='muted'>The audit log of admin and key actions, newest first.</p>
        </div>
      </div>
      <ErrorNote error={log.error} />
      {!log.data && log.loading && <Loading />}
      {log.data && rows.length === 0 && <Empty title='Nothing has happened yet' />}
      {rows.length > 0 && (
        <section class='card card-flush'>
          <div class='table-scroll'>
            <table class='grid activity'>
              <caption class='visually-hidden'>Activity log</caption>
              <thead>
                <tr>
                  <th scope='col'>When</th><th scope='col'>Action</th><th scope='col'>Actor</th>
                  <th scope='col'>Database</th><th scope='col' class='hide-narrow'>Details</th><th scope='col' class='hide-narrow'>IP</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((a) => (
                  <tr key={a.id}>
                    <td class='nowrap muted'><time dateTime={a.createdAt}>{formatDate(a.createdAt, true)}</time></td>
                    <td><span class={actionTone(a.action)}>{a.action}</span></td>
                    <td>{describeActor(a.actor)}</td>
                    <td>{a.database ? <Link href={`/databases/${seg(a.database)}`}>{a.database}</Link> : <span class='muted'>–</span>}</td>
                    <td class='hide-narrow details'>{describeDetails(a.details)}</td>
                    <td class='hide-narrow muted nowrap'>{a.ip ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager offset={offset} limit={pageSize} shown={rows.length} total={log.data?.meta?.total} hasMore={rows.length === pageSize} onChange={setOffset} label='Activity pages' />
        </section>
      )}
    </>
  )
}

import { api, seg } from '../api.js'
import { useResource, useTitle } from '../hooks.js'
import { formatAgo, plural } from '../format.js'
import { Link } from '../router.js'
import { Empty, ErrorNote, Loading, Note } from '../components/notice.js'

/** `GET /api/cluster` (docs/cluster.md). */
interface ClusterState {
  self: string
  lease: { id: string, ttlSeconds: number, writable: boolean }
  nodes: Array<{ id: string, url: string, startedAt: string, databases: number }>
  placement: Array<{ database: string, node: string, lease: string }>
  orphans: string[]
}

/** Nodes, leases and placement of a cluster; a note when cluster mode is off. */
export function ClusterPage () {
  useTitle('Cluster')
  const state = useResource(async (signal) => api.get<ClusterState>('/api/cluster', { signal }), [])
  const off = state.error?.code === 'CLUSTER_DISABLED'
  const data = state.data?.data

  return (
    <>
      <div class='page-head'>
        <div>
          <h1>Cluster</h1>
          <p class='muted'>The nodes sharing this namespace of databases, and which node owns each database.</p>
        </div>
        {data && <button type='button' class='button' onClick={state.reload}>Refresh</button>}
      </div>
      {off
        ? <Empty title='Cluster mode is off'><p>This server runs alone. Start every node with <code>CLUSTER_ETCD</code>, <code>NODE_ID</code> and <code>NODE_URL</code> to share databases between nodes.</p></Empty>
        : <ErrorNote error={state.error} />}
      {!data && state.loading && <Loading />}
      {data && (
        <>
          {!data.lease.writable && <Note tone='warning'>Node {data.self} has lost its lease: it serves none of its databases until it joins again.</Note>}
          {data.orphans.length > 0 && <Note tone='warning'>{plural(data.orphans.length, 'database')} waiting for another node to take over: {data.orphans.join(', ')}.</Note>}
          <section class='card card-flush'>
            <div class='table-scroll'>
              <table class='grid'>
                <caption class='visually-hidden'>Nodes</caption>
                <thead><tr><th scope='col'>Node</th><th scope='col'>URL</th><th scope='col'>Databases</th><th scope='col'>Started</th></tr></thead>
                <tbody>
                  {data.nodes.map((n) => (
                    <tr key={n.id}>
                      <td>{n.id}{n.id === data.self && <span class='badge badge-success'>this node</span>}</td>
                      <td class='muted'>{n.url}</td>
                      <td>{n.databases}</td>
                      <td class='muted nowrap'><time dateTime={n.startedAt}>{formatAgo(n.startedAt)}</time></td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          <section class='card card-flush'>
            <div class='table-scroll'>
              <table class='grid'>
                <caption class='visually-hidden'>Placement</caption>
                <thead><tr><th scope='col'>Database</th><th scope='col'>Owner</th><th scope='col' class='hide-narrow'>Lease</th></tr></thead>
                <tbody>
                  {data.placement.map((p) => (
                    <tr key={p.database}>
                      <td><Link href={`/databases/${seg(p.database)}`}>{p.database}</Link></td>
                      <td>{p.node}</td>
                      <td class='hide-narrow muted'>{p.lease}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        </>
      )}
    </>
  )
}

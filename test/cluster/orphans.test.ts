// One node in-process against a real etcd: an orphan (a directory entry without a placement) whose replica cannot be
// restored is not owned without its data: the claim is given back, the entry keeps its last owner for the next
// sweep, and requests answer 503 DATABASE_UNAVAILABLE meanwhile. Skipped only when the etcd binary is missing.
import t from 'tap'
import { join } from 'node:path'
import { directoryKey, placementKey } from '../../lib/cluster/keys.js'
import { as, build, signIn } from '../helper.js'
import { etcdForTest, etcdMissing, sleep, until } from './harness.js'

t.test('an orphan that cannot be restored stays an orphan', { skip: etcdMissing }, async (t) => {
  const { root, etcd, client } = await etcdForTest(t, 'litehouse-orphans-')
  const ghost = JSON.stringify({ id: 'db_ghost000000000000000000', node: 'gone' })
  await client.put(directoryKey('ghost')).value(ghost)

  const { app } = await build(t, {
    CLUSTER_ETCD: etcd.url, NODE_ID: 'n1', NODE_URL: 'http://127.0.0.1:1', CLUSTER_LEASE_TTL_S: '5', BACKUP_URL: `file://${join(root, 'replica')}`, BACKUP_SYNC_MS: '100'
  })
  const admin = as(app, await signIn(app))
  // the sweep runs at start and every TTL/2, and tries the missing replica each time: between tries no node owns it
  await sleep(4000)
  await until('ghost is unowned between two tries', 20_000, async () =>
    (await client.get(placementKey('ghost')).string()) === null && (await client.get(directoryKey('ghost')).string()) === ghost)
  t.pass('no node owns it, and its directory entry still names its last owner')
  let cluster = await admin({ method: 'GET', url: '/api/cluster' })
  await until('GET /api/cluster lists it as an orphan', 20_000, async () => {
    cluster = await admin({ method: 'GET', url: '/api/cluster' })
    return cluster.statusCode === 200 && cluster.json().data.orphans.join() === 'ghost'
  })
  t.same(cluster.json().data.nodes.map((n: { id: string }) => n.id), ['n1'])
  const read = await admin({ method: 'GET', url: '/api/databases/ghost/tables' })
  t.equal(read.statusCode, 503, 'its requests wait out a 503 (documented on every database route in cluster mode)')
  t.equal(read.json().code, 'DATABASE_UNAVAILABLE')

  // a database of this node is its own: created, placed on its lease, published in the directory
  t.equal((await admin({ method: 'POST', url: '/api/databases', payload: { name: 'mine' } })).statusCode, 201)
  await until('mine is placed', 10_000, async () => (await client.get(placementKey('mine')).string()) !== null)
  const placed = JSON.parse(await client.get(placementKey('mine')).string() as string)
  t.equal(placed.node, 'n1')
  t.equal(placed.lease, cluster.json().data.lease.id)
  t.equal(JSON.parse(await client.get(directoryKey('mine')).string() as string).node, 'n1')
})

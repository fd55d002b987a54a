// A cluster session is an etcd key on a lease of the session's lifetime, never kept alive: etcd removes it when the
// session expires, so sign-ins that are never logged out leave nothing behind. Skipped only when etcd is missing.
import t from 'tap'
import { sha256 } from '../../lib/crypto.js'
import { sessionKey } from '../../lib/cluster/keys.js'
import { createClusterSessions } from '../../lib/cluster/sessions.js'
import { etcdForTest, etcdMissing, until } from './harness.js'

t.test('an expired session leaves etcd by itself; a live one stays and is found', { skip: etcdMissing }, async (t) => {
  const { client } = await etcdForTest(t, 'litehouse-session-expiry-')
  const short = createClusterSessions(client, 3000)
  const long = createClusterSessions(client, 3_600_000)
  const brief = short.store.create('adm_1', 'a@example.com')
  const lasting = long.store.create('adm_2', 'b@example.com')
  await Promise.all([short.settled(), long.settled()])
  t.ok(await client.get(sessionKey(sha256(brief.token))).string(), 'the session is in etcd once its answer would leave')
  const lease = (await client.get(sessionKey(sha256(brief.token))).exec()).kvs[0].lease
  t.not(String(lease), '0', 'on a lease')
  await until('the expired session is gone from etcd', 20_000, async () => (await client.get(sessionKey(sha256(brief.token))).string()) === null)
  t.pass('etcd removed the expired session')
  const other = createClusterSessions(client, 3_600_000)
  t.match(await other.lookup(lasting.token), { adminId: 'adm_2' }, 'the session of an hour is still there, from another node')
})

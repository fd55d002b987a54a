// Admins, their sessions and the settings are the cluster's (issue #29, docs/cluster.md "What lives where"): a real
// etcd and two nodes on loopback. The first admin from ADMIN_EMAIL is created once for both; an admin created on
// one node signs in on the other; the same email created on both at once is 201 on one and 409 on the other; a
// password changed and an admin deleted through another node's store (the calls an admin route makes) count on
// both nodes, and the deleted admin's sessions end on both; settings changed on n1 apply on n2; the activity log
// stays per node but GET /api/activity on any node merges every node's.
// Skipped only when the etcd binary is missing.
import t from 'tap'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Etcd3 } from 'etcd3'
import { createClusterAdmins } from '../../lib/cluster/admins.js'
import { ADMIN_COUNT } from '../../lib/cluster/keys.js'
import { createClusterSessions } from '../../lib/cluster/sessions.js'
import { hashPassword } from '../../lib/passwords.js'
import { admin, call, etcdMissing, signal, sleep, startEtcd, startNode, until, type Node } from './harness.js'

t.setTimeout(300_000)

t.test('two nodes share admins, sessions and settings', { skip: etcdMissing }, async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'litehouse-shared-'))
  const etcd = await startEtcd(root)
  const client = new Etcd3({ hosts: etcd.url })
  const nodes: Node[] = []
  t.teardown(async () => {
    client.close()
    for (const node of nodes) signal(node, 'SIGKILL')
    etcd.process.kill('SIGKILL')
    await sleep(500)
    rmSync(root, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 })
  })
  // both start at once with the same ADMIN_EMAIL (the harness's): one admin results, not two
  nodes.push(...await Promise.all(['n1', 'n2'].map(async (id) => await startNode(root, id, etcd.url, join(root, 'replica')))))
  const [n1, n2] = nodes
  t.equal(await client.get(ADMIN_COUNT).string(), '1', 'the first admin from ADMIN_EMAIL is created once for the cluster')

  const login = async (node: Node, credentials: { email: string, password: string }) => await call(node.url, 'POST', '/api/admin/login', undefined, credentials)
  const me = async (node: Node, token: string) => await call(node.url, 'GET', '/api/admin/me', token)
  const root1 = (await login(n1, admin)).body.data.token as string
  const root2 = (await login(n2, admin)).body.data.token as string
  t.ok(root1 !== undefined && root2 !== undefined, 'the first admin signs in on both nodes')

  // an admin created on n1 signs in on n2, and its n2 session works on n1
  const ops = { email: 'ops@example.com', password: 'first password 1' }
  const created = await call(n1.url, 'POST', '/api/admin/setup', root1, ops)
  t.equal(created.status, 201, `admin created on n1: ${JSON.stringify(created.body)}`)
  const opsLogin = await login(n2, ops)
  t.equal(opsLogin.status, 200, 'it signs in on n2')
  t.equal(opsLogin.body.data.admin.id, created.body.data.id, 'as the same admin')
  const opsToken = opsLogin.body.data.token as string
  t.equal((await me(n1, opsToken)).body.data?.email, ops.email, 'its session from n2 works on n1')
  t.equal((await call(n2.url, 'GET', '/api/admin/status')).body.data.hasAdmin, true)

  // the same email created on both nodes at once: exactly one succeeds
  const twin = { email: 'Twin@example.com', password: 'twin password 1' }
  const both = await Promise.all([
    call(n1.url, 'POST', '/api/admin/setup', root1, twin),
    call(n2.url, 'POST', '/api/admin/setup', root2, { ...twin, email: twin.email.toLowerCase() })
  ])
  t.same(both.map((a) => a.status).sort(), [201, 409], `one 201, one 409: ${JSON.stringify(both.map((a) => a.body))}`)
  t.equal(both.find((a) => a.status === 409)?.body.code, 'ADMIN_EXISTS')
  t.equal(await client.get(ADMIN_COUNT).string(), '3', 'three admins, not four')

  // another node's store (what its admin routes call): a password change counts on both nodes
  const elsewhere = createClusterSessions(client, 60_000)
  const admins = createClusterAdmins(client, elsewhere.endAll)
  t.ok(await admins.setPassword(created.body.data.id, await hashPassword('second password 2')), 'password changed')
  // (sign-in is limited to 5 tries per address and node: each login here counts)
  const renewed = { ...ops, password: 'second password 2' }
  t.equal((await login(n1, ops)).status, 401, 'n1: the old password no longer signs in')
  const onN1 = await login(n1, renewed)
  const onN2 = await login(n2, renewed)
  t.same([onN1.status, onN2.status], [200, 200], 'the new one signs in on both nodes')

  // deleting the admin ends its sessions on every node, including those each node has cached
  const tokens = [opsToken, onN1.body.data.token as string, onN2.body.data.token as string]
  for (const node of nodes) {
    for (const token of tokens) t.equal((await me(node, token)).status, 200, `${node.id}: the session works before the delete`)
  }
  t.ok(await admins.remove(created.body.data.id), 'admin deleted')
  await until('the deleted admin\'s sessions end on both nodes', 10_000, async () => {
    const all = await Promise.all(nodes.flatMap((node) => tokens.map(async (token) => (await me(node, token)).status)))
    return all.every((status) => status === 401)
  })
  t.pass('its sessions end on both nodes')
  t.equal((await login(n2, renewed)).status, 401, 'it cannot sign in again')
  t.equal(await client.get(ADMIN_COUNT).string(), '2')
  t.equal((await me(n2, root1)).status, 200, 'the other admins\' sessions are untouched')

  // settings changed on n1 apply on n2: its per-database OpenAPI document names the new server URL
  const serverUrl = 'https://api.example.test'
  const patched = await call(n1.url, 'PATCH', '/api/settings', root1, { serverUrl, timezone: 'Europe/Paris' })
  t.equal(patched.status, 200)
  await until('n2 reads the settings set on n1', 5000, async () => (await call(n2.url, 'GET', '/api/settings', root2)).body.data?.serverUrl === serverUrl)
  t.same((await call(n2.url, 'GET', '/api/settings', root2)).body.data, { serverUrl, timezone: 'Europe/Paris' }, 'n2 has both settings')
  t.equal((await call(n2.url, 'POST', '/api/databases', root2, { name: 'shop' })).status, 201)
  const placement = (await call(n2.url, 'GET', '/api/cluster', root2)).body.data.placement as Array<{ database: string, node: string }>
  t.same(placement.find((p) => p.database === 'shop')?.node, 'n2', 'shop lives on n2 (the node asked wins a tie)')
  const document = await call(n2.url, 'GET', '/api/databases/shop/openapi.json', root2)
  t.same(document.body.servers, [{ url: serverUrl }], 'n2 uses the server URL set on n1')

  // the activity log stays on the node that acted, and GET /api/activity on any node merges every node's, newest first
  const own = async (node: Node) => (await call(node.url, 'GET', '/api/activity?limit=1000', root1, undefined, { 'x-litehouse-hop': '1' })).body
  const [log1, log2] = [await own(n1), await own(n2)]
  t.ok(log1.data.some((e: { action: string }) => e.action === 'settings.update'), 'the settings change is in n1\'s own log')
  t.notOk(log2.data.some((e: { action: string }) => e.action === 'settings.update'), 'and not in n2\'s')
  const merged = await call(n2.url, 'GET', '/api/activity?limit=1000', root2)
  t.equal(merged.body.meta.total, log1.meta.total + log2.meta.total, 'the total counts both nodes')
  const actions = merged.body.data.map((e: { action: string, node: string }) => `${e.node}:${e.action}`)
  t.ok(actions.includes('n1:settings.update') && actions.includes('n2:database.create'), `n2 answers with both nodes' entries: ${actions.join(', ')}`)
  const times = merged.body.data.map((e: { createdAt: string }) => e.createdAt)
  t.same(times, [...times].sort().reverse(), 'newest first')
  const page = await call(n1.url, 'GET', '/api/activity?limit=3&offset=2', root1)
  t.same(page.body.data.map((e: { node: string, id: number }) => `${e.node}/${e.id}`),
    merged.body.data.slice(2, 5).map((e: { node: string, id: number }) => `${e.node}/${e.id}`), 'a page through n1 is the same slice of the merged log')
})

// The three-node drill (issue #29): a real etcd and three Litehouse nodes on loopback sharing one file:// replica.
// Placement spreads new databases, any node answers for any database (forwarded once, loops refused), a SIGKILLed
// owner's databases answer on another node within lease TTL + 5 s with every write acknowledged before the sync
// window, a node paused past its lease writes nothing once resumed (no split brain), and a live move loses no
// acknowledged write. Skipped only when the etcd binary is missing.
import t from 'tap'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { HOP_HEADER } from '../../lib/cluster/keys.js'
import { admin, call, etcdMissing, signal, sleep, startEtcd, startNode, until, type Node } from './harness.js'

const ttlS = 4
const syncMs = 200
/** Writes acknowledged this long before a crash must be in the replica: BACKUP_SYNC_MS and its ship time, with room for a loaded machine. */
const syncWindowMs = 1500

t.setTimeout(600_000)

t.test('three nodes: placement, forwarding, failover, fencing, move', { skip: etcdMissing }, async (t) => {
  // removed by the teardown below once every process is gone (tempDir's own teardown would run first)
  const root = mkdtempSync(join(tmpdir(), 'litehouse-cluster-'))
  const replica = join(root, 'replica')
  const etcd = await startEtcd(root)
  const nodes: Node[] = []
  t.teardown(async () => {
    for (const node of nodes) { signal(node, 'SIGCONT'); signal(node, 'SIGKILL') }
    etcd.process.kill('SIGKILL')
    await sleep(500)
    rmSync(root, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 })
  })
  const env = { CLUSTER_LEASE_TTL_S: String(ttlS), BACKUP_SYNC_MS: String(syncMs) }
  nodes.push(...await Promise.all(['n1', 'n2', 'n3'].map(async (id) => await startNode(root, id, etcd.url, replica, env))))
  const [n1, n2, n3] = nodes
  const byId = new Map(nodes.map((n) => [n.id, n]))

  const login = await call(n1.url, 'POST', '/api/admin/login', undefined, admin)
  t.equal(login.status, 200, 'admin login on n1')
  const token: string = login.body.data.token
  const api = (node: Node, method: string, path: string, body?: unknown, headers?: Record<string, string>) => call(node.url, method, path, token, body, headers)
  /** Every `v` of a database's table `t`, page by page: a page holds 1,000 records at most, and a fast machine
   * acknowledges more writes than that before the failover below. */
  const values = async (node: Node, database: string): Promise<string[]> => {
    const all: string[] = []
    for (let offset = 0; ; offset += 1000) {
      const page = (await api(node, 'GET', `/api/databases/${database}/tables/t/records?limit=1000&offset=${offset}`)).body.data as Array<{ v: string }>
      all.push(...page.map((r) => r.v))
      if (page.length < 1000) return all
    }
  }

  await until('every node sees three nodes', 30_000, async () => {
    const all = await Promise.all(nodes.map(async (n) => await api(n, 'GET', '/api/cluster')))
    return all.every((a) => a.status === 200 && a.body.data.nodes.length === 3)
  })
  t.pass('a session made on n1 works on n2 and n3 (GET /api/cluster as admin)')

  // placement: the least-loaded node takes each new database, whichever node is asked
  for (const [i, name] of ['alpha', 'beta', 'gamma'].entries()) {
    const created = await api(nodes[i % 2], 'POST', '/api/databases', { name })
    t.equal(created.status, 201, `create ${name}: ${JSON.stringify(created.body)}`)
  }
  const taken = await api(n3, 'POST', '/api/databases', { name: 'alpha' })
  t.equal(taken.status, 409, 'a name taken on another node is taken everywhere')
  t.equal(taken.body.code, 'DATABASE_EXISTS')
  const cluster = (await api(n2, 'GET', '/api/cluster')).body.data
  const owner = new Map<string, string>(cluster.placement.map((p: { database: string, node: string }) => [p.database, p.node]))
  t.same(new Set(owner.values()), new Set(['n1', 'n2', 'n3']), `three databases on three nodes: ${JSON.stringify(cluster.placement)}`)

  // the list, renames and deletes are cluster-wide
  const listed = await api(n3, 'GET', '/api/databases')
  t.same(listed.body.data.map((d: { name: string }) => d.name), ['alpha', 'beta', 'gamma'], 'every node lists every database')
  const paged = await api(n2, 'GET', '/api/databases?limit=1&offset=1')
  t.same([paged.body.data.map((d: { name: string }) => d.name), paged.body.meta.total], [['beta'], 3], 'and pages through them')
  t.equal((await api(n2, 'POST', '/api/databases', { name: 'temp' })).status, 201)
  const clash = await api(n1, 'PATCH', '/api/databases/temp', { name: 'alpha' })
  t.equal(clash.status, 409, 'a rename to a name another node holds is refused')
  const renamed = await api(n1, 'PATCH', '/api/databases/temp', { name: 'temp2' })
  t.equal(renamed.status, 200, `rename through any node: ${JSON.stringify(renamed.body)}`)
  t.equal((await api(n3, 'GET', '/api/databases/temp2/tables')).status, 200, 'the new name answers everywhere')
  t.equal((await api(n3, 'GET', '/api/databases/temp/tables')).status, 404, 'the old name is gone everywhere')
  t.equal((await api(n3, 'DELETE', '/api/databases/temp2')).status, 200, 'delete through any node')
  const afterDelete = (await api(n1, 'GET', '/api/cluster')).body.data
  t.notOk(afterDelete.placement.some((p: { database: string }) => p.database.startsWith('temp')), 'a deleted database leaves the placement')
  t.same((await api(n1, 'GET', '/api/databases')).body.data.map((d: { name: string }) => d.name), ['alpha', 'beta', 'gamma'])

  // every node answers for every database: tables, records, keys, through the owner or forwarded once
  for (const name of owner.keys()) {
    const table = await api(n1, 'POST', `/api/databases/${name}/tables`, { name: 't', columns: [{ name: 'id', type: 'integer', primary_key: true }, { name: 'v', type: 'text' }] })
    t.equal(table.status, 201, `table in ${name} via n1: ${JSON.stringify(table.body)}`)
    for (const node of nodes) {
      const rec = await api(node, 'POST', `/api/databases/${name}/tables/t/records`, { v: `from ${node.id}` })
      t.equal(rec.status, 201, `write to ${name} via ${node.id}`)
    }
    const lists = await Promise.all(nodes.map(async (node) => await api(node, 'GET', `/api/databases/${name}/tables/t/records`)))
    t.same(lists.map((l) => l.body.data.length), [3, 3, 3], `${name} reads the same through every node`)
  }
  const beta = owner.get('beta') as string
  const other = nodes.find((n) => n.id !== beta) as Node
  const key = await api(other, 'POST', '/api/databases/beta/keys', { label: 'app', scope: 'write' })
  t.equal(key.status, 201, 'a key made through a non-owner')
  const viaKey = await call(nodes.find((n) => n.id !== beta && n !== other)!.url, 'GET', '/api/databases/beta/tables/t/records', key.body.data.key)
  t.equal(viaKey.status, 200, 'the key works through a third node')
  const exported = await call(other.url, 'GET', '/api/databases/beta/tables/t/export?format=ndjson', token)
  t.equal(exported.status, 200, 'a streamed export passes through')
  t.equal(String(exported.body).trim().split('\n').length, 3)

  // a change feed passes through a non-owner as a stream
  const feed = new AbortController()
  const stream = await fetch(`${other.url}/api/databases/beta/changes`, { headers: { authorization: `Bearer ${token}` }, signal: feed.signal })
  t.equal(stream.status, 200, 'a change feed opens through a non-owner')
  t.match(stream.headers.get('content-type') ?? '', /text\/event-stream/)
  const reader = stream.body!.getReader()
  await sleep(300)
  await api(n1, 'POST', '/api/databases/beta/tables/t/records', { v: 'streamed' })
  let seen = ''
  const feedDeadline = Date.now() + 15_000
  while (!seen.includes('streamed') && Date.now() < feedDeadline) {
    const chunk = await Promise.race([reader.read(), sleep(15_000).then(() => ({ done: true, value: undefined }))])
    if (chunk.done) break
    seen += new TextDecoder().decode(chunk.value)
  }
  feed.abort()
  t.match(seen, /"op":"insert"/, 'the change arrives through the forwarding node as it happens')

  const loop = await api(other, 'GET', '/api/databases/beta/tables', undefined, { [HOP_HEADER]: '1' })
  t.equal(loop.status, 503, 'a forwarded request reaching a non-owner is not forwarded again')
  t.equal(loop.body.code, 'FORWARDING_LOOP')
  const unknown = await api(n1, 'POST', '/api/databases/alpha/move', { node: 'nope' })
  t.equal(unknown.status, 400)
  t.equal(unknown.body.code, 'UNKNOWN_NODE')

  // ---- failover: SIGKILL the owner of beta while a writer writes to it through another node
  const writer = nodes.find((n) => n.id !== beta) as Node
  const acked: Array<{ v: string, at: number }> = []
  let writing = true
  const writes = (async () => {
    for (let i = 0; writing; i++) {
      const res = await call(writer.url, 'POST', '/api/databases/beta/tables/t/records', token, { v: `w${i}` }, {}, 3000)
      if (res.status === 201) acked.push({ v: `w${i}`, at: Date.now() })
      else await sleep(50)
    }
  })()
  const writingSince = Date.now()
  await until('writes acknowledged for a while', 60_000, async () => acked.length >= 20 && Date.now() - writingSince > syncWindowMs + 2000)
  const killedAt = Date.now()
  signal(byId.get(beta) as Node, 'SIGKILL')
  nodes.splice(nodes.indexOf(byId.get(beta) as Node), 1)
  const back = await until('beta answers again on another node', (ttlS + 5) * 1000 + 30_000, async () =>
    (await call(writer.url, 'GET', '/api/databases/beta/tables/t/records?limit=1', token, undefined, {}, 3000)).status === 200)
  writing = false
  await writes
  t.ok(back <= (ttlS + 5) * 1000, `beta answered again ${back} ms after the kill (lease TTL + 5 s = ${(ttlS + 5) * 1000} ms)`)
  const present = new Set(await values(writer, 'beta'))
  const due = acked.filter((a) => a.at < killedAt - syncWindowMs)
  const lost = due.filter((a) => !present.has(a.v))
  t.ok(due.length >= 5, `the drill checks writes older than the sync window (${due.length})`)
  t.same(lost, [], `every one of ${due.length} writes acknowledged ${syncWindowMs} ms before the kill survived (${acked.length} acknowledged in all)`)
  const keyAfter = await call(writer.url, 'GET', '/api/databases/beta/tables/t/records?limit=1', key.body.data.key)
  t.equal(keyAfter.status, 200, "the database's API key came with it")
  const afterKill = (await api(writer, 'GET', '/api/cluster')).body.data
  t.notOk(afterKill.placement.some((p: { node: string }) => p.node === beta), `nothing is placed on the dead node: ${JSON.stringify(afterKill.placement)}`)

  // ---- fencing: pause the owner of gamma past its lease, resume it: it must not write
  const gammaOwner = afterKill.placement.find((p: { database: string }) => p.database === 'gamma').node as string
  const paused = byId.get(gammaOwner) as Node
  const live = nodes.find((n) => n !== paused) as Node
  signal(paused, 'SIGSTOP')
  await until('gamma fails over while its owner is paused', (ttlS + 5) * 1000 + 30_000, async () =>
    (await call(live.url, 'GET', '/api/databases/gamma/tables/t/records?limit=1', token, undefined, {}, 3000)).status === 200)
  const before = (await values(live, 'gamma')).length
  signal(paused, 'SIGCONT')
  const answers = await Promise.all(Array.from({ length: 10 }, async (_, i) =>
    await call(paused.url, 'POST', '/api/databases/gamma/tables/t/records', token, { v: `after-pause-${i}` }, {}, 10_000)))
  const ackedAfter = answers.map((a, i) => ({ status: a.status, v: `after-pause-${i}` })).filter((a) => a.status === 201)
  t.ok(answers.every((a) => a.status === 201 || a.status === 503), `the resumed node answers 503 or forwards: ${answers.map((a) => a.status).join(',')}`)
  const gammaRows = await values(live, 'gamma')
  t.equal(gammaRows.length, before + ackedAfter.length, 'the new owner holds exactly its rows and the acknowledged ones')
  t.ok(ackedAfter.every((a) => gammaRows.includes(a.v)), 'every write the resumed node acknowledged is on the new owner (no split brain)')

  // ---- move: alpha to the resumed node, live, with a writer through a third party
  await until('the resumed node is back in the cluster', 30_000, async () =>
    (await api(live, 'GET', '/api/cluster')).body.data.nodes.some((n: { id: string }) => n.id === paused.id))
  const alphaOwner = (await api(live, 'GET', '/api/cluster')).body.data.placement.find((p: { database: string }) => p.database === 'alpha').node as string
  const dest = alphaOwner === paused.id ? live : paused
  const moveAcked: string[] = []
  let moving = true
  const moveWrites = (async () => {
    for (let i = 0; moving; i++) {
      const res = await call(live.url, 'POST', '/api/databases/alpha/tables/t/records', token, { v: `m${i}` }, {}, 5000)
      if (res.status === 201) moveAcked.push(`m${i}`)
      else if (res.status !== 503) t.fail(`a write during the move answered ${res.status}: ${JSON.stringify(res.body)}`)
      await sleep(20)
    }
  })()
  await sleep(500)
  const moved = await api(live, 'POST', '/api/databases/alpha/move', { node: dest.id })
  t.equal(moved.status, 200, `move alpha to ${dest.id}: ${JSON.stringify(moved.body)}`)
  await sleep(1000)
  moving = false
  await moveWrites
  const placed = (await api(live, 'GET', '/api/cluster')).body.data.placement.find((p: { database: string }) => p.database === 'alpha')
  t.equal(placed.node, dest.id, 'alpha is placed on its new node')
  const alphaRows = new Set(await values(dest, 'alpha'))
  t.same(moveAcked.filter((v) => !alphaRows.has(v)), [], `all ${moveAcked.length} writes acknowledged around the move are there`)
  t.notOk(readdirSync((byId.get(alphaOwner) as Node).dataDir).includes('alpha.db'), 'the old owner let go of its copy')

  // ---- etcd lost while running: owners keep serving until their lease would expire, then stop writing
  etcd.process.kill('SIGSTOP')
  t.teardown(() => { etcd.process.kill('SIGCONT') })
  const during = await api(dest, 'POST', '/api/databases/alpha/tables/t/records', { v: 'etcd-paused' })
  t.equal(during.status, 201, 'right after etcd went silent, the owner still writes (its lease is still valid)')
  await sleep((ttlS + 1) * 1000)
  const fenced = await api(dest, 'POST', '/api/databases/alpha/tables/t/records', { v: 'past-the-lease' })
  t.equal(fenced.status, 503, 'past its lease without etcd, the owner stops writing')
  t.equal(fenced.body.code, 'DATABASE_UNAVAILABLE')
  etcd.process.kill('SIGCONT')
  let lastAnswer = ''
  const rejoined = await until('alpha answers again once etcd is back', 60_000, async () => {
    const res = await call(live.url, 'GET', '/api/databases/alpha/tables/t/records?limit=1000', token, undefined, {}, 3000)
    lastAnswer = `${res.status} ${JSON.stringify(res.body).slice(0, 300)}`
    return res.status === 200
  }).catch((err: Error) => { throw new Error(`${err.message}; the last answer: ${lastAnswer}`) })
  const final = await values(live, 'alpha')
  t.ok(final.includes('etcd-paused') && !final.includes('past-the-lease'), `after etcd came back (${rejoined} ms) alpha holds the acknowledged write and not the refused one`)
})

// Cluster bench (issue 29), bounded to about a minute: a real etcd and Litehouse nodes on loopback.
// 1. Forwarded vs local GET: one record by id read through its owner and through another node, sequentially,
//    in interleaved slices (A B B A ...) of the same run; p50 and p99 of each and the difference.
// 2. Throughput: 16 concurrent readers spread over 4 databases, against one node holding all four, and against two
//    nodes pinned to one core each (taskset) holding two each, every request sent to the owner; the ratio.
//   node --import tsx bench/cluster.ts [--seconds=6]
import { mkdtempSync, rmSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { admin, call, signal, sleep, startEtcd, startNode, type Node } from '../test/cluster/harness.js'

const seconds = Number(process.argv.find((a) => a.startsWith('--seconds='))?.split('=')[1] ?? 6)
const root = mkdtempSync(join(tmpdir(), 'litehouse-cluster-bench-'))
const replica = join(root, 'replica')
const etcds = [await startEtcd(join(root, 'e1'))]
let etcd = etcds[0]
const started: Node[] = []
const env = { CLUSTER_LEASE_TTL_S: '10', LOG_LEVEL: 'warn', ENGINE_WORKERS: '1' }

function cleanup (): void {
  for (const node of started) signal(node, 'SIGKILL')
  for (const e of etcds) e.process.kill('SIGKILL')
  rmSync(root, { recursive: true, force: true })
}

async function must (what: string, answer: Promise<{ status: number, body: any }>): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const res = await answer
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body
}

const pct = (values: number[], p: number): number => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]

/** Sets up databases `names` with one table of 100 rows; the caller decides which node creates each (its owner). */
async function seed (node: Node, token: string, name: string): Promise<void> {
  await must('create', call(node.url, 'POST', '/api/databases', token, { name }))
  await must('table', call(node.url, 'POST', `/api/databases/${name}/tables`, token, { name: 't', columns: [{ name: 'id', type: 'integer', primary_key: true }, { name: 'v', type: 'text' }] }))
  await must('rows', call(node.url, 'POST', `/api/databases/${name}/tables/t/records`, token, Array.from({ length: 100 }, (_, i) => ({ v: `row ${i}` }))))
}

/** `readers` loops reading record ids of their database from their node for `ms`; requests per second. */
async function throughput (targets: Array<{ url: string, db: string }>, token: string, readers: number, ms: number): Promise<number> {
  let done = 0
  const end = performance.now() + ms
  await Promise.all(Array.from({ length: readers }, async (_, r) => {
    const { url, db } = targets[r % targets.length]
    for (let i = 0; performance.now() < end; i++) {
      const res = await fetch(`${url}/api/databases/${db}/tables/t/records/${(i % 100) + 1}`, { headers: { authorization: `Bearer ${token}` } })
      await res.arrayBuffer()
      if (res.status === 200) done++
    }
  }))
  return done / (ms / 1000)
}

try {
  // ---- 1. forwarded vs local, two nodes
  const [a, b] = await Promise.all(['a', 'b'].map(async (id) => await startNode(root, id, etcd.url, replica, env)))
  started.push(a, b)
  const token: string = (await must('login', call(a.url, 'POST', '/api/admin/login', undefined, admin))).data.token
  await sleep(1000)
  await seed(a, token, 'home')
  const cluster = (await must('cluster', call(b.url, 'GET', '/api/cluster', token))).data
  const owner = cluster.placement.find((p: { database: string }) => p.database === 'home').node
  const [local, remote] = owner === 'a' ? [a, b] : [b, a]
  const get = async (node: Node): Promise<number> => {
    const t0 = performance.now()
    const res = await fetch(`${node.url}/api/databases/home/tables/t/records/7`, { headers: { authorization: `Bearer ${token}` } })
    await res.arrayBuffer()
    if (res.status !== 200) throw new Error(`GET answered ${res.status}`)
    return performance.now() - t0
  }
  const samples: Record<string, number[]> = { local: [], forwarded: [] }
  for (let i = 0; i < 200; i++) { await get(local); await get(remote) } // warm-up: JIT, pools, caches
  for (let slice = 0; slice < 8; slice++) {
    const order: Array<'local' | 'forwarded'> = slice % 2 === 0 ? ['local', 'forwarded'] : ['forwarded', 'local']
    for (const side of order) {
      const end = performance.now() + seconds * 1000 / 8
      while (performance.now() < end) samples[side].push(await get(side === 'local' ? local : remote))
    }
  }
  const p50 = { local: pct(samples.local, 0.5), forwarded: pct(samples.forwarded, 0.5) }
  console.log(`GET one record, sequential, ${samples.local.length} local / ${samples.forwarded.length} forwarded requests`)
  console.log(`  local     p50 ${p50.local.toFixed(3)} ms  p99 ${pct(samples.local, 0.99).toFixed(3)} ms`)
  console.log(`  forwarded p50 ${p50.forwarded.toFixed(3)} ms  p99 ${pct(samples.forwarded, 0.99).toFixed(3)} ms`)
  console.log(`  forwarding adds ${(p50.forwarded - p50.local).toFixed(3)} ms at p50 (goal: <= 1 ms)`)
  for (const node of started.splice(0)) signal(node, 'SIGKILL')
  await sleep(500)

  // ---- 2. one node vs two pinned nodes
  // each configuration in its own etcd: the databases of the last one would be orphans of the next
  const fresh = async (name: string): Promise<void> => { etcd = await startEtcd(join(root, name)); etcds.push(etcd) }
  if (availableParallelism() < 2) {
    console.log('throughput: skipped, fewer than 2 cores')
  } else {
    await fresh('e2')
    const single = await startNode(join(root, 'single'), 's', etcd.url, join(root, 'replica-single'), env, undefined, ['taskset', '-c', '0'])
    started.push(single)
    const t1: string = (await must('login', call(single.url, 'POST', '/api/admin/login', undefined, admin))).data.token
    await sleep(1000)
    for (const db of ['s1', 's2', 's3', 's4']) await seed(single, t1, db)
    await throughput(['s1', 's2', 's3', 's4'].map((db) => ({ url: single.url, db })), t1, 16, 1000)
    const one = await throughput(['s1', 's2', 's3', 's4'].map((db) => ({ url: single.url, db })), t1, 16, seconds * 1000)
    for (const node of started.splice(0)) signal(node, 'SIGKILL')
    await fresh('e3')

    const pinned = await Promise.all([['p0', '0'], ['p1', '1']].map(async ([id, core]) =>
      await startNode(join(root, 'pinned'), id, etcd.url, join(root, 'replica-pinned'), env, undefined, ['taskset', '-c', core])))
    started.push(...pinned)
    const t2: string = (await must('login', call(pinned[0].url, 'POST', '/api/admin/login', undefined, admin))).data.token
    await sleep(1000)
    const targets: Array<{ url: string, db: string }> = []
    for (const [i, db] of ['q1', 'q2', 'q3', 'q4'].entries()) {
      const node = pinned[i % 2]
      // created through the node that should own it: least-loaded placement alternates between the two
      await seed(node, t2, db)
      const placed = (await must('cluster', call(node.url, 'GET', '/api/cluster', t2))).data.placement.find((p: { database: string }) => p.database === db).node
      targets.push({ url: (pinned.find((n) => n.id === placed) as Node).url, db })
    }
    await throughput(targets, t2, 16, 1000)
    const two = await throughput(targets, t2, 16, seconds * 1000)
    console.log(`GET one record, 16 readers over 4 databases, ${seconds} s each`)
    console.log(`  one node on core 0:          ${one.toFixed(0)} req/s`)
    console.log(`  two nodes on cores 0 and 1:  ${two.toFixed(0)} req/s (placement: ${targets.map((t) => t.db + '@' + (t.url === pinned[0].url ? 'p0' : 'p1')).join(' ')})`)
    console.log(`  ratio ${(two / one).toFixed(2)}x (goal with 3 nodes on 3 cores: >= 2x; this machine has ${availableParallelism()} cores, the load generator shares them)`)
  }
} finally {
  cleanup()
}
process.exit(0)

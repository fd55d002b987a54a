// `npm run bench:scale -- [--dbs=10000] [--duration=8] [--pin=1]`
// Issue #22's goals at 10,000 databases, in one bounded run (about 4 minutes at the defaults on a loaded machine):
// - start-up to healthy with N databases on disk, against one database, three starts each (median), each started
//   as `npm start` does (scripts/start.mjs) after the set-up's starts have built what was stale and filled Node's
//   compile cache;
// - `GET /api/databases?limit=50` (first page, last page, a search) and the bare list, sequential, p50/p99;
// - a storage snapshot cycle: uniform record GETs with SNAPSHOT_INTERVAL_MS=2000 against the default (no cycle);
// - the noisy neighbour: 100 quiet tenants' record GETs (32 connections, each tenant its read key) alone, then
//   while one tenant runs 2-second scans and 1,000-row bulk inserts at its full concurrency; then both again on a
//   server whose engine workers run at ENGINE_WORKER_NICE=10;
// - the server tree's RSS at rest and after the load.
// Set-up: one database is made through the API (a table of 100 rows); the other N - 1 are copies of its file,
// registered with the server's own registry code while it is stopped (making 10,000 through the API takes
// 10 minutes here; start-up, listing and snapshots only see files and registry rows).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon, { type Request } from 'autocannon'
import { call, eachLimited } from './api.js'
import { startAsUser, type ChildServer } from './child.js'
import { createItemsDatabase, registerCopies, tenantName as nameOf } from './seed.js'
import { pinTree, treeRssBytes } from './tree.js'

const args = Object.fromEntries(process.argv.slice(2).map((arg) => {
  const flag = /^--(\w+)=(\d+)$/.exec(arg)
  if (!flag) throw new Error(`unknown option ${arg}`)
  return [flag[1], Number(flag[2])]
}))
const dbs = args.dbs ?? 10_000
const durationS = args.duration ?? 8
const pin = args.pin === undefined ? undefined : String(args.pin)
if (!(dbs >= 100 && dbs <= 100_000)) throw new Error('--dbs is 100 to 100,000')
if (!(durationS >= 2 && durationS <= 60)) throw new Error('--duration is 2 to 60 seconds')

const admin = { email: 'bench@example.com', password: 'bench password 1' }
const note = (message: string) => process.stderr.write(`${message}\n`)
const quietTenants = 100
const connections = 32
const loadBefore = loadavg()[0]

const root = mkdtempSync(join(tmpdir(), 'litehouse-scale-'))
const dataDir = join(root, 'data')
mkdirSync(dataDir)
const serverEnv = (extra: Record<string, string> = {}) => ({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, ...extra })
let server: ChildServer | undefined
process.once('SIGINT', () => { void server?.stop().finally(() => { rmSync(root, { recursive: true, force: true }); process.exit(130) }) })

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]
const ms = (n: number) => `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`
const mb = (bytes: number | undefined) => bytes === undefined ? '-' : `${Math.round(bytes / 2 ** 20)} MB`

/** Spawn to the first healthy answer, in ms, started as `npm start` starts it; leaves the server running in `server`. */
async function timedStart (dir: string, extra: Record<string, string> = {}): Promise<number> {
  const started = performance.now()
  // workers at the same priority as the main process unless a phase asks otherwise (the server's default is 10)
  server = await startAsUser('litehouse-scale', { ENGINE_WORKER_NICE: '0', ...serverEnv(extra), DATA_DIR: dir })
  return performance.now() - started
}

/** `times` sequential GETs of `path`, p50 and p99 in ms. */
async function latency (url: string, token: string, path: string, times: number): Promise<{ p50: number, p99: number }> {
  const took: number[] = []
  for (let i = 0; i < times; i++) {
    const at = performance.now()
    const res = await fetch(url + path, { headers: { authorization: `Bearer ${token}` } })
    await res.arrayBuffer()
    if (!res.ok) throw new Error(`${path} answered ${res.status}`)
    took.push(performance.now() - at)
  }
  return { p50: percentile(took, 0.5), p99: percentile(took, 0.99) }
}

const lines: string[] = []
try {
  // one database through the API, and a bare data directory for the one-database start-ups
  const single = join(root, 'single')
  mkdirSync(single)
  await timedStart(single)
  await server!.stop()
  await timedStart(dataDir)
  let { token } = await call<{ token: string }>(server!.url, 'POST', '/api/admin/login', undefined, admin)
  for (const name of [nameOf(0), 'noisy']) await createItemsDatabase(server!.url, token, name)
  await server!.stop()
  server = undefined
  const copiedAt = performance.now()
  registerCopies(dataDir, nameOf(0), Array.from({ length: dbs - 1 }, (_, i) => nameOf(i + 1)))
  note(`${dbs} databases on disk (${dbs - 1} copies registered in ${((performance.now() - copiedAt) / 1000).toFixed(1)} s)`)

  // start-up: three of each, alternating
  const startOne: number[] = []
  const startMany: number[] = []
  for (let round = 0; round < 3; round++) {
    startOne.push(await timedStart(single))
    await server!.stop()
    startMany.push(await timedStart(dataDir))
    if (round < 2) await server!.stop()
  }
  const restRss = treeRssBytes(server!.pid)
  if (pin !== undefined) pinTree(server!.pid, pin)
  token = (await call<{ token: string }>(server!.url, 'POST', '/api/admin/login', undefined, admin)).token
  const url = server!.url

  await latency(url, token, '/api/databases?limit=50', 20) // warm-up: the first answers compile the route
  const list = {
    first: await latency(url, token, '/api/databases?limit=50', 200),
    last: await latency(url, token, `/api/databases?limit=50&offset=${dbs - 50}`, 200),
    search: await latency(url, token, '/api/databases?limit=50&search=t0999', 200),
    bare: await latency(url, token, '/api/databases', 10)
  }

  // the quiet tenants: the first 100 databases, each with its read key
  const quietKeys: string[] = new Array(quietTenants)
  await eachLimited(Array.from({ length: quietTenants }, (_, i) => i), 8, async (i) => {
    quietKeys[i] = (await call<{ key: string }>(url, 'POST', `/api/databases/${nameOf(i)}/keys`, token, { label: 'quiet', scope: 'read' })).key
  })
  const noisyKey = (await call<{ key: string }>(url, 'POST', '/api/databases/noisy/keys', token, { label: 'noisy', scope: 'write' })).key
  const quietRequest: Request = {
    method: 'GET',
    setupRequest: (raw) => {
      const tenant = Math.floor(Math.random() * quietTenants)
      return { ...raw, path: `/api/databases/${nameOf(tenant)}/tables/items/records/${1 + Math.floor(Math.random() * 100)}`, headers: { authorization: `Bearer ${quietKeys[tenant]}` } }
    }
  }
  const quiet = async (seconds: number) => {
    const run = await autocannon({ url: server!.url, connections, pipelining: 1, timeout: 10, duration: seconds, requests: [quietRequest] })
    return { rps: run.requests.total / run.duration, p50: run.latency.p50, p99: run.latency.p99, failed: run.non2xx + run.errors + run.timeouts }
  }

  // a scan of about 2 s on this machine: a recursive count, sized from one timed run
  const noisyCall = async (path: string, body: unknown) => {
    const res = await fetch(server!.url + path, { method: 'POST', headers: { authorization: `Bearer ${noisyKey}`, 'content-type': 'application/json' }, body: JSON.stringify(body) })
    await res.arrayBuffer()
    return res.status
  }
  const scanSql = (n: number) => `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ${n}) SELECT count(*) AS n FROM c`
  const probe = performance.now()
  await noisyCall('/api/databases/noisy/query', { sql: scanSql(1_000_000) })
  const scanRows = Math.round(1_000_000 * 2000 / Math.max(1, performance.now() - probe))
  const bulk = Array.from({ length: 1000 }, (_, i) => ({ title: `bulk ${i}`, price: i, category: 'noise', created: '2026-11-26' }))

  /** The quiet tenants alone, then beside the noisy one, against the server running now. */
  const neighbourPhases = async () => {
    await quiet(2)
    const alone = await quiet(durationS)
    let stop = false
    const statuses: Record<string, number> = {}
    const loop = (kind: string, send: () => Promise<number>) => (async () => {
      while (!stop) {
        const status = await send().catch(() => 0)
        statuses[`${kind} ${status}`] = (statuses[`${kind} ${status}`] ?? 0) + 1
      }
    })()
    // full concurrency: as many at once as DB_MAX_INFLIGHT (default 8) lets one database run
    const noisy = [
      ...Array.from({ length: 4 }, () => loop('scan', () => noisyCall('/api/databases/noisy/query', { sql: scanSql(scanRows) }))),
      ...Array.from({ length: 4 }, () => loop('bulk insert', () => noisyCall('/api/databases/noisy/tables/items/records', bulk)))
    ]
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const neighbour = await quiet(durationS)
    stop = true
    await Promise.all(noisy)
    return { alone, neighbour, statuses }
  }
  const defaults = await neighbourPhases()
  const loadRss = treeRssBytes(server!.pid)
  // the same with the engine workers at niceness 10: heavy statements yield the CPU to the main process
  await server!.stop()
  await timedStart(dataDir, { ENGINE_WORKER_NICE: '10' })
  if (pin !== undefined) pinTree(server!.pid, pin)
  const niced = await neighbourPhases()

  // a snapshot cycle every 2 s against none (the default interval is 5 minutes), each on a fresh server
  const uniform: Request = {
    method: 'GET',
    setupRequest: (raw) => ({ ...raw, path: `/api/databases/${nameOf(Math.floor(Math.random() * dbs))}/tables/items/records/${1 + Math.floor(Math.random() * 100)}` })
  }
  const snapshotPhase = async (extra: Record<string, string>) => {
    await server!.stop()
    await timedStart(dataDir, extra)
    if (pin !== undefined) pinTree(server!.pid, pin)
    const session = (await call<{ token: string }>(server!.url, 'POST', '/api/admin/login', undefined, admin)).token
    const options = { url: server!.url, connections, pipelining: 1, timeout: 10, headers: { authorization: `Bearer ${session}` }, requests: [uniform] }
    await autocannon({ ...options, duration: 2 })
    const run = await autocannon({ ...options, duration: durationS })
    return { rps: run.requests.total / run.duration, p99: run.latency.p99, failed: run.non2xx + run.errors + run.timeouts }
  }
  const without = await snapshotPhase({})
  const withCycles = await snapshotPhase({ SNAPSHOT_INTERVAL_MS: '2000' })

  const median = (values: number[]) => percentile(values, 0.5)
  const count = (n: number) => Math.round(n).toLocaleString('en-US')
  lines.push(
    `${dbs.toLocaleString('en-US')} databases, server ${pin === undefined ? 'unpinned' : `pinned to CPU ${pin} (after start-up)`}, ${durationS} s per load phase, ` +
      `node ${process.version}; load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after`,
    '',
    '| measure | value | against |',
    '|---|---|---|',
    `| start-up to healthy, ${dbs.toLocaleString('en-US')} databases (median of 3) | ${ms(median(startMany))} | one database: ${ms(median(startOne))} (${startMany.map((v) => Math.round(v)).join(', ')} / ${startOne.map((v) => Math.round(v)).join(', ')} ms) |`,
    `| server tree RSS at rest after start-up | ${mb(restRss)} | after the load phases: ${mb(loadRss)} |`,
    `| GET /api/databases?limit=50 (200 sequential) | p50 ${ms(list.first.p50)}, p99 ${ms(list.first.p99)} | last page: p50 ${ms(list.last.p50)}, p99 ${ms(list.last.p99)}; search: p50 ${ms(list.search.p50)}, p99 ${ms(list.search.p99)} |`,
    `| GET /api/databases, all ${dbs.toLocaleString('en-US')} (10 sequential) | p50 ${ms(list.bare.p50)}, p99 ${ms(list.bare.p99)} | - |`,
    ...([[', ENGINE_WORKER_NICE=0', defaults], [', ENGINE_WORKER_NICE=10 (the default)', niced]] as const).flatMap(([label, { alone, neighbour, statuses }]) => [
      `| quiet tenants (100, ${connections} connections) alone${label} | ${count(alone.rps)} req/s, p50 ${alone.p50} ms, p99 ${alone.p99} ms, ${alone.failed} failed | - |`,
      `| quiet tenants beside the noisy one (4 loops of ${(scanRows / 1e6).toFixed(1)}M-row scans, 4 of 1,000-row inserts)${label} | ${count(neighbour.rps)} req/s, p50 ${neighbour.p50} ms, p99 ${neighbour.p99} ms, ${neighbour.failed} failed | throughput ${(neighbour.rps / alone.rps).toFixed(2)}× alone, p99 ${(neighbour.p99 / Math.max(1, alone.p99)).toFixed(2)}× alone; noisy answers: ${Object.entries(statuses).map(([k, n]) => `${n} × ${k}`).join(', ')} |`
    ]),
    `| uniform GETs over ${dbs.toLocaleString('en-US')}, a snapshot cycle every 2 s | ${count(withCycles.rps)} req/s, p99 ${withCycles.p99} ms, ${withCycles.failed} failed | without cycles: ${count(without.rps)} req/s, p99 ${without.p99} ms: p99 ${(withCycles.p99 / Math.max(1, without.p99)).toFixed(2)}× |`
  )
} finally {
  await server?.stop()
  rmSync(root, { recursive: true, force: true })
}
process.stdout.write('\n' + lines.join('\n') + '\n')

// `npm run bench:backup-cost -- [--dbs=10000] [--written=100] [--rate=200] [--duration=30] [--warmup=5] [--sync=1000] [--pin=1]`
// Issue #23's cost goals for backups, in one bounded run (about 3 minutes at the defaults, plus the set-up):
// - N hosted databases, `written` of them written continuously (insert one through each database's write key,
//   `rate` inserts per second in all, round robin; 0 = as fast as 10 connections go), the same server and data
//   directory without backups, then with BACKUP_URL=file://… (Litestream 0.3.13 supervised by the server);
// - the server tree's RSS (Litestream is the server's child) sampled every second, Litestream's own share, and
//   Litestream's CPU over the measured window (/proc utime + stime, plus any replicator that exited meanwhile);
// - replication lag, measured for real: inserts into every 10th written database carry a unique title (at most one
//   per database every 50 ms), and the replica's new WAL segments and snapshots (LZ4, decoded here) are searched for it every 100 ms: lag = first
//   seen in the replica − the insert's acknowledgement. Beside it, the server's own figures (GET /api/metrics).
// Set-up as bench/scale.ts: one database through the API, the others copies registered while the server is stopped.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { call, eachLimited } from './api.js'
import { startChild, type ChildServer } from './child.js'
import { processesCpuMs, reapedChildrenCpuMs, treeCpuMs } from './cpu.js'
import { item } from './items.js'
import { lz4Decode } from './lz4.js'
import { createItemsDatabase, registerCopies, tenantName } from './seed.js'
import { pinTree, processesNamed, rssBytes, treeRssBytes } from './tree.js'

const args = Object.fromEntries(process.argv.slice(2).map((arg) => {
  const flag = /^--(\w+)=(\d+)$/.exec(arg)
  if (!flag || !['dbs', 'written', 'rate', 'duration', 'warmup', 'sync', 'pin'].includes(flag[1])) throw new Error(`unknown option ${arg}`)
  return [flag[1], Number(flag[2])]
}))
const dbs = args.dbs ?? 10_000
const written = args.written ?? 100
const rate = args.rate ?? 200
const durationS = args.duration ?? 30
const warmupS = args.warmup ?? 5
const syncMs = args.sync ?? 1000
const pin = args.pin === undefined ? undefined : String(args.pin)
if (!(dbs >= 100 && dbs <= 100_000)) throw new Error('--dbs is 100 to 100,000')
if (!(written >= 1 && written <= dbs)) throw new Error('--written is 1 to --dbs')
if (!(rate >= 0 && rate <= 10_000)) throw new Error('--rate is 0 (flat out) to 10,000 inserts per second')
if (!(durationS >= 5 && durationS <= 300)) throw new Error('--duration is 5 to 300 seconds')
if (!(warmupS >= 1 && warmupS <= 60)) throw new Error('--warmup is 1 to 60 seconds')
if (!(syncMs >= 100 && syncMs <= 10_000)) throw new Error('--sync is 100 to 10,000 ms')

const connections = 10
/** Every `sampleEvery`-th written database carries lag probes. */
const sampleEvery = 10
const pollMs = 100
const probeMs = 50
const admin = { email: 'bench@example.com', password: 'bench password 1' }
const note = (message: string) => process.stderr.write(`${message}\n`)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const loadBefore = loadavg()[0]

const root = mkdtempSync(join(tmpdir(), 'litehouse-backup-cost-'))
const dataDir = join(root, 'data')
const replica = join(root, 'replica')
mkdirSync(dataDir)
let server: ChildServer | undefined
process.once('SIGINT', () => { void server?.stop().finally(() => { rmSync(root, { recursive: true, force: true }); process.exit(130) }) })

async function startServer (backups: boolean): Promise<{ url: string, pid: number, token: string }> {
  server = await startChild('litehouse-backup-cost', 'server.ts', {
    DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, BACKUP_SYNC_MS: String(syncMs),
    ...(backups ? { BACKUP_URL: `file://${replica}` } : {})
  })
  if (pin !== undefined) pinTree(server.pid, pin)
  const { token } = await call<{ token: string }>(server.url, 'POST', '/api/admin/login', undefined, admin)
  return { url: server.url, pid: server.pid, token }
}

const percentile = (values: number[], p: number) => values.length === 0 ? NaN : [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length)
const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`
const s = (ms: number) => Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : 'never'

const probePattern = /L\d{9}Z/g
/** Lag probes: inserts whose title is a unique token, looked for in the replica of their database. */
function createProbes () {
  /** Database id -> token -> acknowledged at (performance.now()). */
  const pending = new Map<string, Map<string, number>>()
  const read = new Set<string>()
  const lags: number[] = []
  let polling = false
  /** The bench's own time spent reading the replica (it shares the event loop with the inserts). */
  let busyMs = 0
  let files = 0
  const filesOf = (id: string): string[] => {
    const generations = join(replica, 'databases', id, 'generations')
    if (!existsSync(generations)) return []
    return readdirSync(generations).flatMap((g) => ['wal', 'snapshots'].flatMap((kind) => {
      const dir = join(generations, g, kind)
      return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.lz4')).map((f) => join(dir, f)) : []
    }))
  }
  const poll = () => {
    if (polling) return
    polling = true
    const began = performance.now()
    try {
      for (const [id, tokens] of pending) {
        for (const file of filesOf(id)) {
          if (read.has(file)) continue
          read.add(file)
          if (tokens.size === 0) continue
          files++
          const at = performance.now()
          for (const [token] of lz4Decode(readFileSync(file)).toString('latin1').matchAll(probePattern)) {
            const ackAt = tokens.get(token)
            if (ackAt === undefined) continue // an earlier probe again (its page rewritten), or not acknowledged yet
            lags.push(at - ackAt)
            tokens.delete(token)
          }
        }
      }
    } finally {
      polling = false
      busyMs += performance.now() - began
    }
  }
  return {
    /** Files already in the replica are not searched (they cannot hold a later write). */
    watch (ids: string[]): void {
      for (const id of ids) pending.set(id, new Map())
      for (const id of ids) for (const file of filesOf(id)) read.add(file)
    },
    acked (id: string, token: string, at: number): void { pending.get(id)?.set(token, at) },
    poll,
    waiting: () => [...pending.values()].reduce((n, tokens) => n + tokens.size, 0),
    lags,
    cost: () => ({ busyMs, files }),
    /** Probes never seen count as an infinite lag. */
    unseen: () => [...pending.values()].flatMap((tokens) => [...tokens.values()].map(() => Infinity))
  }
}
type Probes = ReturnType<typeof createProbes>

/** Inserts into the written databases for `seconds`, `rate` per second in all (0: flat out), `connections` at once. */
async function writeLoad (url: string, keys: string[], ids: string[], seconds: number, probes?: Probes): Promise<{ acked: number, failed: number }> {
  const start = performance.now()
  const until = start + seconds * 1000
  const interval = rate > 0 ? 1000 / rate : 0
  let next = 0
  let acked = 0
  let failed = 0
  const lastProbe = new Map<number, number>()
  const lane = async () => {
    for (;;) {
      const k = next++
      const due = start + k * interval
      if (due >= until || performance.now() >= until) return
      if (due > performance.now()) await sleep(due - performance.now())
      const db = k % keys.length
      // a probe at most every probeMs per sampled database: flat out, one database takes a thousand inserts a second
      const probe = probes !== undefined && db % sampleEvery === 0 && performance.now() - (lastProbe.get(db) ?? -Infinity) >= probeMs
      if (probe) lastProbe.set(db, performance.now())
      const token = probe ? `L${String(k).padStart(9, '0')}Z` : undefined
      const res = await fetch(`${url}/api/databases/${tenantName(db)}/tables/items/records`, {
        method: 'POST',
        headers: { authorization: `Bearer ${keys[db]}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...item(k), title: token ?? `w ${k}` })
      }).catch(() => undefined)
      await res?.arrayBuffer()
      if (res?.status !== 201) {
        failed++
        continue
      }
      acked++
      if (token !== undefined) probes!.acked(ids[db], token, performance.now())
    }
  }
  await Promise.all(Array.from({ length: connections }, lane))
  return { acked, failed }
}

async function metrics (url: string, token: string): Promise<string> {
  const res = await fetch(`${url}/api/metrics`, { headers: { authorization: `Bearer ${token}` } })
  return res.text()
}
/** Cumulative counts of the replication histogram by upper bound (seconds). */
const buckets = (text: string): Array<[number, number]> => [...text.matchAll(/^litehouse_backup_replication_seconds_bucket\{le="([^"]+)"\} (\d+)/gm)]
  .map((m) => [m[1] === '+Inf' ? Infinity : Number(m[1]), Number(m[2])])
const lagMax = (text: string) => Number(/^litehouse_backup_lag_max_seconds (\S+)/m.exec(text)?.[1] ?? NaN)
const health = async (url: string) => (await (await fetch(`${url}/api/health`)).json() as { backups?: { replicating: number, restarts: number, status: string } }).backups

interface Phase {
  acked: number
  failed: number
  seconds: number
  treeRss: number[]
  litestreamRss: number[]
  litestreamCpuMs: number
  serverCpuMs: number
  restarts?: number
  replicating?: number
  lags?: number[]
  serverLagP99?: string
  gaugeP99?: number
}

/** Warm-up, then the measured window, on the server running now. */
async function phase (url: string, pid: number, token: string, keys: string[], ids: string[], backups: boolean): Promise<Phase> {
  await writeLoad(url, keys, ids, warmupS)
  if (backups) {
    // every written database has joined and the replicator has settled: joins restart it, one restart at a
    // time, each waiting for the replicator it replaces to be a couple of sync intervals old
    const until = performance.now() + 60_000
    const quietMs = syncMs * 3 + 2000
    let restarts = -1
    let since = performance.now()
    while (performance.now() < until) {
      const now = await health(url)
      if (now?.restarts !== restarts || (now?.replicating ?? 0) < written + 1) {
        restarts = now?.restarts ?? -1
        since = performance.now()
      } else if (performance.now() - since >= quietMs) break
      await sleep(250)
    }
    note(`replicator settled after ${restarts} restarts (the joins of the warm-up)`)
  }
  const probes = backups ? createProbes() : undefined
  probes?.watch(ids.filter((_, i) => i % sampleEvery === 0))
  const litestream = () => processesNamed(pid, 'litestream')
  const replicatorMs = () => processesCpuMs(litestream()) + reapedChildrenCpuMs(pid)
  const serverMs = () => (treeCpuMs(pid) ?? 0) - processesCpuMs(litestream())
  const before = { replicator: replicatorMs(), server: serverMs(), health: await health(url), metrics: backups ? await metrics(url, token) : '' }
  const treeRss: number[] = []
  const litestreamRss: number[] = []
  const gauge: number[] = []
  const sampler = setInterval(() => {
    treeRss.push(treeRssBytes(pid) ?? 0)
    litestreamRss.push(rssBytes(litestream()))
    if (backups) void metrics(url, token).then((text) => gauge.push(lagMax(text)), () => {})
  }, 1000)
  const poller = probes === undefined ? undefined : setInterval(probes.poll, pollMs)
  const started = performance.now()
  const load = await writeLoad(url, keys, ids, durationS, probes)
  const seconds = (performance.now() - started) / 1000
  const after = { replicator: replicatorMs(), server: serverMs(), health: await health(url), metrics: backups ? await metrics(url, token) : '' }
  clearInterval(sampler)
  // the last probes: their uploads are at most a couple of sync intervals away
  const drainUntil = performance.now() + syncMs * 5 + 5000
  while (probes !== undefined && probes.waiting() > 0 && performance.now() < drainUntil) await sleep(pollMs)
  clearInterval(poller)
  if (probes !== undefined) note(`replica reads: ${probes.cost().files} files decoded, ${(probes.cost().busyMs / 1000).toFixed(1)} s of this process's event loop over ${seconds.toFixed(0)} s`)
  const result: Phase = {
    ...load, seconds, treeRss, litestreamRss, litestreamCpuMs: after.replicator - before.replicator, serverCpuMs: after.server - before.server
  }
  if (!backups || probes === undefined) return result
  const counts = buckets(after.metrics).map(([le, n], i) => [le, n - (buckets(before.metrics)[i]?.[1] ?? 0)] as const)
  const total = counts.at(-1)?.[1] ?? 0
  const p99 = counts.find(([, n]) => n >= total * 0.99)?.[0]
  return {
    ...result,
    restarts: (after.health?.restarts ?? 0) - (before.health?.restarts ?? 0),
    replicating: after.health?.replicating,
    lags: [...probes.lags, ...probes.unseen()],
    serverLagP99: total === 0 ? 'no upload' : `≤ ${p99} s (${total} uploads)`,
    gaugeP99: percentile(gauge, 0.99)
  }
}

const lines: string[] = []
try {
  // set-up: one database through the API, the others copies of it
  let started = performance.now()
  let { url, token } = await startServer(false)
  await createItemsDatabase(url, token, tenantName(0))
  await server!.stop()
  registerCopies(dataDir, tenantName(0), Array.from({ length: dbs - 1 }, (_, i) => tenantName(i + 1)))
  note(`${dbs} databases on disk in ${((performance.now() - started) / 1000).toFixed(1)} s`)

  const results: Phase[] = []
  const keys: string[] = new Array(written)
  const ids: string[] = new Array(written)
  for (const backups of [false, true]) {
    started = performance.now()
    const running = await startServer(backups)
    ;({ url, token } = running)
    if (!backups) {
      // a write key per written database (kept in _system.db for the second server)
      await eachLimited(Array.from({ length: written }, (_, i) => i), 8, async (i) => {
        keys[i] = (await call<{ key: string }>(url, 'POST', `/api/databases/${tenantName(i)}/keys`, token, { label: 'writer', scope: 'write' })).key
        ids[i] = (await call<{ id: string }>(url, 'GET', `/api/databases/${tenantName(i)}`, token)).id
      })
    }
    note(`${backups ? 'with' : 'without'} backups: server up in ${((performance.now() - started) / 1000).toFixed(1)} s; ${warmupS} s warm-up, ${durationS} s measured`)
    results.push(await phase(url, running.pid, token, keys, ids, backups))
    await server!.stop()
    server = undefined
  }

  const [off, on] = results
  const rssOf = (values: number[]) => `${mb(mean(values))} (max ${mb(Math.max(...values))})`
  const perSecond = (p: Phase) => `${(p.acked / p.seconds).toFixed(0)}/s, ${p.failed} failed`
  const cores = (ms: number, p: Phase) => `${(ms / 10 / p.seconds).toFixed(1)} % of one core`
  const lags = on.lags ?? []
  const extra = mean(on.treeRss) - mean(off.treeRss)
  const litestreamShare = on.litestreamCpuMs / 10 / on.seconds
  lines.push(
    `${dbs.toLocaleString('en-US')} databases, ${written} written (${rate > 0 ? `${rate} inserts/s in all` : `flat out, ${connections} connections`}), ` +
      `BACKUP_SYNC_MS=${syncMs}, ${warmupS} s warm-up + ${durationS} s measured per side, server ${pin === undefined ? 'unpinned' : `tree pinned to CPU ${pin}`}; ` +
      `node ${process.version}; load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after`,
    '',
    '| measure | without backups | with backups (file://) | goal |',
    '|---|---|---|---|',
    `| inserts acknowledged | ${perSecond(off)} | ${perSecond(on)} | - |`,
    `| server tree RSS, mean over the window (Litestream included) | ${rssOf(off.treeRss)} | ${rssOf(on.treeRss)} | - |`,
    `| of which Litestream | - | ${rssOf(on.litestreamRss)} | - |`,
    `| RSS with backups − without (means) | - | ${extra >= 0 ? '+' : ''}${mb(extra)} | ≤ +1024 MB: ${extra <= 2 ** 30 ? 'met' : 'MISSED'} |`,
    `| Litestream CPU over the window | - | ${cores(on.litestreamCpuMs, on)} | ≤ 10 %: ${litestreamShare <= 10 ? 'met' : 'MISSED'} |`,
    `| server CPU (its tree without Litestream) | ${cores(off.serverCpuMs, off)} | ${cores(on.serverCpuMs, on)} | - |`,
    `| databases replicated at the end / Litestream restarts in the window | - | ${on.replicating} / ${on.restarts} | - |`,
    `| insert acknowledged → seen in the replica, ${lags.length} probes (p50 / p99 / max) | - | ${s(percentile(lags, 0.5))} / ${s(percentile(lags, 0.99))} / ${s(Math.max(...lags))}; ${lags.filter((l) => !Number.isFinite(l)).length} never seen | p99 ≤ ${s(2 * syncMs)}: ${percentile(lags, 0.99) <= 2 * syncMs ? 'met' : 'MISSED'} |`,
    `| the server's figures: litehouse_backup_replication_seconds p99 bucket; litehouse_backup_lag_max_seconds p99 of 1 s samples | - | ${on.serverLagP99}; ${on.gaugeP99?.toFixed(2)} s | - |`
  )
} finally {
  await server?.stop()
  rmSync(root, { recursive: true, force: true })
}
process.stdout.write('\n' + lines.join('\n') + '\n')

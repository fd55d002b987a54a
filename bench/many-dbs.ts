// `npm run bench:many-dbs -- [--dbs=10000] [--duration=10] [--warmup=2] [--connections=32] [--pin=1] [--copies=1] [--phases=1,2,3]`
// Many databases: creates N hosted databases through the API (each a table of 100 rows and a read key; with
// --copies=1 only the first, the others being copies of its file registered with a key each, bench/seed.ts),
// then drives record GETs by id with the database picked (a) always the same one, (b) Zipf s=1.1 over N,
// (c) uniform over N, one phase after the other against the same server. Prints req/s, p50/p99, the ratio
// to (a), the RSS of the server's process tree at the end of each phase and, from GET /api/metrics when the
// server has it, connection opens per second and the connection cache hit rate.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon, { type Request, type Result } from 'autocannon'
import { call, eachLimited } from './api.js'
import { registerCopies } from './seed.js'
import { startChild } from './child.js'
import { machineTicks, stealPercent } from './cpu.js'
import { item } from './items.js'
import { pinTree, treeRssBytes } from './tree.js'

interface Settings { dbs: number, durationS: number, warmupS: number, connections: number, pin: string | undefined, copies: boolean, phases: number[] }

function parseArgs (argv: string[]): Settings {
  const settings: Settings = { dbs: 10_000, durationS: 10, warmupS: 2, connections: 32, pin: undefined, copies: false, phases: [1, 2, 3] }
  for (const arg of argv) {
    const flag = /^--(\w+)=([\d,-]+)$/.exec(arg)
    if (!flag) throw new Error(`unknown option ${arg}`)
    const [, name, value] = flag
    if (name === 'pin') settings.pin = value
    else if (name === 'dbs') settings.dbs = Number(value)
    else if (name === 'duration') settings.durationS = Number(value)
    else if (name === 'warmup') settings.warmupS = Number(value)
    else if (name === 'connections') settings.connections = Number(value)
    else if (name === 'copies') settings.copies = value === '1'
    else if (name === 'phases') settings.phases = value.split(',').map(Number) // 1 one database, 2 Zipf, 3 uniform (e.g. to profile one)
    else throw new Error(`unknown option --${name}`)
  }
  if (!(settings.dbs >= 1 && settings.dbs <= 100_000)) throw new Error('--dbs is 1 to 100,000')
  if (!(settings.durationS >= 2 && settings.durationS <= 60)) throw new Error('--duration is 2 to 60 seconds')
  if (!(settings.connections >= 1)) throw new Error('--connections is at least 1')
  return settings
}

const note = (message: string) => process.stderr.write(`${message}\n`)
const rowsPerDb = 100
const admin = { email: 'bench@example.com', password: 'bench password 1' }
const table = 'items'
const columns = [
  { name: 'id', type: 'integer', primary_key: true },
  { name: 'title', type: 'text' },
  { name: 'price', type: 'real' },
  { name: 'category', type: 'text' },
  { name: 'created', type: 'text' }
]
const rows = Array.from({ length: rowsPerDb }, (_, i) => item(i + 1))

/** Picks an index in [0, n) with P(k) ∝ 1 / (k + 1)^s: rank 0 is the hottest database. */
function zipf (n: number, s: number): () => number {
  const cumulative = new Float64Array(n)
  let total = 0
  for (let k = 0; k < n; k++) cumulative[k] = (total += 1 / (k + 1) ** s)
  return () => {
    const u = Math.random() * total
    let lo = 0
    let hi = n - 1
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (cumulative[mid] < u) lo = mid + 1
      else hi = mid
    }
    return lo
  }
}

interface Counters { opens: number, hits: number, misses: number, heapTotal: number, heapUsed: number, mainRss: number }

/** Engine counters from the server's Prometheus text; undefined before the server has GET /api/metrics. */
async function counters (url: string, session: string): Promise<Counters | undefined> {
  const response = await fetch(`${url}/api/metrics`, { headers: { authorization: `Bearer ${session}` } })
  if (!response.ok) return undefined
  const text = await response.text()
  const sum = (metric: string) => text.split('\n')
    .filter((line) => line.startsWith(metric + ' ') || line.startsWith(metric + '{'))
    .reduce((total, line) => total + Number(line.slice(line.lastIndexOf(' ') + 1)), 0)
  return {
    opens: sum('litehouse_engine_opens_total'),
    hits: sum('litehouse_engine_cache_hits_total'),
    misses: sum('litehouse_engine_cache_misses_total'),
    heapTotal: sum('nodejs_heap_size_total_bytes'),
    heapUsed: sum('nodejs_heap_size_used_bytes'),
    mainRss: sum('process_resident_memory_bytes')
  }
}

interface Phase { label: string, pick: () => number }

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`

/** What the failed requests of a run were: status codes other than 2xx, connection errors, timeouts. */
function failureKinds (run: Result): string {
  const kinds = Object.entries(run.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, { count }]) => `${count} × ${code}`)
  if (run.errors > run.timeouts) kinds.push(`${run.errors - run.timeouts} connection errors`)
  if (run.timeouts > 0) kinds.push(`${run.timeouts} timeouts`)
  return kinds.join(', ')
}
interface PhaseResult { label: string, rps: number, p50: number, p99: number, failures: number, statuses: string, rssBytes?: number, mainRssBytes?: number, heapBytes?: string, opensPerS?: number, hitRate?: number }

const settings = parseArgs(process.argv.slice(2))
const loadBefore = loadavg()[0]
const ticksBefore = machineTicks()
const root = mkdtempSync(join(tmpdir(), 'litehouse-many-'))
const dataDir = join(root, 'data')
mkdirSync(dataDir)
const serverEnv = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password }
let server = await startChild('litehouse-many', 'server.ts', serverEnv)
const cleanUp = async () => {
  await server.stop()
  rmSync(root, { recursive: true, force: true })
}
process.once('SIGINT', () => { cleanUp().finally(() => process.exit(130)) })

const results: PhaseResult[] = []
try {
  let { token: session } = await call<{ token: string }>(server.url, 'POST', '/api/admin/login', undefined, admin)
  const names = Array.from({ length: settings.dbs }, (_, i) => `t${String(i + 1).padStart(5, '0')}`)
  let keys: string[] = new Array(names.length)
  const createdAt = performance.now()
  let done = 0
  await eachLimited((settings.copies ? names.slice(0, 1) : names).map((name, index) => ({ name, index })), 8, async ({ name, index }) => {
    await call(server.url, 'POST', '/api/databases', session, { name })
    await call(server.url, 'POST', `/api/databases/${name}/tables`, session, { name: table, columns })
    await call(server.url, 'POST', `/api/databases/${name}/tables/${table}/records`, session, rows)
    keys[index] = (await call<{ key: string }>(server.url, 'POST', `/api/databases/${name}/keys`, session, { label: 'bench', scope: 'read' })).key
    if (++done % 1000 === 0) note(`${done} databases created`)
  })
  if (settings.copies) {
    await server.stop()
    keys = [keys[0], ...registerCopies(dataDir, names[0], names.slice(1), { readKeys: true })]
    server = await startChild('litehouse-many', 'server.ts', serverEnv)
    session = (await call<{ token: string }>(server.url, 'POST', '/api/admin/login', undefined, admin)).token
  }
  note(`${names.length} databases of ${rowsPerDb} rows created in ${((performance.now() - createdAt) / 1000).toFixed(1)} s${settings.copies ? ' (copies of the first)' : ''}`)
  if (settings.pin !== undefined) {
    pinTree(server.pid, settings.pin)
    note(`server tree pinned to CPU ${settings.pin}`)
  }

  const request = (pick: () => number): Request => ({
    method: 'GET',
    setupRequest: (raw) => {
      const db = pick()
      const id = 1 + Math.floor(Math.random() * rowsPerDb)
      return { ...raw, path: `/api/databases/${names[db]}/tables/${table}/records/${id}`, headers: { authorization: `Bearer ${keys[db]}` } }
    }
  })
  const phases: Phase[] = [
    { label: 'one database', pick: () => 0 },
    { label: `Zipf s=1.1 over ${names.length.toLocaleString('en-US')}`, pick: zipf(names.length, 1.1) },
    { label: `uniform over ${names.length.toLocaleString('en-US')}`, pick: () => Math.floor(Math.random() * names.length) }
  ]
  for (const phase of phases.filter((_, index) => settings.phases.includes(index + 1))) {
    const options = { url: server.url, connections: settings.connections, pipelining: 1, timeout: 10, requests: [request(phase.pick)] }
    if (settings.warmupS > 0) await autocannon({ ...options, duration: settings.warmupS })
    process.stderr.write(`measuring ${phase.label} ...`)
    const before = await counters(server.url, session)
    const run = await autocannon({ ...options, duration: settings.durationS })
    const after = await counters(server.url, session)
    const seconds = run.duration
    const lookups = after && before ? (after.hits - before.hits) + (after.misses - before.misses) : 0
    const result: PhaseResult = {
      label: phase.label,
      rps: run.requests.total / seconds,
      p50: run.latency.p50,
      p99: run.latency.p99,
      failures: run.non2xx + run.errors + run.timeouts,
      statuses: failureKinds(run),
      rssBytes: treeRssBytes(server.pid),
      mainRssBytes: after?.mainRss,
      heapBytes: after === undefined ? undefined : `${mb(after.heapUsed)} / ${mb(after.heapTotal)}`,
      opensPerS: after && before ? (after.opens - before.opens) / seconds : undefined,
      hitRate: after && before && lookups > 0 ? (after.hits - before.hits) / lookups : undefined
    }
    process.stderr.write(` ${Math.round(result.rps)} req/s${result.failures ? `, ${result.failures} FAILED (${result.statuses})` : ''}\n`)
    results.push(result)
  }
} finally {
  await cleanUp()
}

const count = (n: number) => Math.round(n).toLocaleString('en-US')
const ms = (n: number) => n < 1 ? '<1 ms' : `${n} ms`
const steal = stealPercent(ticksBefore, machineTicks())
const lines = [
  `${settings.dbs.toLocaleString('en-US')} databases × ${rowsPerDb} rows, record GET by id with a read key, ${settings.connections} connections, ` +
    `${settings.warmupS} s warm-up + ${settings.durationS} s per phase${settings.copies ? ', databases 2 to N copies of the first' : ''}, server ${settings.pin === undefined ? 'unpinned' : `pinned to CPU ${settings.pin}`}; ` +
    `load before ${loadBefore.toFixed(2)}, steal ${steal === undefined ? '-' : `${steal.toFixed(0)} %`}`,
  '',
  '| access pattern | req/s | ratio to one database | p50 | p99 | server tree RSS | main process RSS | its V8 heap used / total | opens/s | cache hit rate | failed |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
  ...results.map((r) => [
    r.label, count(r.rps), results[0].rps > 0 ? (r.rps / results[0].rps).toFixed(2) : '-', ms(r.p50), ms(r.p99),
    r.rssBytes === undefined ? '-' : mb(r.rssBytes),
    r.mainRssBytes === undefined ? '-' : mb(r.mainRssBytes),
    r.heapBytes ?? '-',
    r.opensPerS === undefined ? '-' : count(r.opensPerS),
    r.hitRate === undefined ? '-' : `${(r.hitRate * 100).toFixed(1)} %`,
    r.failures === 0 ? '0' : `${r.failures} (${r.statuses})`
  ].join(' | ')).map((row) => `| ${row} |`)
]
const markdown = lines.join('\n') + '\n'
process.stdout.write('\n' + markdown)
const resultsDir = fileURLToPath(new URL('results/', import.meta.url))
mkdirSync(resultsDir, { recursive: true })
writeFileSync(join(resultsDir, 'many-dbs.md'), markdown)

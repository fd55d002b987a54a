// `npm run bench:changes -- [--duration=6] [--subscribers=1000] [--rate=1000] [--idleDatabases=1000] [--idlePerDatabase=10] [--settle=3] [--phases=123]`
// Issue #26's goals, in one run against one server:
// 1. write throughput (record inserts, 8 connections) with no subscriber and with one, alternated twice: ratio;
// 2. commit-to-event latency with 1 subscriber, then with `subscribers` on the same database: `rate` x `duration`
//    inserts paced at `rate` a second (bounded: the pacing stops at 3x the duration), p50/p99 measured from the moment
//    each insert was sent (so it includes the commit), every expected event awaited for at most 5 s after the last;
// 3. idle subscribers spread over databases: server tree RSS, main process RSS, engine connections open and CPU,
//    before and `settle` seconds (default 3) after they connect.
// Subscribers are raw sockets: all but ten only drain what arrives; those ten parse every event.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { call, eachLimited } from './api.js'
import { startChild } from './child.js'
import { treeCpuMs } from './cpu.js'
import { processRssBytes, treeRssBytes } from './tree.js'

const args = Object.fromEntries(process.argv.slice(2).map((arg) => {
  const flag = /^--(\w+)=(\d+)$/.exec(arg)
  if (!flag) throw new Error(`unknown option ${arg}`)
  return [flag[1], Number(flag[2])]
}))
const durationS = args.duration ?? 6
const subscriberCount = args.subscribers ?? 1000
const rate = args.rate ?? 1000
const idleDatabases = args.idleDatabases ?? 1000
const idlePerDatabase = args.idlePerDatabase ?? 10
const settleS = args.settle ?? 3
/** --phases=3: only the idle cost, --phases=2 only the latency (for looking into one); the default runs all three. */
const phases = String(args.phases ?? 123)
const admin = { email: 'bench@example.com', password: 'bench password 1' }
const note = (message: string) => process.stderr.write(`${message}\n`)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`
const percentile = (sorted: number[], p: number) => sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]

const root = mkdtempSync(join(tmpdir(), 'litehouse-changes-'))
mkdirSync(join(root, 'data'))
const loadBefore = loadavg()[0]
const server = await startChild('litehouse-changes', 'server.ts', {
  DATA_DIR: join(root, 'data'), LOG_LEVEL: 'warn', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, ENGINE_MAX_CONNECTIONS: '2048',
  // the latency phase holds `subscribers` on one database, plus the throughput phase's one
  CHANGES_MAX_SUBSCRIBERS: String(subscriberCount + 10)
})
const { port } = new URL(server.url)
const sockets: Socket[] = []

/** Opens an SSE subscription on a raw socket; `onEvent` (when given) gets each change's record id and arrival time. */
async function subscribe (db: string, token: string, onEvent?: (id: number, at: number) => void): Promise<void> {
  const socket = connect(Number(port), '127.0.0.1')
  sockets.push(socket)
  socket.setNoDelay(true)
  socket.write(`GET /api/databases/${db}/changes HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n\r\n`)
  let buffered = ''
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject)
    socket.on('data', (chunk: Buffer) => {
      resolve()
      if (onEvent === undefined) return
      const at = performance.now()
      buffered += chunk.toString('latin1')
      let cut
      while ((cut = buffered.indexOf('\n\n')) !== -1) {
        const match = /"id":(\d+)/.exec(buffered.slice(0, cut))
        if (match !== null) onEvent(Number(match[1]), at)
        buffered = buffered.slice(cut + 2)
      }
    })
  })
}

try {
  const { token } = await call<{ token: string }>(server.url, 'POST', '/api/admin/login', undefined, admin)
  const columns = [{ name: 'id', type: 'integer', primary_key: true }, { name: 'name', type: 'text' }]
  for (const name of ['hot', 'plain']) {
    await call(server.url, 'POST', '/api/databases', token, { name })
    await call(server.url, 'POST', `/api/databases/${name}/tables`, token, { name: 'items', columns })
  }
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  const body = JSON.stringify({ name: 'a change' })
  const inserts = (db: string) => ({ url: server.url, connections: 8, pipelining: 1, duration: durationS, headers, method: 'POST' as const, path: `/api/databases/${db}/tables/items/records`, body })

  const throughput: Record<string, number[]> = { none: [], one: [] }
  const latencyRows: string[] = []
  const idleRows: string[] = []
  const cpuWindowMs = 5000
  if (phases.includes('1')) {
    // 1. throughput with 0 and 1 subscriber (one on 'hot'; 'plain' never gets a feed), alternated
    await subscribe('hot', token, () => {})
    await autocannon({ ...inserts('plain'), duration: 1 })
    for (let round = 0; round < 2; round++) {
      for (const [label, db] of [['none', 'plain'], ['one', 'hot']] as const) {
        note(`inserts, ${label === 'none' ? 'no subscriber' : 'one subscriber'}, round ${round + 1} ...`)
        const run = await autocannon(inserts(db))
        throughput[label].push(run.requests.total / durationS)
      }
    }
  }

  if (phases.includes('2')) {
    // 2. commit-to-event latency: paced inserts on 'hot' while measured subscribers note each event's arrival
    async function latencyUnder (extra: number): Promise<string> {
      for (let i = 0; i < extra; i++) await subscribe('hot', token)
      const sentAt = new Map<number, number>()
      const arrivals: Array<[number, number]> = []
      const measured = Math.min(10, Math.max(1, extra))
      for (let i = 0; i < measured; i++) await subscribe('hot', token, (id, at) => arrivals.push([id, at]))
      let sent = 0
      const total = rate * durationS
      const started = performance.now()
      const deadline = started + 3 * durationS * 1000
      const lanes = Array.from({ length: 16 }, async () => {
        while (sent < total && performance.now() < deadline) {
          const due = started + (sent++ / rate) * 1000
          const wait = due - performance.now()
          if (wait > 0) await sleep(wait)
          const at = performance.now()
          const res = await fetch(`${server.url}/api/databases/hot/tables/items/records`, { method: 'POST', headers, body })
          const { data } = await res.json() as { data: { id: number } }
          sentAt.set(data.id, at)
        }
      })
      await Promise.all(lanes)
      const elapsedS = (performance.now() - started) / 1000
      for (let waited = 0; arrivals.length < sentAt.size * measured && waited < 5000; waited += 50) await sleep(50)
      const latencies = arrivals.filter(([id]) => sentAt.has(id)).map(([id, at]) => at - (sentAt.get(id) as number)).sort((a, b) => a - b)
      const expected = sentAt.size * measured
      return `| ${extra + measured} | ${Math.round(sentAt.size / elapsedS)} | ${percentile(latencies, 0.5).toFixed(1)} ms | ${percentile(latencies, 0.99).toFixed(1)} ms | ${latencies.length} of ${expected} |`
    }
    note('latency, 1 subscriber ...')
    latencyRows.push(await latencyUnder(0))
    note(`latency, ${subscriberCount} subscribers ...`)
    latencyRows.push(await latencyUnder(subscriberCount - 10))
    for (const socket of sockets.splice(0)) socket.destroy()
    await sleep(2000)
  }

  // 3. idle subscribers over many databases
  if (phases.includes('3')) {
    const names = Array.from({ length: idleDatabases }, (_, i) => `idle${i}`)
    note(`creating ${idleDatabases} databases ...`)
    await eachLimited(names, 8, async (name) => {
      await call(server.url, 'POST', '/api/databases', token, { name })
      await call(server.url, 'POST', `/api/databases/${name}/query`, token, { sql: 'CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT)' })
    })
    await sleep(3000)
    /** Open engine connections (inline lane and workers), from the server's own metrics. */
    const connections = async (): Promise<number> => {
      const res = await fetch(`${server.url}/api/metrics`, { headers: { authorization: `Bearer ${token}` } })
      return Number(/^litehouse_engine_open_connections (\d+)/m.exec(await res.text())?.[1] ?? NaN)
    }
    const idleCost = async () => {
      const cpuBefore = treeCpuMs(server.pid) ?? NaN
      await sleep(cpuWindowMs)
      const cpu = ((treeCpuMs(server.pid) ?? NaN) - cpuBefore) / cpuWindowMs * 100
      return { tree: treeRssBytes(server.pid) ?? NaN, main: processRssBytes(server.pid), cpu, open: await connections() }
    }
    const before = await idleCost()
    note(`subscribing ${idleDatabases * idlePerDatabase} idle subscribers ...`)
    await eachLimited(names.flatMap((name) => Array.from({ length: idlePerDatabase }, () => name)), 32, (name) => subscribe(name, token))
    await sleep(settleS * 1000)
    const after = await idleCost()
    idleRows.push(`| before | ${mb(before.tree)} | ${mb(before.main)} | ${before.open} | ${before.cpu.toFixed(1)} % |`,
      `| with them, ${settleS} s after | ${mb(after.tree)} (+${mb(after.tree - before.tree)}) | ${mb(after.main)} (+${mb(after.main - before.main)}) | ${after.open} | ${after.cpu.toFixed(1)} % |`)
  }

  console.log(`\nMeasured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, node ${process.version}, ${durationS} s a phase; load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after\n`)
  if (throughput.none.length > 0) {
    console.log('| record inserts, 8 connections | req/s (2 rounds) |')
    console.log('|---|---|')
    console.log(`| no subscriber | ${throughput.none.map(Math.round).join(', ')} |`)
    console.log(`| one subscriber | ${throughput.one.map(Math.round).join(', ')} |`)
    console.log(`| ratio, one / none (mean of rounds) | ${(throughput.one.reduce((a, b) => a + b) / throughput.none.reduce((a, b) => a + b)).toFixed(2)} |`)
  }
  if (latencyRows.length > 0) {
    console.log(`\n| subscribers on the database | inserts/s reached (paced at ${rate}) | commit-to-event p50 | p99 | events measured |`)
    console.log('|---|---|---|---|---|')
    for (const row of latencyRows) console.log(row)
  }
  if (idleRows.length > 0) {
    console.log(`\n| ${idleDatabases * idlePerDatabase} idle subscribers over ${idleDatabases} databases | server tree RSS | main process RSS | engine connections open | server CPU (% of one core, ${cpuWindowMs / 1000} s) |`)
    console.log('|---|---|---|---|---|')
    for (const row of idleRows) console.log(row)
  }
} finally {
  for (const socket of sockets) socket.destroy()
  await server.stop()
  rmSync(root, { recursive: true, force: true })
}

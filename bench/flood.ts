// `npm run bench:flood -- [--duration=10] [--connections=10] [--flooders=4] [--rounds=1]`
// Issue #30's goal: one tenant's read key floods the server with (1) distinct heavy statements (view chains that
// cost SQLite memory to compile) and (2) reads of a 20 MB record, while another tenant does record GETs by id.
// Three phases against one server: quiet alone, quiet under flood 1, quiet under flood 2. Prints the quiet
// tenant's req/s, p50, p99 and the p99 ratio to the idle phase, what the flood got answered, and the server tree's
// largest RSS during the phase. The flood runs in a process of its own (flood-client.ts), apart from autocannon's.
// --rounds=N runs the three phases N times in turn and reports each phase's medians: on a machine shared with other
// work, the load drifts during a run, and alternating keeps that drift out of the ratios. RSS is the first round's
// (later idle phases would show what the floods before them left).
import { fork } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon, { type Request } from 'autocannon'
import { call } from './api.js'
import { startChild } from './child.js'
import { item } from './items.js'
import { treeRssBytes } from './tree.js'

const args = Object.fromEntries(process.argv.slice(2).map((arg) => {
  const flag = /^--(\w+)=(\d+)$/.exec(arg)
  if (!flag) throw new Error(`unknown option ${arg}`)
  return [flag[1], Number(flag[2])]
}))
const durationS = args.duration ?? 10
const connections = args.connections ?? 10
const flooders = args.flooders ?? 4
const rounds = args.rounds ?? 1
const admin = { email: 'bench@example.com', password: 'bench password 1' }
const note = (message: string) => process.stderr.write(`${message}\n`)

const root = mkdtempSync(join(tmpdir(), 'litehouse-flood-'))
mkdirSync(join(root, 'data'))
const loadBefore = loadavg()[0]
const server = await startChild('litehouse-flood', 'server.ts', { DATA_DIR: join(root, 'data'), LOG_LEVEL: 'warn', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password })
try {
  const { token } = await call<{ token: string }>(server.url, 'POST', '/api/admin/login', undefined, admin)
  const columns = [{ name: 'id', type: 'integer', primary_key: true }, { name: 'title', type: 'text' }, { name: 'price', type: 'real' }, { name: 'category', type: 'text' }, { name: 'created', type: 'text' }]
  for (const name of ['quiet', 'noisy']) {
    await call(server.url, 'POST', '/api/databases', token, { name })
    await call(server.url, 'POST', `/api/databases/${name}/tables`, token, { name: 'items', columns })
    await call(server.url, 'POST', `/api/databases/${name}/tables/items/records`, token, Array.from({ length: 100 }, (_, i) => item(i + 1)))
  }
  await call(server.url, 'POST', '/api/databases/noisy/query', token, { sql: 'CREATE TABLE big (id INTEGER PRIMARY KEY, b BLOB)' })
  await call(server.url, 'POST', '/api/databases/noisy/query', token, { sql: 'INSERT INTO big VALUES (1, randomblob(20000000))' })
  const quietKey = (await call<{ key: string }>(server.url, 'POST', '/api/databases/quiet/keys', token, { label: 'bench', scope: 'read' })).key
  const noisyKey = (await call<{ key: string }>(server.url, 'POST', '/api/databases/noisy/keys', token, { label: 'flood', scope: 'read' })).key

  const floods = ['distinct heavy statements', 'reads of a 20 MB record']
  /** The noisy tenant's loops, in a process of their own (@see flood-client.ts); resolves to its status counts. */
  function startFlood (phase: string): () => Promise<Record<number, number>> {
    const client = fork(fileURLToPath(new URL('flood-client.ts', import.meta.url)), [phase, server.url, noisyKey, String(flooders)], { execArgv: ['--import', import.meta.resolve('tsx')] })
    const counts = new Promise<Record<number, number>>((resolve) => client.once('message', (statuses) => resolve(statuses as Record<number, number>)))
    return async () => {
      client.send('stop')
      return await counts
    }
  }
  const quiet = { url: server.url, connections, pipelining: 1, timeout: 10, headers: { authorization: `Bearer ${quietKey}` },
    requests: [{ method: 'GET', setupRequest: (raw) => ({ ...raw, path: `/api/databases/quiet/tables/items/records/${1 + Math.floor(Math.random() * 100)}` }) } satisfies Request] }

  const rows: string[] = []
  interface Measured { reqs: number, p50: number, p99: number, statuses: Record<number, number>, rss: number, failures: number }
  const phases = ['idle', ...floods]
  const measured = new Map<string, Measured[]>(phases.map((phase) => [phase, []]))
  for (let round = 1; round <= rounds; round++) {
    for (const phase of phases) {
      const stopFlood = phase === 'idle' ? async () => ({}) : startFlood(phase)
      await autocannon({ ...quiet, duration: 1 })
      note(`round ${round} of ${rounds}: measuring quiet GETs, ${phase} ...`)
      // the server tree's largest RSS during the phase
      let rss = treeRssBytes(server.pid) ?? 0
      const sampler = setInterval(() => { rss = Math.max(rss, treeRssBytes(server.pid) ?? 0) }, 250)
      const run = await autocannon({ ...quiet, duration: durationS })
      clearInterval(sampler)
      const statuses = await stopFlood()
      measured.get(phase)?.push({ reqs: run.requests.total / durationS, p50: run.latency.p50, p99: run.latency.p99, statuses, rss, failures: run.non2xx + run.errors })
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]
  const idleP99 = median((measured.get('idle') ?? []).map((m) => m.p99))
  for (const phase of phases) {
    const runs = measured.get(phase) ?? []
    const p99 = median(runs.map((m) => m.p99))
    const statuses: Record<number, number> = {}
    for (const run of runs) for (const [status, n] of Object.entries(run.statuses)) statuses[Number(status)] = (statuses[Number(status)] ?? 0) + n
    const answered = Object.entries(statuses).map(([status, n]) => `${n} × ${status}`).join(', ') || '-'
    const p99s = rounds > 1 ? ` (${runs.map((m) => m.p99).join(', ')})` : ''
    rows.push(`| ${phase} | ${Math.round(median(runs.map((m) => m.reqs))).toLocaleString('en-US')} | ${median(runs.map((m) => m.p50))} ms | ${p99} ms${p99s} | ${(p99 / idleP99).toFixed(2)} | ${answered} | ${Math.round(runs[0].rss / 2 ** 20)} MB | ${runs.reduce((total, m) => total + m.failures, 0)} |`)
  }
  console.log(`\nMeasured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, node ${process.version}, ${connections} quiet connections, ${flooders} flooding loops, ${durationS} s a phase, ${rounds} round(s) (medians); load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after\n`)
  console.log('| flood from the noisy tenant | quiet req/s | p50 | p99 | p99 / idle p99 | flood answers (status) | server tree RSS (max, round 1) | quiet failures |')
  console.log('|---|---|---|---|---|---|---|---|')
  for (const row of rows) console.log(row)
} finally {
  await server.stop()
  rmSync(root, { recursive: true, force: true })
}

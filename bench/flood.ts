// `npm run bench:flood -- [--duration=10] [--connections=10] [--flooders=4]`
// Issue #30's goal: one tenant's read key floods the server with (1) distinct heavy statements (view chains that
// cost SQLite memory to compile) and (2) reads of a 20 MB record, while another tenant does record GETs by id.
// Three phases against one server: quiet alone, quiet under flood 1, quiet under flood 2. Prints the quiet
// tenant's req/s, p50, p99 and the p99 ratio to the idle phase, what the flood got answered, and the server tree's
// largest RSS during the phase. The flood runs in a process of its own (flood-client.ts), apart from autocannon's.
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
  let idleP99 = 0
  for (const phase of ['idle', ...floods]) {
    const stopFlood = phase === 'idle' ? async () => ({}) : startFlood(phase)
    await autocannon({ ...quiet, duration: 1 })
    note(`measuring quiet GETs, ${phase} ...`)
    // the server tree's largest RSS during the phase
    let rss = treeRssBytes(server.pid) ?? 0
    const sampler = setInterval(() => { rss = Math.max(rss, treeRssBytes(server.pid) ?? 0) }, 250)
    const run = await autocannon({ ...quiet, duration: durationS })
    clearInterval(sampler)
    const statuses = await stopFlood()
    if (phase === 'idle') idleP99 = run.latency.p99
    const answered = Object.entries(statuses).map(([status, n]) => `${n} × ${status}`).join(', ') || '-'
    rows.push(`| ${phase} | ${Math.round(run.requests.total / durationS).toLocaleString('en-US')} | ${run.latency.p50} ms | ${run.latency.p99} ms | ${(run.latency.p99 / idleP99).toFixed(2)} | ${answered} | ${Math.round(rss / 2 ** 20)} MB | ${run.non2xx + run.errors} |`)
  }
  console.log(`\nMeasured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, node ${process.version}, ${connections} quiet connections, ${flooders} flooding loops, ${durationS} s a phase; load average ${loadBefore.toFixed(1)} before\n`)
  console.log('| flood from the noisy tenant | quiet req/s | p50 | p99 | p99 / idle p99 | flood answers (status) | server tree RSS (max) | quiet failures |')
  console.log('|---|---|---|---|---|---|---|---|')
  for (const row of rows) console.log(row)
} finally {
  await server.stop()
  rmSync(root, { recursive: true, force: true })
}

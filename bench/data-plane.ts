// Data-plane bench (issue 25), bounded to about a minute: a batch of 100 inserts against 100 separate requests,
// a keyset cursor page deep in a large table against page 1 (and offset at the same depth, for contrast), and
// an export of that table (rows per second, growth of the server's memory).
// Both sides of each ratio are measured in this one run, interleaved, against one server in its own process.
//   node --import tsx bench/data-plane.ts [--rows=1000000] [--seconds=4]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { startChild } from './child.js'

const arg = (name: string, fallback: number): number => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`))
  return found === undefined ? fallback : Number(found.split('=')[1])
}
const tableRows = arg('rows', 1_000_000)
const seconds = arg('seconds', 4)

const dataDir = mkdtempSync(join(tmpdir(), 'litehouse-dataplane-'))
const server = await startChild('litehouse', './data-plane-server.ts', {
  DATA_DIR: dataDir, LOG_LEVEL: 'warn', ANALYTICS: 'off', QUERY_TIMEOUT_MS: '120000', ENGINE_WORKERS: '2'
})

async function call (method: string, path: string, body?: unknown, token?: string): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const res = await fetch(server.url + path, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body)
  })
  const text = await res.text()
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`)
  return JSON.parse(text)
}

/** Runs `sides` in interleaved slices (A B B A ...) for `seconds` each in total; answers units per second. */
async function interleaved (sides: Record<string, () => Promise<number>>, totalSeconds: number): Promise<Record<string, number>> {
  const names = Object.keys(sides)
  const units: Record<string, number> = Object.fromEntries(names.map((n) => [n, 0]))
  const ms: Record<string, number> = Object.fromEntries(names.map((n) => [n, 0]))
  const slices = 8
  for (let s = 0; s < slices; s++) {
    const order = s % 2 === 0 ? names : [...names].reverse()
    for (const name of order) {
      const end = performance.now() + totalSeconds * 1000 / slices
      const started = performance.now()
      while (performance.now() < end) units[name] += await sides[name]()
      ms[name] += performance.now() - started
    }
  }
  return Object.fromEntries(names.map((n) => [n, units[n] / (ms[n] / 1000)]))
}

/** Mean milliseconds of `fn` over `n` runs. */
async function meanMs (fn: () => Promise<unknown>, n: number): Promise<number> {
  const started = performance.now()
  for (let i = 0; i < n; i++) await fn()
  return (performance.now() - started) / n
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const fmt = (n: number): string => n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(2)

try {
  await call('POST', '/api/admin/setup', { email: 'bench@example.com', password: 'bench password 1' })
  const token = (await call('POST', '/api/admin/login', { email: 'bench@example.com', password: 'bench password 1' })).data.token as string
  const api = (method: string, path: string, body?: unknown) => call(method, path, body, token)
  await api('POST', '/api/databases', { name: 'bench' })
  const sql = (text: string) => api('POST', '/api/databases/bench/query', { sql: text })

  // 1. a batch of 100 single-row inserts against 100 separate requests, one client connection, sequential
  await sql('CREATE TABLE ins (id INTEGER PRIMARY KEY, v INTEGER, label TEXT)')
  const statements = Array.from({ length: 100 }, (_, i) => ({ sql: 'INSERT INTO ins (v, label) VALUES (?, ?)', params: [i, `row ${i}`] }))
  const inserts = await interleaved({
    batch: async () => { await api('POST', '/api/databases/bench/batch', { statements }); return 100 },
    'separate /query': async () => {
      for (const s of statements) await api('POST', '/api/databases/bench/query', s)
      return 100
    },
    'separate /records': async () => {
      for (let i = 0; i < 100; i++) await api('POST', '/api/databases/bench/tables/ins/records', { v: i, label: `row ${i}` })
      return 100
    }
  }, seconds)
  console.log(`## batch of 100 inserts vs 100 requests (1 connection, ${seconds} s a side, interleaved)`)
  for (const [name, perSecond] of Object.entries(inserts)) console.log(`${name.padEnd(18)} ${fmt(perSecond)} rows/s`)
  console.log(`ratio batch / separate /query:   ${(inserts.batch / inserts['separate /query']).toFixed(1)}x`)
  console.log(`ratio batch / separate /records: ${(inserts.batch / inserts['separate /records']).toFixed(1)}x`)

  // 2. a cursor page at depth half the table against page 1, offset at that depth beside it
  const loadStarted = performance.now()
  await sql('CREATE TABLE big (id INTEGER PRIMARY KEY, price INTEGER, name TEXT)')
  await sql(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${tableRows})
    INSERT INTO big (price, name) SELECT (i * 7919) % 100000, 'item ' || i FROM n`)
  await sql('CREATE INDEX big_price ON big (price)')
  console.log(`\n## cursor page at depth ${fmt(tableRows / 2)} of ${fmt(tableRows)} rows vs page 1 (limit 50; table loaded in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s)`)
  const depth = tableRows / 2
  for (const sort of ['', '-price']) {
    const page = (query: string) => api('GET', `/api/databases/bench/tables/big/records?limit=50${sort ? `&sort=${sort}` : ''}${query}`)
    const cursor = (await page(`&offset=${depth - 50}`)).meta.nextCursor as string
    const deep = (await page(`&cursor=${encodeURIComponent(cursor)}`)).data
    const byOffset = (await page(`&offset=${depth}`)).data
    if (JSON.stringify(deep) !== JSON.stringify(byOffset)) throw new Error('the cursor page differs from the offset page at the same depth')
    for (let i = 0; i < 20; i++) { await page(''); await page(`&cursor=${encodeURIComponent(cursor)}`) }
    // one request of each in turn, medians: the machine's load weighs on both sides alike
    const firstMs: number[] = []
    const depthMs: number[] = []
    for (let i = 0; i < 300; i++) {
      firstMs.push(await meanMs(() => page(''), 1))
      depthMs.push(await meanMs(() => page(`&cursor=${encodeURIComponent(cursor)}`), 1))
    }
    const first = median(firstMs)
    const atDepth = median(depthMs)
    const offsetMs = await meanMs(() => page(`&offset=${depth}`), 5)
    console.log(`sort=${sort || '(key)'}: page 1 ${first.toFixed(2)} ms, cursor at depth ${atDepth.toFixed(2)} ms (median of 300 each, ` +
      `ratio ${(atDepth / first).toFixed(2)}), offset at depth ${offsetMs.toFixed(1)} ms (mean of 5, ratio ${(offsetMs / first).toFixed(0)})`)
  }

  // 3. an export of the whole table, twice: rows per second, and how much the server process grows meanwhile
  // (a second export that grows it no further shows the growth is the heap's slack, not rows held)
  const rssOf = (): number => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) * 1024
  console.log(`\n## export of ${fmt(tableRows)} rows as NDJSON, twice`)
  const rssBefore = rssOf()
  for (let run = 1; run <= 2; run++) {
    let rssMax = rssOf()
    const sampler = setInterval(() => { rssMax = Math.max(rssMax, rssOf()) }, 50)
    const exportStarted = performance.now()
    const res = await fetch(`${server.url}/api/databases/bench/tables/big/export?format=ndjson`, { headers: { authorization: `Bearer ${token}` } })
    let lines = 0
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) for (const byte of chunk) if (byte === 10) lines++
    const exportSeconds = (performance.now() - exportStarted) / 1000
    clearInterval(sampler)
    console.log(`run ${run}: ${fmt(lines)} rows in ${exportSeconds.toFixed(1)} s: ${fmt(lines / exportSeconds)} rows/s; server RSS ${fmt(rssBefore / 2 ** 20)} MB before the first, at most +${fmt((rssMax - rssBefore) / 2 ** 20)} MB`)
  }
} finally {
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}

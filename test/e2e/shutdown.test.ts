// Graceful shutdown of the real server (a child process on an ephemeral port): SIGTERM while
// requests are in flight. They still get their answers, new connections are refused once the
// close has begun, the process exits 0, every buffered analytics event reaches _analytics.db and
// every database file passes PRAGMA integrity_check.
import t from 'tap'
import { spawn, type ChildProcess } from 'node:child_process'
import { readdirSync } from 'node:fs'
import net from 'node:net'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { tempDir } from '../helper.js'

const projectRoot = join(import.meta.dirname, '..', '..')
const email = 'admin@example.com'
const password = 'correct horse battery'

interface Server { child: ChildProcess, url: string, port: number, output: () => string, exited: Promise<{ code: number | null, signal: string | null }> }

async function startServer (env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(projectRoot, 'test', 'e2e', 'shutdown-server.ts')], {
    cwd: projectRoot,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => { output += chunk.toString() })
  child.stderr!.on('data', (chunk: Buffer) => { output += chunk.toString() })
  const exited = new Promise<{ code: number | null, signal: string | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start within 60 s:\n${output}`)), 60_000)
    child.stdout!.on('data', () => {
      const found = /LISTENING (\S+)/.exec(output)
      if (found) { clearTimeout(timer); resolve(found[1]) }
    })
    void exited.then(({ code }) => { clearTimeout(timer); reject(new Error(`server exited with ${code}:\n${output}`)) })
  })
  return { child, url, port: Number(new URL(url).port), output: () => output, exited }
}

/** Resolves 'refused' when a new TCP connection is refused, 'accepted' when one is accepted. */
function tryConnect (port: number): Promise<'refused' | 'accepted' | string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('connect', () => { socket.destroy(); resolve('accepted') })
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED' ? 'refused' : String(err.code)))
  })
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

t.test('SIGTERM: in-flight requests are answered, new connections refused, every event flushed, exit 0', async (t) => {
  const dataDir = join(tempDir(t, 'litehouse-shutdown-'), 'data')
  const server = await startServer({
    DATA_DIR: dataDir,
    ADMIN_EMAIL: email,
    ADMIN_PASSWORD: password,
    // events stay buffered: only the shutdown flush can write them
    ANALYTICS_FLUSH_MS: '600000',
    ANALYTICS_FLUSH_SIZE: '100000',
    SNAPSHOT_INTERVAL_MS: '600000',
    QUERY_TIMEOUT_MS: '20000',
    ENGINE_WORKERS: '2',
    // what `fastify start -g` sets; long enough for the slow queries below
    FASTIFY_CLOSE_GRACE_DELAY: '15000'
  })
  t.teardown(() => { if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL') })

  async function call (method: string, path: string, body?: unknown, token?: string): Promise<{ status: number, json: any }> {
    const res = await fetch(server.url + path, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
    return { status: res.status, json: await res.json() }
  }
  /** Requests that each create one analytics event (record operations and raw SQL). */
  let tracked = 0
  const ok = async (what: string, method: string, path: string, body: unknown, token: string, counted: boolean) => {
    const res = await call(method, path, body, token)
    if (counted) tracked++
    if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.json)}`)
    return res.json
  }

  const token = (await call('POST', '/api/admin/login', { email, password })).json.data.token as string
  t.ok(token, 'signed in')
  await ok('create database', 'POST', '/api/databases', { name: 'shop' }, token, false)
  await ok('create table', 'POST', '/api/databases/shop/tables', { name: 'items', columns: [{ name: 'id', type: 'integer', primary_key: true }, { name: 'title', type: 'text' }] }, token, false)

  const inserts = 20
  const queries = 20
  for (let i = 0; i < inserts; i++) await ok('insert', 'POST', '/api/databases/shop/tables/items/records', { title: `item ${i}` }, token, true)
  for (let i = 0; i < queries; i++) {
    const data = await ok('query', 'POST', '/api/databases/shop/query', { sql: 'SELECT count(*) AS n FROM items WHERE id > ?', params: [i] }, token, true)
    if (data.data[0].n !== inserts - i) throw new Error(`query ${i} counted ${data.data[0].n}`)
  }

  // a statement that takes about 1.5 s on this machine, measured rather than guessed
  const slowSql = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT ?) SELECT count(*) AS n FROM c'
  const started = performance.now()
  await ok('calibration', 'POST', '/api/databases/shop/query', { sql: slowSql, params: [1_000_000] }, token, true)
  const msPerMillion = Math.max(1, performance.now() - started)
  const rows = Math.min(50_000_000, Math.max(200_000, Math.round(1_000_000 * 1500 / msPerMillion)))

  // three slow statements for two engine workers: two run and one waits in the queue
  const inFlight = [0, 1, 2].map(() => call('POST', '/api/databases/shop/query', { sql: slowSql, params: [rows] }, token))
  tracked += 3
  let pending = 3
  const answered = inFlight.map((p) => p.then((res) => { pending--; return res }, (err) => { pending--; throw err }))
  await sleep(300)
  t.equal(pending, 3, 'the slow statements are still running when SIGTERM is sent')

  const signalledAt = performance.now()
  server.child.kill('SIGTERM')
  let refusal = 'accepted'
  let pendingWhenRefused = -1
  for (let i = 0; i < 100 && refusal !== 'refused'; i++) {
    refusal = await tryConnect(server.port)
    if (refusal === 'refused') pendingWhenRefused = pending
    else await sleep(20)
  }
  t.equal(refusal, 'refused', 'a new connection is refused once the close has begun')
  t.ok(pendingWhenRefused > 0, `...while requests were still in flight (${pendingWhenRefused} pending)`)
  await t.rejects(fetch(server.url + '/api/health'), 'a new request after the close began fails to connect')

  const results = await Promise.all(answered)
  for (const [i, res] of results.entries()) {
    t.equal(res.status, 200, `in-flight statement ${i + 1} got its answer`)
    t.equal(res.json.data?.[0]?.n, rows, `in-flight statement ${i + 1} ran to completion`)
  }

  const bound = setTimeout(() => server.child.kill('SIGKILL'), 25_000)
  const { code, signal } = await server.exited
  clearTimeout(bound)
  t.equal(signal, null, 'the process ended by itself, not killed')
  t.equal(code, 0, `the process exited 0 (${((performance.now() - signalledAt) / 1000).toFixed(1)} s after SIGTERM)`)
  t.notMatch(server.output(), /killed by timeout|error/i, 'no shutdown error was logged')

  const analytics = new Database(join(dataDir, '_analytics.db'), { readonly: true })
  t.teardown(() => analytics.close())
  const logged = analytics.prepare('SELECT operation, status, count(*) AS n FROM _query_log GROUP BY operation, status ORDER BY operation').all()
  const total = (analytics.prepare('SELECT count(*) AS n FROM _query_log').get() as { n: number }).n
  t.equal(total, tracked, `_query_log holds one row per request made (${tracked}): nothing buffered was lost`)
  t.same(logged, [
    { operation: 'insert', status: 'ok', n: inserts },
    { operation: 'select', status: 'ok', n: queries + 1 + 3 }
  ], 'the rows are the inserts and the queries, all ok')

  for (const file of readdirSync(dataDir).filter((f) => f.endsWith('.db'))) {
    const db = new Database(join(dataDir, file), { readonly: true })
    t.equal(db.pragma('integrity_check', { simple: true }), 'ok', `${file} passes PRAGMA integrity_check`)
    db.close()
  }
})

// The whole suite runs on the pinned Node 24 (the `node` devDependency); this smoke runs the real server on
// Node 22 LTS, the other supported line: start, first admin, database, table, record round trip, raw query,
// analytics read, clean shutdown on SIGTERM.
import t from 'tap'
import { spawn, spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { tempDir } from '../helper.js'
import { node22, projectRoot, runtime } from './runtimes.js'

t.test('the server works on Node 22 LTS', async (t) => {
  const node = runtime(node22)
  const versions = spawnSync(node, ['-p', 'process.version + " " + process.versions.modules + " napi " + process.versions.napi'], { encoding: 'utf8' })
  t.comment(`smoke runtime: node ${versions.stdout.trim()} (suite runtime: node ${process.version})`)
  t.match(versions.stdout, /^v22\./, 'the smoke runs on Node 22')

  const child = spawn(node, ['--import', 'tsx', join(projectRoot, 'test', 'e2e', 'shutdown-server.ts')], {
    cwd: projectRoot,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', DATA_DIR: join(tempDir(t, 'litehouse-node22-'), 'data'), ANALYTICS_FLUSH_MS: '50', FASTIFY_CLOSE_GRACE_DELAY: '15000' },
    // the grace `npm start` gives (query timeout + 5 s), not close-with-grace's 500 ms default, which a loaded CI machine can pass
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let output = ''
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  child.stderr!.on('data', (chunk: Buffer) => { output += chunk.toString() })
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 60 s:\n${output}`)), 60_000)
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const found = /LISTENING (\S+)/.exec(output)
      if (found) { clearTimeout(timer); resolve(found[1]) }
    })
    void exited.then((code) => { clearTimeout(timer); reject(new Error(`exited with ${code}:\n${output}`)) })
  })
  t.teardown(() => { child.kill('SIGKILL') })

  let token = ''
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(url + path, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
    return { status: res.status, body: await res.json() as any }
  }
  const credentials = { email: 'smoke@example.com', password: 'correct horse battery' }
  t.equal((await call('POST', '/api/admin/setup', credentials)).status, 201, 'first admin')
  const login = await call('POST', '/api/admin/login', credentials)
  t.equal(login.status, 200, 'login')
  token = login.body.data.token
  t.equal((await call('POST', '/api/databases', { name: 'smoke' })).status, 201, 'database')
  t.equal((await call('POST', '/api/databases/smoke/tables', {
    name: 'notes', columns: [{ name: 'id', type: 'integer', primary_key: true, auto_increment: true }, { name: 'body', type: 'text' }]
  })).status, 201, 'table')
  const created = await call('POST', '/api/databases/smoke/tables/notes/records', { body: 'on node 22' })
  t.equal(created.status, 201, 'record created')
  const read = await call('GET', `/api/databases/smoke/tables/notes/records/${created.body.data.id}`)
  t.same(read.body.data, { id: created.body.data.id, body: 'on node 22' }, 'record read back')
  const query = await call('POST', '/api/databases/smoke/query', { sql: 'SELECT count(*) AS n FROM notes WHERE body LIKE ?', params: ['%22'] })
  t.same(query.body.data, [{ n: 1 }], 'raw query')
  await new Promise((resolve) => setTimeout(resolve, 300))
  const overview = await call('GET', '/api/analytics/smoke/overview')
  t.equal(overview.status, 200, 'analytics read')
  t.ok(overview.body.data.queries >= 3, `analytics counted the queries (${overview.body.data.queries})`)

  child.kill('SIGTERM')
  const code = await exited
  if (code !== 0) t.comment(output)
  t.equal(code, 0, 'clean shutdown on SIGTERM')
})

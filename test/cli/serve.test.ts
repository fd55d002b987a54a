// `litehouse serve` runs the server as `npm start` does (flags for port, host and data directory; a bad setting
// exits 1 naming the variable; SIGTERM closes it with exit 0), and `litehouse openapi` writes the service document.
// The server itself runs from the real bin; the refused starts and openapi run lib/cli/main in this process.
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { tempDir } from '../helper.js'
import { bin, childEnv, litehouseHere } from './run.js'

t.setTimeout(1_200_000)

t.test('a bad setting, from a flag or the environment: exit 1 naming the variable, nothing served', async (t) => {
  const dataDir = join(tempDir(t, 'litehouse-cli-serve-'), 'data')
  const flag = await litehouseHere(['serve', '--port', 'eighty', '--data-dir', dataDir])
  t.equal(flag.code, 1)
  t.match(flag.stderr, 'invalid configuration: PORT="eighty"')
  const env = await litehouseHere(['serve', '--data-dir', dataDir], { QUERY_TIMEOUT_MS: '1' })
  t.equal(env.code, 1)
  t.match(env.stderr, /invalid configuration: QUERY_TIMEOUT_MS="?1"? /)
  t.notOk(existsSync(dataDir), 'no data directory was made')
})

t.test('serve --port --host --data-dir answers on that address and closes on SIGTERM with exit 0', async (t) => {
  const dataDir = join(tempDir(t, 'litehouse-cli-serve-'), 'data')
  const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir], { env: childEnv({ LOG_LEVEL: 'info' }) })
  t.teardown(() => { if (child.exitCode === null) child.kill('SIGKILL') })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const address = await new Promise<string>((resolve, reject) => {
    let seen = ''
    child.stdout.on('data', (chunk) => {
      seen += String(chunk)
      const found = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(seen)
      if (found) resolve(found[1])
    })
    child.on('exit', (code) => reject(new Error(`exited ${code} before listening: ${seen}`)))
  })
  const health = await fetch(`${address}/api/health`)
  t.equal(health.status, 200)
  t.ok(existsSync(join(dataDir, '_system.db')), 'the data directory is the one of --data-dir')
  child.kill('SIGTERM')
  t.equal(await exited, 0, 'a graceful close')
})

t.test('openapi --out writes the service document', async (t) => {
  const out = join(tempDir(t, 'litehouse-cli-openapi-'), 'openapi.json')
  const ran = await litehouseHere(['openapi', '--out', out])
  t.equal(ran.code, 0, ran.stderr)
  t.match(ran.stderr, `wrote ${out}`)
  const document = JSON.parse(readFileSync(out, 'utf8'))
  t.match(document.openapi, /^3\./)
  t.ok(document.paths['/api/databases/{db}/keys'].post, 'the key routes are described')
})

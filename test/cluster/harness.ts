// A real cluster on loopback for the cluster tests: one etcd (the Debian etcd-server binary, temp data dir, random
// ports) and Litehouse nodes as child processes in their own process groups (test/e2e/crash/server.ts), sharing one
// file:// replica. Calls report "no answer" instead of throwing, so a drill can hit a dead or paused node.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { createServer } from 'node:net'
import { Etcd3 } from 'etcd3'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startServer, type Server } from '../e2e/crash/harness.js'

const nodeScript = fileURLToPath(new URL('./node-server.ts', import.meta.url))

export const ETCD_BIN = process.env.ETCD_BIN ?? '/usr/bin/etcd'
export const etcdMissing = existsSync(ETCD_BIN) ? false : `the etcd binary is not installed at ${ETCD_BIN} (apt-get install etcd-server, or set ETCD_BIN)`

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A free loopback port (free when asked: nothing else here binds ports at random). */
export async function freePort (): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

export interface Etcd { url: string, process: ChildProcess, output: () => string }

export async function startEtcd (dir: string): Promise<Etcd> {
  const [client, peer] = [await freePort(), await freePort()]
  const url = `http://127.0.0.1:${client}`
  const peerUrl = `http://127.0.0.1:${peer}`
  const child = spawn(ETCD_BIN, [
    '--name', 'test', '--data-dir', join(dir, 'etcd'),
    '--listen-client-urls', url, '--advertise-client-urls', url,
    '--listen-peer-urls', peerUrl, '--initial-advertise-peer-urls', peerUrl, '--initial-cluster', `test=${peerUrl}`
  ], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout!.on('data', (c: Buffer) => { output += c.toString() })
  child.stderr!.on('data', (c: Buffer) => { output += c.toString() })
  const deadline = Date.now() + 60_000
  for (;;) {
    const ok = await fetch(`${url}/health`).then((r) => r.ok, () => false)
    if (ok) return { url, process: child, output: () => output }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`etcd did not start:\n${output}`)
    await sleep(200)
  }
}

/** A real etcd in a temporary directory and a client of it, both gone when the test ends. */
export async function etcdForTest (t: { teardown: (fn: () => unknown) => void }, prefix: string): Promise<{ root: string, etcd: Etcd, client: Etcd3 }> {
  const root = mkdtempSync(join(tmpdir(), prefix))
  const etcd = await startEtcd(root)
  const client = new Etcd3({ hosts: etcd.url })
  t.teardown(async () => {
    client.close()
    etcd.process.kill('SIGKILL')
    await sleep(200)
    rmSync(root, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 })
  })
  return { root, etcd, client }
}

export interface Node extends Server { id: string, dataDir: string, port: number }

export const admin = { email: 'admin@example.com', password: 'correct horse battery' }

/** Starts node `id` over `root/<id>` with the cluster settings; `port` keeps the URL of a node started again, `launch` wraps the command (taskset). */
export async function startNode (root: string, id: string, etcd: string, replica: string, env: Record<string, string> = {}, port?: number, launch: string[] = []): Promise<Node> {
  const dataDir = join(root, id)
  mkdirSync(dataDir, { recursive: true })
  const p = port ?? await freePort()
  const server = await startServer(dataDir, {
    PORT: String(p),
    CLUSTER_ETCD: etcd,
    NODE_ID: id,
    NODE_URL: `http://127.0.0.1:${p}`,
    BACKUP_URL: `file://${replica}`,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    ENGINE_WORKERS: '1',
    ANALYTICS: 'off',
    ...env
  }, launch, nodeScript)
  return { ...server, id, dataDir, port: p }
}

export interface Answer { status: number, body: any, headers: Headers }

/** One HTTP call; status 0 when there is no answer (a dead or paused node) within `timeoutMs`. */
export async function call (url: string, method: string, path: string, token?: string, body?: unknown, headers: Record<string, string> = {}, timeoutMs = 15_000): Promise<Answer> {
  try {
    const res = await fetch(url + path, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs)
    })
    const text = await res.text()
    let parsed: unknown = text
    try { parsed = JSON.parse(text) } catch { /* not JSON */ }
    return { status: res.status, body: parsed, headers: res.headers }
  } catch {
    return { status: 0, body: undefined, headers: new Headers() }
  }
}

/** Polls `check` until it is true, or fails after `ms` naming `what`. */
export async function until (what: string, ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now()
  for (;;) {
    if (await check()) return Date.now() - started
    if (Date.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`)
    await sleep(100)
  }
}

export function signal (node: Node, sig: NodeJS.Signals): void {
  try { process.kill(-node.pid, sig) } catch { /* gone */ }
}

// Cluster mode settings: off by default (nothing loaded, /api/cluster 404 CLUSTER_DISABLED), incomplete settings
// stop the start with a message naming them, and a node whose etcd cannot be reached refuses to start.
import t from 'tap'
import { createServer } from 'node:net'
import Fastify from 'fastify'
import fp from 'fastify-plugin'
import app, { serverOptions } from '../../app.js'
import { ConfigError, loadConfig } from '../../fastify.config.js'
import { as, build, signIn, tempDir } from '../helper.js'

const cluster = { CLUSTER_ETCD: 'http://127.0.0.1:1', NODE_ID: 'n1', NODE_URL: 'http://127.0.0.1:3001', BACKUP_URL: 'file:///tmp/litehouse-replica' }

/** A loopback port nothing listens on. */
async function closedPort (): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

t.test('off by default: no cluster, GET /api/cluster answers 404 CLUSTER_DISABLED', async (t) => {
  const { app: server, config } = await build(t)
  t.equal(config.cluster, undefined)
  t.equal(server.cluster, undefined)
  const admin = as(server, await signIn(server))
  const res = await admin({ method: 'GET', url: '/api/cluster' })
  t.equal(res.statusCode, 404)
  t.equal(res.json().code, 'CLUSTER_DISABLED')
  await admin({ method: 'POST', url: '/api/databases', payload: { name: 'solo' } })
  const move = await admin({ method: 'POST', url: '/api/databases/solo/move', payload: { node: 'n2' } })
  t.equal(move.statusCode, 404)
  t.equal(move.json().code, 'CLUSTER_DISABLED')
})

t.test('settings: all three together, with backups, and real URLs', async (t) => {
  const parsed = loadConfig(cluster)
  t.same(parsed.cluster, { etcd: ['http://127.0.0.1:1'], nodeId: 'n1', nodeUrl: 'http://127.0.0.1:3001', leaseTtlS: 10 })
  t.equal(parsed.backup?.systemPath, 'nodes/n1/system', "each node's _system.db has its own replica")
  t.throws(() => loadConfig({ ...cluster, NODE_ID: undefined }), new ConfigError('invalid configuration: CLUSTER_ETCD needs NODE_ID and NODE_URL (this node\'s name and the URL other nodes reach it at)'))
  t.throws(() => loadConfig({ ...cluster, BACKUP_URL: undefined }), /CLUSTER_ETCD needs BACKUP_URL/)
  t.throws(() => loadConfig({ ...cluster, NODE_URL: 'somewhere' }), /"somewhere" is not an http\(s\):\/\/host:port URL/)
  t.throws(() => loadConfig({ ...cluster, NODE_ID: 'a b' }), /NODE_ID/)
  t.equal(loadConfig({}).cluster, undefined)
})

t.test('etcd unreachable at start: the node refuses to start with a clear message', async (t) => {
  const dataDir = tempDir(t)
  const replica = tempDir(t, 'litehouse-replica-')
  const port = await closedPort()
  const config = loadConfig({ ...cluster, CLUSTER_ETCD: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, BACKUP_URL: `file://${replica}`, LOG_LEVEL: 'silent', ENGINE_WORKERS: '1' })
  const server = Fastify(serverOptions(config))
  t.teardown(() => server.close())
  const started = Date.now()
  await t.rejects(async () => {
    await server.register(fp(app), { config })
    await server.ready()
  }, new RegExp(`cluster mode: etcd at http://127.0.0.1:${port} cannot be reached .*start etcd or fix CLUSTER_ETCD`))
  t.ok(Date.now() - started < 30_000, 'it gives up within seconds')
})

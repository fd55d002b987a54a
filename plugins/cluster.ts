import fp from 'fastify-plugin'
import type { ClusterNode } from '../lib/cluster/node.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** This node of a cluster; undefined when CLUSTER_ETCD is not set. */
    cluster: ClusterNode | undefined
  }
}

/**
 * @see lib/cluster: several nodes, one namespace of databases (docs/cluster.md). Off by default: then nothing of it
 * is loaded (no etcd client) and no hook is added. In cluster mode a node that cannot reach etcd does not start.
 */
export default fp(async (fastify) => {
  const cluster = fastify.config.cluster
  if (cluster === undefined) {
    fastify.decorate('cluster', undefined)
    return
  }
  const { startCluster } = await import('../lib/cluster/node.js')
  fastify.decorate('cluster', await startCluster(fastify, cluster))
}, { name: 'cluster', dependencies: ['config', 'store', 'auth', 'engine', 'databases', 'backup'], fastify: '5.x' })

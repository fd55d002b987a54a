import { existsSync } from 'node:fs'
import { join } from 'node:path'
import fp from 'fastify-plugin'
import { createEngine, type Engine } from '../lib/engine/index.js'
import { reconcile } from '../lib/store/reconcile.js'

declare module 'fastify' {
  interface FastifyInstance {
    engine: Engine
    /** Absolute file of a hosted database, from its name. */
    databaseFile: (name: string) => string
  }
}

/** @see lib/engine: every statement against a hosted database runs in its worker processes. */
export default fp(async (fastify) => {
  const { config, store } = fastify
  const databaseFile = (name: string): string => join(config.dataDir, `${name}.db`)
  const { missing, stray } = reconcile(config.dataDir, store.databases.list().map((d) => d.name))
  for (const name of missing) fastify.log.error({ database: name }, `registered database '${name}' has no file in the data directory`)
  if (stray.length > 0) fastify.log.warn({ files: stray.map((n) => `${n}.db`) }, 'unregistered .db files in the data directory are not hosted: import them or create a database of that name to adopt one')
  const engine = createEngine({
    dataDir: config.dataDir,
    workers: config.engineWorkers,
    maxConnectionsPerWorker: config.engineMaxConnections,
    queryTimeoutMs: config.queryTimeoutMs,
    maxQueryRows: config.maxQueryRows,
    // a registered database whose file vanished is reported, never silently recreated empty by opening it
    locate: (id) => {
      const record = store.databases.findById(id)
      const file = record ? databaseFile(record.name) : undefined
      return file && existsSync(file) ? file : undefined
    },
    logger: fastify.log
  })
  fastify.decorate('engine', engine)
  fastify.decorate('databaseFile', databaseFile)
  fastify.addHook('onClose', async () => { await engine.close() })
}, { name: 'engine', dependencies: ['config', 'store'], fastify: '5.x' })

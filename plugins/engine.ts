import { join } from 'node:path'
import fp from 'fastify-plugin'
import { createEngine, type Engine } from '../lib/engine/index.js'
import { effectiveMaxSize } from '../lib/store/databases.js'

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
  const engine = createEngine({
    dataDir: config.dataDir,
    workers: config.engineWorkers,
    maxConnections: config.engineMaxConnections,
    idleCloseMs: config.engineIdleCloseMs,
    workerNice: config.engineWorkerNice,
    dbMaxInflight: config.dbMaxInflight,
    dbMaxQueue: config.dbMaxQueue,
    // a registered database whose file vanished answers DATABASE_UNAVAILABLE, never silently recreated empty
    checkFiles: true,
    queryTimeoutMs: config.queryTimeoutMs,
    maxQueryRows: config.maxQueryRows,
    passiveCheckpoints: config.backup !== undefined,
    locate: (id) => {
      const record = store.databases.findById(id)
      return record ? databaseFile(record.name) : undefined
    },
    maxSizeOf: (id) => {
      const record = store.databases.findById(id)
      return record ? effectiveMaxSize(record, config.dbMaxSizeBytes) : undefined
    },
    logger: fastify.log
  })
  fastify.decorate('engine', engine)
  fastify.decorate('databaseFile', databaseFile)
  fastify.addHook('onClose', async () => { await engine.close() })
}, { name: 'engine', dependencies: ['config', 'store'], fastify: '5.x' })

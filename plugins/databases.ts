import fp from 'fastify-plugin'
import { createDatabaseService, type DatabaseService } from '../lib/databases/service.js'
import { clearTemp } from '../lib/databases/files.js'

declare module 'fastify' {
  interface FastifyInstance {
    databases: DatabaseService
  }
}

/** @see lib/databases: create, rename, delete, import and export of hosted databases. */
export default fp(async (fastify) => {
  const { config, store, engine, databaseFile } = fastify
  clearTemp(config.dataDir)
  fastify.decorate('databases', createDatabaseService({ store, engine, dataDir: config.dataDir, databaseFile }))
}, { name: 'databases', dependencies: ['config', 'store', 'engine'], fastify: '5.x' })

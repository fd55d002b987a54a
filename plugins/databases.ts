import fp from 'fastify-plugin'
import { createDatabaseService, type DatabaseService } from '../lib/databases/service.js'
import { clearTemp, finishReplacements } from '../lib/databases/files.js'
import { reconcile } from '../lib/store/reconcile.js'

declare module 'fastify' {
  interface FastifyInstance {
    databases: DatabaseService
  }
}

/** @see lib/databases: create, rename, delete, import and export of hosted databases. */
export default fp(async (fastify) => {
  const { config, store, engine, databaseFile } = fastify
  clearTemp(config.dataDir)
  for (const file of finishReplacements(config.dataDir)) fastify.log.warn({ file }, 'finished a restore in place that a crash interrupted')
  // creating the service settles any create, rename, import or delete that a crash interrupted
  const databases = createDatabaseService({
    store, engine, dataDir: config.dataDir, databaseFile, exportsPerDatabase: config.exportsPerDatabase, tmpMaxBytes: config.tmpMaxBytes
  })
  for (const plan of databases.recovered) fastify.log.warn({ plan }, 'settled a database file operation that a crash interrupted')
  const { missing, stray } = reconcile(config.dataDir, store.databases.list().map((d) => d.name))
  for (const name of missing) fastify.log.error({ database: name }, `registered database '${name}' has no file in the data directory`)
  if (stray.length > 0) fastify.log.warn({ files: stray.map((n) => `${n}.db`) }, 'unregistered .db files in the data directory are not hosted: import them or create a database of that name to adopt one')
  fastify.decorate('databases', databases)
}, { name: 'databases', dependencies: ['config', 'store', 'engine'], fastify: '5.x' })

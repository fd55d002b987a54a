import fp from 'fastify-plugin'
import { createChangeHub, type ChangeHub } from '../lib/changes/hub.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** @see lib/changes/hub.ts: the subscriber side of the change feed. */
    changeFeed: ChangeHub
  }
}

/** The change feed's hub, shared by its routes; its streams end before the server closes. */
export default fp(async (fastify) => {
  const { engine, config, store } = fastify
  const hub = createChangeHub({
    engine,
    log: fastify.log,
    retentionHours: config.changesRetentionHours,
    retentionCount: config.changesRetentionCount,
    bufferBytes: config.changesBufferBytes,
    maxSubscribers: config.changesMaxSubscribers,
    nameOf: (id) => store.databases.findById(id)?.name,
    // a revoked key or an ended session: checked once a second for all the streams it opened on a database
    allowed: (credential, databaseId) => {
      const now = fastify.principalOf(credential)
      return now !== null && (now.kind === 'admin' || now.databaseId === databaseId)
    },
    fileOf: (id) => {
      const record = store.databases.findById(id)
      return record === undefined ? undefined : fastify.databaseFile(record.name)
    }
  })
  fastify.decorate('changeFeed', hub)
  // after a write through the API, the database's subscribers hear of it at once rather than at the next poll
  fastify.addHook('onResponse', (request, _reply, done) => {
    if (request.database !== null && request.method !== 'GET') hub.wake(request.database.id)
    done()
  })
  // streams never end by themselves: end them first, or their connections would hold the server's close open
  fastify.addHook('preClose', async () => { hub.close() })
}, { name: 'changes', dependencies: ['config', 'store', 'auth', 'engine'], fastify: '5.x' })

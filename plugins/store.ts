import fp from 'fastify-plugin'
import { createSystemStore, type SystemStore } from '../lib/store/index.js'
import { hashPassword } from '../lib/passwords.js'

declare module 'fastify' {
  interface FastifyInstance {
    store: SystemStore
  }
}

const usageFlushMs = 10_000

/** @see lib/store: `_system.db` with admins, sessions, registry, keys, activity and settings. */
export default fp(async (fastify) => {
  const { config } = fastify
  const store = createSystemStore({ dataDir: config.dataDir, sessionTtlMs: config.sessionTtlMs })
  fastify.decorate('store', store)

  if (store.admins.count() === 0 && config.adminEmail && config.adminPassword) {
    const admin = store.admins.create(config.adminEmail, await hashPassword(config.adminPassword))
    store.activity.add({ action: 'admin.setup', actor: { type: 'admin', id: admin.id, email: admin.email }, details: { email: admin.email, via: 'ADMIN_EMAIL' } })
    fastify.log.info({ email: admin.email }, 'created the first admin from ADMIN_EMAIL')
  }
  if (store.admins.count() === 0) {
    fastify.log.warn('no admin exists yet: create one with POST /api/admin/setup, in the dashboard at /, or by starting with ADMIN_EMAIL and ADMIN_PASSWORD')
  }

  const usageTimer = setInterval(() => store.keys.flushUsage(), usageFlushMs)
  usageTimer.unref()
  fastify.addHook('onClose', async () => {
    clearInterval(usageTimer)
    store.keys.flushUsage()
    store.close()
  })
}, { name: 'store', dependencies: ['config'], fastify: '5.x' })

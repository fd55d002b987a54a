import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import fp from 'fastify-plugin'
import { createSystemStore, type SystemStore } from '../lib/store/index.js'
import { hashPassword } from '../lib/passwords.js'

declare module 'fastify' {
  interface FastifyInstance {
    store: SystemStore
  }
}

const usageFlushMs = 10_000

/** Opens `_system.db`, or stops the boot with a message an operator can act on. */
function openStore (dataDir: string, sessionTtlMs: number): SystemStore {
  try {
    return createSystemStore({ dataDir, sessionTtlMs })
  } catch (err) {
    const probe = join(dataDir, `.write-probe-${process.pid}`)
    try {
      writeFileSync(probe, '')
      rmSync(probe)
    } catch (writeError) {
      throw new Error(`DATA_DIR ${dataDir} is read-only or not writable (${(writeError as NodeJS.ErrnoException).code}): Litehouse needs to write there`)
    }
    throw err
  }
}

/** @see lib/store: `_system.db` with admins, sessions, registry, keys, activity and settings. */
export default fp(async (fastify) => {
  const { config } = fastify
  const store = openStore(config.dataDir, config.sessionTtlMs)
  fastify.decorate('store', store)

  if (store.admins.count() === 0 && config.adminEmail && config.adminPassword) {
    const admin = store.admins.create(config.adminEmail, await hashPassword(config.adminPassword))
    store.activity.add({ action: 'admin.setup', actor: { type: 'admin', id: admin.id, email: admin.email }, details: { email: admin.email, via: 'ADMIN_EMAIL' } })
    fastify.log.info({ email: admin.email }, 'created the first admin from ADMIN_EMAIL')
  }
  if (store.admins.count() === 0) {
    fastify.log.warn('no admin exists yet: create one with POST /api/admin/setup, in the dashboard at /, or by starting with ADMIN_EMAIL and ADMIN_PASSWORD')
  }

  const flushUsage = (): void => {
    try {
      store.keys.flushUsage()
    } catch (err) {
      fastify.log.warn({ err }, 'could not record when API keys were last used; will retry') // e.g. a full or read-only disk
    }
  }
  const usageTimer = setInterval(flushUsage, usageFlushMs)
  usageTimer.unref()
  fastify.addHook('onClose', async () => {
    clearInterval(usageTimer)
    flushUsage()
    store.close()
  })
}, { name: 'store', dependencies: ['config'], fastify: '5.x' })

import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import fp from 'fastify-plugin'
import { createSystemStore, type SystemStore } from '../lib/store/index.js'
import { bootstrapAdmin } from '../lib/store/bootstrap.js'

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

  // in a cluster the admins are in etcd: the cluster plugin creates the first one there, once for every node
  if (config.cluster === undefined) await bootstrapAdmin(store, config, fastify.log)

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

import type { FastifyBaseLogger } from 'fastify'
import { hashPassword } from '../passwords.js'
import type { SystemStore } from './index.js'

/**
 * The first admin from ADMIN_EMAIL/ADMIN_PASSWORD, created only when no admin exists (atomically: in a cluster,
 * every node starts with the same variables and exactly one creates it).
 */
export async function bootstrapAdmin (store: SystemStore, config: { adminEmail?: string, adminPassword?: string, passwordHashMemoryKib?: number }, log: FastifyBaseLogger): Promise<void> {
  if (config.adminEmail && config.adminPassword && await store.admins.count() === 0) {
    const admin = await store.admins.createFirst(config.adminEmail, await hashPassword(config.adminPassword, config.passwordHashMemoryKib))
    if (admin !== undefined) {
      store.activity.add({ action: 'admin.setup', actor: { type: 'admin', id: admin.id, email: admin.email }, details: { email: admin.email, via: 'ADMIN_EMAIL' } })
      log.info({ email: admin.email }, 'created the first admin from ADMIN_EMAIL')
    }
  }
  if (await store.admins.count() === 0) {
    log.warn('no admin exists yet: create one with POST /api/admin/setup, in the dashboard at /, or by starting with ADMIN_EMAIL and ADMIN_PASSWORD')
  }
}

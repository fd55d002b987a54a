import type { Etcd3 } from 'etcd3'
import { newId } from '../crypto.js'
import { AdminExists } from '../errors.js'
import type { AdminRow, AdminStore } from '../store/admins.js'
import { ADMIN_COUNT, adminEmailKey, adminKey } from './keys.js'

/** Attempts of one change racing others on the admin count before giving up (a handful of admins: never reached). */
const maxAttempts = 20

/**
 * Admin accounts in etcd, shared by every node. Each change is one transaction over the admin's key, its email's
 * key (unique emails: two nodes creating the same one, one gets 409) and the count, compared on the count's
 * revision: "only if no admin exists" (the first setup, ADMIN_EMAIL) holds cluster-wide. Reads go to etcd: admins
 * change and sign in rarely, and a node must see an admin made elsewhere a moment ago.
 */
export function createClusterAdmins (client: Etcd3, endSessions: (adminId: string) => Promise<void>): AdminStore {
  async function counted (): Promise<{ n: number, revision: string }> {
    const kv = (await client.get(ADMIN_COUNT).exec()).kvs[0]
    return kv === undefined ? { n: 0, revision: '0' } : { n: Number(kv.value.toString()), revision: kv.mod_revision }
  }
  async function read (id: string): Promise<{ row: AdminRow, revision: string } | undefined> {
    const kv = (await client.get(adminKey(id)).exec()).kvs[0]
    return kv === undefined ? undefined : { row: JSON.parse(kv.value.toString()) as AdminRow, revision: kv.mod_revision }
  }

  async function create (email: string, passwordHash: string, onlyFirst: boolean): Promise<AdminRow | undefined> {
    const row: AdminRow = { id: newId('adm_'), email, passwordHash, createdAt: new Date().toISOString() }
    for (let attempt = 0; attempt < maxAttempts; attempt++) {
      const { n, revision } = await counted()
      if (onlyFirst && n > 0) return undefined
      const result = await client.if(ADMIN_COUNT, 'Mod', '==', revision)
        .and(adminEmailKey(email), 'Create', '==', 0)
        .then(
          client.put(ADMIN_COUNT).value(String(n + 1)),
          client.put(adminEmailKey(email)).value(row.id),
          client.put(adminKey(row.id)).value(JSON.stringify(row))
        ).commit()
      if (result.succeeded) return row
      if (!onlyFirst && await client.get(adminEmailKey(email)).string() !== null) throw new AdminExists(email)
    }
    throw new Error('could not record the admin: too many concurrent changes')
  }

  return {
    count: async () => (await counted()).n,
    async findByEmail (email) {
      const id = await client.get(adminEmailKey(email)).string()
      return id === null ? undefined : (await read(id))?.row
    },
    get: async (id) => (await read(id))?.row,
    create: async (email, passwordHash) => (await create(email, passwordHash, false))!,
    createFirst: async (email, passwordHash) => await create(email, passwordHash, true),
    async setPassword (id, passwordHash) {
      for (let attempt = 0; attempt < maxAttempts; attempt++) {
        const found = await read(id)
        if (found === undefined) return false
        // only over the version read: a delete meanwhile is not undone
        const result = await client.if(adminKey(id), 'Mod', '==', found.revision)
          .then(client.put(adminKey(id)).value(JSON.stringify({ ...found.row, passwordHash }))).commit()
        if (result.succeeded) return true
      }
      throw new Error('could not change the password: too many concurrent changes')
    },
    async remove (id) {
      for (let attempt = 0; attempt < maxAttempts; attempt++) {
        const found = await read(id)
        if (found === undefined) return false
        const { n, revision } = await counted()
        const result = await client.if(ADMIN_COUNT, 'Mod', '==', revision)
          .and(adminKey(id), 'Mod', '==', found.revision)
          .then(
            client.put(ADMIN_COUNT).value(String(Math.max(0, n - 1))),
            client.delete().key(adminEmailKey(found.row.email)),
            client.delete().key(adminKey(id))
          ).commit()
        if (result.succeeded) {
          await endSessions(id)
          return true
        }
      }
      throw new Error('could not delete the admin: too many concurrent changes')
    }
  }
}

import type { Etcd3 } from 'etcd3'
import { sha256 } from '../crypto.js'
import type { SystemStore } from '../store/index.js'
import { sessionKey, type SessionInfo } from './keys.js'

/** A session another node granted is trusted this long before etcd is asked again (logout elsewhere: up to this late). */
const cacheMs = 2000
const maxCached = 10_000

/**
 * Admin sessions across the cluster: a login on any node is published to etcd, and a token this node does not
 * know is looked up there (cached briefly), so an admin works on every node. Logout removes it everywhere.
 */
export function createSessionBridge (client: Etcd3, store: SystemStore) {
  const cache = new Map<string, { info: SessionInfo | undefined, until: number }>()
  const pending = new Set<Promise<unknown>>()
  const track = (promise: Promise<unknown>): void => {
    const settled = promise.catch(() => undefined).finally(() => pending.delete(settled))
    pending.add(settled)
  }
  const { create, revoke } = store.sessions
  store.sessions.create = (adminId: string) => {
    const session = create(adminId)
    const entry = store.sessions.resolve(session.token)
    if (entry !== undefined) track(client.put(sessionKey(sha256(session.token))).value(JSON.stringify(entry)).exec())
    return session
  }
  store.sessions.revoke = (token: string) => {
    revoke(token)
    const hash = sha256(token)
    cache.delete(hash)
    track(client.delete().key(sessionKey(hash)).exec())
  }

  return {
    /** Waits until every login and logout of this node reached etcd (before the answer leaves). */
    async settled (): Promise<void> {
      if (pending.size > 0) await Promise.all(pending)
    },
    /**
     * What this node last learned of a token, without waiting (a change feed re-checks its credential synchronously);
     * a stale answer starts a fresh lookup for the next check.
     */
    known (token: string): SessionInfo | undefined {
      const hit = cache.get(sha256(token))
      if (hit === undefined) return undefined
      if (hit.until <= Date.now()) void this.resolve(token).catch(() => undefined)
      return hit.info !== undefined && hit.info.expiresAt > Date.now() ? hit.info : undefined
    },
    async resolve (token: string): Promise<SessionInfo | undefined> {
      const hash = sha256(token)
      const now = Date.now()
      let hit = cache.get(hash)
      if (hit === undefined || hit.until <= now) {
        const raw = await client.get(sessionKey(hash)).string()
        hit = { info: raw === null ? undefined : JSON.parse(raw) as SessionInfo, until: now + cacheMs }
        if (cache.size >= maxCached) cache.clear()
        cache.set(hash, hit)
      }
      return hit.info !== undefined && hit.info.expiresAt > now ? hit.info : undefined
    }
  }
}

export type SessionBridge = ReturnType<typeof createSessionBridge>

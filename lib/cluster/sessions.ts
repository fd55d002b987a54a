import type { Etcd3 } from 'etcd3'
import { newSessionToken, sha256 } from '../crypto.js'
import type { SessionEntry, SessionStore } from '../store/sessions.js'
import { SESSIONS, sessionKey } from './keys.js'
import { within } from './membership.js'

/** A session is trusted this long before etcd is asked again: the watch evicts it sooner (logout, deleted admin). */
const cacheMs = 2000
const maxCached = 10_000
/** etcd unreachable: a session this node knew stays valid (until its own expiry) rather than every request hanging. */
const lookupTimeoutMs = 1500

/**
 * Admin sessions in a cluster, in etcd only (`sessions/<sha256 of token>`): a login on any node works on every
 * node. `resolve` answers synchronously from a cache (the auth hook); a token not cached (or stale) is looked up in
 * etcd by `lookup` (the cluster's request hook). The watch over `/litehouse/` evicts a removed session at once.
 */
export function createClusterSessions (client: Etcd3, ttlMs: number) {
  const cache = new Map<string, { info: SessionEntry | undefined, until: number }>()
  const pending = new Set<Promise<unknown>>()
  const track = (promise: Promise<unknown>): void => {
    const settled = promise.catch(() => undefined).finally(() => pending.delete(settled))
    pending.add(settled)
  }
  const remember = (hash: string, info: SessionEntry | undefined): void => {
    if (cache.size >= maxCached) cache.clear()
    cache.set(hash, { info, until: Date.now() + cacheMs })
  }
  const valid = (info: SessionEntry | undefined): SessionEntry | undefined =>
    info !== undefined && info.expiresAt > Date.now() ? info : undefined

  async function lookup (token: string): Promise<SessionEntry | undefined> {
    const hash = sha256(token)
    let hit = cache.get(hash)
    if (hit === undefined || hit.until <= Date.now()) {
      try {
        const raw = await within(client.get(sessionKey(hash)).string(), lookupTimeoutMs, 'a session lookup in etcd')
        remember(hash, raw === null ? undefined : JSON.parse(raw) as SessionEntry)
        hit = cache.get(hash)
      } catch {
        // etcd unreachable: what this node knew (nothing: 401), as it keeps serving its databases meanwhile;
        // asked again only after another cacheMs, so requests do not each wait for the timeout
        if (hit !== undefined) remember(hash, hit.info)
      }
    }
    return valid(hit?.info)
  }

  const store: SessionStore = {
    create (adminId, email) {
      const token = newSessionToken()
      const info: SessionEntry = { adminId, email, expiresAt: Date.now() + ttlMs }
      const hash = sha256(token)
      remember(hash, info)
      // on a lease of the session's lifetime, never kept alive: etcd removes the key when the session expires, so
      // sessions that are never logged out do not pile up in etcd (one lease per sign-in; sign-ins are throttled)
      const lease = client.lease(Math.ceil(ttlMs / 1000), { autoKeepAlive: false })
      track(lease.put(sessionKey(hash)).value(JSON.stringify(info)).exec())
      return { token, expiresAt: new Date(info.expiresAt).toISOString() }
    },
    resolve (token) {
      const hit = cache.get(sha256(token))
      return hit !== undefined && hit.until > Date.now() ? valid(hit.info) : undefined
    },
    revoke (token) {
      const hash = sha256(token)
      cache.delete(hash)
      track(client.delete().key(sessionKey(hash)).exec())
    }
  }

  return {
    store,
    lookup,
    /** Waits until every login and logout of this node reached etcd (before the answer leaves). */
    async settled (): Promise<void> {
      if (pending.size > 0) await Promise.all(pending)
    },
    /**
     * What this node last learned of a token, without waiting (a change feed re-checks its credential synchronously);
     * a stale answer starts a fresh lookup for the next check.
     */
    known (token: string): SessionEntry | undefined {
      const hit = cache.get(sha256(token))
      if (hit === undefined) return undefined
      if (hit.until <= Date.now()) void lookup(token).catch(() => undefined)
      return valid(hit.info)
    },
    /** Every session of an admin ends (deleted): one etcd read of the sessions, then a delete of each of its own. */
    async endAll (adminId: string): Promise<void> {
      const all = await client.getAll().prefix(SESSIONS).strings()
      const mine = Object.entries(all).filter(([, raw]) => (JSON.parse(raw) as SessionEntry).adminId === adminId).map(([key]) => key)
      for (const key of mine) cache.delete(key.slice(SESSIONS.length))
      await Promise.all(mine.map(async (key) => await client.delete().key(key).exec()))
    },
    /** From the watch: a session removed on any node (logout, deleted admin) ends here at once. */
    evict (hash: string): void { cache.delete(hash) },
    /** After a reconnected watch (events may have been missed). */
    clear (): void { cache.clear() }
  }
}

export type ClusterSessions = ReturnType<typeof createClusterSessions>

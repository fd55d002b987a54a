import { Etcd3, type Lease } from 'etcd3'
import type { ClusterConfig } from '../../fastify.config.js'
import type { EngineLogger } from '../engine/types.js'
import { nodeKey, ROOT } from './keys.js'

const connectTimeoutMs = 3000
/** Clock drift allowance: a node stops writing this long before its lease could expire in etcd. */
const safetyMs = 250

/** Resolves with `promise` or rejects after `ms`. */
export async function within<T> (promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_resolve, reject) => { timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms) })
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}

/** Connects to etcd, or throws a message an operator can act on: a node never starts in cluster mode without it. */
export async function connectEtcd (config: ClusterConfig): Promise<Etcd3> {
  const client = new Etcd3({ hosts: config.etcd, dialTimeout: connectTimeoutMs })
  try {
    await within(client.get(`${ROOT}ping`).string(), connectTimeoutMs, 'the first request')
  } catch (err) {
    client.close()
    throw new Error(`cluster mode: etcd at ${config.etcd.join(', ')} cannot be reached (${(err as Error).message}): start etcd or fix CLUSTER_ETCD`)
  }
  return client
}

/**
 * This node's membership: a lease kept alive, and the node's key on it. `writable()` is the fence: it turns false
 * as soon as the lease may have expired in etcd (measured from the last keepalive etcd acknowledged, from the
 * moment it was sent), so a node that was paused or cut off from etcd stops at once, before any event tells it.
 * A lost lease is replaced by a new one (a new membership: the databases of the old one are not its own any more).
 */
export function createMembership (client: Etcd3, config: ClusterConfig, logger: EngineLogger, onJoin: (leaseId: string) => Promise<void>) {
  const ttlMs = config.leaseTtlS * 1000
  let lease: Lease | undefined
  let leaseId = ''
  let validUntil = 0
  let closed = false
  let rejoinTimer: NodeJS.Timeout | undefined

  async function join (): Promise<void> {
    const next = client.lease(config.leaseTtlS)
    let firedAt = Date.now()
    next.on('keepaliveFired', () => { firedAt = Date.now() })
    next.on('keepaliveSucceeded', () => { if (lease === next) validUntil = firedAt + ttlMs - safetyMs })
    next.on('lost', (err) => {
      if (lease !== next || closed) return
      validUntil = 0
      logger.error({ err: err.message }, 'this node lost its cluster lease: it stops serving its databases and joins again')
      scheduleRejoin(0)
    })
    const requestedAt = Date.now()
    const id = await next.grant()
    await next.put(nodeKey(config.nodeId)).value(JSON.stringify({ id: config.nodeId, url: config.nodeUrl, startedAt: new Date().toISOString() }))
    lease = next
    leaseId = id
    // the placement of the new lease is read before the node serves as its owner again
    await onJoin(id)
    validUntil = requestedAt + ttlMs - safetyMs
  }

  function scheduleRejoin (delayMs: number): void {
    if (closed) return
    clearTimeout(rejoinTimer)
    rejoinTimer = setTimeout(() => {
      join().catch((err: Error) => {
        logger.warn({ err: err.message }, 'could not join the cluster again: retrying')
        scheduleRejoin(Math.min(ttlMs, 1000))
      })
    }, delayMs)
  }

  return {
    join,
    /** The current lease; a placement under another one is not this node's. */
    leaseId: (): string => leaseId,
    /** Whether this node may write now: its lease cannot have expired yet. */
    writable: (): boolean => Date.now() < validUntil,
    /** When the lease is known to be valid until (ms), 0 when fenced. */
    validUntil: (): number => validUntil,
    async close (): Promise<void> {
      closed = true
      clearTimeout(rejoinTimer)
      validUntil = 0
      // leaving on purpose: the lease goes now, the databases fail over at once rather than after the TTL
      await lease?.revoke().catch(() => undefined)
    }
  }
}

export type Membership = ReturnType<typeof createMembership>

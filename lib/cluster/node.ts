import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ClusterConfig } from '../../fastify.config.js'
import { API_KEY_PREFIX } from '../crypto.js'
import { removeTempFiles } from '../databases/files.js'
import { DatabaseExists, DatabaseUnavailable, ForwardingLoop, UnknownNode } from '../errors.js'
import type { DatabaseRecord } from '../store/databases.js'
import { createForwarder } from './forward.js'
import { createHandover, type DatabaseRows } from './handover.js'
import { HOP_HEADER, SESSIONS, SETTINGS } from './keys.js'
import { connectEtcd, createMembership } from './membership.js'
import { createPlacement } from './placement.js'
import { routeTarget } from './route-target.js'
import { listAcrossNodes } from './database-list.js'
import { activityAcrossNodes } from './activity-list.js'
import { errors } from '../../schemas/common.js'
import { createClusterSessions } from './sessions.js'
import { createClusterAdmins } from './admins.js'
import { createClusterSettings } from './settings.js'
import { bootstrapAdmin } from '../store/bootstrap.js'

/**
 * One node of a cluster (docs/cluster.md): its membership, its view of the placement, the request routing
 * (serve what it owns, forward the rest to the owner) and the hand-overs. Loaded only in cluster mode.
 */
export async function startCluster (fastify: FastifyInstance, config: ClusterConfig) {
  const { store, engine, databases, databaseFile, log } = fastify
  const backups = fastify.backups
  const backup = fastify.config.backup
  if (backups === undefined || backup === undefined) throw new Error('cluster mode needs BACKUP_URL')
  const bin = (await import('../backup/litestream.js')).litestreamBinary(backup.bin)
  if (bin === undefined) throw new Error('cluster mode needs the Litestream binary: databases fail over through their replica')
  const self = config.nodeId

  const client = await connectEtcd(config)
  const placement = createPlacement(client, self)
  // admins, their sessions and the settings are the cluster's, in etcd: the same on every node
  const sessions = createClusterSessions(client, fastify.config.sessionTtlMs)
  const settings = createClusterSettings(client)
  // a session key is only ever written once (at login): its removal (logout, deleted admin) is what matters
  placement.follow({ prefix: SESSIONS, apply: (key, raw) => { if (raw === undefined) sessions.evict(key.slice(SESSIONS.length)) }, reset: sessions.clear })
  placement.follow({ prefix: SETTINGS, apply: settings.apply, reset: settings.reset })
  store.sessions = sessions.store
  store.settings = settings.store
  store.admins = createClusterAdmins(client, sessions.endAll)
  const forwarder = createForwarder()
  let sweepTimer: NodeJS.Timeout | undefined
  const scheduleSweep = (): void => {
    if (sweepTimer !== undefined) return
    sweepTimer = setTimeout(() => {
      sweepTimer = undefined
      void handover.sweep()
    }, 50)
  }
  // a new lease (the first, or after a lost one): read the placement again, drop what others own now, take orphans
  const membership = createMembership(client, config, log, async () => {
    await placement.reload()
    handover.dropStale()
    scheduleSweep()
  })
  const handover = createHandover({
    self, dataDir: fastify.config.dataDir, backup, bin, store, engine, supervisor: backups.supervisor, databaseFile, placement, membership, logger: log
  })
  await placement.start()
  await bootstrapAdmin(store, fastify.config, log)
  placement.onChange(scheduleSweep)
  await membership.join()
  // the watch is how placement reaches this node, but a watch reconnecting after etcd was away (backing off) can lag:
  // while this node's view is unsettled (orphans, owners it does not know), it reads the whole placement again every
  // TTL/2 rather than wait for the watch
  const periodic = setInterval(() => {
    const resync = placement.unsettled() ? placement.reload().catch(() => undefined) : Promise.resolve()
    void resync.then(scheduleSweep)
  }, Math.max(500, config.leaseTtlS * 500))
  periodic.unref()

  // new names are reserved in etcd first: two nodes never create the same database
  const reserve = async (name: string): Promise<void> => {
    if (!membership.writable()) throw new DatabaseUnavailable('this node has lost its cluster lease: retry on another node')
    if (!await placement.reserve(name, membership.leaseId())) throw new DatabaseExists(name)
  }
  const publishOrRelease = async <T extends DatabaseRecord>(name: string, make: () => Promise<T>): Promise<T> => {
    try {
      const record = await make()
      await placement.publish(name, record.id)
      return record
    } catch (err) {
      await placement.remove(name).catch(() => undefined)
      throw err
    }
  }
  const { create, import: importFile } = databases
  databases.create = async (name, group, ctx) => {
    await reserve(name)
    return await publishOrRelease(name, async () => await create(name, group, ctx))
  }
  databases.import = async (upload, name, group, ctx, action, details) => {
    try {
      await reserve(name)
    } catch (err) {
      removeTempFiles(upload)
      throw err
    }
    return await publishOrRelease(name, async () => await importFile(upload, name, group, ctx, action, details))
  }
  databases.onRemove(async (record) => { await placement.remove(record.name) })
  const { rename } = databases
  databases.rename = async (record, newName, ctx) => {
    if (newName === record.name) return record
    const oldName = record.name
    await reserve(newName)
    const renamed = await publishOrRelease(newName, async () => await rename(record, newName, ctx))
    await placement.remove(oldName)
    return renamed
  }

  const unavailable = (why: string) => new DatabaseUnavailable(why)

  // A database failing over in this node's view may have been taken already, the watch not having said so yet: its
  // placement is read from etcd itself, at most once a second per database, so a burst of requests costs one read.
  const refreshedAt = new Map<string, number>()
  async function freshOwner (name: string): Promise<ReturnType<typeof placement.ownerOf>> {
    const now = Date.now()
    if (now - (refreshedAt.get(name) ?? 0) < 1000) return placement.ownerOf(name)
    if (refreshedAt.size >= 10_000) refreshedAt.clear()
    refreshedAt.set(name, now)
    return await placement.refresh(name).catch(() => undefined)
  }

  /** Serves here (returns undefined) or forwards to the owner (returns the reply). */
  async function route (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    const target = routeTarget(request.method, request.url)
    const hop = request.headers[HOP_HEADER] !== undefined
    if (target.kind === 'create') {
      const node = hop ? self : placement.leastLoaded(self)
      const info = placement.node(node)
      if (node !== self && info !== undefined) return await forwarder.forward(request, reply, info.url, node)
      return undefined
    }
    if (target.kind !== 'database') return undefined
    const name = target.name
    let owner = placement.ownerOf(name)
    if (owner !== undefined && owner.node !== self && hop) {
      // the sender thought this node owns it: one fresh read of the placement, then a loop is declared
      owner = await placement.refresh(name)
      if (owner !== undefined && owner.node !== self) throw new ForwardingLoop(name)
    }
    if (owner === undefined && placement.entry(name)?.id != null) owner = await freshOwner(name)
    if (owner === undefined) {
      if (placement.entry(name)?.id != null) throw unavailable(`'${name}' is failing over to another node: retry in a few seconds`)
      return undefined // unknown everywhere: 404 here
    }
    if (owner.node !== self) {
      const info = placement.node(owner.node)
      if (info === undefined) throw unavailable(`its owner node '${owner.node}' is gone: it fails over shortly`)
      return await forwarder.forward(request, reply, info.url, owner.node)
    }
    if (owner.lease !== membership.leaseId()) throw unavailable(`'${name}' belongs to an earlier lease of this node: it fails over shortly`)
    if (!membership.writable()) throw unavailable('this node has lost its cluster lease and stopped serving its databases')
    if (handover.isBusy(name)) throw unavailable(`'${name}' is being handed over between nodes: retry shortly`)
    return undefined
  }

  // after the auth plugin's hook: a token this node does not know may be a session granted by another node
  fastify.addHook('onRequest', async (request, reply) => {
    const forwarded = await route(request, reply)
    if (forwarded !== undefined) return forwarded
    const header = request.headers.authorization
    if (request.principal === null && header?.startsWith('Bearer ')) {
      const token = header.slice(7).trim()
      if (token.length > 0 && token.length <= 256 && !token.startsWith(API_KEY_PREFIX)) {
        const info = await sessions.lookup(token)
        if (info !== undefined) request.principal = { kind: 'admin', adminId: info.adminId, email: info.email, token }
      }
    }
  })
  // in a cluster every route of a database may answer 503 (its owner fenced, failing over, moving; a forwarding loop)
  fastify.addHook('onRoute', (route) => {
    const response = (route.schema as { response?: Record<number, unknown> } | undefined)?.response
    if (response === undefined || response[503] !== undefined || routeTarget(String(route.method), route.url).kind !== 'database') return
    response[503] = errors(503)[503]
  })

  listAcrossNodes(fastify, placement, self)
  activityAcrossNodes(fastify, placement, self)

  // synchronous checks of a credential (a change feed's) know the sessions of other nodes this node has looked up
  const localPrincipal = fastify.principalOf
  fastify.principalOf = (header) => {
    const principal = localPrincipal(header)
    if (principal !== null || header === undefined || !header.startsWith('Bearer ')) return principal
    const token = header.slice(7).trim()
    const info = token.startsWith(API_KEY_PREFIX) ? undefined : sessions.known(token)
    return info === undefined ? null : { kind: 'admin', adminId: info.adminId, email: info.email, token }
  }

  // a login's answer leaves only once its session is in etcd: the next request may reach another node
  fastify.addHook('onSend', async () => { await sessions.settled() })

  fastify.addHook('onClose', async () => {
    clearInterval(periodic)
    clearTimeout(sweepTimer)
    // the replica gets the last writes before the lease goes and another node restores from it
    await backups.supervisor.close()
    await membership.close()
    await placement.close()
    forwarder.close()
    client.close()
  })

  return {
    self,
    status () {
      const placements = placement.placements()
      const counts = new Map<string, number>()
      for (const [, p] of placements) counts.set(p.node, (counts.get(p.node) ?? 0) + 1)
      return {
        self,
        lease: { id: membership.leaseId(), ttlSeconds: config.leaseTtlS, writable: membership.writable() },
        nodes: placement.nodes().map((n) => ({ id: n.id, url: n.url, startedAt: n.startedAt, databases: counts.get(n.id) ?? 0 })),
        placement: placements.map(([database, p]) => ({ database, node: p.node, lease: p.lease })).sort((a, b) => a.database.localeCompare(b.database)),
        orphans: placement.entries().filter(([name, e]) => e.id !== null && placement.ownerOf(name) === undefined).map(([name]) => name).sort()
      }
    },
    /** `POST /api/databases/:name/move` on the owner. */
    async move (record: DatabaseRecord, node: string, authorization: string | undefined): Promise<void> {
      const info = placement.node(node)
      if (info === undefined) throw new UnknownNode(node)
      if (node === self) return
      await handover.moveOut(record, node, info.url, async (body) => {
        const answer = await fetch(`${info.url}/api/cluster/adopt`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [HOP_HEADER]: '1', ...(authorization ? { authorization } : {}) },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(60_000)
        })
        if (!answer.ok) throw unavailable(`node '${node}' could not take it over: ${(await answer.json().catch(() => ({})) as { message?: string }).message ?? answer.status}`)
      })
    },
    /** `POST /api/cluster/adopt` on the target of a move. */
    async moveIn (name: string, expected: string, rows: DatabaseRows): Promise<void> {
      if (!membership.writable()) throw unavailable('this node has lost its cluster lease')
      await handover.moveIn(name, expected, rows)
    }
  }
}

export type ClusterNode = Awaited<ReturnType<typeof startCluster>>

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ActivityEntry } from '../store/activity.js'
import { askOtherNodes } from './ask-nodes.js'
import { HOP_HEADER } from './keys.js'
import type { ClusterPlacement } from './placement.js'

/** The route's largest page: another node is asked in pages of this size. */
const pageMax = 1000

type Entry = ActivityEntry & { node: string }
interface ActivityPage { data: ActivityEntry[], meta: { total?: number } }

/**
 * `GET /api/activity` in a cluster: the audit log of every live node, newest first. Each node keeps the entries of
 * the actions it performed; the node asked takes the newest `offset + limit` of each (the others asked with the hop
 * header, so each answers for its own only) and merges them by time. Entries carry `node`, as ids are per node.
 * A deep page costs each node its `offset` entries; a node that does not answer is left out.
 */
export function activityAcrossNodes (fastify: FastifyInstance, placement: ClusterPlacement, self: string): void {
  const { store } = fastify
  fastify.addHook('onRoute', (route) => {
    if ((route.schema as { operationId?: string } | undefined)?.operationId !== 'listActivity') return
    route.preHandler = [...(route.preHandler ? [route.preHandler].flat() : []), async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.headers[HOP_HEADER] !== undefined) return
      const { limit, offset } = request.query as { limit: number, offset: number }
      const wanted = offset + limit
      const own = store.activity.list(wanted, 0)
      const entries: Entry[] = own.rows.map((e) => ({ ...e, node: self }))
      let total = own.total
      for (let from = 0; from < wanted; from += pageMax) {
        const size = Math.min(pageMax, wanted - from)
        const pages = await askOtherNodes<ActivityPage>(placement, self, `/api/activity?limit=${size}&offset=${from}`, request.headers.authorization)
        for (const { node, body } of pages) {
          if (from === 0) total += body.meta.total ?? 0
          entries.push(...body.data.map((e) => ({ ...e, node })))
        }
        if (pages.every(({ body }) => body.data.length < size)) break // every node has given all it has
      }
      entries.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.node.localeCompare(b.node) || b.id - a.id)
      return await reply.send({ data: entries.slice(offset, wanted), meta: { limit, offset, total } })
    }]
  })
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { askOtherNodes } from './ask-nodes.js'
import { HOP_HEADER } from './keys.js'
import type { ClusterPlacement } from './placement.js'

/**
 * `GET /api/databases` in a cluster: the databases of every live node. The node asked merges its own with each
 * other node's (asked with the hop header, so each answers for its own only), then applies search and paging.
 */
export function listAcrossNodes (fastify: FastifyInstance, placement: ClusterPlacement, self: string): void {
  const { store, databases } = fastify
  fastify.addHook('onRoute', (route) => {
    if ((route.schema as { operationId?: string } | undefined)?.operationId !== 'listDatabases') return
    route.preHandler = [...(route.preHandler ? [route.preHandler].flat() : []), async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.headers[HOP_HEADER] !== undefined) return
      const query = request.query as { limit?: number, offset?: number, search?: string }
      const merged = await listEverywhere(request.headers.authorization)
      const needle = query.search?.toLowerCase()
      const matching = needle === undefined ? merged : merged.filter((d) => d.name.toLowerCase().includes(needle))
      if (query.limit === undefined && query.offset === undefined && query.search === undefined) return await reply.send({ data: matching })
      const page = { limit: query.limit ?? 50, offset: query.offset ?? 0 }
      return await reply.send({ data: matching.slice(page.offset, page.offset + page.limit), meta: { ...page, total: matching.length } })
    }]
  })
  async function listEverywhere (authorization: string | undefined): Promise<Array<{ name: string }>> {
    const local = store.databases.list().map(databases.summary)
    const remote = (await askOtherNodes<{ data: Array<{ name: string }> }>(placement, self, '/api/databases', authorization))
      .map(({ node, body }) => body.data.map((d) => ({ node, d })))
    const byName = new Map<string, { name: string }>()
    for (const { node, d } of [...local.map((d) => ({ node: self, d })), ...remote.flat()]) {
      // a database in two registries for a moment (a move): the owner's copy counts
      if (!byName.has(d.name) || placement.ownerOf(d.name)?.node === node) byName.set(d.name, d)
    }
    return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name))
  }
}

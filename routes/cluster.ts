import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { errors } from '../schemas/common.js'
import { DatabaseParams } from '../schemas/databases.js'
import { AdoptBody, ClusterResponse, MoveBody, MoveResponse } from '../schemas/cluster.js'
import type { DatabaseRecord } from '../lib/store/databases.js'
import type { DatabaseRows } from '../lib/cluster/handover.js'
import { ClusterDisabled } from '../lib/errors.js'
import { area } from '../plugins/area.js'

/** The cluster (admin only): its nodes and placement, and moving a database live; `404 CLUSTER_DISABLED` when off. */
const plugin: FastifyPluginAsyncTypebox = async (fastify) => {
  const cluster = () => {
    if (fastify.cluster === undefined) throw new ClusterDisabled()
    return fastify.cluster
  }

  fastify.get('/cluster', {
    schema: {
      tags: ['cluster'],
      operationId: 'getCluster',
      summary: 'Nodes, leases and placement of the cluster',
      response: { 200: ClusterResponse, ...errors(401, 403, 404) }
    }
  }, async function () {
    return { data: cluster().status() }
  })

  fastify.post('/databases/:name/move', {
    schema: {
      tags: ['cluster'],
      operationId: 'moveDatabase',
      summary: 'Move a database to another node, live (503 for its requests during the hand-over)',
      params: DatabaseParams,
      body: MoveBody,
      response: { 200: MoveResponse, ...errors(400, 401, 403, 404, 503) }
    }
  }, async function (request) {
    const record = request.database as DatabaseRecord
    await cluster().move(record, request.body.node, request.headers.authorization)
    return { data: { name: record.name, node: request.body.node } }
  })

  fastify.post('/cluster/adopt', {
    schema: {
      tags: ['cluster'],
      operationId: 'adoptDatabase',
      summary: 'Internal: the target node of a move takes the database over from its replica',
      body: AdoptBody,
      response: { 200: MoveResponse, ...errors(400, 401, 403, 404, 503) }
    }
  }, async function (request) {
    const { name, expected, rows } = request.body
    await cluster().moveIn(name, expected, rows as unknown as DatabaseRows)
    return { data: { name, node: cluster().self } }
  })
}

export default area('cluster', plugin, ['cluster', 'store'])

import { Type } from '@sinclair/typebox'
import { Data, DatabaseNameSchema } from './common.js'

const NodeIdSchema = Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', description: 'a node\'s NODE_ID' })

export const ClusterResponse = Data(Type.Object({
  self: NodeIdSchema,
  lease: Type.Object({
    id: Type.String({ description: 'this node\'s etcd lease (hex)' }),
    ttlSeconds: Type.Integer(),
    writable: Type.Boolean({ description: 'false while this node is fenced: its lease may have expired' })
  }),
  nodes: Type.Array(Type.Object({
    id: NodeIdSchema,
    url: Type.String(),
    startedAt: Type.String(),
    databases: Type.Integer({ description: 'databases this node owns now' })
  }), { description: 'live nodes (their lease is alive), by id' }),
  placement: Type.Array(Type.Object({
    database: DatabaseNameSchema,
    node: NodeIdSchema,
    lease: Type.String()
  }), { description: 'which node owns each database, by name' }),
  orphans: Type.Array(DatabaseNameSchema, { description: 'databases whose owner is gone and that no node has taken over yet' })
}))

export const MoveBody = Type.Object({ node: NodeIdSchema }, { additionalProperties: false })

export const MoveResponse = Data(Type.Object({ name: DatabaseNameSchema, node: NodeIdSchema }))

export const AdoptBody = Type.Object({
  name: DatabaseNameSchema,
  expected: Type.String({ description: 'the placement value the moving owner holds' }),
  rows: Type.Object({
    database: Type.Object({ id: Type.String() }, { additionalProperties: true }),
    keys: Type.Array(Type.Object({}, { additionalProperties: true }))
  })
}, { additionalProperties: false })

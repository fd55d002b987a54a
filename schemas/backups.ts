import { Type } from '@sinclair/typebox'
import { Data, DatabaseNameSchema, IsoDateSchema } from './common.js'

const RestoreRangeSchema = Type.Object({ from: IsoDateSchema, to: IsoDateSchema })

export const RestoreWindowSchema = Type.Object({
  from: IsoDateSchema,
  to: IsoDateSchema,
  ranges: Type.Array(RestoreRangeSchema, {
    description: 'the spans a restore can reach, oldest first: one per generation; an instant between two (the replicator was down or a new generation began) is not restorable'
  })
}, { description: 'the earliest and latest instants a restore can reach, and the spans in between that it can' })

export const BackupStateSchema = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('failing')], { description: 'the replicator\'s health, as GET /api/health says' }),
  replicating: Type.Boolean({ description: 'in the replicated set now (written within BACKUP_IDLE_MS)' }),
  lagSeconds: Type.Number({ description: 'how long the oldest write not yet in the replica has waited; 0 when the replica holds every write (to about BACKUP_SYNC_MS)' }),
  lastWriteAt: Type.Union([IsoDateSchema, Type.Null()], { description: 'last write seen since the server started' }),
  lastReplicatedAt: Type.Union([IsoDateSchema, Type.Null()], { description: 'last upload of its changes to the replica since the server started' })
}, { description: 'present when backups are on (BACKUP_URL)' })

export const SnapshotSchema = Type.Object({
  createdAt: IsoDateSchema,
  generation: Type.String({ description: 'Litestream generation: a snapshot followed by its WAL segments' }),
  sizeBytes: Type.Integer({ description: 'compressed size in the replica' })
})

export const BackupListResponse = Data(Type.Object({
  window: Type.Union([RestoreWindowSchema, Type.Null()]),
  snapshots: Type.Array(SnapshotSchema)
}))

export const SnapshotResponse = Data(SnapshotSchema)

export const RestoreBody = Type.Object({
  timestamp: Type.Optional(Type.String({ format: 'date-time', description: 'the instant to restore (default: the latest state)' })),
  target: Type.Optional(DatabaseNameSchema)
}, { additionalProperties: false })

export const RestoreDeletedBody = Type.Object({
  name: DatabaseNameSchema,
  deletedAt: Type.Optional(Type.String({ format: 'date-time', description: 'which deletion of that name (default: the latest)' })),
  timestamp: Type.Optional(Type.String({ format: 'date-time', description: 'the instant to restore (default: just before the delete)' })),
  target: DatabaseNameSchema
}, { additionalProperties: false })

export const DeletedListResponse = Data(Type.Array(Type.Object({
  id: Type.String(),
  name: Type.String(),
  group: Type.Union([Type.String(), Type.Null()]),
  deletedAt: IsoDateSchema
})))

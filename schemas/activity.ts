import { Type } from '@sinclair/typebox'
import { Page, PageQuerySchema } from './common.js'

export const ActivityQuerySchema = PageQuerySchema(1000, 50)

export const ActivityEntrySchema = Type.Object({
  id: Type.Integer(),
  action: Type.String(),
  actor: Type.Object({
    type: Type.Union([Type.Literal('admin'), Type.Literal('key')]),
    id: Type.Union([Type.String(), Type.Null()]),
    email: Type.Optional(Type.Union([Type.String(), Type.Null()]))
  }),
  database: Type.Union([Type.String(), Type.Null()]),
  details: Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()]),
  ip: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  node: Type.Optional(Type.String({ description: 'cluster mode: the node that recorded it (ids are per node)' }))
})

export const ActivityResponse = Page(ActivityEntrySchema)

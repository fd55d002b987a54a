import { Type } from '@sinclair/typebox'

export const HealthResponse = Type.Object({
  status: Type.Literal('ok'),
  version: Type.String(),
  databases: Type.Integer()
})

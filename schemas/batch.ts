import { Type } from '@sinclair/typebox'
import { ErrorSchema, errors } from './common.js'
import { QueryBody, QueryResponse } from './query.js'

export const BatchBody = Type.Object({
  statements: Type.Array(QueryBody, { minItems: 1, maxItems: 100, description: '1 to 100 statements, run in order in one transaction' })
}, { additionalProperties: false })

export const BatchResponse = Type.Object({
  data: Type.Array(QueryResponse, { description: 'what POST .../query answers for each statement, in order: { data, meta? }' })
})

/** A batch's error: the statement's own error, with its 0-based index when one statement caused it. */
export function batchErrors (...statuses: number[]): Record<number, ReturnType<typeof errors>[number]> {
  const out: Record<number, ReturnType<typeof errors>[number]> = {}
  for (const [status, schema] of Object.entries(errors(...statuses))) {
    out[Number(status)] = Type.Object({
      ...ErrorSchema.properties,
      statementIndex: Type.Optional(Type.Integer({ minimum: 0, description: 'the failing statement, 0-based; nothing of the batch was kept' }))
    }, { description: schema.description }) as unknown as typeof schema
  }
  return out
}

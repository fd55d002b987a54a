import { Type, type TSchema } from '@sinclair/typebox'

/** The contract's error body: Fastify's native shape with a stable machine code. */
export const ErrorSchema = Type.Object({
  statusCode: Type.Integer(),
  code: Type.String(),
  error: Type.String(),
  message: Type.String()
}, { description: 'Error: statusCode, stable machine code, HTTP reason and a human message' })

export const DatabaseNameSchema = Type.String({
  pattern: '^[a-z0-9][a-z0-9_-]*$', minLength: 1, maxLength: 64, description: 'database name: lowercase letters, digits, _ and -'
})

export const IsoDateSchema = Type.String({ format: 'date-time' })

export const DeletedSchema = Type.Object({ deleted: Type.Literal(true) }, { additionalProperties: true })

export const PageQuerySchema = (maxLimit: number, defaultLimit: number) => Type.Object({
  limit: Type.Integer({ minimum: 0, maximum: maxLimit, default: defaultLimit }),
  offset: Type.Integer({ minimum: 0, default: 0 })
}, { additionalProperties: false })

export const PageMetaSchema = Type.Object({
  limit: Type.Integer(),
  offset: Type.Integer(),
  total: Type.Optional(Type.Integer()),
  hasMore: Type.Optional(Type.Boolean())
})

/** `{ data: T }`, the success envelope of every JSON endpoint but health. */
export const Data = <T extends TSchema>(data: T) => Type.Object({ data })

/** `{ data: T[], meta }` for paginated lists. */
export const Page = <T extends TSchema>(item: T) => Type.Object({ data: Type.Array(item), meta: PageMetaSchema })

const reasons: Record<number, string> = {
  400: 'invalid request parameters',
  401: 'missing or invalid credentials',
  403: 'the credential does not allow this action',
  404: 'resource not found',
  408: 'the statement ran past the query deadline',
  409: 'resource already exists or a constraint was violated',
  410: 'gone: the resource or position is no longer kept',
  413: 'request body too large',
  429: 'too many requests: retry after the Retry-After header',
  503: 'storage or engine temporarily unavailable',
  507: 'no space left on the server'
}

/** Response schemas for the error statuses a route can answer, all with the error body. */
export function errors (...statuses: number[]): Record<number, typeof ErrorSchema> {
  const out: Record<number, typeof ErrorSchema> = {}
  for (const status of [400, ...statuses]) out[status] = Type.Object(ErrorSchema.properties, { description: reasons[status] ?? 'error' })
  return out
}

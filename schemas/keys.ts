import { Type } from '@sinclair/typebox'
import { Data, DatabaseNameSchema, IsoDateSchema, Page, PageQuerySchema } from './common.js'

export const ScopeSchema = Type.Union([Type.Literal('read'), Type.Literal('write')], {
  description: 'read: GETs, read-only SQL and export; write: everything on its database'
})

export const KeyParams = Type.Object({ name: DatabaseNameSchema, id: Type.String({ pattern: '^apk_[0-9a-z]{1,64}$' }) })

export const RateLimitSchema = Type.Object({
  max: Type.Integer({ minimum: 1, maximum: 1_000_000_000, description: 'requests allowed in each window' }),
  timeWindowSeconds: Type.Integer({ minimum: 1, maximum: 86_400, description: 'length of the window in seconds' })
}, { additionalProperties: false, description: 'the key\'s own rate limit (429 RATE_LIMITED beyond)' })
/** null: the server default (KEY_RATE_LIMIT) applies, or none when it is unset. */
const KeyRateLimitSchema = Type.Union([RateLimitSchema, Type.Null()], { description: 'the key\'s own rate limit; null: the server default (KEY_RATE_LIMIT), none when unset' })

export const CreateKeyBody = Type.Object({
  label: Type.String({ minLength: 1, maxLength: 100 }),
  scope: Type.Optional(ScopeSchema),
  rateLimit: Type.Optional(KeyRateLimitSchema)
}, { additionalProperties: false })

export const UpdateKeyBody = Type.Object({
  rateLimit: KeyRateLimitSchema
}, { additionalProperties: false })

export const KeyItemSchema = Type.Object({
  id: Type.String(),
  label: Type.String(),
  scope: ScopeSchema,
  prefix: Type.String({ description: 'first 7 characters of the raw key' }),
  createdAt: IsoDateSchema,
  lastUsedAt: Type.Union([IsoDateSchema, Type.Null()]),
  rateLimit: KeyRateLimitSchema
})

export const NewKeySchema = Type.Object({
  id: Type.String(),
  label: Type.String(),
  scope: ScopeSchema,
  key: Type.String({ description: 'the raw key: shown this once, stored only as a SHA-256 hash' }),
  prefix: Type.String(),
  createdAt: Type.Optional(IsoDateSchema),
  rateLimit: Type.Optional(KeyRateLimitSchema)
})

/** Keys come a page at a time (issue #30, item 7); the default page holds every key a database may have by default. */
export const KeyListQuery = PageQuerySchema(1000, 1000)
export const KeyListResponse = Page(KeyItemSchema)
export const KeyResponse = Data(KeyItemSchema)
export const NewKeyResponse = Data(NewKeySchema)
export const KeyRevokedResponse = Data(Type.Object({ deleted: Type.Literal(true), id: Type.String() }))

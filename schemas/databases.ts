import { Type, type Static } from '@sinclair/typebox'
import { Data, DatabaseNameSchema, IsoDateSchema } from './common.js'
import { BackupStateSchema } from './backups.js'

export const DatabaseParams = Type.Object({ name: DatabaseNameSchema })

export const DatabaseSummarySchema = Type.Object({
  id: Type.String({ description: 'db_ followed by 24 characters' }),
  name: Type.String(),
  path: Type.String({ description: 'file path relative to the data directory' }),
  createdAt: IsoDateSchema,
  group: Type.Union([Type.String(), Type.Null()]),
  readonly: Type.Boolean(),
  sizeBytes: Type.Integer({ description: 'size of the database file and its write-ahead log' }),
  tableCount: Type.Union([Type.Integer(), Type.Null()], { description: 'user tables, as last seen by the server' })
})

export const TableSummarySchema = Type.Object({
  name: Type.String(),
  type: Type.Union([Type.Literal('table'), Type.Literal('view')]),
  rowCount: Type.Optional(Type.Integer())
})

export const DatabaseDetailSchema = Type.Object({
  ...DatabaseSummarySchema.properties,
  tables: Type.Array(TableSummarySchema),
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')], { description: 'unavailable: the file is missing, unreadable or corrupt (tables is then empty)' }),
  statusReason: Type.Union([Type.String(), Type.Null()], { description: 'why the database is unavailable, null when ok' }),
  backup: Type.Optional(BackupStateSchema)
})

export const CreateDatabaseBody = Type.Object({
  name: DatabaseNameSchema,
  group: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'label organising databases in the dashboard' }))
}, { additionalProperties: false })

export const RenameDatabaseBody = Type.Object({ name: DatabaseNameSchema }, { additionalProperties: false })

export const CountsQuery = Type.Object({
  counts: Type.Boolean({ default: false, description: 'include rowCount for every table (counts every row)' })
}, { additionalProperties: false })

export const CorsOriginSchema = Type.String({
  pattern: '^(\\*|https?://[^/\\s]+)$', maxLength: 256, description: 'an exact origin such as https://app.example.com, or *'
})

export const DatabaseConfigSchema = Type.Object({
  cors_origins: Type.Array(Type.String()),
  readonly: Type.Boolean(),
  group: Type.Union([Type.String(), Type.Null()]),
  maxSizeBytes: Type.Union([Type.Integer(), Type.Null()], { description: 'size quota in force, in bytes (DB_MAX_SIZE_BYTES unless set here); null: unlimited' })
})

export const DatabaseConfigPatch = Type.Object({
  cors_origins: Type.Optional(Type.Array(CorsOriginSchema, { maxItems: 100, uniqueItems: true })),
  readonly: Type.Optional(Type.Boolean()),
  maxSizeBytes: Type.Optional(Type.Union([Type.Integer({ minimum: 4096 }), Type.Null()], {
    description: 'admin only: size quota in bytes, null for unlimited; a write past it gets 507 DATABASE_FULL'
  }))
}, { additionalProperties: false, minProperties: 1 })
export type DatabaseConfigPatchBody = Static<typeof DatabaseConfigPatch>

/** Without any of these the list is every database (the spec's shape); with one, a page of them with `meta`. */
export const DatabaseListQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: 'databases per page (default 50 once paging)' })),
  offset: Type.Optional(Type.Integer({ minimum: 0, description: 'databases to skip, by name order' })),
  search: Type.Optional(Type.String({ maxLength: 128, description: 'only names containing this text, in any case' }))
}, { additionalProperties: false })
export type DatabaseListQueryString = Static<typeof DatabaseListQuery>

export const DatabaseListResponse = Type.Object({
  data: Type.Array(DatabaseSummarySchema),
  meta: Type.Optional(Type.Object({ limit: Type.Integer(), offset: Type.Integer(), total: Type.Integer() }, {
    description: 'present when limit, offset or search was given; total counts every matching database'
  }))
})
export const DatabaseResponse = Data(DatabaseSummarySchema)
export const DatabaseDetailResponse = Data(DatabaseDetailSchema)
export const DatabaseDeletedResponse = Data(Type.Object({ deleted: Type.Literal(true), name: Type.String() }))
export const DatabaseConfigResponse = Data(DatabaseConfigSchema)
export const TableSchemasResponse = Data(Type.Array(Type.Object({ name: Type.String(), schema: Type.String() })))

import { Type } from '@sinclair/typebox'
import { Data, DatabaseNameSchema, PageMetaSchema } from './common.js'
import { TableNameSchema } from './tables.js'

export const RecordSchema = Type.Object({}, {
  additionalProperties: true,
  description: 'column names and values, each as its declared type takes and gives it: boolean true/false, json any JSON value, ' +
    'integer and real numbers, date/datetime/timestamp ISO 8601 text, blob { "$base64": "..." }; other types as SQLite stores them'
})

/** The longest `:id` (in characters), and how long it can be in a URL: one UTF-16 unit is at most 9 characters percent-encoded. */
export const maxRecordIdLength = 512
export const maxEncodedParamLength = maxRecordIdLength * 9

export const RecordParams = Type.Object({
  db: DatabaseNameSchema,
  table: TableNameSchema,
  id: Type.String({ minLength: 1, maxLength: maxRecordIdLength, description: 'value of the single-column primary key (rowid when there is none)' })
})

export const ListRecordsQuery = Type.Object({
  filter: Type.Optional(Type.String({ maxLength: 16384, description: 'URL-encoded JSON object: {"col": v} or {"col__op": v}, op in eq ne gt gte lt lte in like glob' })),
  sort: Type.Optional(Type.String({ maxLength: 2048, description: 'comma list of columns, - prefix for descending' })),
  fields: Type.Optional(Type.String({ maxLength: 4096, description: 'comma list of columns to return' })),
  search: Type.Optional(Type.String({ maxLength: 1024, description: 'case-insensitive substring over text columns' })),
  limit: Type.Integer({ minimum: 0, maximum: 1000, default: 50 }),
  offset: Type.Integer({ minimum: 0, default: 0 }),
  count: Type.Boolean({ default: false, description: 'add meta.total, the number of matching rows (scans them all)' }),
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 16384, description: 'meta.nextCursor of the previous page (same sort, filter and search): keyset pagination, whose cost does not grow with depth' }))
}, { additionalProperties: false })

export const CreateRecordsBody = Type.Union([
  RecordSchema,
  Type.Array(RecordSchema, { minItems: 1, maxItems: 1000 })
], { description: 'one record, or an array of up to 1000 inserted in one transaction' })

export const CreateRecordsQuery = Type.Object({
  onConflict: Type.Optional(Type.String({ minLength: 1, maxLength: 4096, description: 'upsert: comma list of the columns of a unique index or the primary key' })),
  merge: Type.Optional(Type.Boolean({ description: 'with onConflict: true (default) updates the columns sent, false keeps the stored record' }))
}, { additionalProperties: false })

export const ReplaceRecordBody = Type.Object({}, {
  additionalProperties: true,
  description: 'the whole record: columns not given take their default (or null); the key, if given, must equal :id'
})

export const UpdateRecordBody = Type.Object({}, { additionalProperties: true, minProperties: 1 })

export const RecordListResponse = Type.Object({
  data: Type.Array(RecordSchema),
  meta: Type.Object({
    ...PageMetaSchema.properties,
    nextCursor: Type.Union([Type.String(), Type.Null()], { description: 'pass as cursor for the next page; null on the last page' })
  })
})
export const RecordResponse = Data(RecordSchema)
export const CreatedRecordsResponse = Data(Type.Union([RecordSchema, Type.Array(RecordSchema)]))
export const RecordDeletedResponse = Data(Type.Object({ deleted: Type.Literal(true), id: Type.Union([Type.String(), Type.Number()]) }))
export const UpsertedRecordsResponse = Data(Type.Union([RecordSchema, Type.Array(RecordSchema)], {
  description: 'with onConflict: 200 when a record was updated or kept, 201 when every record was created'
}))

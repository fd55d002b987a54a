import { Type } from '@sinclair/typebox'
import { Data, DatabaseNameSchema } from './common.js'
import { TableSummarySchema } from './databases.js'

export const TableNameSchema = Type.String({ minLength: 1, maxLength: 256, description: 'an existing table (created through the API: ^[A-Za-z][A-Za-z0-9_]*$, at most 64)' })
const NewNameSchema = Type.String({ minLength: 1, maxLength: 64, description: '^[A-Za-z][A-Za-z0-9_]*$, not starting with sqlite_' })

export const DbParams = Type.Object({ db: DatabaseNameSchema })
export const TableParams = Type.Object({ db: DatabaseNameSchema, table: TableNameSchema })

export const ColumnDefSchema = Type.Object({
  name: NewNameSchema,
  type: Type.String({ minLength: 1, maxLength: 32, description: 'integer int bigint text varchar char real float double numeric decimal boolean date datetime timestamp json blob' }),
  primary_key: Type.Optional(Type.Boolean()),
  auto_increment: Type.Optional(Type.Boolean({ description: 'only on an integer primary key' })),
  nullable: Type.Optional(Type.Boolean({ description: 'false means NOT NULL' })),
  default: Type.Optional(Type.Union([Type.String({ maxLength: 1024 }), Type.Number(), Type.Boolean(), Type.Null()])),
  unique: Type.Optional(Type.Boolean())
}, { additionalProperties: false })

export const CreateTableBody = Type.Object({
  name: NewNameSchema,
  columns: Type.Array(ColumnDefSchema, { minItems: 1, maxItems: 500 })
}, { additionalProperties: false })

export const AlterTableBody = Type.Object({
  name: Type.Optional(NewNameSchema),
  add_columns: Type.Optional(Type.Array(ColumnDefSchema, { minItems: 1, maxItems: 500 })),
  drop_columns: Type.Optional(Type.Array(TableNameSchema, { minItems: 1, maxItems: 500 })),
  rename_column: Type.Optional(Type.Object({ from: TableNameSchema, to: NewNameSchema }, { additionalProperties: false }))
}, { additionalProperties: false, minProperties: 1 })

export const ColumnEntrySchema = Type.Object({
  name: Type.String(),
  type: Type.String(),
  notnull: Type.Boolean(),
  pk: Type.Integer({ description: '1-based position in the primary key, 0 when not part of it' }),
  default: Type.Union([Type.String(), Type.Null()], { description: 'SQL text of the default (dflt_value)' })
})

export const TableListQuery = Type.Object({
  counts: Type.Boolean({ default: false, description: 'include rowCount for every table (counts every row)' })
}, { additionalProperties: false })

export const TableListResponse = Data(Type.Array(TableSummarySchema))
export const TableInfoResponse = Data(Type.Array(ColumnEntrySchema))
export const TableResponse = Data(Type.Object({ name: Type.String(), columns: Type.Array(ColumnEntrySchema) }))
export const TableDroppedResponse = Data(Type.Object({ deleted: Type.Literal(true), name: Type.String() }))

import { Type } from '@sinclair/typebox'
import { RecordSchema } from './records.js'

const ScalarSchema = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null(), Type.Object({ $base64: Type.String() }, { additionalProperties: false })])

export const QueryBody = Type.Object({
  sql: Type.String({ minLength: 1, maxLength: 200_000, description: 'one SQL statement' }),
  params: Type.Optional(Type.Union([
    Type.Array(ScalarSchema, { maxItems: 32766 }),
    Type.Record(Type.String({ pattern: '^[:@$]?[A-Za-z_][A-Za-z0-9_]*$' }), ScalarSchema, { additionalProperties: false })
  ], { description: 'positional (array) or named (object, for :name @name $name) parameters' }))
}, { additionalProperties: false })

export const QueryRowsResponse = Type.Object({
  data: Type.Array(RecordSchema),
  meta: Type.Object({ columns: Type.Array(Type.String()), rowCount: Type.Integer(), truncated: Type.Boolean() })
})

export const QueryRunResponse = Type.Object({
  data: Type.Object({ changes: Type.Integer(), lastInsertRowid: Type.Union([Type.Integer(), Type.String(), Type.Null()], { description: 'rowid of the last row this statement inserted; null when it inserted none' }) })
})

export const QueryResponse = Type.Union([QueryRowsResponse, QueryRunResponse], {
  description: 'rows (with meta) for statements that return rows; { changes, lastInsertRowid } otherwise'
})

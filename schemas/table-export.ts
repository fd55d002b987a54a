import { Type } from '@sinclair/typebox'
import { exportFormats } from '../lib/sql/row-format.js'
import { ListRecordsQuery } from './records.js'

const { filter, sort, fields, search } = ListRecordsQuery.properties

export const ExportTableQuery = Type.Object({
  format: Type.Union(exportFormats.map((f) => Type.Literal(f)), { default: 'csv', description: 'csv (RFC 4180, header row, NULL as an empty field, blobs as base64) or ndjson (one record object a line)' }),
  filter, sort, fields, search
}, { additionalProperties: false })

export const ExportTableResponse = {
  description: 'every matching row, streamed',
  content: {
    'text/csv': { schema: Type.String() },
    'application/x-ndjson': { schema: Type.String() }
  }
}

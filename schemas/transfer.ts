import { Type } from '@sinclair/typebox'
import { DatabaseNameSchema } from './common.js'

/** Documents the multipart form; the handler checks the parts itself while streaming the file to disk. */
export const ImportFormSchema = Type.Object({
  name: DatabaseNameSchema,
  group: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  file: Type.String({ format: 'binary', description: 'a SQLite database file (send the name field first)' })
}, { required: ['name', 'file'] })

export const ExportResponse = {
  description: 'the database file, produced with VACUUM INTO',
  content: { 'application/octet-stream': { schema: Type.String({ format: 'binary' }) } }
}

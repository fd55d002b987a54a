import { createReadStream, createWriteStream } from 'node:fs'
import type { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import multipart, { type Multipart } from '@fastify/multipart'
import { TypeCompiler } from '@sinclair/typebox/compiler'
import { errors, DatabaseNameSchema } from '../schemas/common.js'
import { DatabaseParams, DatabaseResponse } from '../schemas/databases.js'
import { ExportResponse, ImportFormSchema } from '../schemas/transfer.js'
import { removeTempFiles, tempPath } from '../lib/databases/files.js'
import type { DatabaseRecord } from '../lib/store/databases.js'
import { ImportTooLarge, InvalidRequest, TempSpaceFull, TooManyExports } from '../lib/errors.js'
import { retryAfterSeconds } from '../lib/databases/temp-space.js'
import { actorOf } from '../plugins/auth.js'
import { area } from '../plugins/area.js'

const validName = TypeCompiler.Compile(DatabaseNameSchema)

/** Answers a refusal for want of temporary space or an export slot with its Retry-After header. */
async function withRetryAfter<T> (reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (err) {
    if (err instanceof TempSpaceFull || err instanceof TooManyExports) reply.header('retry-after', String(retryAfterSeconds))
    throw err
  }
}

const plugin: FastifyPluginAsyncTypebox = async (fastify) => {
  const { databases, config } = fastify
  await fastify.register(multipart, {
    limits: { fileSize: config.maxImportSize, files: 1, fields: 4, fieldSize: 1024, parts: 6, headerPairs: 100 }
  })

  fastify.post('/import', {
    // the form is streamed and checked part by part below; the schema documents it
    validatorCompiler: () => () => true,
    schema: {
      tags: ['databases'],
      operationId: 'importDatabase',
      summary: 'Import a SQLite file as a new database (integrity-checked before registration)',
      consumes: ['multipart/form-data'],
      body: ImportFormSchema,
      response: { 201: DatabaseResponse, ...errors(401, 403, 409, 413, 503) }
    }
  }, async function (request, reply) {
    if (!request.isMultipart()) throw new InvalidRequest('send multipart/form-data with a file part and a name field')
    // the upload's bytes count against TMP_MAX_BYTES as they arrive, until it is moved into place or removed
    const counter = databases.tempSpace.counter()
    try {
      const { upload, fields } = await withRetryAfter(reply, () => receiveUpload(request.parts(), counter))
      const { name = '', group } = fields
      if (!validName.Check(name)) {
        removeTempFiles(upload)
        throw new InvalidRequest('the form field name must match ^[a-z0-9][a-z0-9_-]*$ (1 to 64 characters)')
      }
      const record = await databases.import(upload, name, group || null, { actor: actorOf(request), ip: request.ip })
      reply.code(201)
      return { data: databases.summary(record) }
    } finally {
      databases.tempSpace.release(counter.held())
    }
  })

  /** Streams the form's file part into `.tmp` through `counter`; on any failure nothing is left behind. */
  async function receiveUpload (parts: AsyncIterableIterator<Multipart>, counter: Transform): Promise<{ upload: string, fields: Record<string, string> }> {
    const fields: Record<string, string> = {}
    let upload: string | undefined
    try {
      for await (const part of parts) {
        if (part.type === 'field') {
          fields[part.fieldname] = String(part.value)
          continue
        }
        upload = tempPath(config.dataDir, '.upload')
        await pipeline(part.file, counter, createWriteStream(upload))
        if (part.file.truncated) throw new ImportTooLarge(config.maxImportSize)
      }
    } catch (err) {
      if (upload) removeTempFiles(upload)
      const code = (err as { code?: string }).code
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ImportTooLarge(config.maxImportSize)
      if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new InvalidRequest('send one file part and the name (and optional group) fields')
      if ((err as { statusCode?: number }).statusCode === undefined) throw new InvalidRequest(`the multipart form is malformed: ${(err as Error).message}`)
      throw err
    }
    if (!upload) throw new InvalidRequest('the form has no file part')
    return { upload, fields }
  }

  fastify.post('/:name/export', {
    schema: {
      tags: ['databases'],
      operationId: 'exportDatabase',
      summary: 'Download a consistent copy of the database file',
      params: DatabaseParams,
      response: { 200: ExportResponse, ...errors(401, 403, 404, 503, 507) }
    }
  }, async function (request, reply) {
    const record = request.database as DatabaseRecord
    const copy = await withRetryAfter(reply, () => databases.export(record))
    const stream = createReadStream(copy.file)
    let removed = false
    const cleanup = (): void => {
      if (removed) return
      removed = true
      if (!copy.done()) request.log.warn('the export copy could not be removed; the next start clears it')
    }
    stream.once('close', cleanup)
    reply.raw.once('close', cleanup)
    reply.header('content-type', 'application/octet-stream')
    reply.header('content-disposition', `attachment; filename="${record.name}.db"`)
    return reply.send(stream as never) // the binary body bypasses the JSON serialiser
  })
}

export default area('transfer', plugin, ['databases'])

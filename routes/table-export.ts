import { Readable } from 'node:stream'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { errors } from '../schemas/common.js'
import { TableParams } from '../schemas/tables.js'
import { ExportTableQuery, ExportTableResponse } from '../schemas/table-export.js'
import type { DatabaseRecord } from '../lib/store/databases.js'
import type { ExportChunk, ExportChunkArgs } from '../lib/engine/jobs/export.js'
import { csvLine } from '../lib/sql/row-format.js'
import { area } from '../plugins/area.js'

const contentTypes = { csv: 'text/csv; charset=utf-8', ndjson: 'application/x-ndjson' }

/** A file name a Content-Disposition header can carry whatever the table is called. */
const fileName = (table: string, format: string): string => `${table.replace(/[^A-Za-z0-9_.-]/g, '_')}.${format}`

const plugin: FastifyPluginAsyncTypebox = async (fastify) => {
  const { engine, analytics } = fastify

  fastify.get('/:db/tables/:table/export', {
    schema: {
      tags: ['records'], operationId: 'exportTable', summary: 'Stream every row of a table (filter, sort, fields, search) as CSV or NDJSON',
      params: TableParams, querystring: ExportTableQuery, response: { 200: ExportTableResponse, ...errors(401, 403, 404, 408) }
    }
  }, async function (request, reply) {
    const database = request.database as DatabaseRecord
    const { table } = request.params
    const args: ExportChunkArgs = { table, ...request.query }
    // the first chunk is awaited here: a missing table or a bad filter still answers its own status
    const first = await engine.timed(database.id, 'records.export', args)
    const started = performance.now()
    let rows = 0
    let jobMs = 0
    let failure: string | null = null

    // The next chunk is read while the client takes this one, and no further: at most two chunks in memory. A
    // client that goes away destroys the stream, which ends this loop before another chunk is asked for.
    let pending: Promise<{ result: ExportChunk, durationMs: number }> | undefined
    async function * chunks (): AsyncGenerator<string> {
      try {
        let chunk: ExportChunk = first.result
        jobMs += first.durationMs
        if (args.format === 'csv') yield csvLine(chunk.columns)
        for (;;) {
          rows += chunk.count
          pending = chunk.next === null ? undefined : engine.timed(database.id, 'records.export', { ...args, start: chunk.next })
          if (chunk.text !== '') yield chunk.text
          if (pending === undefined) return
          const done = await pending
          pending = undefined
          jobMs += done.durationMs
          chunk = done.result
        }
      } catch (err) {
        failure = (err as Error).message
        request.log.warn({ err, table }, 'a table export stopped part way')
        throw err
      } finally {
        // a chunk read ahead for a client that left is dropped, its failure too
        pending?.catch(() => {})
        analytics.record({
          database: database.name, databaseId: database.uuid, tableName: table, operation: 'select', durationMs: jobMs,
          rowCount: rows, status: failure === null ? 'ok' : 'error', errorMsg: failure, sqlText: first.result.sql
        })
        request.log.debug({ table, rows, ms: performance.now() - started }, 'table export ended')
      }
    }

    reply.header('content-type', contentTypes[args.format])
    reply.header('content-disposition', `attachment; filename="${fileName(table, args.format)}"`)
    return reply.send(Readable.from(chunks(), { objectMode: false }) as never)
  })
}

export default area('table-export', plugin, ['engine', 'analytics'])

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { DbParams } from '../schemas/tables.js'
import { BatchBody, BatchResponse, batchErrors } from '../schemas/batch.js'
import type { DatabaseRecord } from '../lib/store/databases.js'
import type { AnalyticsEvent } from '../lib/analytics/index.js'
import { deserializeError } from '../lib/errors.js'
import type { QueryResult } from '../lib/engine/jobs/query.js'
import { guessedOperation } from '../lib/sql/statement-kind.js'
import { replySerializer } from '../lib/json-reply.js'
import { area } from '../plugins/area.js'

/** One statement's answer, exactly as POST .../query gives it. */
function answerOf (result: QueryResult) {
  if (result.kind === 'rows') return { data: result.rows, meta: { columns: result.columns, rowCount: result.rowCount, truncated: result.truncated } }
  return { data: { changes: result.changes, lastInsertRowid: result.lastInsertRowid } }
}

const plugin: FastifyPluginAsyncTypebox = async (fastify) => {
  const { engine, analytics } = fastify
  fastify.setSerializerCompiler(() => replySerializer)

  /** One analytics event per statement of the batch, as POST .../query records for one. */
  function record (database: DatabaseRecord, sql: string, operation: AnalyticsEvent['operation'], durationMs: number, rowCount: number, errorMsg: string | null): void {
    analytics.record({
      database: database.name, databaseId: database.uuid, tableName: null, operation, statsOperation: 'raw_query',
      durationMs, rowCount, status: errorMsg === null ? 'ok' : 'error', errorMsg, sqlText: sql
    })
  }

  fastify.post('/:db/batch', {
    schema: {
      tags: ['query'], operationId: 'runBatch', summary: 'Run 1 to 100 SQL statements in one transaction: all or nothing',
      params: DbParams, body: BatchBody, response: { 200: BatchResponse, ...batchErrors(401, 403, 404, 408, 409, 507) }
    }
  }, async function (request) {
    const database = request.database as DatabaseRecord
    const principal = request.principal
    const keyMayWrite = principal?.kind === 'admin' || principal?.scope === 'write'
    const { statements } = request.body
    let outcome
    try {
      outcome = (await engine.timed(database.id, 'query.batch', {
        statements,
        allowWrite: !database.readonly && keyMayWrite,
        deniedCode: database.readonly ? 'DATABASE_READONLY' : 'INSUFFICIENT_SCOPE',
        databaseName: database.name,
        principal: principal?.kind ?? 'key'
      })).result
    } catch (err) {
      // the whole batch failed (its deadline, the engine): every statement shares the failure
      const { message, durationMs = 0 } = err as { message: string, durationMs?: number }
      for (const { sql } of statements) record(database, sql, guessedOperation(sql), durationMs / statements.length, 0, message)
      throw err
    }
    const { steps, failed } = outcome
    if (failed !== undefined) {
      statements.slice(0, failed.statementIndex).forEach(({ sql }) => record(database, sql, guessedOperation(sql), 0, 0, 'rolled back: a later statement of the batch failed'))
      const { sql } = statements[failed.statementIndex]
      record(database, sql, guessedOperation(sql), failed.durationMs, 0, failed.error.message)
      throw Object.assign(deserializeError(failed.error), { statementIndex: failed.statementIndex })
    }
    steps.forEach(({ result, durationMs }, i) =>
      record(database, statements[i].sql, result.operation, durationMs, result.kind === 'rows' ? result.rowCount : result.changes, null))
    return { data: steps.map((step) => answerOf(step.result)) }
  })
}

export default area('batch', plugin, ['engine', 'analytics'])

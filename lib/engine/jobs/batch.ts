import { performance } from 'node:perf_hooks'
import { InvalidRequest, serializeError, type SerializedError } from '../../errors.js'
import { inspectStatement } from '../../sql/guard.js'
import { toBindParams } from '../../sql/values.js'
import { transact, type JobContext } from '../context.js'
import { hideDataDir } from '../paths.js'
import { mapSqliteError } from '../sqlite-errors.js'
import { maxResultBytes, queryJobs, type QueryArgs, type QueryResult } from './query.js'

export const maxBatchStatements = 100

export interface BatchArgs extends Omit<QueryArgs, 'sql' | 'params'> {
  statements: Array<Pick<QueryArgs, 'sql' | 'params'>>
}

/** What each statement of a batch did, in order: its result (as `query.run` gives it) and its time. */
export interface BatchStep { result: QueryResult, durationMs: number }

/**
 * The whole batch ran and committed (`failed` absent), or statement `failed.statementIndex` failed and nothing of
 * the batch was kept. A failure is an answer, not a throw: its index must cross the process channel with it.
 */
export interface BatchResult {
  steps: BatchStep[]
  failed?: { statementIndex: number, error: SerializedError, durationMs: number }
}

const runOne = queryJobs['query.run']

class StatementFailed extends Error {
  constructor (readonly statementIndex: number, readonly reason: unknown, readonly durationMs: number) {
    super('a statement of the batch failed')
  }
}

/**
 * Refuses, before anything runs, every statement the guard refuses (a write with a read key or on a readonly
 * database, a forbidden or multiple statement). A statement that cannot be prepared yet (it names a table an
 * earlier statement creates) is judged again when its turn comes.
 */
function preflight (ctx: JobContext, args: BatchArgs): { writes: boolean } {
  let writes = false
  args.statements.forEach((statement, index) => {
    try {
      const inspected = inspectStatement((sql) => ctx.prepare(sql), statement.sql, toBindParams(statement.params), {
        allowWrite: args.allowWrite,
        deniedCode: args.deniedCode,
        databaseName: args.databaseName,
        principal: args.principal,
        dataDir: ctx.dataDir
      })
      if (!inspected.stmt.readonly) writes = true
    } catch (err) {
      if (typeof (err as { statusCode?: unknown }).statusCode === 'number') throw new StatementFailed(index, err, 0)
    }
  })
  return { writes }
}

/** Runs 1 to 100 raw statements in one transaction: all of them are kept, or none. */
function runBatch (ctx: JobContext, args: BatchArgs): BatchResult {
  const count = args.statements.length
  if (count < 1 || count > maxBatchStatements) throw new InvalidRequest(`send from 1 to ${maxBatchStatements} statements`)
  const { statements, ...policy } = args
  try {
    const { writes } = preflight(ctx, args)
    let bytes = 0
    const steps = transact(ctx, () => statements.map((statement, index): BatchStep => {
      const started = performance.now()
      try {
        const result = runOne(ctx, { ...policy, sql: statement.sql, params: statement.params })
        // one byte budget for the whole answer, as a single query has (100 statements must not hold 100 of them)
        if (result.kind === 'rows') bytes += JSON.stringify(result.rows).length
        if (bytes > maxResultBytes) throw new InvalidRequest(`the batch's results exceed ${maxResultBytes} bytes: read less per batch`)
        return { result, durationMs: performance.now() - started }
      } catch (err) {
        throw new StatementFailed(index, err, performance.now() - started)
      }
    }), { immediate: writes })
    return { steps }
  } catch (err) {
    if (!(err instanceof StatementFailed)) throw err
    const wire = serializeError(mapSqliteError(err.reason, { file: ctx.file }))
    return { steps: [], failed: { statementIndex: err.statementIndex, error: { ...wire, message: hideDataDir(wire.message, ctx.dataDir) }, durationMs: err.durationMs } }
  }
}

export const batchJobs = {
  'query.batch': runBatch
}

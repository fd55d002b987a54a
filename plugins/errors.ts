import { STATUS_CODES } from 'node:http'
import { join } from 'node:path'
import fp from 'fastify-plugin'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { RouteNotFound } from '../lib/errors.js'
import { mapSqliteError } from '../lib/engine/sqlite-errors.js'
import { SYSTEM_DB } from '../lib/store/index.js'

/** Codes Fastify and its plugins answer with on their own; kept as they are. */
const nativeCodes: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'BODY_TOO_LARGE'
}

function describe (err: FastifyError, systemFile: string): { statusCode: number, code: string, message: string } {
  err = mapSqliteError(err, { file: systemFile }) as FastifyError
  const statusCode = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500
  if (statusCode >= 500 && !err.code?.match(/^[A-Z_]+$/)) {
    return { statusCode: 500, code: 'INTERNAL_ERROR', message: 'internal server error' }
  }
  const code = nativeCodes[err.code] ?? err.code ?? (err instanceof SyntaxError ? 'INVALID_JSON' : 'BAD_REQUEST')
  return { statusCode, code, message: err.message }
}

/**
 * The error handler of every Litehouse route: each error leaves as `{ statusCode, code, error, message }` with a
 * stable code; unexpected 5xx keep their details in the log, never in the response. Area plugins install it in their
 * own context too (plugins/area.ts), so an embedding host's handler never answers for them.
 */
export function errorHandlerFor (dataDir: string) {
  // main-thread SQLite errors come from the system store
  const systemFile = join(dataDir, SYSTEM_DB)
  return function (this: FastifyInstance, err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
    const { statusCode, code, message } = describe(err, systemFile)
    if (statusCode >= 500) {
      request.log.error({ err, method: request.method, url: request.routeOptions.url, params: request.params }, 'request failed')
    }
    // a full per-database queue clears within moments: the client may retry at once
    if (code === 'DATABASE_BUSY') reply.header('retry-after', '1')
    const body = { statusCode, code, error: STATUS_CODES[statusCode] ?? 'Error', message }
    // a batch names the statement that failed (routes/batch.ts)
    const { statementIndex } = err as { statementIndex?: unknown }
    return reply.code(statusCode).send(typeof statementIndex === 'number' ? { ...body, statementIndex } : body)
  }
}

/** One error handler and one not-found handler for the whole server (`npm start`): every answer in the contract's shape. */
export default fp(async (fastify) => {
  fastify.setErrorHandler(errorHandlerFor(fastify.config.dataDir))

  fastify.setNotFoundHandler(function (request) {
    throw new RouteNotFound(request.method, request.url.split('?')[0].slice(0, 200))
  })
}, { name: 'errors', dependencies: ['config'], fastify: '5.x' })

// first: refuses an unsupported Node with one line before a native module can crash it
import './lib/runtime.js'
import type { FastifyPluginAsync, FastifyRequest, FastifyServerOptions } from 'fastify'
import { randomUUID } from 'node:crypto'
import { STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import type { DestinationStream } from 'pino'
import { loadConfig, type Config } from './fastify.config.js'
import litehouse from './litehouse.js'
import errorsPlugin from './plugins/errors.js'
import openapiPlugin from './plugins/openapi.js'
import corsPlugin from './plugins/cors.js'
import metricsPlugin from './plugins/metrics.js'
import clusterPlugin from './plugins/cluster.js'
import healthRoutes from './routes/health.js'
import adminRoutes from './routes/admin.js'
import settingsRoutes from './routes/settings.js'
import activityRoutes from './routes/activity.js'
import databaseRoutes from './routes/databases.js'
import keyRoutes from './routes/keys.js'
import transferRoutes from './routes/transfer.js'
import tableRoutes from './routes/tables.js'
import recordRoutes from './routes/records.js'
import queryRoutes from './routes/query.js'
import batchRoutes from './routes/batch.js'
import tableExportRoutes from './routes/table-export.js'
import databaseOpenApiRoutes from './routes/database-openapi.js'
import changeRoutes from './routes/changes.js'
import analyticsRoutes from './routes/analytics.js'
import backupRoutes from './routes/backups.js'
import clusterRoutes from './routes/cluster.js'
import metricsRoutes from './routes/metrics.js'
import webRoutes from './routes/web.js'
import { requestLogger } from './lib/request-logger.js'
import { formatSchemaErrors } from './lib/validation-message.js'
import { ajvOptions, buildValidator } from './lib/validator.js'
import { maxEncodedParamLength } from './schemas/records.js'

/** Secrets never reach a log line: headers, passwords, tokens and keys are censored everywhere. */
export const redactedPaths = [
  'req.headers.authorization', 'req.headers["x-bootstrap-key"]', 'req.headers.cookie',
  'headers.authorization', '*.password', '*.token', '*.key', 'password', 'token', 'key'
]

/** A change feed browser token (`?token=`) is a credential in the URL: its value never reaches a log line either. */
export function withoutUrlSecrets (url: string): string {
  return url.includes('token=') ? url.replace(/([?&]token=)[^&#]*/g, '$1[redacted]') : url
}

/** Fastify's own request serializer, with the URL's secrets censored. */
function serializeRequest (req: FastifyRequest): Record<string, unknown> {
  return { method: req.method, url: withoutUrlSecrets(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort }
}

/** Query strings and path parameters are coerced, JSON bodies are not (lib/validator.ts). */
const schemaController = { compilersFactory: { buildValidator } }

/** Malformed HTTP never reaches Fastify's routing; it still gets the contract's error shape and a code. */
function answerClientError (err: Error & { code?: string }, socket: Duplex): void {
  // a response already under way on this socket (pipelined garbage after a request) must not get a second head
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy()
    return
  }
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW'
  const statusCode = tooLarge ? 431 : 400
  const body = JSON.stringify({
    statusCode,
    code: tooLarge ? 'HEADERS_TOO_LARGE' : 'BAD_REQUEST',
    error: STATUS_CODES[statusCode],
    message: tooLarge ? 'the request headers are too large' : 'the HTTP request is malformed'
  })
  socket.end(`HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`)
}

/** Fastify server options for this app; `fastify start -o` reads the exported `options`. */
export function serverOptions (config: Config, stream?: DestinationStream): FastifyServerOptions {
  return {
    bodyLimit: config.maxBodySize,
    // path parameters as long as the schemas allow (Fastify's default stops at 100 characters, as a 404)
    routerOptions: { maxParamLength: maxEncodedParamLength },
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    logger: { level: config.logLevel, redact: { paths: redactedPaths, censor: '[redacted]' }, serializers: { req: serializeRequest }, ...(stream ? { stream } : {}) },
    childLoggerFactory: requestLogger,
    ajv: { customOptions: ajvOptions },
    schemaErrorFormatter: formatSchemaErrors as FastifyServerOptions['schemaErrorFormatter'],
    return503OnClosing: true,
    schemaController: schemaController as FastifyServerOptions['schemaController'],
    clientErrorHandler: answerClientError,
    // a URL Fastify cannot decode never reaches the error handler: answer it in the contract's shape, without echoing it
    frameworkErrors: (error, _request, reply) => {
      const body = { statusCode: 400, code: error.code ?? 'BAD_REQUEST', error: 'Bad Request', message: 'the URL is not valid' }
      reply.code(400 as never).send(body as never)
    }
  }
}

export const options = serverOptions(loadConfig(process.env))

export interface AppOptions {
  /** Configuration to use instead of the environment (tests, embedding). */
  config?: Config
}

/** The whole server (`npm start`): the core decorators (litehouse.ts) and the server-wide plugins, then every area. */
const app: FastifyPluginAsync<AppOptions> = async (fastify, opts) => {
  // the environment is read here, when `fastify start`/`npm start` registers the app, never when a module is imported
  await fastify.register(litehouse, { config: opts.config ?? loadConfig(process.env) })
  await fastify.register(errorsPlugin)
  await fastify.register(openapiPlugin)
  await fastify.register(corsPlugin)
  await fastify.register(metricsPlugin)
  await fastify.register(clusterPlugin)

  // Every request passes these two hooks: they take callbacks, not promises, and allocate nothing.
  // While closing, answers say `Connection: close`, so keep-alive clients cannot hold the shutdown open.
  let closing = false
  fastify.addHook('preClose', async () => { closing = true })
  fastify.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id)
    if (closing) reply.header('connection', 'close')
    done(null, payload)
  })

  await fastify.register(healthRoutes, { prefix: '/api/health' })
  await fastify.register(adminRoutes, { prefix: '/api/admin' })
  await fastify.register(settingsRoutes, { prefix: '/api/settings' })
  await fastify.register(activityRoutes, { prefix: '/api/activity' })
  await fastify.register(databaseRoutes, { prefix: '/api/databases' })
  await fastify.register(keyRoutes, { prefix: '/api/databases' })
  await fastify.register(transferRoutes, { prefix: '/api/databases' })
  await fastify.register(tableRoutes, { prefix: '/api/databases' })
  await fastify.register(recordRoutes, { prefix: '/api/databases' })
  await fastify.register(queryRoutes, { prefix: '/api/databases' })
  await fastify.register(batchRoutes, { prefix: '/api/databases' })
  await fastify.register(tableExportRoutes, { prefix: '/api/databases' })
  await fastify.register(databaseOpenApiRoutes, { prefix: '/api/databases' })
  await fastify.register(changeRoutes, { prefix: '/api/databases' })
  await fastify.register(analyticsRoutes, { prefix: '/api/analytics' })
  await fastify.register(backupRoutes, { prefix: '/api' })
  await fastify.register(clusterRoutes, { prefix: '/api' })
  await fastify.register(metricsRoutes, { prefix: '/api/metrics' })
  await fastify.register(webRoutes)
}

export default app

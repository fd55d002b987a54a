import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyPluginAsync, FastifyPluginOptions, FastifyReply, FastifyRequest, FastifySchemaCompiler, FastifySerializerCompiler, RawServerDefault } from 'fastify'
import { InvalidRequest } from '../lib/errors.js'
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler'
import { lazily } from '../lib/lazy-compile.js'
import { validatorCompiler } from '../lib/validator.js'
import { formatSchemaErrors } from '../lib/validation-message.js'
import { errorHandlerFor } from './errors.js'

/** An error naming the first member of `part` that Ajv coerced to a non-finite number, if any. */
function nonFinite (part: unknown): InstanceType<typeof InvalidRequest> | undefined {
  if (part === null || typeof part !== 'object') return undefined
  for (const name in part) {
    const value = (part as Record<string, unknown>)[name]
    if (typeof value === 'number' && !Number.isFinite(value)) return new InvalidRequest(`${name} must be a finite number`)
  }
  return undefined
}

/** Ajv turns "Infinity" and "1e400" into numbers and then skips minimum/maximum: refuse them outright. */
function refuseNonFinite (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void): void {
  done(nonFinite(request.query) ?? nonFinite(request.params))
}

/** Fastify's own response serializers, compiled on first use like the validators (@see lib/lazy-compile.ts). */
const serializerCompiler = lazily(SerializerSelector()())

/** What every area needs from the root plugin (litehouse.ts), besides the decorators its own routes use. */
const coreDecorators = ['config', 'guardRoute']
const requestDecorators = ['principal', 'database']

/**
 * One resource area (records, query, tables, …) as a plugin a host can register on its own, under any prefix. It stays
 * encapsulated, and carries what its routes rely on instead of leaving it to the host's server options: Litehouse's
 * validator (bodies not coerced, unknown members refused) and its messages, the contract's error shape, the body limit,
 * and the access rule of each route. The decorators it needs are checked when it is registered, so a host that forgot
 * the root plugin (or a part of it) fails at `ready()` with an error naming the missing decorator and this area.
 */
export function area<Options extends FastifyPluginOptions> (
  name: string,
  // any type provider: the route files are written with TypeBox's
  plugin: FastifyPluginAsync<Options, RawServerDefault, any>, // eslint-disable-line @typescript-eslint/no-explicit-any
  decorators: string[]
): FastifyPluginAsync<Options> {
  return fp(async (fastify: FastifyInstance, opts: Options) => {
    const { config, guardRoute } = fastify
    fastify.setValidatorCompiler(validatorCompiler as FastifySchemaCompiler<unknown>)
    fastify.setSerializerCompiler(serializerCompiler as FastifySerializerCompiler<unknown>)
    fastify.setSchemaErrorFormatter(formatSchemaErrors as Parameters<FastifyInstance['setSchemaErrorFormatter']>[0])
    fastify.setErrorHandler(errorHandlerFor(config.dataDir))
    fastify.addHook('onRoute', (route) => {
      route.bodyLimit ??= config.maxBodySize
      guardRoute(route)
    })
    fastify.addHook('preHandler', refuseNonFinite)
    await plugin(fastify as never, opts)
  }, {
    name: `litehouse-${name}`,
    fastify: '5.x',
    encapsulate: true,
    decorators: { fastify: [...decorators, ...coreDecorators], request: requestDecorators }
  })
}

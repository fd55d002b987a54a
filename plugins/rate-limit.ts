import fp from 'fastify-plugin'
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { RateLimited } from '../lib/errors.js'
import { keyLimited } from '../lib/access.js'
import type { KeyRateLimit } from '../lib/store/keys.js'

/** Sign-in and setup: the contract's 5 attempts per 15 minutes per client IP. */
export const signInRateLimit = { max: 5, timeWindow: 15 * 60_000 }

/** The standard draft names (RateLimit-*), which key-limited answers carry; sign-in keeps the plugin's X-RateLimit-*. */
const draftHeaders = { rateLimit: 'ratelimit-limit', rateRemaining: 'ratelimit-remaining', rateReset: 'ratelimit-reset', retryAfter: 'retry-after' }
const allOn = (labels: Record<string, string>, names: string[]) => Object.fromEntries(names.map((name) => [labels[name], true]))

/**
 * @see https://github.com/fastify/fastify-rate-limit: sign-in has per-route limits (`config.rateLimit`);
 * every route a key may call counts requests made with a key against that key's limit (its own, else
 * KEY_RATE_LIMIT), keyed by the key's id. The check is an onRequest hook of the route: it runs after
 * the credential is resolved and before the body is parsed or any handler runs, so a refused request
 * costs no engine work. Admin sessions and unlimited keys pass untouched.
 */
export default fp(async (fastify) => {
  const errorResponseBuilder = (_request: FastifyRequest, context: { ttl: number, statusCode: number }) => {
    const error = new RateLimited(Math.ceil(context.ttl / 1000))
    error.statusCode = context.statusCode
    return error
  }
  await fastify.register(rateLimit, {
    global: false,
    keyGenerator: (request) => request.ip,
    errorResponseBuilder
  })

  const fallback = fastify.config.keyRateLimit
  const limitOf = (request: FastifyRequest): KeyRateLimit | null | undefined => {
    const principal = request.principal
    return principal?.kind === 'key' ? principal.rateLimit ?? fallback : undefined
  }
  const keyLimit = fastify.rateLimit({
    keyGenerator: (request) => principalKeyId(request),
    max: (request) => (limitOf(request) as KeyRateLimit).max,
    timeWindow: (request) => (limitOf(request) as KeyRateLimit).timeWindowSeconds * 1000,
    labels: draftHeaders,
    addHeaders: allOn(draftHeaders, ['rateLimit', 'rateRemaining', 'rateReset', 'retryAfter']),
    addHeadersOnExceeding: allOn(draftHeaders, ['rateLimit', 'rateRemaining', 'rateReset']),
    errorResponseBuilder
  } as Parameters<typeof fastify.rateLimit>[0])

  // every data request passes here: an unlimited caller goes on synchronously, without the plugin's awaits
  function keyLimitHook (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void): void {
    if (!limitOf(request)) {
      done()
      return
    }
    ;(keyLimit.call(this, request, reply) as Promise<void>).then(() => done(), done)
  }

  fastify.addHook('onRoute', (route) => {
    const operationId = (route.schema as { operationId?: string } | undefined)?.operationId
    if (!operationId || !keyLimited(operationId)) return
    route.onRequest = [...(route.onRequest ? [route.onRequest].flat() : []), keyLimitHook]
  })
}, { name: 'rate-limit', dependencies: ['config'], fastify: '5.x' })

/** Counters are keyed by the key's id (never its secret), apart from the IP counters of sign-in. */
function principalKeyId (request: FastifyRequest): string {
  return request.principal?.kind === 'key' ? `key:${request.principal.keyId}` : ''
}

import fp from 'fastify-plugin'
import rateLimit from '@fastify/rate-limit'
import { RateLimited } from '../lib/errors.js'

/** Sign-in and setup: the contract's 5 attempts per 15 minutes per client IP. */
export const signInRateLimit = { max: 5, timeWindow: 15 * 60_000 }

/** @see https://github.com/fastify/fastify-rate-limit: per-route limits only (`config.rateLimit`). */
export default fp(async (fastify) => {
  await fastify.register(rateLimit, {
    global: false,
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (_request, context) => {
      const error = new RateLimited(Math.ceil(context.ttl / 1000))
      error.statusCode = context.statusCode
      return error
    }
  })
}, { name: 'rate-limit', fastify: '5.x' })

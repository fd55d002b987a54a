import fp from 'fastify-plugin'
import { loadConfig, type Config } from '../fastify.config.js'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
  }
}

/** The validated configuration; tests and embedders pass `{ config }`, the server reads the environment. */
export default fp<{ config?: Config }>(async (fastify, opts) => {
  fastify.decorate('config', opts.config ?? loadConfig(process.env))
}, { name: 'config', fastify: '5.x' })

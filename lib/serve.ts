import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify'
import type { Config } from '../fastify.config.js'

/**
 * `npm start` / `node scripts/start.mjs`: the server in this very process, so the PID a process
 * manager signals is the one that closes the server (a child behind npm's `sh -c` never heard it).
 * What `fastify start -o` does, with signal handling that survives the signals real launchers send.
 */

/** One stop often arrives twice: npm forwards the signal it got, and a terminal's Ctrl-C reaches the whole process group. */
const duplicateWindowMs = 1000

export interface Served {
  server: FastifyInstance
  address: string
}

/**
 * SIGINT/SIGTERM close the server: in-flight requests are answered, keep-alive connections closed,
 * buffered analytics flushed, then exit 0; exit 1 when `graceMs` passes first. A repeat within a second
 * is the same stop; a later one exits at once. An uncaught error is logged and closes the server too.
 */
export function stopOnSignals (server: FastifyInstance, graceMs: number): void {
  let stoppingSince = 0
  function stop (reason: string, code: number): void {
    stoppingSince = Date.now()
    server.log.info({ reason, graceMs }, 'closing the server')
    setTimeout(() => {
      server.log.error({ graceMs }, 'the grace period ran out: exiting without a full close')
      process.exit(1)
    }, graceMs).unref()
    server.close().then(() => process.exit(code), (err: unknown) => {
      server.log.error({ err }, 'closing failed')
      process.exit(1)
    })
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stoppingSince === 0) return stop(signal, 0)
      if (Date.now() - stoppingSince < duplicateWindowMs) return
      server.log.warn(`second ${signal}: exiting now`)
      process.exit(1)
    })
  }
  for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
    process.on(event, (err: unknown) => {
      server.log.fatal({ err }, event)
      if (stoppingSince === 0) stop(event, 1)
    })
  }
}

/** Builds the app (`app.ts` and its `serverOptions(config)`) and listens on HOST:PORT. */
export async function serve (app: FastifyPluginAsync<{ config?: Config }>, options: FastifyServerOptions, config: Config, graceMs: number): Promise<Served> {
  const server = Fastify(options)
  await server.register(app, { config })
  stopOnSignals(server, graceMs)
  const address = await server.listen({ host: config.host, port: config.port })
  return { server, address }
}

import type { FastifyInstance } from 'fastify'
import type { AddressInfo } from 'node:net'

/** The line a bench server prints once it listens; `startChild` waits for it. */
export interface Announcement { benchPort: number }

export function announce (server: FastifyInstance): void {
  const { port } = server.server.address() as AddressInfo
  const line: Announcement = { benchPort: port }
  process.stdout.write(JSON.stringify(line) + '\n')
}

/** SIGTERM closes gracefully (engine workers, analytics flush) so the bench leaves no process behind. */
export function closeOnSignals (server: FastifyInstance): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      server.close().then(() => process.exit(0), () => process.exit(1))
    })
  }
}

// A cluster node for the cluster tests and bench: the real app configured from the environment, as
// test/e2e/crash/server.ts, with a plugin timeout long enough for a start on a loaded machine (three nodes boot at once).
import Fastify from 'fastify'
import fp from 'fastify-plugin'
import app, { serverOptions } from '../../app.js'
import { loadConfig } from '../../fastify.config.js'

const config = loadConfig(process.env)
const server = Fastify({ ...serverOptions(config), pluginTimeout: 120_000 })
await server.register(fp(app), { config })
const address = await server.listen({ host: '127.0.0.1', port: config.port })
process.stdout.write(`LISTENING ${address}\n`)

process.once('SIGTERM', () => {
  server.close().then(() => process.exit(0), () => process.exit(1))
})

// its own process group: a test runner that dies without stopping it must not leave it behind
const parent = process.ppid
setInterval(() => { if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM') }, 1000).unref()

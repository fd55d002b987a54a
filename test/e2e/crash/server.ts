// The real Litehouse server for the crash and storage tests: configured from the environment (DATA_DIR, PORT,
// ANALYTICS_FLUSH_MS ...), it prints `LISTENING <url>` once it accepts connections and closes cleanly on SIGTERM.
import Fastify from 'fastify'
import fp from 'fastify-plugin'
import app, { serverOptions } from '../../../app.js'
import { loadConfig } from '../../../fastify.config.js'

const config = loadConfig(process.env)
const server = Fastify(serverOptions(config))
await server.register(fp(app), { config })
const address = await server.listen({ host: '127.0.0.1', port: config.port })
process.stdout.write(`LISTENING ${address}\n`)

process.once('SIGTERM', () => {
  server.close().then(() => process.exit(0), () => process.exit(1))
})

// It runs in its own process group: a test runner that dies without stopping it must not leave it behind.
const parent = process.ppid
setInterval(() => { if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM') }, 1000).unref()

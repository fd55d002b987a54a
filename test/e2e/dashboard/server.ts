// Starts the real Litehouse app for the dashboard browser test, configured from the environment
// (DATA_DIR, HOST, PORT=0 ...), and prints `LISTENING <url>` once it accepts connections.
import Fastify from 'fastify'
import fp from 'fastify-plugin'
import app, { serverOptions } from '../../../app.js'
import web from '../../../routes/web.js'
import { loadConfig } from '../../../fastify.config.js'

const config = loadConfig(process.env)
const server = Fastify(serverOptions(config))
await server.register(fp(app), { config })
// Until app.ts serves the dashboard itself, add it here.
if (!server.hasRoute({ method: 'GET', url: '/*' })) await server.register(web)
const address = await server.listen({ host: config.host, port: config.port })
process.stdout.write(`LISTENING ${address}\n`)

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    server.close().then(() => process.exit(0), () => process.exit(1))
  })
}

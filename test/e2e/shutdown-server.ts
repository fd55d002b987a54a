// The real Litehouse server for test/e2e/shutdown.test.ts, configured from the environment
// (DATA_DIR, PORT=0, ...). Signals are handled as `fastify start` handles them: close-with-grace
// runs `app.close()` and exits 0, or exits 1 once FASTIFY_CLOSE_GRACE_DELAY (fastify-cli's
// variable, default 500 ms) has passed. Prints `LISTENING <url>` once it accepts connections.
import Fastify from 'fastify'
import fp from 'fastify-plugin'
import closeWithGrace from 'close-with-grace'
import app, { serverOptions } from '../../app.js'
import { loadConfig } from '../../fastify.config.js'

const config = loadConfig(process.env)
const server = Fastify(serverOptions(config))
await server.register(fp(app), { config })

const delay = Number(process.env.FASTIFY_CLOSE_GRACE_DELAY ?? 500)
const listeners = closeWithGrace({ delay }, async ({ err }) => {
  if (err) server.log.error(err)
  await server.close()
})
server.addHook('onClose', async () => { listeners.uninstall() })

const address = await server.listen({ host: config.host, port: config.port })
process.stdout.write(`LISTENING ${address}\n`)

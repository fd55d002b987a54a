// Litehouse run from the TypeScript sources under LITEHOUSE_ROOT (this tree by default, or a base commit's tree
// extracted into bench/.base) through tsx, for A/B runs of two versions over HTTP (bench/values-http.ts): both
// sides start the same way, so a ratio is the code's. Prints its port as one JSON line like bench/server.ts.
import { resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import Fastify from 'fastify'
import fp from 'fastify-plugin'
import { announce, closeOnSignals } from './announce.js'

const root = resolve(process.env.LITEHOUSE_ROOT ?? fileURLToPath(new URL('..', import.meta.url)))
const { default: app, serverOptions } = await import(pathToFileURL(resolve(root, 'app.ts')).href) as typeof import('../app.js')
const { loadConfig } = await import(pathToFileURL(resolve(root, 'fastify.config.ts')).href) as typeof import('../fastify.config.js')

const config = loadConfig({ ...process.env, HOST: '127.0.0.1', PORT: '0' })
const server = Fastify(serverOptions(config))
await server.register(fp(app), { config })
await server.listen({ host: config.host, port: config.port })
announce(server)
closeOnSignals(server)

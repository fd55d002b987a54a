// Litehouse under test, in its own process: configured by the environment like `npm start`,
// listening on an ephemeral port of 127.0.0.1, which it prints as one JSON line for bench/run.ts.
// It runs what `npm start` runs, the build in dist/ (`npm run bench` and `npm run soak` build it first),
// typed from the sources it was built from.
import { existsSync } from 'node:fs'
import Fastify from 'fastify'
import fp from 'fastify-plugin'
import { announce, closeOnSignals } from './announce.js'

const dist = new URL('../dist/', import.meta.url)
if (!existsSync(new URL('app.js', dist))) throw new Error('dist/app.js is missing: run `npm run build:server` (npm run bench does)')
const { default: app, serverOptions } = await import(new URL('app.js', dist).href) as typeof import('../app.js')
const { loadConfig } = await import(new URL('fastify.config.js', dist).href) as typeof import('../fastify.config.js')

const config = loadConfig({ ...process.env, HOST: '127.0.0.1', PORT: '0' })
const server = Fastify(serverOptions(config))
await server.register(fp(app), { config })
await server.listen({ host: config.host, port: config.port })
announce(server)
closeOnSignals(server)

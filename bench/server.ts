// Litehouse under test, in its own process: configured by the environment like `npm start`,
// listening on an ephemeral port of 127.0.0.1, which it prints as one JSON line for bench/run.ts.
import Fastify from 'fastify'
import fp from 'fastify-plugin'
import app, { serverOptions } from '../app.js'
import { loadConfig } from '../fastify.config.js'
import { announce, closeOnSignals } from './announce.js'

const config = loadConfig({ ...process.env, HOST: '127.0.0.1', PORT: '0' })
const server = Fastify(serverOptions(config))
await server.register(fp(app), { config })
await server.listen({ host: config.host, port: config.port })
announce(server)
closeOnSignals(server)

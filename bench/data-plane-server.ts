// Litehouse from the sources (run by tsx), for bench/data-plane.ts: configured by the environment,
// listening on an ephemeral port of 127.0.0.1, which it prints as one JSON line.
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

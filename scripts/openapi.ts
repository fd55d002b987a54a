// Writes openapi.json from the route schemas without listening on a port.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify from 'fastify'
import fp from 'fastify-plugin'
import app from '../app.js'
import { loadConfig } from '../fastify.config.js'

const dataDir = mkdtempSync(join(tmpdir(), 'litehouse-openapi-'))
const server = Fastify({ logger: false })
try {
  await server.register(fp(app), { config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ANALYTICS: 'off', ENGINE_WORKERS: '1' }) })
  await server.ready()
  const out = process.argv[2] ?? 'openapi.json'
  writeFileSync(out, JSON.stringify(server.swagger(), null, 2) + '\n')
  console.log(`wrote ${out}`)
} finally {
  await server.close()
  rmSync(dataDir, { recursive: true, force: true })
}

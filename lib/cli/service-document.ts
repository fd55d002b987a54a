import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * The service's OpenAPI document, built from the route schemas on a throwaway data directory without
 * listening on a port (`litehouse openapi`, `npm run openapi`, `npm run client:types`).
 */
export async function serviceDocument (): Promise<Record<string, unknown>> {
  const [{ default: Fastify }, { default: fp }, { default: app }, { loadConfig }] = await Promise.all([
    import('fastify'), import('fastify-plugin'), import('../../app.js'), import('../../fastify.config.js')
  ])
  const dataDir = mkdtempSync(join(tmpdir(), 'litehouse-openapi-'))
  const server = Fastify({ logger: false })
  try {
    await server.register(fp(app), { config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ANALYTICS: 'off', ENGINE_WORKERS: '1' }) })
    await server.ready()
    return server.swagger() as unknown as Record<string, unknown>
  } finally {
    await server.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

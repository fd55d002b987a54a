import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import Fastify, { type FastifyInstance, type InjectOptions, type LightMyRequestResponse } from 'fastify'
import fp from 'fastify-plugin'
import app, { serverOptions } from '../app.js'
import { loadConfig, type Config } from '../fastify.config.js'
import { recordResponses } from './openapi-fidelity.js'

type Test = { teardown: (fn: () => unknown) => void }

export const adminCredentials = { email: 'admin@example.com', password: 'correct horse battery' }

/** A temporary data directory, removed when the test ends. */
export function tempDir (t: Test, prefix = 'litehouse-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

export function testConfig (dataDir: string, env: Record<string, string> = {}): Config {
  // workers at the main thread's priority: the tests share a machine with other busy processes, which a niced worker
  // would wait behind past its deadlines (test/security/flood-fairness.test.ts checks the default); password hashes
  // at 1 MiB rather than 64: a sign-in costs about 250 ms of CPU at the default (test/routes/password-cost checks it)
  return loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ANALYTICS_FLUSH_MS: '60000', ENGINE_WORKERS: '2', ENGINE_WORKER_NICE: '0', PASSWORD_HASH_MEMORY_KIB: '1024', ...env })
}

export interface Built {
  app: FastifyInstance
  dataDir: string
  config: Config
  /** Every log line the app wrote (at LOG_LEVEL, default 'silent'). */
  logs: string[]
}

/** Builds the whole app over a fresh temporary data directory (or `dataDir`), ready for inject. */
export async function build (t: Test, env: Record<string, string> = {}, dataDir?: string): Promise<Built> {
  const dir = dataDir ?? tempDir(t)
  const config = testConfig(dir, env)
  const logs: string[] = []
  const stream = new Writable({ write (chunk, _enc, done) { logs.push(String(chunk)); done() } })
  const instance = Fastify(serverOptions(config, stream))
  // every answer this build gives must be one the OpenAPI document describes (test/openapi-fidelity.ts)
  const recorder = recordResponses(instance)
  await instance.register(fp(app), { config })
  await instance.ready()
  t.teardown(async () => {
    await instance.close()
    if (recorder.violations.length > 0) throw new Error(`answers the OpenAPI document does not describe:\n${recorder.violations.join('\n')}`)
  })
  return { app: instance, dataDir: dir, config, logs }
}

/** Creates the first admin and signs in; returns the session token. */
export async function signIn (app: FastifyInstance, credentials = adminCredentials): Promise<string> {
  const status = await app.inject({ method: 'GET', url: '/api/admin/status' })
  if (!status.json().data.hasAdmin) {
    const setup = await app.inject({ method: 'POST', url: '/api/admin/setup', payload: credentials })
    if (setup.statusCode !== 201) throw new Error(`setup failed: ${setup.body}`)
  }
  const login = await app.inject({ method: 'POST', url: '/api/admin/login', payload: credentials })
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`)
  return login.json().data.token
}

/** inject with a bearer credential. */
export function as (app: FastifyInstance, token: string | undefined) {
  return (opts: InjectOptions): Promise<LightMyRequestResponse> =>
    app.inject({ ...opts, headers: { ...(opts.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } })
}

type Call = ReturnType<typeof as>

/**
 * Shortcuts for route tests that share one app: a fresh database per subtest, keys of a scope,
 * and raw SQL for set-up and checks (all as the admin unless another caller is given).
 */
export function workspace (admin: Call, prefix: string) {
  let databases = 0
  async function expect (res: Promise<LightMyRequestResponse>, status: number, what: string): Promise<LightMyRequestResponse> {
    const done = await res
    if (done.statusCode !== status) throw new Error(`${what} failed: ${done.body}`)
    return done
  }
  return {
    async freshDatabase (on: Call = admin): Promise<string> {
      const name = `${prefix}${++databases}`
      await expect(on({ method: 'POST', url: '/api/databases', payload: { name } }), 201, 'create database')
      return name
    },
    async keyFor (db: string, scope: 'read' | 'write', on: Call = admin): Promise<string> {
      const res = await expect(on({ method: 'POST', url: `/api/databases/${db}/keys`, payload: { label: scope, scope } }), 201, 'create key')
      return res.json().data.key
    },
    async sql (db: string, text: string, params?: unknown, on: Call = admin): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
      const payload = params === undefined ? { sql: text } : { sql: text, params }
      const res = await expect(on({ method: 'POST', url: `/api/databases/${db}/query`, payload }), 200, 'query')
      return res.json().data
    }
  }
}

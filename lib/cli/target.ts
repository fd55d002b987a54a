import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { CommandFailed, UsageError, type Values } from './command.js'

/**
 * Where a command sends its request: a running server over HTTP (`--url`, or LITEHOUSE_URL, with the bearer
 * token in LITEHOUSE_TOKEN), or, without a URL, the data directory itself (`--data-dir`, or DATA_DIR, default
 * ./data) through the same app and routes in this process, never listening on a port. Either way the request
 * passes the routes' own validation and the answer (or the API's error message) is the same.
 */
export interface Target {
  /** The `data` member of a 2xx answer (the whole body when it has none); a CommandFailed with the API's message otherwise. */
  call (method: 'GET' | 'POST', path: string, body?: unknown, headers?: Record<string, string>): Promise<unknown>
  close (): Promise<void>
}

/** The flags of every command that reaches a server or a data directory. */
export const targetOptions = {
  url: { type: 'string' },
  'data-dir': { type: 'string' }
} as const

export const targetUsage = `Target (a running server, or the data directory of a stopped one):
  --url URL        a running server (or LITEHOUSE_URL); credential from LITEHOUSE_TOKEN
                   (an admin session token or, where the route allows, an API key)
  --data-dir DIR   without --url: open this data directory directly (or DATA_DIR; default ./data);
                   refused while a server has it open. Acts as an admin of that directory.`

function answer (status: number, body: unknown): unknown {
  if (status >= 200 && status < 300) {
    return body !== null && typeof body === 'object' && 'data' in body ? (body as { data: unknown }).data : body
  }
  const error = body as { code?: string, message?: string } | null
  const message = error?.message ?? `the server answered ${status}`
  throw new CommandFailed(error?.code !== undefined ? `${message} (${status} ${error.code})` : message)
}

function remote (url: string): Target {
  const base = url.replace(/\/+$/, '')
  const token = process.env.LITEHOUSE_TOKEN
  return {
    async call (method, path, body, headers = {}) {
      let res: Response
      try {
        res = await fetch(base + path, {
          method,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
            ...headers
          },
          body: body !== undefined ? JSON.stringify(body) : undefined
        })
      } catch (err) {
        const cause = (err as { cause?: { code?: string, message?: string } }).cause
        throw new CommandFailed(`cannot reach ${base}: ${cause?.code ?? cause?.message ?? (err as Error).message}`)
      }
      const text = await res.text()
      let parsed: unknown = text
      try {
        parsed = JSON.parse(text)
      } catch {}
      return answer(res.status, parsed)
    },
    async close () {}
  }
}

/** The principal of requests made on the data directory itself: whoever can open the files is its admin. */
const localOperator = { kind: 'admin' as const, adminId: 'cli', email: 'litehouse-cli', token: '' }

/**
 * Whether another process has `_system.db` open, as a running server always has: in WAL mode every open connection
 * holds a shared lock on the file, so an exclusive lock is refused at once. Changes nothing: the lock is released
 * with the probe's connection.
 */
async function openElsewhere (systemDb: string): Promise<boolean> {
  const { default: Database } = await import('better-sqlite3')
  const probe = new Database(systemDb, { timeout: 0 })
  try {
    probe.pragma('locking_mode = EXCLUSIVE')
    probe.exec('BEGIN EXCLUSIVE; COMMIT')
    return false
  } catch (err) {
    if ((err as { code?: string }).code === 'SQLITE_BUSY') return true
    throw err
  } finally {
    probe.close()
  }
}

async function local (dataDir: string, mayInitialise: boolean): Promise<Target> {
  // loaded only here: a usage error or a remote call never pays for the app, the store and their native modules
  const [{ default: Fastify }, { default: fp }, { ConfigError, loadConfig }, { SYSTEM_DB }, { default: app, serverOptions }] = await Promise.all([
    import('fastify'), import('fastify-plugin'), import('../../fastify.config.js'), import('../store/index.js'), import('../../app.js')
  ])
  const systemDb = join(dataDir, SYSTEM_DB)
  if (!existsSync(systemDb)) {
    if (!mayInitialise) throw new CommandFailed(`${dataDir} is not a Litehouse data directory (no ${SYSTEM_DB}): pass --data-dir, or --url for a running server`)
  } else if (await openElsewhere(systemDb)) {
    throw new CommandFailed(`a running server has ${dataDir} open: use --url to reach it through the API (or stop it first)`)
  }
  let config
  try {
    // one engine worker, no analytics and no log lines: a short-lived process, not a server
    config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ANALYTICS: 'off', ENGINE_WORKERS: '1' })
  } catch (err) {
    if (err instanceof ConfigError) throw new CommandFailed(err.message)
    throw err
  }
  const server: FastifyInstance = Fastify(serverOptions(config))
  await server.register(fp(app), { config })
  // after the auth plugin's hook, which found no credential
  server.addHook('onRequest', (request, _reply, done) => {
    request.principal = localOperator
    done()
  })
  await server.ready()
  return {
    async call (method, path, body, headers = {}) {
      const res = await server.inject({ method, url: path, headers, ...(body !== undefined ? { payload: body as object } : {}) })
      let parsed: unknown = res.body
      try {
        parsed = res.json()
      } catch {}
      return answer(res.statusCode, parsed)
    },
    async close () {
      await server.close()
    }
  }
}

/**
 * The target the flags name. `mayInitialise`: the command may create a data directory that does not exist yet
 * (`admin create`); every other command refuses a directory without `_system.db` rather than create an empty one.
 */
export async function openTarget (values: Values, mayInitialise = false): Promise<Target> {
  const url = (values.url as string | undefined) ?? process.env.LITEHOUSE_URL
  if (url !== undefined && url !== '') {
    if (!/^https?:$/.test(URL.parse(url)?.protocol ?? '')) throw new UsageError(`--url must be an http:// or https:// address, not '${url}'`)
    return remote(url)
  }
  return await local(resolve((values['data-dir'] as string | undefined) ?? process.env.DATA_DIR ?? './data'), mayInitialise)
}

/** Opens the target, runs `work` on it, and closes it whatever happens. */
export async function withTarget<T> (values: Values, work: (target: Target) => Promise<T>, mayInitialise = false): Promise<T> {
  const target = await openTarget(values, mayInitialise)
  try {
    return await work(target)
  } finally {
    await target.close()
  }
}

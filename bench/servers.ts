import { copyFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { call, eachLimited } from './api.js'
import { startChild, type ChildServer } from './child.js'
import { createItemsFile, itemCount } from './items.js'
import { pinTree } from './tree.js'

const note = (message: string) => process.stderr.write(`${message}\n`)
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`

export interface Litehouse extends ChildServer {
  /** Admin session token. */
  session: string
}

export interface Shop extends Litehouse {
  /** Write-scope API key of the `shop` database, which holds the items table. */
  key: string
}

export interface Catalog extends Litehouse {
  /** Names of the hosted databases. */
  names: string[]
  /** Read-scope API key of `names[0]`. */
  key: string
}

export const shopName = 'shop'
export const catalogSize = 1000
const admin = { email: 'bench@example.com', password: 'bench password 1' }

/**
 * Starts the servers a run needs, each at most once, each in its own data directory under `root`:
 * Litehouse with the items table (analytics on or off), Litehouse with 1,000 databases, and the bare baseline.
 * With `pin` (taskset syntax) each server's process tree is pinned to those CPUs once it listens; what it forks
 * later (a replaced engine worker, a restarted Litestream) inherits the affinity.
 */
export function createServers (root: string, pin?: string) {
  const started: ChildServer[] = []
  const once = <T>(make: () => Promise<T>) => {
    let promise: Promise<T> | undefined
    return () => (promise ??= make())
  }
  const child = async (name: string, script: string, env: Record<string, string>) => {
    const startedAt = performance.now()
    const server = await startChild(name, script, env)
    started.push(server)
    if (pin !== undefined) pinTree(server.pid, pin)
    note(`${name} listening on ${server.url} after ${seconds(startedAt)}${pin === undefined ? '' : `, pinned to CPU ${pin}`}`)
    return server
  }

  // built once and copied, so every server starts from the same bytes
  const template = once(async () => {
    const file = join(root, 'items.db')
    const startedAt = performance.now()
    createItemsFile(file)
    note(`items table of ${itemCount.toLocaleString('en-US')} rows written in ${seconds(startedAt)}`)
    return file
  })

  async function litehouse (name: string, analytics: 'on' | 'off', env: Record<string, string> = {}): Promise<Litehouse> {
    const dataDir = join(root, name)
    mkdirSync(dataDir)
    const server = await child(name, 'server.ts', {
      DATA_DIR: dataDir, LOG_LEVEL: 'warn', ANALYTICS: analytics, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, ...env
    })
    const { token } = await call<{ token: string }>(server.url, 'POST', '/api/admin/login', undefined, admin)
    return { ...server, session: token }
  }

  // the file is adopted through the API after start-up, as a user would adopt an existing database
  // backups: Litestream replicating to a file:// replica in the run's directory, default BACKUP_SYNC_MS
  const shop = (analytics: 'on' | 'off', backups = false) => once(async (): Promise<Shop> => {
    const items = await template()
    const server = backups
      ? await litehouse('litehouse-backups', analytics, { BACKUP_URL: `file://${join(root, 'replica')}` })
      : await litehouse(`litehouse-${analytics}`, analytics)
    copyFileSync(items, join(root, server.name, `${shopName}.db`))
    await call(server.url, 'POST', '/api/databases', server.session, { name: shopName })
    const { key } = await call<{ key: string }>(server.url, 'POST', `/api/databases/${shopName}/keys`, server.session, { label: 'bench', scope: 'write' })
    return { ...server, key }
  })

  const catalog = once(async (): Promise<Catalog> => {
    const server = await litehouse('litehouse-catalog', 'on')
    const names = Array.from({ length: catalogSize }, (_, i) => `db${String(i + 1).padStart(4, '0')}`)
    const startedAt = performance.now()
    await eachLimited(names, 4, (name) => call(server.url, 'POST', '/api/databases', server.session, { name }))
    note(`${catalogSize} databases created in ${seconds(startedAt)}`)
    const { key } = await call<{ key: string }>(server.url, 'POST', `/api/databases/${names[0]}/keys`, server.session, { label: 'bench', scope: 'read' })
    return { ...server, names, key }
  })

  const baseline = once(async () => {
    const items = await template()
    const dir = join(root, 'baseline')
    mkdirSync(dir)
    copyFileSync(items, join(dir, 'items.db'))
    return child('baseline', 'baseline-server.ts', { BASELINE_DB: join(dir, 'items.db') })
  })

  return {
    analyticsOn: shop('on'),
    analyticsOff: shop('off'),
    backupsOn: shop('on', true),
    catalog,
    baseline,
    async stopAll (): Promise<void> {
      await Promise.allSettled(started.map((server) => server.stop()))
    }
  }
}

export type Servers = ReturnType<typeof createServers>

import type { Load, Side } from './load.js'
import { item, itemCount, itemsTable } from './items.js'
import { shopName, type Servers } from './servers.js'

/** Where and what one measurement sends; the server is started (and seeded) on first use. */
type Target = (servers: Servers) => Promise<Side>

export interface RowSpec {
  label: string
  /** Measurement id of the row. */
  measured: string
  /** Measurement id it is compared with, in the same run: ratio = measured req/s / baseline req/s. */
  baseline: string
}

export interface Scenario {
  name: string
  rows: RowSpec[]
}

const on = (server: { url: string, pid: number }, load: Load): Side => ({ url: server.url, pid: server.pid, load })
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]
const randomId = () => 1 + Math.floor(Math.random() * itemCount)

const records = `/api/databases/${shopName}/tables/${itemsTable}/records`
const recordLoads = (headers: Record<string, string>) => ({
  get: { path: () => `${records}/${randomId()}`, headers },
  list: { path: `${records}?filter=${encodeURIComponent('{"category":"c7"}')}&sort=-price&limit=50`, headers },
  insert: { method: 'POST', path: records, headers, body: JSON.stringify(item(itemCount + 1)) },
  bulk: { method: 'POST', path: records, headers, body: JSON.stringify(Array.from({ length: 1000 }, (_, i) => item(i))) }
} satisfies Record<string, Load>)
type RecordLoad = keyof ReturnType<typeof recordLoads>

const onShop = (analytics: 'on' | 'off' | 'backups', kind: RecordLoad): Target => async (servers) => {
  const shop = await (analytics === 'on' ? servers.analyticsOn() : analytics === 'off' ? servers.analyticsOff() : servers.backupsOn())
  return on(shop, recordLoads(bearer(shop.key))[kind])
}
const onBaseline = (kind: RecordLoad): Target => async (servers) => {
  const baseline = await servers.baseline()
  return on(baseline, recordLoads({})[kind])
}

export const measurements: Record<string, Target> = {
  health: async (s) => {
    const catalog = await s.catalog()
    return on(catalog, { path: '/api/health' })
  },
  detail: async (s) => {
    const catalog = await s.catalog()
    return on(catalog, { path: () => `/api/databases/${pick(catalog.names)}`, headers: bearer(catalog.session) })
  },
  adminMe: async (s) => {
    const catalog = await s.catalog()
    return on(catalog, { path: '/api/admin/me', headers: bearer(catalog.session) })
  },
  keyConfig: async (s) => {
    const catalog = await s.catalog()
    return on(catalog, { path: `/api/databases/${catalog.names[0]}/config`, headers: bearer(catalog.key) })
  },
  shopHealth: async (s) => on(await s.analyticsOn(), { path: '/api/health' }),
  get: onShop('on', 'get'),
  getAnalyticsOff: onShop('off', 'get'),
  getBaseline: onBaseline('get'),
  list: onShop('on', 'list'),
  listBaseline: onBaseline('list'),
  insert: onShop('on', 'insert'),
  insertBaseline: onBaseline('insert'),
  bulk: onShop('on', 'bulk'),
  bulkBaseline: onBaseline('bulk'),
  getBackups: onShop('backups', 'get'),
  insertBackups: onShop('backups', 'insert'),
  rawSql: async (s) => {
    const shop = await s.analyticsOn()
    const body = () => JSON.stringify({ sql: `SELECT * FROM ${itemsTable} WHERE id = ?`, params: [randomId()] })
    return on(shop, { method: 'POST', path: `/api/databases/${shopName}/query`, headers: bearer(shop.key), body })
  }
}

const getRow: RowSpec = { label: 'records get by id (write key) vs bare', measured: 'get', baseline: 'getBaseline' }

/** In run order: every read scenario before the writes, which grow the table. */
export const scenarios: Scenario[] = [
  {
    name: 'detail',
    rows: [{ label: 'GET /api/databases/:name, random of 1,000 (session) vs public GET /api/health', measured: 'detail', baseline: 'health' }]
  },
  {
    name: 'auth',
    rows: [
      { label: 'GET /api/admin/me (session lookup) vs health', measured: 'adminMe', baseline: 'health' },
      { label: 'GET /api/databases/:name/config (API key lookup) vs health', measured: 'keyConfig', baseline: 'health' }
    ]
  },
  {
    name: 'floor',
    rows: [{ label: 'public GET /api/health (no auth, no database) vs bare get: the framework\'s share', measured: 'shopHealth', baseline: 'getBaseline' }]
  },
  { name: 'records-get', rows: [getRow] },
  { name: 'records-list', rows: [{ label: 'records list 50, filter category + sort -price vs bare', measured: 'list', baseline: 'listBaseline' }] },
  { name: 'analytics', rows: [{ label: 'records get by id, ANALYTICS=on vs off', measured: 'get', baseline: 'getAnalyticsOff' }] },
  {
    name: 'raw-sql',
    rows: [
      { label: 'raw SQL point select (POST /query) vs bare get', measured: 'rawSql', baseline: 'getBaseline' },
      { label: 'raw SQL point select vs records get by id', measured: 'rawSql', baseline: 'get' },
      getRow
    ]
  },
  { name: 'records-insert', rows: [{ label: 'records insert one vs bare', measured: 'insert', baseline: 'insertBaseline' }] },
  { name: 'records-bulk', rows: [{ label: 'records bulk insert 1,000 vs bare', measured: 'bulk', baseline: 'bulkBaseline' }] },
  {
    name: 'backups',
    rows: [
      { label: 'records get by id, BACKUP_URL (Litestream, file://) on vs off', measured: 'getBackups', baseline: 'get' },
      { label: 'records insert one, BACKUP_URL (Litestream, file://) on vs off', measured: 'insertBackups', baseline: 'insert' }
    ]
  }
]

/** Scenarios named on the command line: an exact name, or a prefix (`records` selects every records-*). */
export function select (names: string[]): Scenario[] {
  if (names.length === 0) return scenarios
  const unknown = names.filter((name) => !scenarios.some((s) => s.name.startsWith(name)))
  if (unknown.length > 0) throw new Error(`unknown scenario ${unknown.join(', ')}; choose from ${scenarios.map((s) => s.name).join(', ')}`)
  return scenarios.filter((s) => names.some((name) => s.name.startsWith(name)))
}

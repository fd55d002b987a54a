/**
 * Values by declared type over HTTP (issue 28's goal: record GET and list ≥ 0.97× of the throughput before it), in
 * one run: a base commit's server and this tree's, both started from their sources the same way (bench/ab-server.ts),
 * each with the benchmark's items table, measured in interleaved slices (bench/load.ts); then this tree alone on a
 * copy of the table with a BOOLEAN and a JSON column, the only columns whose values are converted on reads.
 *
 *   mkdir -p bench/.base && git archive 70f7798 app.ts fastify.config.ts package.json lib plugins routes schemas \
 *     | tar -x -C bench/.base && echo 70f7798 > bench/.base/COMMIT
 *   # optional, the values change alone (its parent is 70f7798), measured with --tree=bench/.base/1324a99:
 *   mkdir -p bench/.base/1324a99 && git archive 1324a99 app.ts fastify.config.ts package.json lib plugins routes schemas \
 *     | tar -x -C bench/.base/1324a99 && echo 1324a99 > bench/.base/1324a99/COMMIT
 *   node --import tsx bench/values-http.ts [--duration=8] [--warmup=1] [--connections=10] [--rounds=1] [--base=bench/.base] [--tree=.]
 *   taskset -c 1 node --import tsx bench/values-http.ts ...     # pinned: servers and load generator on one core
 *
 * Bounded: about (warm-up + duration) × 2 × 4 comparisons × rounds, plus start-up (~20 s).
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import Database from 'better-sqlite3'
import { call } from './api.js'
import { startChild, type ChildServer } from './child.js'
import { machineTicks, stealPercent } from './cpu.js'
import { createItemsFile, itemCount, itemsTable } from './items.js'
import { compare, type Load, type Side } from './load.js'
import { report, type ReportRow, type Round, type RunSettings } from './report.js'

const option = (name: string, fallback: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback
const settings: RunSettings = {
  durationS: Number(option('duration', '8')),
  warmupS: Number(option('warmup', '1')),
  connections: Number(option('connections', '10')),
  rounds: Number(option('rounds', '1'))
}
if (!(settings.durationS >= 2 && settings.durationS <= 30 && settings.rounds >= 1 && settings.rounds <= 5)) {
  throw new Error('--duration is 2 to 30 seconds, --rounds 1 to 5')
}
/** A tree to run: its directory, and its name (the commit in its COMMIT file, as the extraction above writes it). */
function treeAt (dir: string, fallback: string): { dir: string, name: string } {
  if (!existsSync(join(dir, 'app.ts'))) throw new Error(`${dir}/app.ts is missing: extract the commit first (see the header of bench/values-http.ts)`)
  return { dir, name: existsSync(join(dir, 'COMMIT')) ? readFileSync(join(dir, 'COMMIT'), 'utf8').trim() : fallback }
}
const base = treeAt(resolve(option('base', 'bench/.base')), 'base')
// --tree=<dir> measures another extracted commit instead of this tree (e.g. the values change alone against its parent)
const tree = treeAt(resolve(option('tree', '.')), 'this tree')

const admin = { email: 'bench@example.com', password: 'bench password 1' }
const typedTable = 'typed'

/** The items file plus `typed`: the same rows with a boolean and a json column, indexed alike. */
function createTemplate (file: string): void {
  createItemsFile(file)
  const db = new Database(file)
  db.exec(`CREATE TABLE ${typedTable} (id INTEGER PRIMARY KEY, title TEXT, price REAL, category TEXT, created TEXT, done BOOLEAN, tags JSON);
           CREATE INDEX ${typedTable}_category ON ${typedTable} (category);
           INSERT INTO ${typedTable} SELECT id, title, price, category, created, id % 2, json_array(category, 'x') FROM ${itemsTable};`)
  db.close()
}

interface Shop extends ChildServer { key: string }

async function startShop (root: string, name: string, template: string, env: Record<string, string>): Promise<Shop> {
  const dataDir = join(root, name)
  mkdirSync(dataDir)
  copyFileSync(template, join(dataDir, 'shop.db'))
  const server = await startChild(name, 'ab-server.ts', {
    DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, ...env
  })
  const { token } = await call<{ token: string }>(server.url, 'POST', '/api/admin/login', undefined, admin)
  await call(server.url, 'POST', '/api/databases', token, { name: 'shop' }) // adopts shop.db
  const { key } = await call<{ key: string }>(server.url, 'POST', '/api/databases/shop/keys', token, { label: 'bench', scope: 'write' })
  process.stderr.write(`${name} listening on ${server.url}\n`)
  return { ...server, key }
}

const randomId = (): number => 1 + Math.floor(Math.random() * itemCount)
const loads = (shop: Shop, table: string): Record<'get' | 'list', Side> => {
  const records = `/api/databases/shop/tables/${table}/records`
  const headers = { authorization: `Bearer ${shop.key}` }
  const get: Load = { path: () => `${records}/${randomId()}`, headers }
  const list: Load = { path: `${records}?filter=${encodeURIComponent('{"category":"c7"}')}&sort=-price&limit=50`, headers }
  return { get: { url: shop.url, pid: shop.pid, load: get }, list: { url: shop.url, pid: shop.pid, load: list } }
}

const loadBefore = loadavg()[0]
const ticksBefore = machineTicks()
const affinity = /Cpus_allowed_list:\s*(\S+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 'unknown'
const root = mkdtempSync(join(tmpdir(), 'litehouse-values-http-'))
const started: ChildServer[] = []
const rows: ReportRow[] = []
try {
  const template = join(root, 'template.db')
  createTemplate(template)
  const before = await startShop(root, `litehouse-${base.name}`, template, { LITEHOUSE_ROOT: base.dir })
  started.push(before)
  const now = await startShop(root, `litehouse-${tree.name.replace(/\W+/g, '-')}`, template, { LITEHOUSE_ROOT: tree.dir })
  started.push(now)

  const comparisons: Array<[string, Side, Side]> = [
    [`records get by id: ${tree.name} vs ${base.name}`, loads(now, itemsTable).get, loads(before, itemsTable).get],
    [`records list 50 (filter + sort): ${tree.name} vs ${base.name}`, loads(now, itemsTable).list, loads(before, itemsTable).list],
    [`records get by id: typed table (boolean + json) vs items, ${tree.name}`, loads(now, typedTable).get, loads(now, itemsTable).get],
    [`records list 50: typed table (boolean + json) vs items, ${tree.name}`, loads(now, typedTable).list, loads(now, itemsTable).list]
  ]
  for (const [label, measured, baseline] of comparisons) {
    const rounds: Round[] = []
    for (let round = 1; round <= settings.rounds; round++) {
      process.stderr.write(`measuring ${label} (round ${round}) ...`)
      const ticks = machineTicks()
      const [m, b] = await compare(measured, baseline, round === 1 ? settings : { ...settings, warmupS: 0 })
      rounds.push({ measured: m, baseline: b, stealPct: stealPercent(ticks, machineTicks()) })
      process.stderr.write(` ${Math.round(m.rps)} / ${Math.round(b.rps)} req/s\n`)
    }
    rows.push({ label, rounds })
  }
} finally {
  await Promise.allSettled(started.map((s) => s.stop()))
  rmSync(root, { recursive: true, force: true })
}

process.stdout.write(`\nCPU affinity of the run: ${affinity}\n\n`)
process.stdout.write(report(rows, settings, { loadBefore, stealPct: stealPercent(ticksBefore, machineTicks()) }))

/**
 * Values by declared type, A/B in one run: the record jobs (`records.get`, `records.list` of 50) of a base commit
 * against this tree's, on the benchmark's items table, plus this tree's cost on a table with boolean and json
 * columns (the only ones converted on reads). Jobs run in this process, as the inline lane and a worker run them,
 * without HTTP: the conversion's share of a whole request is smaller than the ratios here.
 *
 *   git archive <base> lib | tar -x -C bench/.base     # the code to compare with (git-ignored)
 *   node --import tsx bench/values-ab.ts [--base=bench/.base] [--seconds=8]
 *
 * Each comparison interleaves eight slices (A-B-B-A-B-A-A-B) so a change in the machine's load weighs on both.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import Database from 'better-sqlite3'
import { createItemsFile, itemCount } from './items.js'

type Runner = { run: (name: string, file: string, args: unknown) => { ok: boolean, error?: unknown } }
type RunnerFactory = (config: { dataDir: string, maxConnections: number, maxQueryRows: number }) => Runner

const option = (name: string, fallback: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback
const base = resolve(option('base', 'bench/.base'))
const seconds = Number(option('seconds', '8'))

async function runnerFrom (root: string): Promise<RunnerFactory> {
  const module = await import(pathToFileURL(join(root, 'lib/engine/job-runner.ts')).href) as { createJobRunner: RunnerFactory }
  return module.createJobRunner
}

/** Operations per second of `op` on each side, measured in interleaved slices. */
function compare (a: () => void, b: () => void): { a: number, b: number } {
  const slice = (seconds * 1000) / 8
  const counts = { a: 0, b: 0 }
  const time = { a: 0, b: 0 }
  for (const side of ['a', 'b', 'b', 'a', 'b', 'a', 'a', 'b'] as const) {
    const op = side === 'a' ? a : b
    const start = performance.now()
    let n = 0
    while (performance.now() - start < slice) { for (let i = 0; i < 50; i++) op(); n += 50 }
    counts[side] += n
    time[side] += performance.now() - start
  }
  return { a: counts.a / time.a * 1000, b: counts.b / time.b * 1000 }
}

const dir = mkdtempSync(join(tmpdir(), 'litehouse-values-ab-'))
try {
  const file = join(dir, 'shop.db')
  createItemsFile(file)
  // the same rows with a boolean and a json column, for the cost of converting them
  const db = new Database(file)
  db.exec(`CREATE TABLE typed (id INTEGER PRIMARY KEY, title TEXT, price REAL, done BOOLEAN, tags JSON);
           INSERT INTO typed SELECT id, title, price, id % 2, json_array(category, 'x') FROM items;`)
  db.pragma('journal_mode = WAL')
  db.close()

  const config = { dataDir: dir, maxConnections: 4, maxQueryRows: 10_000 }
  const before = (await runnerFrom(base))(config)
  const after = (await runnerFrom(resolve('.')))(config)
  let k = 0
  const id = (): string => String(1 + (k++ * 7919) % itemCount)
  const job = (runner: Runner, name: string, args: () => unknown) => () => {
    const outcome = runner.run(name, file, args())
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.error))
  }
  const rows: Array<[string, () => void, () => void]> = [
    ['records.get items (base → this tree)', job(before, 'records.get', () => ({ table: 'items', id: id() })), job(after, 'records.get', () => ({ table: 'items', id: id() }))],
    ['records.list items, 50 (base → this tree)', job(before, 'records.list', () => ({ table: 'items', limit: 50, offset: 0 })), job(after, 'records.list', () => ({ table: 'items', limit: 50, offset: 0 }))],
    ['records.list items, 50 (this tree → base: the order reversed)', job(after, 'records.list', () => ({ table: 'items', limit: 50, offset: 0 })), job(before, 'records.list', () => ({ table: 'items', limit: 50, offset: 0 }))],
    ['records.get: items → typed (this tree)', job(after, 'records.get', () => ({ table: 'items', id: id() })), job(after, 'records.get', () => ({ table: 'typed', id: id() }))],
    ['records.list 50: items → typed (this tree)', job(after, 'records.list', () => ({ table: 'items', limit: 50, offset: 0 })), job(after, 'records.list', () => ({ table: 'typed', limit: 50, offset: 0 }))]
  ]
  console.log(`| comparison (${seconds} s each, interleaved) | A ops/s | B ops/s | B/A |`)
  console.log('|---|---:|---:|---:|')
  const only = option('only', '')
  for (const [label, a, b] of rows.filter(([label]) => label.includes(only))) {
    for (let i = 0; i < 200; i++) { a(); b() } // warm-up: JIT, statement caches
    const r = compare(a, b)
    console.log(`| ${label} | ${r.a.toFixed(0)} | ${r.b.toFixed(0)} | ${(r.b / r.a).toFixed(3)} |`)
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}

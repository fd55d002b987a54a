// `node --import tsx bench/open-cost.ts [files=300] [rounds=5]`: what one database costs when its connection is not
// open: open + first record GET by id + close, through the engine's job runner (no HTTP, no worker round trip),
// against a warm GET on an open connection. Each round visits every file once; the first round is discarded
// (it reads every schema for the first time in this process).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { createJobRunner } from '../lib/engine/job-runner.js'

const files = Number(process.argv[2] ?? 300)
const rounds = Number(process.argv[3] ?? 5)
const dir = mkdtempSync(join(tmpdir(), 'litehouse-open-'))
try {
  const paths = Array.from({ length: files }, (_, i) => join(dir, `t${i}.db`))
  for (const file of paths) {
    const db = new Database(file)
    db.pragma('journal_mode = WAL')
    db.exec('CREATE TABLE items (id INTEGER PRIMARY KEY, title TEXT, price REAL, category TEXT, created TEXT)')
    const insert = db.prepare('INSERT INTO items (title, price, category, created) VALUES (?, ?, ?, ?)')
    db.transaction(() => { for (let n = 1; n <= 100; n++) insert.run(`item ${n}`, n / 100, `c${n % 20}`, '2024-01-01') })()
    db.close()
  }
  const runner = createJobRunner({ dataDir: dir, maxConnections: files + 1, maxQueryRows: 100 })
  const get = (file: string) => {
    const outcome = runner.run('records.get', file, { table: 'items', id: String(1 + Math.floor(Math.random() * 100)) })
    if (!outcome.ok) throw new Error(outcome.error.message)
  }
  const cold: number[] = []
  for (let round = 0; round < rounds; round++) {
    const started = performance.now()
    for (const file of paths) {
      get(file)
      runner.close(file)
    }
    if (round > 0) cold.push((performance.now() - started) * 1000 / files)
  }
  for (const file of paths) get(file)
  const warmStarted = performance.now()
  for (let i = 0; i < 20; i++) for (const file of paths) get(file)
  const warm = (performance.now() - warmStarted) * 1000 / (20 * files)
  runner.closeAll()
  const median = cold.sort((a, b) => a - b)[Math.floor(cold.length / 2)]
  process.stdout.write(`open + first get + close: ${median.toFixed(0)} µs (median of ${cold.length} rounds over ${files} files; rounds ${cold.map((c) => c.toFixed(0)).join(', ')}); warm get: ${warm.toFixed(1)} µs\n`)
} finally {
  rmSync(dir, { recursive: true, force: true })
}

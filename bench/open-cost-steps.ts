// `node --import tsx bench/open-cost-steps.ts [files=300] [rounds=7]`: a cache miss broken down. For each step of an
// open as the engine does it (better-sqlite3's open, SQLite's first read of the file, which sets up the WAL and reads
// the schema, each statement Litehouse runs on a fresh connection, and the close of an evicted one), the time it adds,
// the best of `rounds` rounds over `files` copies of one database (100 rows): the best round is the one the machine's
// other load disturbed least. Then the whole miss through the job runner (open + first GET + close).
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { createJobRunner } from '../lib/engine/job-runner.js'

const files = Number(process.argv[2] ?? 300)
const rounds = Number(process.argv[3] ?? 7)
const dir = mkdtempSync(join(tmpdir(), 'litehouse-open-steps-'))
const columns = ['id', 'title', 'price', 'category', 'created'].map((c) => `"${c}"`)
const sizeRead = `SELECT ${columns.map((c) => `ifnull(iif(typeof(${c}) = 'blob', (octet_length(${c}) + 2) / 3 * 4, octet_length(${c})), 4)`).join(' + ')} FROM "items" WHERE "id" = ?`

/** Statements run on a connection after its first read; `none` is the baseline the others are measured against. */
const extras: Record<string, (db: Database.Database) => unknown> = {
  none: () => undefined,
  'db.pragma(synchronous = NORMAL)': (db) => db.pragma('synchronous = NORMAL'),
  'db.pragma(foreign_keys = ON)': (db) => db.pragma('foreign_keys = ON'),
  'db.pragma(wal_autocheckpoint = 0)': (db) => db.pragma('wal_autocheckpoint = 0'),
  'db.exec(PRAGMA wal_autocheckpoint = 0)': (db) => db.exec('PRAGMA wal_autocheckpoint = 0'),
  'PRAGMA schema_version (schema cache check)': (db) => db.prepare('PRAGMA schema_version').get(),
  'sqlite_schema text (shared schema key)': (db) => db.prepare("SELECT group_concat(type || char(31) || name || char(31) || tbl_name || char(31) || ifnull(sql, ''), char(30)) FROM sqlite_schema").pluck().get(),
  'record size read (prepare + get)': (db) => db.prepare(sizeRead).pluck().get(5),
  'point read (prepare + get)': (db) => db.prepare('SELECT * FROM "items" WHERE "id" = ?').safeIntegers(true).get(5),
  'table schema read (table_list + table_xinfo + index_list)': (db) => {
    db.prepare("SELECT name, type FROM pragma_table_list(?) WHERE schema = 'main'").get('items')
    db.prepare("SELECT name, type, \"notnull\", pk, dflt_value, hidden FROM pragma_table_xinfo(?, 'main') WHERE hidden <> 1").all('items')
    db.prepare("SELECT type, sql FROM sqlite_schema WHERE tbl_name = ? AND type IN ('table', 'trigger')").all('items')
    db.prepare('SELECT name, partial FROM pragma_index_list(?)').all('items')
  }
}

try {
  const paths = Array.from({ length: files }, (_, i) => join(dir, `t${i}.db`))
  const db = new Database(paths[0])
  db.pragma('journal_mode = WAL')
  db.exec('CREATE TABLE items (id INTEGER PRIMARY KEY, title TEXT, price REAL, category TEXT, created TEXT)')
  const insert = db.prepare('INSERT INTO items (title, price, category, created) VALUES (?, ?, ?, ?)')
  db.transaction(() => { for (let n = 1; n <= 100; n++) insert.run(`item ${n}`, n / 100, `c${n % 20}`, '2024-01-01') })()
  db.close()
  for (const file of paths.slice(1)) copyFileSync(paths[0], file)

  const best = new Map<string, number>()
  const keep = (label: string, totalMs: number) => best.set(label, Math.min(best.get(label) ?? Infinity, totalMs * 1000 / files))
  for (let round = 0; round < rounds; round++) {
    let open = 0
    let firstRead = 0
    let close = 0
    for (const file of paths) {
      let t = performance.now()
      const conn = new Database(file, { timeout: 0 })
      open += performance.now() - t
      t = performance.now()
      conn.pragma('journal_mode', { simple: true })
      firstRead += performance.now() - t
      t = performance.now()
      conn.close()
      close += performance.now() - t
    }
    keep('better-sqlite3 open (new Database)', open)
    keep('first read (WAL set-up, schema parse): PRAGMA journal_mode', firstRead)
    keep('close (checkpoint, -wal and -shm removed)', close)
    for (const [label, run] of Object.entries(extras)) {
      let spent = 0
      for (const file of paths) {
        const conn = new Database(file, { timeout: 0 })
        conn.pragma('journal_mode', { simple: true })
        const t = performance.now()
        run(conn)
        spent += performance.now() - t
        conn.close()
      }
      keep(label, spent)
    }
  }
  const runner = createJobRunner({ dataDir: dir, maxConnections: files + 1, maxQueryRows: 100 }, { inline: true, connection: { busyTimeoutMs: 0, autoCheckpoint: false } })
  let stamp = 0
  for (let round = 0; round < rounds; round++) {
    const t = performance.now()
    for (const file of paths) {
      const outcome = runner.run('records.get', file, { table: 'items', id: '5' }, ++stamp)
      if (!outcome.ok) throw new Error(outcome.error.message)
      runner.close(file)
    }
    // the first round reads the table schema once (every file has the same schema): not a steady miss
    if (round > 0) keep('whole miss through the job runner (inline lane): open + first GET + close', performance.now() - t)
  }
  // a first visit: files this process has never seen (fresh copies each round), as when a phase of the many-dbs bench
  // reaches databases for the first time
  for (let round = 0; round < rounds; round++) {
    const fresh = paths.map((file) => `${file}.${round}.db`)
    for (const file of fresh) copyFileSync(paths[0], file)
    const t = performance.now()
    for (const file of fresh) {
      const outcome = runner.run('records.get', file, { table: 'items', id: '5' }, ++stamp)
      if (!outcome.ok) throw new Error(outcome.error.message)
      runner.close(file)
    }
    keep('first visit of a database through the job runner: open + first GET + close', performance.now() - t)
  }
  const baseline = best.get('none') ?? 0
  process.stdout.write(`best of ${rounds} rounds over ${files} files, µs per open\n`)
  for (const [label, us] of best) {
    if (label === 'none') continue
    const extra = Object.hasOwn(extras, label)
    process.stdout.write(`${label}: ${(extra ? us - baseline : us).toFixed(1)}\n`)
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}

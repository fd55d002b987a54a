// `node --import tsx bench/open-vs-held.ts [held=0,1000,4000] [rounds=2000] [dir]`
// What one SQLite open + first read + close costs in a process that already holds N connections to other files
// (each a copy of one 100-row WAL database), read-write and read-only, interleaved. SQLite's unix VFS finds a file's
// lock state in a linked list of every file the process has open, so an open walks all of them.
import Database from 'better-sqlite3'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const heldCounts = (process.argv[2] ?? '0,1000,4000').split(',').map(Number)
const rounds = Number(process.argv[3] ?? 2000)
const dir = process.argv[4] ?? mkdtempSync(join(tmpdir(), 'litehouse-open-held-'))
mkdirSync(dir, { recursive: true })
const maxHeld = Math.max(...heldCounts)
const cycled = 500 // files each mode cycles through, apart from the held ones (each visited rounds / 500 times)

const base = join(dir, 'base.db')
if (!existsSync(base)) {
  const db = new Database(base)
  db.pragma('journal_mode = WAL')
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)')
  const insert = db.prepare('INSERT INTO t (v) VALUES (?)')
  for (let i = 0; i < 100; i++) insert.run('x'.repeat(50))
  db.close()
}
const fileAt = (i: number) => join(dir, `c${i}.db`)
for (let i = 0; i < maxHeld + 2 * cycled; i++) if (!existsSync(fileAt(i))) copyFileSync(base, fileAt(i))

/** µs per step, averaged over `rounds` cycles of each mode, the two modes alternating. */
function measure (held: number): Record<'readwrite' | 'readonly', [number, number, number]> {
  const kept = Array.from({ length: held }, (_, i) => {
    const db = new Database(fileAt(i))
    db.prepare('SELECT * FROM t WHERE id = 1').get()
    return db
  })
  const totals = { readwrite: [0, 0, 0] as [number, number, number], readonly: [0, 0, 0] as [number, number, number] }
  const cycle = (file: string, readonly: boolean, into: [number, number, number]) => {
    const a = process.hrtime.bigint()
    const db = new Database(file, { readonly })
    const b = process.hrtime.bigint()
    db.prepare('SELECT * FROM t WHERE id = 1').get()
    const c = process.hrtime.bigint()
    db.close()
    const d = process.hrtime.bigint()
    into[0] += Number(b - a); into[1] += Number(c - b); into[2] += Number(d - c)
  }
  for (let r = 0; r < rounds; r++) {
    cycle(fileAt(held + (r % cycled)), false, totals.readwrite)
    cycle(fileAt(held + cycled + (r % cycled)), true, totals.readonly)
  }
  for (const db of kept) db.close()
  for (const mode of ['readwrite', 'readonly'] as const) totals[mode] = totals[mode].map((ns) => ns / rounds / 1000) as [number, number, number]
  return totals
}

console.log(`files in ${dir}; µs per open / first read / close (sum), ${rounds} cycles per mode`)
for (const held of heldCounts) {
  const result = measure(held)
  for (const mode of ['readwrite', 'readonly'] as const) {
    const [open, read, close] = result[mode]
    console.log(`held ${String(held).padStart(5)} ${mode.padEnd(9)}: open ${open.toFixed(0)}, first read ${read.toFixed(0)}, close ${close.toFixed(0)} (${(open + read + close).toFixed(0)})`)
  }
}
if (process.argv[4] === undefined) rmSync(dir, { recursive: true, force: true })

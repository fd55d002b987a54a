// `node --import tsx bench/snapshot-stat-cost.ts [files=10000]`: what a storage snapshot cycle's change detection costs
// the main thread at many databases: a `stat` of each file and of its (usually missing) `-wal`, with a missing file
// reported by an exception (as before) or by `throwIfNoEntry: false` (now). Three rounds of each.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const count = Number(process.argv[2] ?? 10_000)
const dir = mkdtempSync(join(tmpdir(), 'litehouse-stat-'))
try {
  const files = Array.from({ length: count }, (_, i) => join(dir, `t${i}.db`))
  for (const file of files) writeFileSync(file, 'x')
  for (let round = 1; round <= 3; round++) {
    let started = performance.now()
    for (const file of files) {
      statSync(file)
      try { statSync(`${file}-wal`) } catch { /* no WAL */ }
    }
    const throwing = performance.now() - started
    started = performance.now()
    for (const file of files) {
      statSync(file, { throwIfNoEntry: false })
      statSync(`${file}-wal`, { throwIfNoEntry: false })
    }
    const quiet = performance.now() - started
    process.stdout.write(`round ${round}: ${count} files, a missing -wal as an exception ${throwing.toFixed(0)} ms, as undefined ${quiet.toFixed(0)} ms\n`)
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}

// `npm test` after the type check: runs tap, and when it fails prints every failed assertion with its
// diagnostics again at the end, from .tap/test-results, because CI logs are read from the bottom.
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { join, relative } from 'node:path'

const root = '.tap/test-results'

function * tapFiles (dir) {
  let entries
  try {
    entries = readdirSync(dir, { withFileTypes: true })
  } catch {
    return
  }
  for (const entry of entries) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield * tapFiles(path)
    else if (entry.name.endsWith('.tap')) yield path
  }
}

/** The `not ok` lines (TODO ones excepted) with the YAML diagnostics block that follows each. */
function failuresIn (text) {
  const lines = text.split('\n')
  const out = []
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]
    if (!/^\s*not ok\b/.test(line) || /#\s*TODO\b/i.test(line)) continue
    out.push(line)
    const indent = line.length - line.trimStart().length
    if (lines[i + 1]?.trim() !== '---') continue
    for (let j = i + 1; j < lines.length; j++) {
      out.push(lines[j])
      if (lines[j].trim() === '...' && lines[j].length - lines[j].trimStart().length <= indent + 2) break
    }
  }
  return out
}

function reportFailures () {
  let failed = 0
  for (const file of tapFiles(root)) {
    const failures = failuresIn(readFileSync(file, 'utf8'))
    if (failures.length === 0) continue
    failed++
    console.log(`\n# FAILED: ${relative(root, file).replace(/\.tap$/, '')}`)
    for (const line of failures) console.log(line)
  }
  console.log(failed === 0 ? '\n# tap failed without a failed assertion (see its output above)' : `\n# ${failed} test file(s) failed, listed above`)
}

// CI logs say which runtime ran the suite (the pinned Node 24 under npm, whatever the system Node is)
const sqlite = JSON.parse(readFileSync('node_modules/better-sqlite3/package.json', 'utf8')).version
console.log(`# runtime: node ${process.version} (${process.execPath}), better-sqlite3 ${sqlite}`)

// results of earlier runs (or of test files since deleted) must not be reported as this run's
rmSync(root, { recursive: true, force: true })
// npm puts node_modules/.bin on the PATH
// engine workers at the main thread's priority in every server the tests start: the suite shares its machine with other
// busy processes, which workers at the default niceness (ENGINE_WORKER_NICE=10) would wait behind past their deadlines
const tap = spawnSync('tap', process.argv.slice(2), { stdio: 'inherit', env: { ENGINE_WORKER_NICE: '0', ...process.env } })
if (tap.error) console.error(`could not run tap: ${tap.error.message} (run it through npm test)`)
else if (tap.status !== 0) reportFailures()
process.exit(tap.status ?? 1)

// `npm run bench [-- <scenario|prefix> ...] [--duration=6] [--warmup=1] [--connections=10] [--rounds=1] [--pin=1]`
// Starts the servers under test as child processes on 127.0.0.1, measures them with autocannon
// from this process, prints a markdown table and writes it to bench/results/latest.md.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { machineTicks, stealPercent } from './cpu.js'
import { compare, type LoadSettings } from './load.js'
import { report, type ReportRow, type Round, type RunSettings } from './report.js'
import { measurements, select } from './scenarios.js'
import { createServers } from './servers.js'

function parseArgs (argv: string[]): { names: string[], settings: RunSettings } {
  const settings: RunSettings = { durationS: 6, warmupS: 1, connections: 10, rounds: 1 }
  const flags: Record<string, Exclude<keyof RunSettings, 'pin'>> = { duration: 'durationS', warmup: 'warmupS', connections: 'connections', rounds: 'rounds' }
  const names: string[] = []
  for (const arg of argv) {
    const flag = /^--(\w+)=(\d+)$/.exec(arg)
    if (!flag) {
      if (arg.startsWith('-')) throw new Error(`unknown option ${arg}`)
      names.push(arg)
      continue
    }
    // the servers' process trees (workers, Litestream) on this CPU, autocannon not
    if (flag[1] === 'pin') {
      settings.pin = flag[2]
      continue
    }
    const key = flags[flag[1]]
    if (!key) throw new Error(`unknown option --${flag[1]}`)
    settings[key] = Number(flag[2])
  }
  if (settings.durationS < 2 || settings.durationS > 60) throw new Error('--duration is 2 to 60 seconds')
  if (settings.connections < 1) throw new Error('--connections is at least 1')
  if (settings.rounds < 1 || settings.rounds > 15) throw new Error('--rounds is 1 to 15')
  return { names, settings }
}

const { names, settings } = parseArgs(process.argv.slice(2))
const chosen = select(names)
const loadBefore = loadavg()[0]
const ticksBefore = machineTicks()
const root = mkdtempSync(join(tmpdir(), 'litehouse-bench-'))
const servers = createServers(root, settings.pin)
const cleanUp = async () => {
  await servers.stopAll()
  rmSync(root, { recursive: true, force: true })
}
process.once('SIGINT', () => { cleanUp().finally(() => process.exit(130)) })

/** Compares the two sides `settings.rounds` times; the servers are warm after the first round's warm-up. */
async function comparison (measured: string, baseline: string): Promise<Round[]> {
  const a = await measurements[measured](servers)
  const b = await measurements[baseline](servers)
  const rounds: Round[] = []
  for (let round = 1; round <= settings.rounds; round++) {
    const load: LoadSettings = round === 1 ? settings : { ...settings, warmupS: 0 }
    process.stderr.write(`measuring ${measured} / ${baseline}${settings.rounds > 1 ? ` (round ${round} of ${settings.rounds})` : ''} ...`)
    const ticks = machineTicks()
    const [m, base] = await compare(a, b, load)
    const stealPct = stealPercent(ticks, machineTicks())
    const failed = m.failures + base.failures
    process.stderr.write(` ${Math.round(m.rps)} / ${Math.round(base.rps)} req/s${failed ? `, ${failed} FAILED` : ''}\n`)
    rounds.push({ measured: m, baseline: base, stealPct })
  }
  return rounds
}

// a row shown by several scenarios (records get by id vs bare) is measured once
const rows = new Map<string, ReportRow>()
try {
  for (const scenario of chosen) {
    for (const spec of scenario.rows) {
      if (rows.has(spec.label)) continue
      rows.set(spec.label, { label: `${scenario.name}: ${spec.label}`, rounds: await comparison(spec.measured, spec.baseline) })
    }
  }
} finally {
  await cleanUp()
}

const markdown = report([...rows.values()], settings, { loadBefore, stealPct: stealPercent(ticksBefore, machineTicks()) })
process.stdout.write('\n' + markdown)
const results = fileURLToPath(new URL('results/', import.meta.url))
mkdirSync(results, { recursive: true })
writeFileSync(join(results, 'latest.md'), markdown)

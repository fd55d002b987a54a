// `npm run bench [-- <scenario|prefix> ...] [--duration=6] [--warmup=1] [--connections=10]`
// Starts the servers under test as child processes on 127.0.0.1, measures them with autocannon
// from this process, prints a markdown table and writes it to bench/results/latest.md.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { machineTicks, stealPercent } from './cpu.js'
import { compare, type LoadSettings, type Measurement } from './load.js'
import { report, type ReportRow } from './report.js'
import { measurements, select } from './scenarios.js'
import { createServers } from './servers.js'

function parseArgs (argv: string[]): { names: string[], settings: LoadSettings } {
  const settings: LoadSettings = { durationS: 6, warmupS: 1, connections: 10 }
  const flags: Record<string, keyof LoadSettings> = { duration: 'durationS', warmup: 'warmupS', connections: 'connections' }
  const names: string[] = []
  for (const arg of argv) {
    const flag = /^--(\w+)=(\d+)$/.exec(arg)
    if (!flag) {
      if (arg.startsWith('-')) throw new Error(`unknown option ${arg}`)
      names.push(arg)
      continue
    }
    const key = flags[flag[1]]
    if (!key) throw new Error(`unknown option --${flag[1]}`)
    settings[key] = Number(flag[2])
  }
  if (settings.durationS < 2 || settings.durationS > 60) throw new Error('--duration is 2 to 60 seconds')
  if (settings.connections < 1) throw new Error('--connections is at least 1')
  return { names, settings }
}

const { names, settings } = parseArgs(process.argv.slice(2))
const chosen = select(names)
const loadBefore = loadavg()[0]
const ticksBefore = machineTicks()
const root = mkdtempSync(join(tmpdir(), 'litehouse-bench-'))
const servers = createServers(root)
const cleanUp = async () => {
  await servers.stopAll()
  rmSync(root, { recursive: true, force: true })
}
process.once('SIGINT', () => { cleanUp().finally(() => process.exit(130)) })

async function comparison (measured: string, baseline: string): Promise<[Measurement, Measurement, number | undefined]> {
  const a = await measurements[measured](servers)
  const b = await measurements[baseline](servers)
  process.stderr.write(`measuring ${measured} / ${baseline} ...`)
  const ticks = machineTicks()
  const result = await compare(a, b, settings)
  const steal = stealPercent(ticks, machineTicks())
  const failed = result[0].failures + result[1].failures
  process.stderr.write(` ${Math.round(result[0].rps)} / ${Math.round(result[1].rps)} req/s${failed ? `, ${failed} FAILED` : ''}\n`)
  return [...result, steal]
}

// a row shown by several scenarios (records get by id vs bare) is measured once
const rows = new Map<string, ReportRow>()
try {
  for (const scenario of chosen) {
    for (const spec of scenario.rows) {
      if (rows.has(spec.label)) continue
      const [measured, baseline, stealPct] = await comparison(spec.measured, spec.baseline)
      rows.set(spec.label, { label: `${scenario.name}: ${spec.label}`, measured, baseline, stealPct })
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

import { availableParallelism, cpus, loadavg } from 'node:os'
import type { LoadSettings, Measurement } from './load.js'

/** A run's settings: the load of each comparison and how many times each row is compared. */
export interface RunSettings extends LoadSettings {
  rounds: number
  /** CPU list (taskset syntax) every server's process tree is pinned to; undefined: unpinned. */
  pin?: string
}

/** One comparison of a row: both sides measured back to back, interleaved. */
export interface Round {
  measured: Measurement
  baseline: Measurement
  /** Share of the machine's CPU time its hypervisor took while this round was measured (Linux only). */
  stealPct?: number
}

export interface ReportRow {
  label: string
  /** At least one; with several, the row shows the median round and lists every round's ratio. */
  rounds: Round[]
}

/** What the machine was doing around the run. */
export interface RunConditions {
  loadBefore: number
  stealPct?: number
}

const count = (n: number) => Math.round(n).toLocaleString('en-US')
// autocannon keeps latencies in whole milliseconds, rounded down
const ms = (n: number) => n < 1 ? '<1 ms' : `${n} ms`
const percent = (n: number | undefined) => n === undefined ? '-' : `${n.toFixed(0)} %`

// a side that completed nothing (a stalled machine) has no ratio
const ratioOf = ({ measured, baseline }: Round): number | undefined => baseline.rps > 0 ? measured.rps / baseline.rps : undefined

/**
 * The round whose ratio is the median (the lower middle one of an even count): a single run moves by several
 * hundredths with the same code on a quiet machine, so the median of several is the figure to compare with a target.
 */
export function medianRound (rounds: Round[]): Round {
  const rated = rounds.filter(r => ratioOf(r) !== undefined).sort((a, b) => (ratioOf(a) as number) - (ratioOf(b) as number))
  return rated.length > 0 ? rated[Math.floor((rated.length - 1) / 2)] : rounds[0]
}

function maxSteal (rounds: Round[]): number | undefined {
  const known = rounds.flatMap(r => r.stealPct === undefined ? [] : [r.stealPct])
  return known.length === rounds.length ? Math.max(...known) : undefined
}

function line (row: ReportRow): string {
  const shown = medianRound(row.rounds)
  const { measured, baseline } = shown
  const failed = row.rounds.reduce((sum, r) => sum + r.measured.failures + r.baseline.failures, 0)
  const label = failed > 0 ? `${row.label} (**${failed} failed requests**)` : row.label
  const ratio = ratioOf(shown)?.toFixed(2) ?? '-'
  const each = row.rounds.length > 1 ? row.rounds.map(r => ratioOf(r)?.toFixed(2) ?? '-').join(', ') : '-'
  const cpu = measured.cpuUs !== undefined && baseline.cpuUs !== undefined
    ? `${count(measured.cpuUs)} / ${count(baseline.cpuUs)} | ${(baseline.cpuUs / measured.cpuUs).toFixed(2)}`
    : '- | -'
  return `| ${label} | ${count(measured.rps)} | ${ms(measured.p50)} | ${ms(measured.p99)} | ${count(baseline.rps)} | ${ratio} | ${each} | ${cpu} | ${percent(maxSteal(row.rounds))} |`
}

/** The markdown results: when, where, how long, then one table row per comparison. */
export function report (rows: ReportRow[], settings: RunSettings, conditions: RunConditions, date = new Date()): string {
  const rounds = settings.rounds > 1 ? `, ${settings.rounds} rounds per row (the median round shown, the highest steal of any)` : ''
  return [
    `Measured ${date.toISOString().slice(0, 16).replace('T', ' ')} UTC, node ${process.version}, ` +
      `${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? 'unknown cpu'}), ` +
      `${settings.connections} connections, servers ${settings.pin === undefined ? 'unpinned' : `pinned to CPU ${settings.pin} (taskset, autocannon not)`}; each side ${settings.warmupS} s warm-up + ${settings.durationS} s measured (interleaved slices)${rounds}; ` +
      `1-minute load average ${conditions.loadBefore.toFixed(1)} before the run, ${loadavg()[0].toFixed(1)} after it` +
      (conditions.stealPct === undefined ? '.' : `; the hypervisor took ${percent(conditions.stealPct)} of the CPU time during the run.`),
    '',
    '| Scenario | req/s | p50 | p99 | baseline req/s | ratio | ratio by round | server CPU µs/req (vs baseline) | CPU ratio | steal |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(line),
    ''
  ].join('\n')
}

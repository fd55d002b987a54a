import { availableParallelism, cpus, loadavg } from 'node:os'
import type { LoadSettings, Measurement } from './load.js'

export interface ReportRow {
  label: string
  measured: Measurement
  baseline: Measurement
  /** Share of the machine's CPU time its hypervisor took while this row was measured (Linux only). */
  stealPct?: number
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

function line (row: ReportRow): string {
  const { measured, baseline } = row
  const failed = measured.failures + baseline.failures
  const label = failed > 0 ? `${row.label} (**${failed} failed requests**)` : row.label
  // a side that completed nothing (a stalled machine) has no ratio
  const ratio = baseline.rps > 0 ? (measured.rps / baseline.rps).toFixed(2) : '-'
  const cpu = measured.cpuUs !== undefined && baseline.cpuUs !== undefined
    ? `${count(measured.cpuUs)} / ${count(baseline.cpuUs)} | ${(baseline.cpuUs / measured.cpuUs).toFixed(2)}`
    : '- | -'
  return `| ${label} | ${count(measured.rps)} | ${ms(measured.p50)} | ${ms(measured.p99)} | ${count(baseline.rps)} | ${ratio} | ${cpu} | ${percent(row.stealPct)} |`
}

/** The markdown results: when, where, how long, then one table row per comparison. */
export function report (rows: ReportRow[], settings: LoadSettings, conditions: RunConditions, date = new Date()): string {
  return [
    `Measured ${date.toISOString().slice(0, 16).replace('T', ' ')} UTC, node ${process.version}, ` +
      `${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? 'unknown cpu'}), ` +
      `${settings.connections} connections; each side ${settings.warmupS} s warm-up + ${settings.durationS} s measured (interleaved slices); ` +
      `1-minute load average ${conditions.loadBefore.toFixed(1)} before the run, ${loadavg()[0].toFixed(1)} after it` +
      (conditions.stealPct === undefined ? '.' : `; the hypervisor took ${percent(conditions.stealPct)} of the CPU time during the run.`),
    '',
    '| Scenario | req/s | p50 | p99 | baseline req/s | ratio | server CPU µs/req (vs baseline) | CPU ratio | steal |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(line),
    ''
  ].join('\n')
}

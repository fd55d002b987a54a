import { availableParallelism, cpus, loadavg } from 'node:os'
import type { ChurnSummary } from './churn.js'
import type { Failure } from './failures.js'
import type { KindStats } from './latencies.js'
import { operations } from './mix.js'
import { loadPercent, type SoakOptions } from './options.js'
import { plateauRule, type Plateau } from './plateau.js'
import type { RssSamples } from './rss.js'
import type { TrafficRun } from './traffic.js'

export interface SoakWindow {
  /** Seconds since the soak started, at the end of the window. */
  endS: number
  run: TrafficRun
  churnErrors: number
  rss: RssSamples
}

export interface SoakResult {
  options: SoakOptions
  startedAt: Date
  loadBefore: number
  warmup: TrafficRun
  peak: TrafficRun
  targetRate: number
  windows: SoakWindow[]
  churn: ChurnSummary
  /** Latency of each operation of the mix and each churn call during the soak windows. */
  kinds: KindStats[]
  failures: Failure[]
  plateau: Plateau
}

const count = (n: number) => Math.round(n).toLocaleString('en-US')
// autocannon keeps latencies in whole milliseconds
const ms = (n: number) => n < 1 ? '<1 ms' : `${Math.round(n)} ms`
const mib = (bytes?: number) => bytes === undefined ? '-' : (bytes / 2 ** 20).toFixed(0)
const clock = (s: number) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}`
const cpu = (run: TrafficRun) => run.cpuMs === undefined ? '-' : `${Math.round(run.cpuMs / run.seconds / 10)} %`

export const windowErrors = (window: SoakWindow) => window.run.failures + window.churnErrors

/** Every error of the run: the peak measurement's, the windows' and the churn's. */
export function totalErrors (result: SoakResult): number {
  return result.warmup.failures + result.peak.failures + result.windows.reduce((sum, w) => sum + windowErrors(w), 0)
}

/** Zero errors and a memory plateau: what the soak is there to prove. */
export const passed = (result: SoakResult) => totalErrors(result) === 0 && result.plateau.ok

function windowLine (w: SoakWindow): string {
  const { run } = w
  return `| ${clock(w.endS)} | ${count(run.rps)} | ${ms(run.p50)} | ${ms(run.p99)} | ${ms(run.p99_9)} | ${windowErrors(w)} | ${mib(w.rss.meanBytes)} | ${cpu(run)} |`
}

function kindLines (kinds: KindStats[]): string[] {
  return [
    '| operation | calls | failed | p50 | p99 | max |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...kinds.map((k) => `| ${k.kind} | ${count(k.calls)} | ${k.failed} | ${ms(k.p50)} | ${ms(k.p99)} | ${ms(k.max)} |`)
  ]
}

function verdict (result: SoakResult): string {
  const { plateau } = result
  const errors = totalErrors(result)
  const growth = plateau.growth === undefined ? '' : ` (${plateau.growth >= 0 ? '+' : ''}${(plateau.growth * 100).toFixed(1)} %)`
  const memory = !plateau.judged ? 'RSS not judged (fewer than 3 windows or no /proc)' : plateau.ok ? `RSS plateaued${growth}` : `RSS still growing${growth}`
  return `**${passed(result) ? 'PASS' : 'FAIL'}**: ${errors} errors, ${memory}.`
}

/** The markdown report: settings, the peak, one row per window, totals, memory verdict, churn, failures. */
export function soakReport (result: SoakResult, date = new Date()): string {
  const { options, peak, windows, churn, plateau } = result
  const requests = windows.reduce((sum, w) => sum + w.run.requests, 0)
  const seconds = windows.reduce((sum, w) => sum + w.run.seconds, 0)
  const rssMax = Math.max(...windows.map((w) => w.rss.maxBytes ?? 0))
  const rates = windows.map((w) => w.run.rps)
  const held = (rps: number) => `${Math.round(rps / result.targetRate * 100)} %`
  const mixText = operations.map((op) => `${op.kind} ${op.weight} %`).join(', ')
  return [
    `Soak measured ${date.toISOString().slice(0, 16).replace('T', ' ')} UTC (started ${result.startedAt.toISOString().slice(11, 16)}), ` +
      `node ${process.version}, ${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? 'unknown cpu'}); ` +
      `1-minute load average ${result.loadBefore.toFixed(1)} before the run, ${loadavg()[0].toFixed(1)} after it.`,
    '',
    `${options.databases} databases, ${options.connections} connections. Mix: ${mixText}; ` +
      'churn: database create, table create, record insert, database delete, key rotation, one call then a 1 s pause.',
    '',
    `Peak (flat out, ${options.warmupS} s warm-up + ${options.peakS} s): **${count(peak.rps)} req/s**, p50 ${ms(peak.p50)}, p99 ${ms(peak.p99)}, p99.9 ${ms(peak.p99_9)}, ` +
      `${peak.failures + result.warmup.failures} errors. Soak target: ${loadPercent} % of it, **${count(result.targetRate)} req/s**, ` +
      `for ${windows.length} windows of ${options.windowS} s.`,
    '',
    '| time | req/s | p50 | p99 | p99.9 | errors | RSS MiB | server CPU |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...windows.map(windowLine),
    '',
    `Totals: ${count(requests)} requests in ${count(seconds)} s (${count(requests / seconds)} req/s, ${held(requests / seconds)} of the target; ` +
      `windows from ${held(Math.min(...rates))} to ${held(Math.max(...rates))}), ${totalErrors(result)} errors (traffic and churn, peak measurement included).`,
    `RSS (server and its engine workers, mean per window): ${mib(windows[0]?.rss.meanBytes)} MiB in the first window, ` +
      `${mib(windows.at(-1)?.rss.meanBytes)} MiB in the last, ${mib(rssMax)} MiB at most; ` +
      (plateau.judged ? `middle third ${mib(plateau.middleBytes)} MiB, last third ${mib(plateau.lastBytes)} MiB.` : 'too few windows to compare thirds.'),
    `Rule: ${plateauRule}.`,
    '',
    `Churn: ${churn.cycles} database cycles (create, table, record, delete), ${churn.rotations} key rotations, ${churn.errors} errors.`,
    '',
    'By operation over the soak windows (measured in the soak process from writing the request to its answer; ' +
      'connection errors and timeouts are not in `failed`, they are in the window\'s errors):',
    '',
    ...kindLines(result.kinds),
    '',
    ...(result.failures.length === 0 ? [] : [
      'First distinct failures (status, operation, body start) and how often each came:',
      '',
      ...result.failures.map((f) => `- ${f.status} ${f.kind} ×${f.count}: \`${f.body.replace(/`/g, "'")}\``),
      ''
    ]),
    verdict(result),
    ''
  ].join('\n')
}

import type { FuzzReport } from './runner.js'

/** MAX_BODY_SIZE of the fuzzed app: small, so oversize bodies stay cheap, yet above the 100 kB strings. */
export const fuzzBodyLimit = 131_072

/** The app's environment for fuzzing: a short query deadline so runaway statements end quickly. */
export const fuzzEnv: Record<string, string> = {
  MAX_BODY_SIZE: String(fuzzBodyLimit),
  QUERY_TIMEOUT_MS: '2000',
  MAX_QUERY_ROWS: '2000',
  ENGINE_WORKERS: '2',
  // errors only: a 5xx's cause is attached to its failure
  LOG_LEVEL: 'error'
}

export function printReport (report: FuzzReport, print: (line: string) => void): void {
  const total = Object.values(report.cases).reduce((a, b) => a + b, 0)
  print(`seed ${report.seed}: ${total} cases in ${(report.durationMs / 1000).toFixed(1)} s (${Object.entries(report.cases).map(([p, n]) => `${p} ${n}`).join(', ')}); slowest answer ${report.slowestMs.toFixed(0)} ms`)
  for (const [phase, statuses] of Object.entries(report.statuses)) {
    print(`  ${phase} statuses: ${Object.entries(statuses).map(([s, n]) => `${s}x${n}`).join(' ')}`)
  }
  print(`  verdicts: ${Object.entries(report.verdicts).map(([v, n]) => `${v} ${n}`).join(', ')}`)
  const slow = [...report.slowest].sort((a, b) => b.ms - a.ms)
  if (slow.length > 0) print(`  answers over 1 s: ${slow.length}; slowest: ${slow.slice(0, 5).map((s) => `${s.ms} ms ${s.request}`).join('\n    ')}`)
  print(`  failures: ${report.failures.length}`)
  for (const [signature, group] of groupFailures(report)) {
    const f = group[0]
    print(`  - ${group.length} x ${signature}\n    first: ${f.phase} #${f.n} ${f.request}\n    replay: ${f.replay}` +
      (f.serverErrors ?? []).map((e) => `\n    server: ${e}`).join(''))
  }
}

/** Failures with the same cause, by phase, first problem (numbers blanked) and server error. */
export function groupFailures (report: FuzzReport): Map<string, FuzzReport['failures']> {
  const groups = new Map<string, FuzzReport['failures']>()
  for (const f of report.failures) {
    const signature = `${f.phase}: ${f.problems[0].replace(/\d+/g, 'N').slice(0, 160)}${f.serverErrors?.[0] ? ` <- ${f.serverErrors[0].slice(0, 120)}` : ''}`
    groups.set(signature, [...(groups.get(signature) ?? []), f])
  }
  return groups
}

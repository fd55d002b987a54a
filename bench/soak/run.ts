// `npm run soak [-- --minutes=10 --window=30 --databases=200 --connections=10 --warmup=5 --peak=20]`
// One Litehouse server with many databases under mixed traffic at 70 % of its measured peak for
// minutes, in windows: throughput, latency, errors and server RSS over time. Exits non-zero unless
// there was no error and the RSS reached a plateau. The table goes to stdout and bench/results/soak-latest.md.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { churnKinds, startChurn, type Churn } from './churn.js'
import { createFailureLog, type FailureLog } from './failures.js'
import { createLatencyLog, type LatencyLog } from './latencies.js'
import { operations, type MixTarget } from './mix.js'
import { loadPercent, parseOptions, windowCount } from './options.js'
import { judgePlateau } from './plateau.js'
import { passed, soakReport, windowErrors, type SoakWindow } from './report.js'
import { sampleRss } from './rss.js'
import { createDatabases, seedRows, startLitehouse, type SoakServer } from './setup.js'
import { runMix } from './traffic.js'

const note = (message: string) => process.stderr.write(`${message}\n`)
const since = (start: number) => (performance.now() - start) / 1000

const options = parseOptions(process.argv.slice(2))
const loadBefore = loadavg()[0]
const root = mkdtempSync(join(tmpdir(), 'litehouse-soak-'))
let litehouse: SoakServer | undefined
const cleanUp = async () => {
  await litehouse?.stop()
  rmSync(root, { recursive: true, force: true })
}
process.once('SIGINT', () => { cleanUp().finally(() => process.exit(130)) })

interface Logs { failures: FailureLog, latencies: LatencyLog }

/** The soak proper: consecutive autocannon runs at `rate`, each one window with its own figures. */
async function measureWindows (server: SoakServer, target: MixTarget, logs: Logs, churn: Churn, rate: number): Promise<SoakWindow[]> {
  const windows: SoakWindow[] = []
  const count = windowCount(options)
  const start = performance.now()
  for (let i = 1; i <= count; i++) {
    const settings = { connections: options.connections, seconds: options.windowS, rate, latencies: logs.latencies }
    const traffic = runMix(server.url, server.pid, target, logs.failures, settings)
    const [run, rss] = await sampleRss(server.pid, traffic)
    const window: SoakWindow = { endS: since(start), run, churnErrors: churn.takeErrors(), rss }
    windows.push(window)
    const mib = rss.meanBytes === undefined ? '-' : (rss.meanBytes / 2 ** 20).toFixed(0)
    note(`window ${i}/${count}: ${Math.round(run.rps)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, p99.9 ${run.p99_9} ms, ` +
      `${windowErrors(window)} errors, RSS ${mib} MiB`)
  }
  return windows
}

async function soak (server: SoakServer) {
  const setupStart = performance.now()
  const databases = await createDatabases(server, options.databases)
  note(`${databases.length} databases created and seeded (${seedRows} rows, 2 keys each) in ${since(setupStart).toFixed(1)} s`)
  const target: MixTarget = { session: server.session, databases, seedRows }
  const failures = createFailureLog()
  const latencies = createLatencyLog([...operations.map((op) => op.kind), ...churnKinds])
  const { connections } = options

  note(`peak: ${options.warmupS} s warm-up + ${options.peakS} s flat out at ${connections} connections ...`)
  const warmup = await runMix(server.url, server.pid, target, failures, { connections, seconds: options.warmupS })
  const peak = await runMix(server.url, server.pid, target, failures, { connections, seconds: options.peakS })
  const targetRate = Math.max(1, Math.round(peak.rps * loadPercent / 100))
  note(`peak ${Math.round(peak.rps)} req/s (p99 ${peak.p99} ms, ${peak.failures + warmup.failures} errors); soak at ${targetRate} req/s`)

  const startedAt = new Date()
  const churn = startChurn(server, databases, failures, latencies)
  const windows = await measureWindows(server, target, { failures, latencies }, churn, targetRate).finally(churn.stop)
  const churnSummary = await churn.stop()
  // errors of the churn call still in flight when the last window ended belong to that window
  windows.at(-1)!.churnErrors += churn.takeErrors()
  const plateau = judgePlateau(windows.map((w) => w.rss.meanBytes))
  return { options, startedAt, loadBefore, warmup, peak, targetRate, windows, churn: churnSummary, kinds: latencies.stats(), failures: failures.list(), plateau }
}

let markdown: string
let ok: boolean
try {
  litehouse = await startLitehouse(root)
  note(`litehouse listening on ${litehouse.url}`)
  const result = await soak(litehouse)
  markdown = soakReport(result)
  ok = passed(result)
} finally {
  await cleanUp()
}

process.stdout.write('\n' + markdown)
const results = fileURLToPath(new URL('../results/', import.meta.url))
mkdirSync(results, { recursive: true })
writeFileSync(join(results, 'soak-latest.md'), markdown)
process.exitCode = ok ? 0 : 1

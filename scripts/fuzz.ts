// `npm run fuzz -- --cases N --seed S`: the long fuzz run (test/fuzz/runner.ts) over a fresh
// temporary data directory. `--phase P [--case N]` replays one phase, or one case, of a failing run.
import { parseArgs } from 'node:util'
import { build } from '../test/helper.js'
import { randomSeed } from '../test/fuzz/prng.js'
import { runFuzz } from '../test/fuzz/runner.js'
import { fuzzEnv, fuzzBodyLimit, printReport } from '../test/fuzz/settings.js'

const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: '20000' },
    seed: { type: 'string' },
    phase: { type: 'string' },
    case: { type: 'string' },
    'max-failures': { type: 'string', default: '50' }
  }
})

const total = Number(values.cases)
const seed = values.seed === undefined ? randomSeed() : Number(values.seed)
if (!Number.isInteger(total) || total < 0 || !Number.isInteger(seed) || seed < 0 || seed >= 2 ** 32) {
  console.error('usage: npm run fuzz -- [--cases N] [--seed 0..4294967295] [--phase api|sql|http|mutation [--case N]]')
  process.exit(2)
}
const only = values.phase === undefined ? undefined : { phase: values.phase, n: values.case === undefined ? undefined : Number(values.case) }

const teardowns: Array<() => unknown> = []
const { app, dataDir, logs } = await build({ teardown: (fn) => teardowns.push(fn) }, fuzzEnv)
console.log(`fuzz seed ${seed} (replay with --seed ${seed})`)
// an uncaught exception here is the server crashing (it runs in this process): a finding, with its suspects
const inFlight = new Map<string, string>()
process.on('uncaughtException', (err) => {
  console.error(`CRASH seed=${seed}: the server threw outside any request: ${err.stack ?? err.message}`)
  for (const [id, request] of inFlight) console.error(`  in flight: ${id} ${request}\n    replay: npm run fuzz -- --seed ${seed} --phase ${id.split(' #')[0]} --case ${id.split(' #')[1]}`)
  process.exit(3)
})
let failed = true
try {
  const report = await runFuzz(app, dataDir, {
    seed,
    // about half API, a third raw SQL, a twentieth raw HTTP, the rest mutations
    apiCases: Math.round(total / 2),
    sqlCases: Math.round(total / 3),
    httpCases: Math.round(total / 20),
    mutationCases: total - Math.round(total / 2) - Math.round(total / 3) - Math.round(total / 20),
    requestTimeoutMs: 10_000,
    bodyLimit: fuzzBodyLimit,
    only,
    maxFailures: Number(values['max-failures']),
    concurrency: 4,
    logs,
    inFlight,
    log: (line) => console.log(line)
  })
  printReport(report, (line) => console.log(line))
  failed = report.failures.length > 0
} finally {
  for (const fn of teardowns.reverse()) await fn()
}
process.exit(failed ? 1 : 0)

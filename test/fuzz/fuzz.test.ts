// The short fuzz run of `npm test`: hostile requests generated from /api/openapi.json for every
// operation and credential kind, raw SQL soup, raw HTTP and allowed mutations (test/fuzz/runner.ts).
// FUZZ_SEED=<n> replays another seed; `npm run fuzz -- --cases N --seed S` is the long run.
import t from 'tap'
import { build } from '../helper.js'
import { runFuzz } from './runner.js'
import { fuzzBodyLimit, fuzzEnv, groupFailures, printReport } from './settings.js'

const defaultSeed = 20261121
const seed = process.env.FUZZ_SEED === undefined ? defaultSeed : Number(process.env.FUZZ_SEED)

t.test(`fuzz seed ${seed}: no 5xx, JSON errors with a code, answers within 10 s, no change a request could not make`, async (t) => {
  const { app, dataDir, logs } = await build(t, fuzzEnv)
  t.comment(`fuzz seed ${seed} (replay: FUZZ_SEED=${seed} npx tap test/fuzz/fuzz.test.ts)`)
  const report = await runFuzz(app, dataDir, {
    seed,
    apiCases: 2400,
    sqlCases: 2000,
    httpCases: 150,
    mutationCases: 300,
    concurrency: 4,
    requestTimeoutMs: 10_000,
    bodyLimit: fuzzBodyLimit,
    logs
  })
  printReport(report, (line) => t.comment(line))

  // the run reached what it claims to cover
  t.same(report.operationIds.filter((id) => !(report.operations[id] >= 20)), [], 'every operation of the document got at least 20 hostile requests')
  t.ok(Object.keys(report.operations).length >= 40, `the document has its ${report.operationIds.length} operations`)
  for (const phase of ['api', 'sql', 'mutation']) {
    const statuses = report.statuses[phase] ?? {}
    const passed = Object.entries(statuses).filter(([s]) => Number(s) < 300).reduce((a, [, n]) => a + n, 0)
    const refused = Object.entries(statuses).filter(([s]) => Number(s) >= 400).reduce((a, [, n]) => a + n, 0)
    t.ok(passed > 0 && refused > 0, `${phase}: some requests got through to a handler (${passed}) and some were refused (${refused})`)
  }
  t.ok((report.cases.http ?? 0) > 0, 'raw HTTP requests were sent')

  for (const [signature, group] of groupFailures(report)) {
    const first = group[0]
    t.fail(`${group.length} x ${signature}`, {
      seed: report.seed, case: `${first.phase} #${first.n}`, request: first.request, problems: first.problems,
      serverErrors: first.serverErrors, replay: first.replay, more: group.slice(1, 6).map((f) => `${f.phase} #${f.n}`)
    })
  }
  t.equal(report.failures.length, 0, `no failure in ${Object.values(report.cases).reduce((a, b) => a + b, 0)} cases of seed ${seed}`)
})

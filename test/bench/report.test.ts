import t from 'tap'
import { machineTicks, stealPercent } from '../../bench/cpu.js'
import { medianRound, report, type Round, type RunSettings } from '../../bench/report.js'
import type { Measurement } from '../../bench/load.js'

const measurement = (rps: number, cpuUs?: number): Measurement => ({ rps, p50: 0, p99: 3, failures: 0, cpuUs })
const settings: RunSettings = { connections: 10, warmupS: 1, durationS: 6, rounds: 1 }
const round = (rps: number, baseRps: number, stealPct?: number): Round => ({ measured: measurement(rps), baseline: measurement(baseRps), stealPct })

t.test('steal is the share of all ticks the hypervisor took between two readings', async (t) => {
  t.equal(stealPercent({ steal: 100, total: 1000 }, { steal: 150, total: 1200 }), 25)
  t.equal(stealPercent({ steal: 100, total: 1000 }, { steal: 100, total: 1000 }), undefined, 'no time passed')
  t.equal(stealPercent(undefined, { steal: 1, total: 2 }), undefined, 'unknown before')
  const now = machineTicks()
  if (now === undefined) return
  t.ok(now.total > 0 && now.steal >= 0 && now.steal <= now.total, 'this machine reports its ticks')
})

t.test('each row and the run carry their steal; an unknown one is a dash', async (t) => {
  const text = report([
    { label: 'records-get: get vs bare', rounds: [{ measured: measurement(6000, 90), baseline: measurement(10000, 50), stealPct: 12.4 }] },
    { label: 'floor: health vs bare', rounds: [round(20000, 10000)] },
    { label: 'bulk: stalled', rounds: [round(0, 0)] }
  ], settings, { loadBefore: 1.5, stealPct: 7.6 }, new Date('2026-11-22T09:00:00Z'))
  const lines = text.split('\n')
  t.match(lines[0], /^Measured 2026-11-22 09:00 UTC, .* 1-minute load average 1\.5 before the run, [\d.]+ after it; the hypervisor took 8 % of the CPU time during the run\.$/)
  t.equal(lines[2], '| Scenario | req/s | p50 | p99 | baseline req/s | ratio | ratio by round | server CPU µs/req (vs baseline) | CPU ratio | steal |')
  t.equal(lines[4], '| records-get: get vs bare | 6,000 | <1 ms | 3 ms | 10,000 | 0.60 | - | 90 / 50 | 0.56 | 12 % |')
  t.equal(lines[5], '| floor: health vs bare | 20,000 | <1 ms | 3 ms | 10,000 | 2.00 | - | - | - | - |')
  t.equal(lines[6], '| bulk: stalled | 0 | <1 ms | 3 ms | 0 | - | - | - | - | - |', 'nothing completed: no ratio')
  t.notMatch(report([], settings, { loadBefore: 0 }).split('\n')[0], /hypervisor/, 'no figure, no claim')
})

t.test('several rounds: the row shows the median round, every ratio in run order and the highest steal', async (t) => {
  const rounds = [round(5800, 10000, 2), round(7000, 10000, 9.6), round(6100, 10000, 1), round(3000, 10000, 3), round(6500, 10000, 0)]
  const text = report([{ label: 'records-get: get vs bare', rounds }], { ...settings, rounds: 5 }, { loadBefore: 0 })
  const lines = text.split('\n')
  t.match(lines[0], /each side 1 s warm-up \+ 6 s measured \(interleaved slices\), 5 rounds per row \(the median round shown, the highest steal of any\);/)
  t.equal(lines[4], '| records-get: get vs bare | 6,100 | <1 ms | 3 ms | 10,000 | 0.61 | 0.58, 0.70, 0.61, 0.30, 0.65 | - | - | 10 % |')
})

t.test('the median round is the lower middle one of an even count, and ignores rounds without a ratio', async (t) => {
  const rounds = [round(7000, 10000), round(6000, 10000), round(0, 0), round(6500, 10000), round(5000, 10000)]
  t.equal(medianRound(rounds), rounds[1], '0.50, 0.60, 0.65, 0.70: the lower middle is 0.60')
  t.equal(medianRound([round(0, 0), round(1, 0)]).measured.rps, 0, 'no ratio at all: the first round')
  const text = report([{ label: 'x', rounds: [round(6000, 10000, 1), round(6000, 10000)] }], { ...settings, rounds: 2 }, { loadBefore: 0 })
  t.match(text.split('\n')[4], /\| - \|$/, 'a round without a steal figure: the row claims none')
})

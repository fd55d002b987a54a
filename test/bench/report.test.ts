import t from 'tap'
import { machineTicks, stealPercent } from '../../bench/cpu.js'
import { report } from '../../bench/report.js'
import type { LoadSettings, Measurement } from '../../bench/load.js'

const measurement = (rps: number, cpuUs?: number): Measurement => ({ rps, p50: 0, p99: 3, failures: 0, cpuUs })
const settings: LoadSettings = { connections: 10, warmupS: 1, durationS: 6 }

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
    { label: 'records-get: get vs bare', measured: measurement(6000, 90), baseline: measurement(10000, 50), stealPct: 12.4 },
    { label: 'floor: health vs bare', measured: measurement(20000), baseline: measurement(10000) },
    { label: 'bulk: stalled', measured: measurement(0), baseline: measurement(0) }
  ], settings, { loadBefore: 1.5, stealPct: 7.6 }, new Date('2026-11-22T09:00:00Z'))
  const lines = text.split('\n')
  t.match(lines[0], /^Measured 2026-11-22 09:00 UTC, .* 1-minute load average 1\.5 before the run, [\d.]+ after it; the hypervisor took 8 % of the CPU time during the run\.$/)
  t.equal(lines[2], '| Scenario | req/s | p50 | p99 | baseline req/s | ratio | server CPU µs/req (vs baseline) | CPU ratio | steal |')
  t.equal(lines[4], '| records-get: get vs bare | 6,000 | <1 ms | 3 ms | 10,000 | 0.60 | 90 / 50 | 0.56 | 12 % |')
  t.equal(lines[5], '| floor: health vs bare | 20,000 | <1 ms | 3 ms | 10,000 | 2.00 | - | - | - |')
  t.equal(lines[6], '| bulk: stalled | 0 | <1 ms | 3 ms | 0 | - | - | - | - |', 'nothing completed: no ratio')
  t.notMatch(report([], settings, { loadBefore: 0 }).split('\n')[0], /hypervisor/, 'no figure, no claim')
})

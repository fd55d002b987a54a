// Databases joining the replicated set one after another restart the replicator only for a set it does not have
// yet: a join queued while an earlier restart waited is taken by that restart, and a restart with the same set
// would only reopen every database again (bench/backup-cost.ts saw 12 restarts for 100 joins before).
// Driven by a stand-in replicator that records the configuration of each start.
import t from 'tap'
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createSupervisor } from '../../../lib/backup/supervisor.js'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

t.test('joins during a restart share it: no two starts with the same set', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'litehouse-supervisor-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const starts = join(dir, 'starts')
  const bin = join(dir, 'fake-litestream')
  // `replicate -config <file>`: one line per start, the configuration on it
  writeFileSync(bin, `#!/bin/sh
tr -d '\\n' < "$3" >> ${starts}
echo >> ${starts}
exec sleep 3600
`)
  chmodSync(bin, 0o755)
  const quiet = () => {}
  const supervisor = createSupervisor({
    // a replicator is not stopped younger than two sync intervals: the joins below arrive while the first waits
    config: { url: `file://${join(dir, 'replica')}`, syncMs: 1000, idleMs: 600_000, retention: '1h' },
    bin,
    binaryProblem: undefined,
    dataDir: dir,
    fileOf: (id) => join(dir, `${id}.db`),
    logger: { info: quiet, warn: quiet, error: quiet }
  })

  for (const id of ['db_a', 'db_b', 'db_c']) {
    supervisor.touch(id)
    await sleep(300) // past the join delay: each first write schedules a restart of its own
  }
  supervisor.touch('db_a') // a write to a member changes nothing
  await sleep(200)
  await supervisor.close() // runs every queued restart first

  const sets = readFileSync(starts, 'utf8').trim().split('\n')
    .map((line) => (JSON.parse(line) as { dbs: Array<{ path: string }> }).dbs.map((db) => db.path.slice(dir.length + 1)).sort().join(' '))
  t.same(sets.at(-1), '_system.db db_a.db db_b.db db_c.db', 'the last start replicates every database written')
  t.same(sets.filter((set, i) => i > 0 && set === sets[i - 1]), [], `no start repeats the set of the one before (starts: ${sets.join(' | ')})`)
  t.equal(supervisor.status().restarts, sets.length - 1, 'every restart counted')
})

// Which engine jobs bring a database into the replicated set (plugins/backup.ts): every job that can write does,
// and no job that only reads does. A watched database is read by the change feed at every poll: were those reads
// counted as writes, it would stay replicated for as long as anyone watches it.
import t from 'tap'
import { readOnlyJobs } from '../../../lib/backup/read-jobs.js'
import { jobs } from '../../../lib/engine/jobs/index.js'

t.test('every read-only job is a job the engine runs', async (t) => {
  const names = new Set(Object.keys(jobs))
  t.same([...readOnlyJobs].filter((name) => !names.has(name)), [], 'no stale name')
})

t.test("the change feed's reads do not count as writes; its install and prune do", async (t) => {
  for (const name of ['changes.read', 'changes.catchUp', 'changes.bounds']) t.ok(readOnlyJobs.has(name), `${name} only reads`)
  for (const name of ['changes.install', 'changes.prune']) t.notOk(readOnlyJobs.has(name), `${name} writes`)
})

t.test('exports and descriptions only read; everything that can write is not read-only', async (t) => {
  for (const name of ['records.export', 'database.describe', 'database.tableCount', 'database.walPending']) t.ok(readOnlyJobs.has(name), `${name} only reads`)
  const writers = ['query.run', 'query.batch', 'database.exec', 'database.create', 'records.insert', 'records.update',
    'records.delete', 'records.upsert', 'records.replace', 'tables.create', 'tables.alter', 'tables.drop']
  for (const name of writers) t.notOk(readOnlyJobs.has(name), `${name} can write`)
})

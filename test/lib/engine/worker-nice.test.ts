// ENGINE_WORKER_NICE (issue #22, fairness): the engine's worker processes take the niceness it sets, so heavy
// statements yield the CPU to the main process that serves every tenant's requests (the default, 10, is checked by
// test/security/flood-fairness.test.ts; the suite itself runs at 0, scripts/test.mjs).
import t from 'tap'
import { readdirSync, readFileSync } from 'node:fs'
import { as, build, signIn, workspace } from '../../helper.js'

/** Niceness of the engine workers among this process's children (field 19 of /proc/<pid>/stat). */
function workerNiceness (): number[] {
  const children = readdirSync('/proc/self/task').flatMap((tid) => readFileSync(`/proc/self/task/${tid}/children`, 'utf8').split(' ').filter(Boolean))
  return children
    .filter((pid) => { try { return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('worker') } catch { return false } })
    .map((pid) => {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])
    })
}

t.test('workers run at ENGINE_WORKER_NICE, and the engine still answers', async (t) => {
  const { app } = await build(t, { ENGINE_WORKER_NICE: '7', ENGINE_WORKERS: '2' })
  const admin = as(app, await signIn(app))
  const ws = workspace(admin, 'nice')
  const name = await ws.freshDatabase()
  await ws.sql(name, 'CREATE TABLE t (n INTEGER)')
  t.same(await ws.sql(name, 'SELECT 1 AS one'), [{ one: 1 }], 'statements run in the niced workers')
  t.same(workerNiceness().filter((n) => n === 7).length, 2, 'both workers run at niceness 7')
})

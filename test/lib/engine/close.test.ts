import fs from 'node:fs'
import t from 'tap'
import { buildEngine, childPids, isAlive, warmUp } from './helpers.js'

const slowSql = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 300000) SELECT count(*) FROM c'

t.test('close() finishes accepted jobs, ends every worker and refuses later calls', async (t) => {
  const { engine, register } = buildEngine(t, { workers: 2 })
  const file = register('last')
  await warmUp(engine, 'last')
  const pids = childPids()
  t.equal(pids.length, 2)

  const inFlight = engine.run('last', 'database.exec', { sql: `${slowSql}; CREATE TABLE done (x)` })
  const queued = [1, 2, 3].map(() => engine.run('last', 'database.stats', {}))
  const closed = engine.close()
  await t.rejects(engine.run('last', 'database.stats', {}), { code: 'ENGINE_UNAVAILABLE', statusCode: 503 })
  await t.rejects(engine.exclusive('last', () => {}), { code: 'ENGINE_UNAVAILABLE' })

  t.same(await inFlight, {}, 'the in-flight job finished')
  t.equal((await Promise.all(queued)).length, 3, 'jobs accepted before close() ran too')
  await closed
  t.ok(pids.every((pid) => !isAlive(pid)), 'no worker process is left')
  t.same(childPids(), [])
  t.same(['-wal', '-shm'].filter((suffix) => fs.existsSync(file + suffix)), [], 'connections were closed cleanly')

  await engine.close()
  t.pass('close() again resolves')
  await t.rejects(engine.run('last', 'database.stats', {}), { code: 'ENGINE_UNAVAILABLE' })
  t.match(engine.stats(), { workers: 2, busy: 0, queued: 0, restarts: 0 })
})

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import t from 'tap'
import type { FromWorker } from '../../../lib/engine/protocol.js'
import { spawnWorker } from '../../../lib/engine/worker-process.js'
import { buildEngine, sleep, waitFor, rowsOf } from './helpers.js'

const slowSql = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 2000000) SELECT count(*) FROM c'

t.test('a worker is sent its next job before it answers the current one; a third waits in the queue', async (t) => {
  const { engine, register } = buildEngine(t, { workers: 1, inline: false })
  register('db')
  await engine.run('db', 'database.create', {})
  const jobs = [1, 2, 3].map(() => engine.run('db', 'database.stats', {}))
  t.match(engine.stats(), { workers: 1, busy: 1, queued: 1, restarts: 0 }, 'two jobs with the worker, one queued')
  t.same(await Promise.all(jobs), [1, 2, 3].map(() => ({ sizeBytes: 4096, tableCount: 0 })))
})

t.test('nothing is sent ahead behind a job that has been running for a while', async (t) => {
  const { engine, register } = buildEngine(t, { workers: 1, inline: false })
  register('db')
  await engine.run('db', 'database.create', {})
  const slow = engine.run('db', 'query.run', { sql: slowSql, allowWrite: false, databaseName: 'db', principal: 'key' })
  await sleep(50)
  const next = engine.run('db', 'database.stats', {})
  await sleep(10)
  t.equal(engine.stats().queued, 1, 'the job waits in the engine, free to go to whichever worker is free first')
  t.equal((await slow).kind, 'rows')
  t.same(await next, { sizeBytes: 4096, tableCount: 0 })
})

t.test('a job sent ahead behind one killed at its deadline runs once, on the replacement', async (t) => {
  const { engine, register } = buildEngine(t, { workers: 1, inline: false })
  register('db')
  await engine.run('db', 'database.exec', { sql: 'CREATE TABLE marks (name TEXT)' })
  // The first job's deadline is so short that the engine's timer and the worker's own check race: either the
  // worker is killed, or it answers and stops taking jobs. Either way the second job must run exactly once.
  const first = engine.run('db', 'database.exec', { sql: "INSERT INTO marks VALUES ('first')" }, { timeoutMs: 0.01 }).catch((err: Error) => err)
  const second = engine.run('db', 'database.exec', { sql: "INSERT INTO marks VALUES ('second')" })
  await second
  const outcome = await first
  t.ok(outcome instanceof Error ? (outcome as { code?: string }).code === 'QUERY_TIMEOUT' : true, 'the first answered, or timed out')
  const rows = await engine.run('db', 'query.run', { sql: "SELECT count(*) AS n FROM marks WHERE name = 'second'", allowWrite: false, databaseName: 'db', principal: 'key' })
  t.same(rowsOf(rows.kind === 'rows' && rows.rows), [{ n: 1 }], 'the job behind it ran exactly once')
  t.equal(engine.stats().restarts, 1, 'the worker was replaced')
})

t.test('a worker that finishes a job at the edge of its deadline answers it, then starts nothing more', async (t) => {
  const dataDir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'litehouse-pipeline-')))
  t.teardown(() => fs.rmSync(dataDir, { recursive: true, force: true }))
  const messages: string[] = []
  let ready = false
  const worker = spawnWorker({ config: { dataDir, maxConnections: 4, maxQueryRows: 10 }, onError: () => {} }, {
    ready: () => { ready = true },
    result: (message: Extract<FromWorker, { type: 'done' | 'failed' }>) => { messages.push(`${message.type} ${message.id}`) },
    stopping: () => { messages.push('stopping') },
    finishing: () => {},
    exit: () => { messages.push('exit') }
  })
  t.teardown(() => worker.retire())
  await waitFor(() => ready, 20_000)
  const first = path.join(dataDir, 'first.db')
  const second = path.join(dataDir, 'second.db')
  // opening a new file takes far longer than this job's deadline minus the margin
  worker.sendJobs([
    { id: 1, name: 'database.create', file: first, args: {}, timeoutMs: 0.01 },
    { id: 2, name: 'database.create', file: second, args: {}, timeoutMs: 5000 }
  ])
  await waitFor(() => messages.includes('stopping'))
  await sleep(200)
  t.same(messages, ['done 1', 'stopping'], 'the first job answered, then the worker stopped')
  t.ok(fs.existsSync(first))
  t.notOk(fs.existsSync(second), 'the second job never started')
})

import t from 'tap'
import { buildEngine, childPids, runawaySql, waitFor } from './helpers.js'

t.test('a worker killed from outside fails only its own job; a replacement takes over', async (t) => {
  const logged: string[] = []
  const record = (_obj: object | string, msg?: string) => { logged.push(msg ?? String(_obj)) }
  const { engine, register } = buildEngine(t, {
    workers: 1,
    queryTimeoutMs: 60_000,
    logger: { info: () => {}, warn: record, error: record }
  })
  register('victim')
  await engine.run('victim', 'database.create', {})
  const [pid] = childPids()
  t.type(pid, 'number', 'the worker process is a child of this one')

  const inFlight = engine.run('victim', 'database.exec', { sql: runawaySql })
  const waiting = engine.run('victim', 'database.stats', {})
  t.equal(engine.stats().busy, 1)
  process.kill(pid, 'SIGKILL')

  await t.rejects(inFlight, { code: 'ENGINE_UNAVAILABLE', statusCode: 503, message: 'the database worker stopped unexpectedly' })
  t.same(await waiting, { sizeBytes: 4096, tableCount: 0 }, 'the job queued behind it runs on the replacement')
  t.same(await engine.run('victim', 'database.tables', {}), [])
  t.equal(engine.stats().restarts, 1)
  t.equal(logged.filter((m) => /stopped unexpectedly/.test(m)).length, 1, 'the crash is logged once')
  // a job sent ahead to the worker as it died fails to send: that channel error may be logged too, nothing else
  t.same(logged.filter((m) => !/stopped unexpectedly|channel error/.test(m)), [], 'nothing else is logged')

  await waitFor(() => childPids().length === 1)
  t.not(childPids()[0], pid, 'a new process runs the jobs')
})

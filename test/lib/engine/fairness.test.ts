import t from 'tap'
import { buildEngine, sleep, waitFor } from './helpers.js'

const slowSql = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 3000000) SELECT count(*) FROM c'
const slowQuery = { sql: slowSql, allowWrite: false, databaseName: 'noisy', principal: 'key' as const }

t.test('one database gets at most dbMaxInflight workers; its other jobs wait while other databases go past them', async (t) => {
  const { engine, register } = buildEngine(t, { workers: 2, inline: false, dbMaxInflight: 1 })
  register('noisy')
  register('quiet')
  await engine.run('noisy', 'database.create', {})
  await engine.run('quiet', 'database.create', {})
  await waitFor(() => engine.stats().ready === 2, 20_000)

  const events: string[] = []
  const noisy = [1, 2].map((n) => engine.run('noisy', 'query.run', slowQuery).then(() => events.push(`noisy ${n}`)))
  const quiet = engine.run('quiet', 'database.stats', {}).then(() => events.push('quiet'))
  t.match(engine.stats(), { running: 2, queued: 1 }, 'the quiet job went to the free worker, the second noisy one waits')
  await Promise.all([...noisy, quiet])
  t.same(events, ['quiet', 'noisy 1', 'noisy 2'], 'the quiet database answered first')
})

t.test('beyond dbMaxQueue waiting jobs of one database, a job is refused at once with DATABASE_BUSY; others are served', async (t) => {
  const { engine, register } = buildEngine(t, { workers: 2, inline: false, dbMaxInflight: 1, dbMaxQueue: 2 })
  register('noisy')
  register('quiet')
  await engine.run('noisy', 'database.create', {})
  await engine.run('quiet', 'database.create', {})

  const accepted = [1, 2, 3].map(() => engine.run('noisy', 'query.run', slowQuery))
  const refused = await engine.run('noisy', 'database.stats', {}).then(() => undefined, (err: Error) => err)
  t.match(refused, { code: 'DATABASE_BUSY', statusCode: 503 }, 'one running and two waiting: the fourth is refused')
  t.same(await engine.run('quiet', 'database.stats', {}), { sizeBytes: 4096, tableCount: 0 }, 'another database is served meanwhile')
  const outcomes = await Promise.all(accepted)
  t.ok(outcomes.every((o) => o.kind === 'rows'), 'the accepted jobs all ran')
  t.same(await engine.run('noisy', 'database.stats', {}), { sizeBytes: 4096, tableCount: 0 }, 'once the queue drains, it is served again')
})

t.test('with the default in-flight limit, one database\'s slow statements leave a worker free for the others', async (t) => {
  const { engine, register } = buildEngine(t, { workers: 2, inline: false })
  register('noisy')
  register('quiet')
  await engine.run('noisy', 'database.create', {})
  await engine.run('quiet', 'database.create', {})
  await waitFor(() => engine.stats().ready === 2, 20_000)

  const events: string[] = []
  const first = engine.run('noisy', 'query.run', slowQuery).then(() => events.push('noisy 1'))
  await sleep(100) // known slow by now
  const more = [2, 3].map((n) => engine.run('noisy', 'query.run', slowQuery).then(() => events.push(`noisy ${n}`)))
  t.match(engine.stats(), { running: 1, queued: 2 }, 'the noisy database waits for its own slow statement')
  const quiet = engine.run('quiet', 'database.stats', {}).then(() => events.push('quiet'))
  await Promise.all([first, ...more, quiet])
  t.equal(events[0], 'quiet', `the quiet database answered before any slow statement ended (${events.join(', ')})`)
})

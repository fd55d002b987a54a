import Database from 'better-sqlite3'
import t from 'tap'
import { buildEngine, runawaySql, warmUp } from './helpers.js'

t.test('a runaway statement is stopped at its deadline while everything else keeps going', async (t) => {
  const { engine, register } = buildEngine(t, { workers: 2, queryTimeoutMs: 1000 })
  register('runaway')
  register('other')
  await warmUp(engine, 'other')
  await engine.run('runaway', 'database.create', {})

  let ticks = 0
  let longestGap = 0
  let lastTick = Date.now()
  const ticker = setInterval(() => {
    const now = Date.now()
    longestGap = Math.max(longestGap, now - lastTick)
    lastTick = now
    ticks++
  }, 20)
  t.teardown(() => clearInterval(ticker))

  const started = Date.now()
  let settledAt = 0
  // Caught at once: the loop below would otherwise leave the rejection unhandled for a while.
  const runaway = engine.run('runaway', 'database.exec', { sql: runawaySql })
    .then(() => undefined, (err: unknown) => err)
    .finally(() => { settledAt = Date.now() })
  const answeredAt: number[] = []
  while (settledAt === 0) {
    await engine.run('other', 'database.stats', {})
    answeredAt.push(Date.now())
  }

  t.match(await runaway, { code: 'QUERY_TIMEOUT', statusCode: 408, message: 'the statement ran longer than 1000 ms and was stopped' })
  clearInterval(ticker)
  const elapsed = settledAt - started
  t.ok(elapsed >= 1000 && elapsed < 2000, `rejected within the deadline + 1 s (${elapsed} ms)`)
  const meanwhile = answeredAt.filter((at) => at < settledAt)
  t.ok(meanwhile.length >= 20, `the other database answered while the runaway ran (${meanwhile.length} jobs)`)
  t.ok(meanwhile.some((at) => at - started > 800), 'it was still answering near the deadline')
  t.ok(ticks >= 10, `the event loop kept ticking (${ticks} ticks)`)
  t.ok(longestGap < 500, `no long stall of the event loop (longest gap ${longestGap} ms)`)
  t.equal(engine.stats().restarts, 1, 'the stopped worker was replaced')

  // The replacement takes work: both databases answer, the runaway one included.
  t.same(await engine.run('runaway', 'database.tables', {}), [])
  t.same(await engine.run('other', 'database.tables', {}), [])
  t.equal(engine.stats().workers, 2)
})

t.test('a per-call deadline applies, and jobs queued behind the runaway go to the replacement', async (t) => {
  const { engine, register } = buildEngine(t, { workers: 1, queryTimeoutMs: 60_000 })
  register('a')
  register('b')
  await engine.run('a', 'database.create', {})
  const started = Date.now()
  const runaway = engine.run('a', 'database.exec', { sql: runawaySql }, { timeoutMs: 500 })
  const queued = [engine.run('b', 'database.create', {}), engine.run('a', 'database.stats', {})] as const
  t.equal(engine.stats().busy, 1, 'the single worker has the runaway; the others wait, one of them sent ahead to it')
  await t.rejects(runaway, { code: 'QUERY_TIMEOUT', message: 'the statement ran longer than 500 ms and was stopped' })
  t.ok(Date.now() - started < 1500, 'the call\'s own deadline, not the default one, stopped it')
  const [created, stats] = await Promise.all(queued)
  t.equal(created.sizeBytes, 4096)
  t.equal(stats.tableCount, 0)
})

t.test('a write transaction killed mid-way leaves the database consistent without its rows', async (t) => {
  const { engine, register } = buildEngine(t, { workers: 2, queryTimeoutMs: 1500 })
  const file = register('ledger')
  await engine.run('ledger', 'database.exec', {
    sql: `CREATE TABLE entries (id INTEGER PRIMARY KEY, payload BLOB);
      INSERT INTO entries (payload) SELECT randomblob(100) FROM
        (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 10) SELECT x FROM c)`
  })
  // Twenty megabytes overflow the page cache, so uncommitted pages spill into the WAL before the kill.
  await t.rejects(engine.run('ledger', 'database.exec', {
    sql: `BEGIN;
      INSERT INTO entries (payload) SELECT randomblob(1000) FROM
        (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 20000) SELECT x FROM c);
      ${runawaySql};
      COMMIT`
  }), { code: 'QUERY_TIMEOUT' })

  t.same(await engine.run('ledger', 'database.tables', { counts: true }), [{ name: 'entries', type: 'table', rowCount: 10 }])
  await engine.run('ledger', 'database.exec', { sql: 'INSERT INTO entries (payload) VALUES (x\'00\')' })
  const db = new Database(file, { readonly: true })
  t.teardown(() => db.close())
  t.equal(db.pragma('integrity_check', { simple: true }), 'ok')
  t.equal(db.prepare('SELECT count(*) FROM entries').pluck().get(), 11, 'only committed rows, and writes go on')
})

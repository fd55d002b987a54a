import Database from 'better-sqlite3'
import t from 'tap'
import { createConnectionBudget, type Lane } from '../../../lib/engine/budget.js'
import { buildEngine, waitFor } from './helpers.js'

const total = (counts: number[]) => counts.reduce((a, b) => a + b, 0)

t.test('the budget is one LRU over every lane: the least recently used pair of any lane is closed', async (t) => {
  const closed: Array<[Lane, string]> = []
  const budget = createConnectionBudget({ max: 2, idleMs: 0, onClose: (lane, file) => closed.push([lane, file]) })
  t.equal(budget.use('inline', 'a'), false, 'a first use is an open')
  t.equal(budget.use(0, 'b'), false)
  t.equal(budget.use('inline', 'a'), true, 'a second use is a hit')
  budget.use(1, 'c')
  t.same(closed, [[0, 'b']], 'worker 0 lost b, the pair unused the longest')
  t.same(budget.lanesOf('a'), ['inline'])
  t.same({ size: budget.size, hits: budget.hits, misses: budget.misses }, { size: 2, hits: 1, misses: 3 })
  budget.forgetFile('a')
  t.same(closed.length, 1, 'a forgotten pair is closed by whoever forgets it')
  t.equal(budget.has('inline', 'a'), false)
})

t.test('pairs unused for idleMs are closed, the recently used ones stay', async (t) => {
  const closed: string[] = []
  const budget = createConnectionBudget({ max: 10, idleMs: 1000, onClose: (_lane, file) => closed.push(file) })
  budget.use(0, 'old')
  budget.use(0, 'new')
  budget.closeIdle(performance.now() + 1500)
  t.same(closed, ['old', 'new'], 'both idle past the limit')
  budget.use(0, 'fresh')
  budget.closeIdle()
  t.same(closed, ['old', 'new'], 'a pair just used stays open')
})

t.test('a budget of one connection serves every database, inline and in workers, one connection at a time', async (t) => {
  const { engine, register } = buildEngine(t, { workers: 2, maxConnections: 1 })
  const ids = ['a', 'b', 'c']
  for (const id of ids) {
    register(id)
    await engine.run(id, 'database.exec', { sql: `CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO items VALUES (1, '${id}')` })
  }
  for (let round = 0; round < 3; round++) {
    const answers = await Promise.all(ids.flatMap((id) => [
      engine.run(id, 'records.get', { table: 'items', id: '1' }),
      engine.run(id, 'database.tables', { counts: true })
    ]))
    t.same(answers.filter((_, i) => i % 2 === 0).map((a) => (a as { row: Record<string, unknown> }).row.name), ids, `round ${round}: every record read`)
  }
  const counts = await engine.connectionCounts()
  t.ok(total(counts) + engine.inlineConnections() <= 1, `never more than one connection stays open (${counts.join(', ')}, inline ${engine.inlineConnections()}, budget ${engine.stats().openConnections})`)
  t.ok(engine.stats().opens > ids.length, 'connections were closed and reopened to fit the budget')
})

t.test('connections idle for idleCloseMs are closed, in the workers and the inline lane', async (t) => {
  const { engine, register } = buildEngine(t, { workers: 2, idleCloseMs: 200 })
  register('idle')
  await engine.run('idle', 'database.exec', { sql: 'CREATE TABLE items (id INTEGER PRIMARY KEY); INSERT INTO items VALUES (1)' })
  await engine.run('idle', 'records.get', { table: 'items', id: '1' })
  t.ok(total(await engine.connectionCounts()) + engine.inlineConnections() > 0, 'open after use')
  await waitFor(async () => total(await engine.connectionCounts()) + engine.inlineConnections() === 0, 10_000)
  t.equal(engine.stats().openConnections, 0, 'all closed, and the budget knows')
  t.same(await engine.run('idle', 'records.get', { table: 'items', id: '1' }), { row: { id: 1 }, sql: 'SELECT * FROM "items" WHERE "id" = ?' }, 'and the database answers again')
})

t.test('a database with two jobs at a time stays open in its home worker only', async (t) => {
  const { engine, register } = buildEngine(t, { workers: 2, inline: false })
  register('home')
  // the first job goes to whichever worker is up first: both must be, for it to go home
  await waitFor(() => engine.stats().ready === 2, 20_000)
  await engine.run('home', 'database.exec', { sql: 'CREATE TABLE items (id INTEGER PRIMARY KEY)' })
  for (let i = 0; i < 20; i++) {
    await Promise.all([engine.run('home', 'database.stats', {}), engine.run('home', 'database.stats', {})])
  }
  const counts = await engine.connectionCounts()
  t.same(counts.slice().sort(), [0, 1], `one worker holds it (${counts.join(', ')})`)
})

t.test('a pair only one-off jobs used closes after oneOffIdleMs; one a regular job used waits for idleMs', async (t) => {
  const closed: string[] = []
  const budget = createConnectionBudget({ max: 10, idleMs: 60_000, oneOffIdleMs: 2000, onClose: (_lane, file) => closed.push(file) })
  const started = performance.now()
  budget.use(0, 'feed set-up', true)
  budget.use(1, 'shared', true)
  budget.use(1, 'shared')
  budget.use(0, 'regular')
  t.equal(budget.use(0, 'regular', true), true, 'a one-off job on an open pair is a hit, and the pair stays regular')
  budget.closeIdle(started + 1000)
  t.same(closed, [], 'nothing is idle yet')
  budget.closeIdle(started + 2500)
  t.same(closed, ['feed set-up'], 'only the pair no regular job used')
  t.equal(budget.has(1, 'shared'), true)
})

t.test('a change feed\'s set-up leaves no worker connection behind, long before the idle close', async (t) => {
  const { engine, register } = buildEngine(t, { workers: 2, maxConnections: 16, idleCloseMs: 600_000 })
  // a database no lane has open (as an idle tenant's): the set-up must open it in a worker
  const db = new Database(register('fed'))
  db.pragma('journal_mode = WAL')
  db.exec('CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT)')
  db.close()
  await engine.run('fed', 'changes.install', {})
  t.same(await engine.run('fed', 'changes.bounds', {}), { first: 1, head: 0 }, 'the feed is set up')
  t.equal(total(await engine.connectionCounts()), 1, 'in one worker')
  await waitFor(async () => total(await engine.connectionCounts()) === 0, 15_000)
  t.equal(engine.stats().openConnections, 0, 'its connection closed within seconds, the budget knows it')
})

t.test('a job run with oneOff (a storage snapshot\'s count) leaves no connection behind; a regular run keeps it', async (t) => {
  const { engine, register } = buildEngine(t, { workers: 2, maxConnections: 16, idleCloseMs: 600_000 })
  for (const id of ['counted', 'used']) {
    const db = new Database(register(id))
    db.pragma('journal_mode = WAL')
    db.exec('CREATE TABLE items (id INTEGER PRIMARY KEY)')
    db.close()
  }
  t.equal((await engine.run('counted', 'database.stats', {}, { oneOff: true })).tableCount, 1)
  t.equal((await engine.run('used', 'database.stats', {})).tableCount, 1)
  t.equal(total(await engine.connectionCounts()), 2, 'both opened in a worker')
  await waitFor(async () => total(await engine.connectionCounts()) === 1, 15_000)
  t.equal(engine.stats().openConnections, 1, 'only the regular run\'s connection stays')
})

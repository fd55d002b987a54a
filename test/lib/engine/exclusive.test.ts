import fs from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { buildEngine, sleep, warmUp } from './helpers.js'

const slowSql = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 300000) SELECT count(*) FROM c'

// One engine for the file (each test has its own databases): starting workers is the slow part.
const { engine, files, register, dataDir } = buildEngine(t, { workers: 2 })

t.test('exclusive() waits for in-flight jobs, closes every connection and holds new jobs until it is done', async (t) => {
  const oldFile = register('shop')
  register('bystander')
  await engine.run('shop', 'database.exec', { sql: "CREATE TABLE items (name TEXT); INSERT INTO items VALUES ('lamp')" })
  await warmUp(engine, 'shop')
  t.same(await engine.connectionCounts(), [1, 1], 'both workers have the database open')

  const events: string[] = []
  const inFlight = engine.run('shop', 'database.exec', { sql: slowSql }).then(() => events.push('in-flight job done'))
  const newFile = path.join(dataDir, 'store.db')
  let held: Promise<unknown> | undefined
  const result = await engine.exclusive('shop', async () => {
    events.push('exclusive start')
    t.same(await engine.connectionCounts(), [0, 0], 'no worker keeps a connection to it')
    t.same(['-wal', '-shm'].filter((suffix) => fs.existsSync(oldFile + suffix)), [], 'so its -wal and -shm are gone')
    held = engine.run('shop', 'database.tables', { counts: true }).then((tables) => { events.push('held job done'); return tables })
    t.same(await engine.run('bystander', 'database.create', {}), { sizeBytes: 4096 }, 'other databases are served meanwhile')
    await sleep(200)
    t.equal(engine.stats().queued, 1, 'the job on the held database waits in the queue')
    fs.renameSync(oldFile, newFile)
    files.set('shop', newFile)
    events.push('exclusive end')
    return 'renamed'
  })
  await inFlight

  t.equal(result, 'renamed', 'exclusive() returns what fn returns')
  t.same(await held, [{ name: 'items', type: 'table', rowCount: 1 }], 'the held job ran on the renamed file')
  t.same(events, ['in-flight job done', 'exclusive start', 'exclusive end', 'held job done'])
  t.notOk(fs.existsSync(oldFile), 'nothing reopened the old path')
})

t.test('a database deleted under exclusive() answers DATABASE_NOT_FOUND to held and later jobs', async (t) => {
  const file = register('doomed')
  await engine.run('doomed', 'database.create', {})
  let held: Promise<unknown> | undefined
  await engine.exclusive('doomed', () => {
    held = engine.run('doomed', 'database.stats', {})
    fs.rmSync(file)
    files.delete('doomed')
  })
  await t.rejects(held as Promise<unknown>, { code: 'DATABASE_NOT_FOUND', message: "database 'doomed' does not exist" })
  await t.rejects(engine.run('doomed', 'database.stats', {}), { code: 'DATABASE_NOT_FOUND' })
  t.notOk(fs.existsSync(file), 'the held job did not recreate the file')
})

t.test('a failing fn releases the database and exclusive() rejects with its error', async (t) => {
  register('stays')
  await engine.run('stays', 'database.create', {})
  let held: Promise<unknown> | undefined
  await t.rejects(engine.exclusive('stays', async () => {
    held = engine.run('stays', 'database.stats', {})
    throw new Error('rename failed')
  }), { message: 'rename failed' })
  t.same(await held, { sizeBytes: 4096, tableCount: 0 })
})

t.test('exclusive() calls on one database run one after the other', async (t) => {
  register('serial')
  const events: string[] = []
  const first = engine.exclusive('serial', async () => { events.push('first start'); await sleep(100); events.push('first end') })
  const second = engine.exclusive('serial', () => { events.push('second') })
  await Promise.all([first, second])
  t.same(events, ['first start', 'first end', 'second'])
})

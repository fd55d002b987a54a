import Database from 'better-sqlite3'
import { existsSync, statSync } from 'node:fs'
import t from 'tap'
import { coldWriteWindowMs, commitsPerCheckpoint } from '../../../lib/engine/inline.js'
import { checkpointWaitMs } from '../../../lib/engine/jobs/database.js'
import { buildEngine, sleep, waitFor, rowsOf, rowOf } from './helpers.js'

// One engine for the file (each test has its own databases): starting workers is the slow part.
const { engine, register } = buildEngine(t, { workers: 2 })
const workerConnections = async () => (await engine.connectionCounts()).reduce((a, b) => a + b, 0)
/** Worker connections opened since `connectionsOpenedSince` was made: tests share the engine, so they count from their start. */
async function connectionsOpenedSince () {
  const base = await workerConnections()
  return async () => await workerConnections() - base
}

/** A database made with a plain connection of the test, so no engine connection is open before the test. */
function seed (id: string, sql: string): string {
  const file = register(id)
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  db.exec(sql)
  db.close()
  return file
}

/** A read through the lane opens its connection: writes to the database then run inline (see the cold write test). */
async function openInline (id: string): Promise<void> {
  await engine.run(id, 'records.get', { table: 'items', id: '0' }).catch((err: { code?: string }) => {
    if (err.code !== 'RECORD_NOT_FOUND') throw err
  })
}

t.test('a record of a plain table is read and inserted on the main thread, without any worker', async (t) => {
  seed('plain', "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO items VALUES (1, 'lamp')")
  const opened = await connectionsOpenedSince()
  const inlineBefore = engine.inlineConnections()
  const got = await engine.timed('plain', 'records.get', { table: 'items', id: '1' })
  t.same(got.result.row, { id: 1, name: 'lamp' })
  t.ok(got.durationMs >= 0, 'the job is timed like any other')
  t.same(rowsOf((await engine.run('plain', 'records.insert', { table: 'items', rows: [{ name: 'desk' }] })).rows), [{ id: 2, name: 'desk' }])
  t.equal(engine.inlineConnections(), inlineBefore + 1, 'one inline connection serves both')
  t.equal(await opened(), 0, 'no worker opened the database')
})

t.test('a read opens the file read-only, so closing it keeps the -wal and -shm files for the next open; a write reopens it read-write', async (t) => {
  const file = seed('read-only', "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO items VALUES (1, 'lamp')")
  const sideFiles = () => ['-wal', '-shm'].filter((suffix) => existsSync(file + suffix))
  t.same(sideFiles(), [], 'the seeding connection, the last to close, removed them')
  const inlineBefore = engine.inlineConnections()
  t.same((await engine.run('read-only', 'records.get', { table: 'items', id: '1' })).row, { id: 1, name: 'lamp' })
  t.equal(engine.inlineConnections(), inlineBefore + 1)
  await engine.exclusive('read-only', () => {})
  t.same(sideFiles(), ['-wal', '-shm'], 'a read-only connection cannot checkpoint and remove them as it closes')
  t.same((await engine.run('read-only', 'records.get', { table: 'items', id: '1' })).row, { id: 1, name: 'lamp' }, 'the next open reads them')

  const opened = await connectionsOpenedSince()
  t.same(rowsOf((await engine.run('read-only', 'records.insert', { table: 'items', rows: [{ name: 'desk' }] })).rows), [{ id: 2, name: 'desk' }],
    'a write on the file the read opened runs inline, on a read-write connection')
  t.equal(await opened(), 0, 'no worker opened the database')
  t.equal(engine.inlineConnections(), inlineBefore + 1, 'the read-only connection was replaced, not kept beside it')
  t.same((await engine.run('read-only', 'records.get', { table: 'items', id: '2' })).row, { id: 2, name: 'desk' }, 'reads use the read-write one')
  await engine.exclusive('read-only', () => {})
  t.same(sideFiles(), [], 'the read-write connection, the last to close, checkpointed and removed them')
  const db = new Database(file, { readonly: true })
  t.teardown(() => db.close())
  t.same(db.prepare('SELECT name FROM items ORDER BY id').pluck().all(), ['lamp', 'desk'], 'the write is in the database file')
})

t.test('updates and deletes by id run inline too, unless another table\'s foreign key refers to the table', async (t) => {
  seed('writes', `CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT);
    CREATE TABLE owners (id INTEGER PRIMARY KEY, name TEXT);
    CREATE TABLE pets (id INTEGER PRIMARY KEY, owner INTEGER REFERENCES owners (id) ON DELETE CASCADE);
    INSERT INTO items VALUES (1, 'lamp'), (2, 'desk'); INSERT INTO owners VALUES (1, 'ann'); INSERT INTO pets VALUES (1, 1), (2, 1)`)
  await openInline('writes')
  const opened = await connectionsOpenedSince()
  t.same((await engine.run('writes', 'records.update', { table: 'items', id: '1', values: { name: 'bulb' } })).row, { id: 1, name: 'bulb' })
  t.same((await engine.run('writes', 'records.delete', { table: 'items', id: '2' })).id, 2)
  t.equal(await opened(), 0, 'no worker needed for the plain table')
  t.same((await engine.run('writes', 'records.update', { table: 'pets', id: '2', values: { owner: 1 } })).row, { id: 2, owner: 1 },
    'a table that refers to another is updated inline (the check is a key lookup)')
  t.equal(await opened(), 0)
  t.same((await engine.run('writes', 'records.delete', { table: 'owners', id: '1' })).id, 1)
  t.equal(await opened(), 1, 'deleting an owner cascades into pets: a worker does it')
  t.same(rowsOf((await engine.run('writes', 'records.list', { table: 'pets', limit: 10, offset: 0 })).rows), [], 'the cascade ran')
})

t.test('errors of an inline job are the API errors a worker would give', async (t) => {
  seed('errors', 'CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)')
  const opened = await connectionsOpenedSince()
  await t.rejects(engine.run('errors', 'records.get', { table: 'items', id: '7' }), { code: 'RECORD_NOT_FOUND', statusCode: 404 })
  await t.rejects(engine.run('errors', 'records.get', { table: 'nope', id: '7' }), { code: 'TABLE_NOT_FOUND', statusCode: 404 })
  await engine.run('errors', 'records.insert', { table: 'items', rows: [{ name: 'a' }] })
  await t.rejects(engine.run('errors', 'records.insert', { table: 'items', rows: [{ name: 'a' }] }), { code: 'CONSTRAINT_VIOLATION', statusCode: 409 })
  await t.rejects(engine.run('errors', 'records.insert', { table: 'items', rows: [{ nope: 1 }] }), { code: 'UNKNOWN_COLUMN' })
  t.equal(await opened(), 0, 'none of them needed a worker')
})

t.test('unbounded work goes to a worker: a computed column, a table with a trigger, a batch', async (t) => {
  seed('unbounded', `CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT);
    CREATE TABLE log (name TEXT);
    CREATE TRIGGER items_log AFTER INSERT ON items BEGIN INSERT INTO log VALUES (new.name); END;
    CREATE TABLE shouting (id INTEGER PRIMARY KEY, name TEXT, loud TEXT AS (upper(name)) VIRTUAL);
    INSERT INTO items VALUES (1, 'lamp'); INSERT INTO shouting (id, name) VALUES (1, 'lamp')`)
  const opened = await connectionsOpenedSince()
  t.same((await engine.run('unbounded', 'records.get', { table: 'items', id: '1' })).row, { id: 1, name: 'lamp' },
    'a read of the table with a trigger is inline')
  t.equal(await opened(), 0)
  t.same(rowOf((await engine.run('unbounded', 'records.get', { table: 'shouting', id: '1' })).row), { id: 1, name: 'lamp', loud: 'LAMP' })
  t.equal(await opened(), 1, 'a row with a column computed on read is read by a worker')
  await engine.run('unbounded', 'records.insert', { table: 'items', rows: [{ name: 'desk' }] })
  await engine.run('unbounded', 'records.insert', { table: 'items', rows: [{ name: 'a' }, { name: 'b' }] })
  const log = await engine.run('unbounded', 'query.run', { sql: 'SELECT name FROM log ORDER BY rowid', allowWrite: false, databaseName: 'unbounded', principal: 'key' })
  t.same(rowsOf(log.kind === 'rows' && log.rows), [{ name: 'lamp' }, { name: 'desk' }, { name: 'a' }, { name: 'b' }], 'the trigger ran for each insert')
  t.same((await engine.run('unbounded', 'records.get', { table: 'items', id: '4' })).row, { id: 4, name: 'b' })
})

t.test('a write that meets another connection\'s lock waits in a worker, never on the main thread', async (t) => {
  const file = seed('locked', 'CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT)')
  const holder = new Database(file)
  t.teardown(() => holder.close())
  holder.exec('BEGIN IMMEDIATE')
  let ticks = 0
  const ticker = setInterval(() => ticks++, 10)
  t.teardown(() => clearInterval(ticker))
  const insert = engine.run('locked', 'records.insert', { table: 'items', rows: [{ name: 'lamp' }] })
  await sleep(300)
  t.ok(ticks >= 10, `the event loop kept running while the insert waited (${ticks} ticks)`)
  t.equal(engine.stats().busy, 1, 'a worker is waiting for the lock')
  holder.exec('COMMIT')
  t.same(rowsOf((await insert).rows), [{ id: 1, name: 'lamp' }], 'the insert went through once the lock was free')
  t.same(holder.prepare('SELECT count(*) AS n FROM items').get(), { n: 1 }, 'exactly once')
})

t.test(`every ${commitsPerCheckpoint} inline commits a worker checkpoints the database`, async (t) => {
  const file = seed('checkpointed', 'CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT)')
  await openInline('checkpointed')
  const before = await workerConnections()
  for (let i = 0; i < commitsPerCheckpoint - 1; i++) {
    await engine.run('checkpointed', 'records.insert', { table: 'items', rows: [{ name: `item ${i}` }] })
  }
  t.equal(await workerConnections(), before, 'no checkpoint yet')
  const reader = new Database(file, { readonly: true })
  t.teardown(() => reader.close())
  t.equal(reader.pragma('wal_autocheckpoint', { simple: true }), 1000, '(a fresh connection checkpoints by default)')
  await engine.run('checkpointed', 'records.insert', { table: 'items', rows: [{ name: 'last' }] })
  await waitFor(async () => await workerConnections() === before + 1)
  t.pass('a worker opened the database to checkpoint it')
  const [{ log, checkpointed }] = reader.pragma('wal_checkpoint(PASSIVE)') as Array<{ log: number, checkpointed: number }>
  t.ok(log > 0 && checkpointed === log, `the WAL is checkpointed (${checkpointed} of ${log} frames)`)
})

t.test('under steady inline commits each checkpoint starts the WAL over, so it stays bounded', async (t) => {
  const file = seed('steady', 'CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT)')
  const frameBytes = 4096 + 24
  const walFrames = () => Math.max(0, (statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0) - 32) / frameBytes
  const commits = 8 * commitsPerCheckpoint
  let mostFrames = 0
  for (let i = 0; i < commits; i++) {
    await engine.run('steady', 'records.insert', { table: 'items', rows: [{ name: `item ${i}` }] })
    // requests arrive on separate turns of the event loop, so checkpoints finish while commits go on
    if (i % 50 === 49) {
      await sleep(0)
      mostFrames = Math.max(mostFrames, walFrames())
    }
  }
  t.same(rowsOf((await engine.run('steady', 'records.list', { table: 'items', limit: 2, offset: commits - 1 })).rows),
    [{ id: commits, name: `item ${commits - 1}` }], 'every commit is kept')
  // A WAL that is not started over gains a frame per commit (a passive checkpoint, started over only by luck, left
  // about 3,000 here); started over at each checkpoint it holds about one period's commits (500-600).
  t.ok(mostFrames < commits / 2, `the WAL held at most ${Math.round(mostFrames)} frames over ${commits} commits`)
})

t.test(`a checkpoint waits for a long reader at most ${checkpointWaitMs} ms, and the writes it holds up go on`, async (t) => {
  const file = seed('long-reader', 'CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT)')
  await openInline('long-reader')
  await engine.run('long-reader', 'records.insert', { table: 'items', rows: [{ name: 'first' }] })
  // a reader in the middle of a transaction keeps the frames of its snapshot in use
  const reader = new Database(file, { readonly: true })
  t.teardown(() => reader.close())
  reader.exec('BEGIN')
  reader.prepare('SELECT count(*) FROM items').get()
  const opened = await connectionsOpenedSince()
  for (let i = 1; i < commitsPerCheckpoint; i++) {
    await engine.run('long-reader', 'records.insert', { table: 'items', rows: [{ name: `item ${i}` }] })
  }
  let slowestMs = 0
  for (let i = 0; i < 20; i++) {
    const started = performance.now()
    await engine.run('long-reader', 'records.insert', { table: 'items', rows: [{ name: `after ${i}` }] })
    slowestMs = Math.max(slowestMs, performance.now() - started)
    await sleep(5)
  }
  reader.exec('COMMIT')
  t.ok(await opened() >= 1, 'a worker opened the database: the checkpoint came due while the reader held its snapshot')
  // the writer's own busy timeout is 5 s: a checkpoint waiting that long for the reader would hold every write that long
  t.ok(slowestMs < 2000, `no write waited on the checkpoint longer than ${Math.round(slowestMs)} ms`)
  t.same(reader.prepare('SELECT count(*) AS n FROM items').get(), { n: commitsPerCheckpoint + 20 })
})

t.test('exclusive() closes the inline connection too, and inline jobs wait for it like the others', async (t) => {
  seed('held', "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO items VALUES (1, 'lamp')")
  await engine.run('held', 'records.get', { table: 'items', id: '1' })
  const open = engine.inlineConnections()
  let read: Promise<unknown> | undefined
  await engine.exclusive('held', async () => {
    t.equal(engine.inlineConnections(), open - 1, 'the inline connection is closed')
    read = engine.run('held', 'records.get', { table: 'items', id: '1' })
    await sleep(100)
    t.equal(engine.stats().queued, 1, 'a read of the held database waits in the queue')
  })
  const { row, sql } = await read as { row: unknown, sql: string }
  t.same({ row: rowOf(row), sql }, { row: { id: 1, name: 'lamp' }, sql: 'SELECT * FROM "items" WHERE "id" = ?' })
})

t.test('with inline: false every job goes to a worker', async (t) => {
  const off = buildEngine(t, { workers: 1, inline: false })
  const file = off.register('db')
  const db = new Database(file)
  db.exec("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO items VALUES (1, 'lamp')")
  db.close()
  t.same(rowOf((await off.engine.run('db', 'records.get', { table: 'items', id: '1' })).row), { id: 1, name: 'lamp' })
  t.same(await off.engine.connectionCounts(), [1])
  t.equal(off.engine.inlineConnections(), 0)
})

t.test('timedNow answers an inline job at once, and undefined for a job that must go to a worker', async (t) => {
  seed('now', "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO items VALUES (1, 'lamp')")
  const got = engine.timedNow('now', 'records.get', { table: 'items', id: '1' })
  t.same(got?.result, { row: { id: 1, name: 'lamp' }, sql: 'SELECT * FROM "items" WHERE "id" = ?' }, 'the result itself, no promise')
  t.ok((got?.durationMs ?? -1) >= 0)
  t.throws(() => engine.timedNow('now', 'records.get', { table: 'items', id: '9' }), { code: 'RECORD_NOT_FOUND', statusCode: 404 },
    'an inline failure is thrown at once')
  t.equal(engine.timedNow('now', 'records.list', { table: 'items', limit: 50, offset: 0 }), undefined, 'a list goes to a worker')
  t.equal(engine.timedNow('now', 'database.tables', {}), undefined, 'so does any job the lane does not take')
  await engine.exclusive('now', () => {
    t.equal(engine.timedNow('now', 'records.get', { table: 'items', id: '1' }), undefined, 'a held database: the caller queues through timed()')
  })
  t.throws(() => engine.timedNow('gone', 'records.get', { table: 'items', id: '1' }), { code: 'DATABASE_NOT_FOUND' }, 'an unknown database')

  const closed = buildEngine(t, { workers: 1 })
  closed.register('db')
  await closed.engine.close()
  t.throws(() => closed.engine.timedNow('db', 'records.get', { table: 'items', id: '1' }), { code: 'ENGINE_UNAVAILABLE' }, 'a closing engine refuses at once')
})

t.test(`a write to a database the lane has not opened goes to a worker; written again within ${coldWriteWindowMs} ms, it runs inline`, async (t) => {
  // an engine of its own: the count of inline connections is this test's alone
  const own = buildEngine(t, { workers: 1 })
  const db = new Database(own.register('cold'))
  db.pragma('journal_mode = WAL')
  db.exec('CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT)')
  db.close()
  const opened = async () => (await own.engine.connectionCounts())[0]
  const inlineBefore = own.engine.inlineConnections()
  t.same(rowsOf((await own.engine.run('cold', 'records.insert', { table: 'items', rows: [{ name: 'desk' }] })).rows), [{ id: 1, name: 'desk' }])
  t.equal(await opened(), 1, 'a worker wrote it: the sync of a fresh WAL is not the main thread\'s')
  t.equal(own.engine.inlineConnections(), inlineBefore, 'the lane opened nothing')
  t.same(rowsOf((await own.engine.run('cold', 'records.insert', { table: 'items', rows: [{ name: 'lamp' }] })).rows), [{ id: 2, name: 'lamp' }])
  t.equal(own.engine.inlineConnections(), inlineBefore + 1, 'written again at once: a hot database, the lane opens it')
  t.same(rowsOf((await own.engine.run('cold', 'records.insert', { table: 'items', rows: [{ name: 'chair' }] })).rows), [{ id: 3, name: 'chair' }])
  t.equal(await opened(), 1, 'and writes it from then on')
})

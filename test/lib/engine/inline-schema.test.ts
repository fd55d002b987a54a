import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import t from 'tap'
import { createInlineLane, schemaRecheckMs } from '../../../lib/engine/inline.js'
import { buildEngine, sleep, rowsOf } from './helpers.js'

// The inline lane does not ask SQLite for the schema version on every job: these tests show every change still
// reaches it, whoever makes it.

const { engine, register, files } = buildEngine(t, { workers: 1 })

function seed (id: string): string {
  const file = register(id)
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  db.exec("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO items VALUES (1, 'lamp')")
  db.close()
  return file
}

const insert = (id: string, row: Record<string, unknown>) => engine.run(id, 'records.insert', { table: 'items', rows: [row] })

t.test('a column added by a worker job is known to the next inline insert at once', async (t) => {
  seed('altered')
  t.same(rowsOf((await insert('altered', { name: 'desk' })).rows), [{ id: 2, name: 'desk' }], 'the lane has the table cached')
  await engine.run('altered', 'database.exec', { sql: 'ALTER TABLE items ADD COLUMN colour TEXT' })
  t.same(rowsOf((await insert('altered', { name: 'chair', colour: 'red' })).rows), [{ id: 3, name: 'chair', colour: 'red' }])
  t.equal(engine.inlineConnections() > 0, true, 'the inserts ran inline')
})

t.test('a table dropped by a worker job is gone for the next inline read', async (t) => {
  seed('dropped')
  t.same((await engine.run('dropped', 'records.get', { table: 'items', id: '1' })).row, { id: 1, name: 'lamp' })
  await engine.run('dropped', 'database.exec', { sql: 'DROP TABLE items' })
  await t.rejects(engine.run('dropped', 'records.get', { table: 'items', id: '1' }), { code: 'TABLE_NOT_FOUND', statusCode: 404 })
})

t.test(`a change made behind the engine's back is seen within ${schemaRecheckMs} ms`, async (t) => {
  const file = seed('outside')
  await insert('outside', { name: 'desk' })
  const other = new Database(file)
  other.exec('ALTER TABLE items ADD COLUMN colour TEXT')
  other.close()
  await sleep(schemaRecheckMs + 50)
  t.same(rowsOf((await insert('outside', { name: 'chair', colour: 'red' })).rows), [{ id: 3, name: 'chair', colour: 'red' }])
})

t.test('while a worker job on the file is in flight, the lane asks SQLite for every job', async (t) => {
  const dataDir = fs.realpathSync(t.testdir())
  const file = path.join(dataDir, 'lane.db')
  const setup = new Database(file)
  setup.pragma('journal_mode = WAL')
  setup.exec('CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT)')
  setup.close()
  const lane = createInlineLane({ dataDir, maxConnections: 4, maxQueryRows: 100 }, () => {})
  t.teardown(() => lane.closeAll())
  const run = (row: Record<string, unknown>) => lane.run('records.insert', 'lane', file, { table: 'items', rows: [row] })
  t.match(lane.run('records.get', 'lane', file, { table: 'items', id: '1' }), { ok: false }, 'a read opens the lane\'s connection')
  t.match(run({ name: 'desk' }), { ok: true }, 'the schema is cached')

  lane.workerJobStarted(file)
  const worker = new Database(file) // what the worker's connection does meanwhile
  worker.exec('ALTER TABLE items ADD COLUMN colour TEXT')
  worker.close()
  t.match(run({ name: 'chair', colour: 'red' }), { ok: true, value: { rows: [{ name: 'chair', colour: 'red' }] } },
    'the change is seen before the worker job has even answered')
  lane.workerJobEnded(file)
  t.match(run({ name: 'stool', colour: 'blue' }), { ok: true })
})

t.test('a database renamed under a hold is read from its new file; a deleted one is not recreated', async (t) => {
  const file = seed('moving')
  t.same((await engine.run('moving', 'records.get', { table: 'items', id: '1' })).row, { id: 1, name: 'lamp' })
  const moved = path.join(path.dirname(file), 'moved.db')
  await engine.exclusive('moving', () => {
    fs.renameSync(file, moved)
    files.set('moving', moved)
  })
  t.same((await engine.run('moving', 'records.get', { table: 'items', id: '1' })).row, { id: 1, name: 'lamp' })
  t.notOk(fs.existsSync(file), 'the old file was not recreated by a cached location')

  await engine.exclusive('moving', () => {
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(moved + suffix, { force: true })
    files.delete('moving')
  })
  await t.rejects(engine.run('moving', 'records.get', { table: 'items', id: '1' }), { code: 'DATABASE_NOT_FOUND' })
  t.notOk(fs.existsSync(moved), 'the deleted file was not recreated')
})

import Database from 'better-sqlite3'
import t from 'tap'
import { buildEngine, rowsOf } from './helpers.js'

// A write can fail at COMMIT, after its statement has run: a deferred foreign key is checked there, and a full disk
// shows there too. Read with get(), a RETURNING statement in autocommit commits when better-sqlite3 resets it and the
// failure is never reported: the row would be answered as written and then be gone.

const schema = `CREATE TABLE owners (id INTEGER PRIMARY KEY);
  CREATE TABLE pets (id INTEGER PRIMARY KEY, name TEXT, owner INTEGER REFERENCES owners (id) DEFERRABLE INITIALLY DEFERRED);
  INSERT INTO owners VALUES (1); INSERT INTO pets VALUES (1, 'rex', 1)`

for (const inline of [true, false]) {
  t.test(`${inline ? 'inline' : 'in a worker'}: a write refused at COMMIT is an error, and nothing is stored`, async (t) => {
    const { engine, register } = buildEngine(t, { workers: 1, inline })
    const file = register('zoo')
    const setup = new Database(file)
    setup.pragma('journal_mode = WAL')
    setup.exec(schema)
    setup.close()

    await t.rejects(engine.run('zoo', 'records.insert', { table: 'pets', rows: [{ name: 'tom', owner: 99 }] }),
      { code: 'CONSTRAINT_VIOLATION', statusCode: 409 })
    await t.rejects(engine.run('zoo', 'records.update', { table: 'pets', id: '1', values: { owner: 99 } }),
      { code: 'CONSTRAINT_VIOLATION', statusCode: 409 })
    t.same(rowsOf((await engine.run('zoo', 'records.list', { table: 'pets', limit: 10, offset: 0 })).rows), [{ id: 1, name: 'rex', owner: 1 }],
      'the table is as it was')
    t.same(rowsOf((await engine.run('zoo', 'records.insert', { table: 'pets', rows: [{ name: 'tom', owner: 1 }] })).rows), [{ id: 2, name: 'tom', owner: 1 }],
      'a valid write still goes through')
  })
}

import t from 'tap'
import { cachedTableNames, readTableInfo } from '../../../lib/sql/table-info.js'
import { changeJobs } from '../../../lib/engine/jobs/changes.js'
import { openContext } from './helper.js'

// What lets a job run inline (lib/engine/inline.ts): each case adds one thing that can make a one-row
// statement do unbounded work, and must take the table out of the fast lane for it.
const cases: Array<{ name: string, sql: string, read: boolean, insert: boolean, write?: boolean }> = [
  { name: 'a plain table with a unique column and a foreign key', read: true, insert: true, sql: "CREATE TABLE parent (id INTEGER PRIMARY KEY); CREATE TABLE t (id INTEGER PRIMARY KEY, code TEXT UNIQUE, p INTEGER REFERENCES parent (id), at TEXT DEFAULT CURRENT_TIMESTAMP, n INTEGER DEFAULT -1.5e3, s TEXT DEFAULT 'it''s', b BLOB DEFAULT x'00ff', z DEFAULT NULL)" },
  { name: 'a view', read: false, insert: false, sql: 'CREATE TABLE base (id INTEGER PRIMARY KEY); CREATE VIEW t AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x AS id FROM c' },
  { name: 'a virtual table', read: false, insert: false, sql: 'CREATE VIRTUAL TABLE t USING fts5 (body)' },
  { name: 'a virtual generated column', read: false, insert: false, sql: 'CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, b TEXT AS (upper(a)) VIRTUAL)' },
  { name: 'a stored generated column', read: true, insert: false, sql: 'CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, b TEXT AS (upper(a)) STORED)' },
  { name: 'a trigger', read: true, insert: false, sql: 'CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT); CREATE TABLE log (a TEXT); CREATE TRIGGER t_log AFTER INSERT ON t BEGIN INSERT INTO log VALUES (new.a); END' },
  { name: 'a CHECK constraint', read: true, insert: false, sql: 'CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER CHECK (a > 0))' },
  { name: 'an ON CONFLICT REPLACE clause', read: true, insert: false, sql: 'CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT UNIQUE ON CONFLICT REPLACE)' },
  { name: 'an expression default', read: true, insert: false, sql: 'CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT DEFAULT (hex(zeroblob(8))))' },
  { name: 'a default of two joined strings', read: true, insert: false, sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT DEFAULT ('a' || 'b'))" },
  { name: 'a partial index', read: true, insert: false, sql: 'CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT); CREATE INDEX t_a ON t (a) WHERE a IS NOT NULL' },
  { name: 'an index on an expression', read: true, insert: false, sql: 'CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT); CREATE INDEX t_a ON t (lower(a))' },
  // `write` is updating or deleting a row: a foreign key that refers to the table makes it check or cascade into another
  { name: 'a table another one refers to', read: true, insert: true, write: false, sql: 'CREATE TABLE t (id INTEGER PRIMARY KEY); CREATE TABLE child (id INTEGER PRIMARY KEY, t_id INTEGER REFERENCES T (id) ON DELETE CASCADE)' },
  { name: 'a table that refers to itself', read: true, insert: true, write: false, sql: 'CREATE TABLE t (id INTEGER PRIMARY KEY, parent INTEGER REFERENCES t (id))' }
]

for (const c of cases) {
  t.test(c.name, async (t) => {
    const ctx = openContext(t)
    ctx.db.exec(c.sql)
    t.same(readTableInfo(ctx, 't').bounded, { read: c.read, insert: c.insert, write: c.write ?? c.insert })
  })
}

t.test('a schema change is seen: adding a trigger takes an inserted table out of the fast lane', async (t) => {
  const ctx = openContext(t)
  ctx.db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT)')
  t.equal(readTableInfo(ctx, 't').bounded.insert, true)
  ctx.db.exec('CREATE TRIGGER t_touch AFTER INSERT ON t BEGIN SELECT 1; END')
  t.equal(readTableInfo(ctx, 't').bounded.insert, false)
})

t.test('every spelling of a table name shares one TableInfo, replaced at a schema change', async (t) => {
  const ctx = openContext(t)
  ctx.db.exec('CREATE TABLE Items (id INTEGER PRIMARY KEY, name TEXT)')
  const first = readTableInfo(ctx, 'items')
  t.equal(first.name, 'Items', 'the name as stored')
  t.equal(readTableInfo(ctx, 'ITEMS'), first, 'another spelling: the same object')
  t.equal(readTableInfo(ctx, 'Items'), first, 'the stored spelling: the same object')
  ctx.db.exec('ALTER TABLE Items ADD COLUMN price REAL')
  const after = readTableInfo(ctx, 'iTeMs')
  t.not(after, first, 'a new schema, a new TableInfo')
  t.same(after.columns.map((c) => c.name), ['id', 'name', 'price'])
  t.equal(readTableInfo(ctx, 'items'), after)
})

t.test('a client\'s spellings of a table name do not grow the schema cache: two names per table, whatever is sent', async (t) => {
  const ctx = openContext(t)
  ctx.db.exec('CREATE TABLE Items (id INTEGER PRIMARY KEY)')
  const info = readTableInfo(ctx, 'Items')
  for (let mask = 0; mask < 32; mask++) {
    const spelling = [...'items'].map((c, i) => (mask >> i) & 1 ? c.toUpperCase() : c).join('')
    t.equal(readTableInfo(ctx, spelling), info, spelling)
  }
  t.equal(cachedTableNames(ctx), 2, 'the stored name and its folded form')
})

t.test('only ASCII letters fold, as in SQLite: names differing in other letters\' case are other tables', async (t) => {
  const ctx = openContext(t)
  ctx.db.exec('CREATE TABLE "Éa" (x INTEGER); CREATE TABLE "éa" (y INTEGER)')
  t.same(readTableInfo(ctx, 'ÉA').columns.map((c) => c.name), ['x'])
  t.same(readTableInfo(ctx, 'éA').columns.map((c) => c.name), ['y'])
  t.same(readTableInfo(ctx, 'Éa').columns.map((c) => c.name), ['x'])
})

t.test('the change feed\'s capture triggers keep a table on the fast lane; a look-alike trigger does not', async (t) => {
  const ctx = openContext(t)
  ctx.db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT); CREATE TABLE pair (x INTEGER, y INTEGER, PRIMARY KEY (x, y))')
  changeJobs['changes.install'](ctx, {})
  t.same(readTableInfo(ctx, 'pair').bounded, { read: true, insert: true, write: true }, 'a composite key too')
  t.same(readTableInfo(ctx, 't').bounded, { read: true, insert: true, write: true }, 'each capture trigger inserts one change row')
  // a fresh connection (install left this one's PRAGMA statement plucking, which the engine's connections reset)
  const other = openContext(t)
  other.db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY); CREATE TABLE _litehouse_changes (tbl, op, id, at); CREATE TABLE pair (x)')
  other.db.exec('CREATE TRIGGER "_litehouse_changes_more_t" AFTER INSERT ON "t" BEGIN INSERT INTO _litehouse_changes (tbl, op, id, at) VALUES (\'t\', \'insert\', 1, 0); DELETE FROM pair; END')
  t.equal(readTableInfo(other, 't').bounded.insert, false, 'a trigger named like one that does more')
})

import Database from 'better-sqlite3'
import fs from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { buildEngine } from './helpers.js'

// Byte 18 of the SQLite header is the write format version: 2 means WAL.
function isWalFile (file: string): boolean {
  return fs.readFileSync(file).subarray(18, 20).equals(Buffer.from([2, 2]))
}

function sideFiles (file: string): string[] {
  return ['-wal', '-shm', '-journal'].filter((suffix) => fs.existsSync(file + suffix))
}

/** A good database with enough rows to span many pages, closed so it is one self-contained file. */
function writeSampleDatabase (file: string): void {
  const db = new Database(file)
  db.exec(`CREATE TABLE items (id INTEGER PRIMARY KEY, label TEXT);
    CREATE INDEX items_label ON items (label);
    CREATE TABLE _internal (x);
    INSERT INTO items (label) SELECT printf('label-%090d', x * 7919 % 2003) FROM
      (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 2000) SELECT x FROM c)`)
  db.close()
}

// One engine for the whole file (each test uses its own databases): starting workers costs most of the time.
const { engine, register, dataDir } = buildEngine(t)

t.test('database.create makes a WAL database file', async (t) => {
  const file = register('fresh')
  const result = await engine.run('fresh', 'database.create', {})
  t.ok(fs.existsSync(file))
  t.ok(isWalFile(file), 'the header says WAL')
  t.equal(result.sizeBytes, 4096)
  t.same(await engine.run('fresh', 'database.tables', {}), [])
})

t.test('database.tables lists user tables and views by name, hiding internal ones', async (t) => {
  register('shop')
  await engine.run('shop', 'database.exec', {
    sql: `CREATE TABLE zebra (id INTEGER PRIMARY KEY); INSERT INTO zebra DEFAULT VALUES;
      CREATE TABLE "we""ird" (x); INSERT INTO "we""ird" VALUES (1), (2), (3);
      CREATE TABLE _secret (x); CREATE TABLE apple (x);
      CREATE VIEW big_zebras AS SELECT * FROM zebra; CREATE VIEW broken AS SELECT * FROM apple;
      CREATE INDEX apple_x ON apple (x); ANALYZE; DROP TABLE apple`
  })
  t.same(await engine.run('shop', 'database.tables', {}), [
    { name: 'big_zebras', type: 'view' },
    { name: 'broken', type: 'view' },
    { name: 'we"ird', type: 'table' },
    { name: 'zebra', type: 'table' }
  ], 'sqlite_stat1 and _secret are hidden; views are listed')
  t.same(await engine.run('shop', 'database.tables', { counts: true }), [
    { name: 'big_zebras', type: 'view', rowCount: 1 },
    { name: 'broken', type: 'view' },
    { name: 'we"ird', type: 'table', rowCount: 3 },
    { name: 'zebra', type: 'table', rowCount: 1 }
  ], 'a view over a dropped table has no count but does not break the list')
})

t.test('database.stats reports page-based size and the number of user tables', async (t) => {
  const file = register('stats')
  await engine.run('stats', 'database.exec', {
    sql: 'CREATE TABLE a (x); CREATE TABLE b (x); CREATE TABLE _c (x); CREATE VIEW v AS SELECT 1'
  })
  const stats = await engine.run('stats', 'database.stats', {})
  const db = new Database(file, { readonly: true })
  t.teardown(() => db.close())
  const expected = (db.pragma('page_count', { simple: true }) as number) * (db.pragma('page_size', { simple: true }) as number)
  t.same(stats, { sizeBytes: expected, tableCount: 2 })
  t.ok(stats.sizeBytes > 4096)
})

t.test('database.export writes a copy with the same rows, only inside the data directory', async (t) => {
  register('source')
  await engine.run('source', 'database.exec', {
    sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('one'), ('two')"
  })
  const dest = path.join(dataDir, '.tmp', 'export-1.db')
  const result = await engine.run('source', 'database.export', { dest })
  t.equal(result.sizeBytes, fs.statSync(dest).size)
  const copy = new Database(dest, { readonly: true })
  t.same(copy.prepare('SELECT body FROM notes ORDER BY id').all(), [{ body: 'one' }, { body: 'two' }])
  copy.close()

  const outside = path.join(path.dirname(dataDir), `outside-${path.basename(dataDir)}.db`)
  await t.rejects(engine.run('source', 'database.export', { dest: outside }), { code: 'INVALID_REQUEST' })
  await t.rejects(engine.run('source', 'database.export', { dest: path.join(dataDir, '..', 'escape.db') }), { code: 'INVALID_REQUEST' })
  t.notOk(fs.existsSync(outside))
})

t.test('database.check accepts a good file and leaves it self-contained in WAL mode', async (t) => {
  const file = path.join(dataDir, '.upload-good')
  writeSampleDatabase(file)
  const connectionsBefore = await engine.connectionCounts()
  const result = await engine.run({ file }, 'database.check', {})
  t.same(result, { tables: 1 }, 'internal tables are not counted')
  t.ok(isWalFile(file))
  t.same(sideFiles(file), [], 'no -wal or -shm left beside it')
  t.same(await engine.connectionCounts(), connectionsBefore, 'the checked file is not kept open')
})

t.test('database.check refuses what is not a sound SQLite database, leaving nothing beside it', async (t) => {
  const upload = (name: string) => path.join(dataDir, name)
  const connectionsBefore = await engine.connectionCounts()

  const text = upload('text')
  fs.writeFileSync(text, 'id,name\n1,hello\n'.repeat(100))
  const tiny = upload('tiny')
  fs.writeFileSync(tiny, 'SQLite')
  const truncated = upload('truncated')
  writeSampleDatabase(truncated)
  fs.truncateSync(truncated, Math.floor(fs.statSync(truncated).size / 2))
  const overwritten = upload('overwritten')
  writeSampleDatabase(overwritten)
  const fd = fs.openSync(overwritten, 'r+')
  fs.writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, 4096 * 3)
  fs.closeSync(fd)
  const scribbled = upload('scribbled')
  writeSampleDatabase(scribbled)
  const fd2 = fs.openSync(scribbled, 'r+')
  fs.writeSync(fd2, Buffer.alloc(100, 0x5a), 0, 100, 4096 * 5 + 50)
  fs.closeSync(fd2)

  await t.rejects(engine.run({ file: text }, 'database.check', {}),
    { code: 'INVALID_DATABASE_FILE', statusCode: 400, message: 'the file is not a SQLite database' })
  await t.rejects(engine.run({ file: tiny }, 'database.check', {}),
    { code: 'INVALID_DATABASE_FILE', message: 'the file is not a SQLite database' })
  await t.rejects(engine.run({ file: truncated }, 'database.check', {}),
    { code: 'INVALID_DATABASE_FILE', message: 'database disk image is malformed' })
  await t.rejects(engine.run({ file: overwritten }, 'database.check', {}), { code: 'INVALID_DATABASE_FILE' })
  await t.rejects(engine.run({ file: scribbled }, 'database.check', {}),
    { code: 'INVALID_DATABASE_FILE', message: /^integrity check failed: Tree \d+ page \d+/ })

  for (const file of [text, tiny, truncated, overwritten, scribbled]) {
    t.same(sideFiles(file), [], `nothing left beside ${path.basename(file)}`)
  }
  t.same(await engine.connectionCounts(), connectionsBefore, 'refused files are not kept open')
})

t.test('an explicit file outside the data directory is never opened', async (t) => {
  const outside = path.join(path.dirname(dataDir), `never-${path.basename(dataDir)}.db`)
  await t.rejects(engine.run({ file: outside }, 'database.create', {}), { code: 'INVALID_REQUEST' })
  await t.rejects(engine.run({ file: path.join(dataDir, '../x.db') }, 'database.create', {}), { code: 'INVALID_REQUEST' })
  await t.rejects(engine.run({ file: 'relative.db' }, 'database.create', {}), { code: 'INVALID_REQUEST' })
  t.notOk(fs.existsSync(outside))
})

t.test('job errors come back typed, with their duration and without server paths', async (t) => {
  register('errors')
  await engine.run('errors', 'database.exec', { sql: 'CREATE TABLE u (email TEXT UNIQUE NOT NULL); INSERT INTO u VALUES (\'a@b.c\')' })

  const duplicate = await engine.timed('errors', 'database.exec', { sql: "INSERT INTO u VALUES ('a@b.c')" })
    .then(() => undefined, (err: unknown) => err as { code: string, statusCode: number, message: string, durationMs: number })
  t.match(duplicate, { code: 'CONSTRAINT_VIOLATION', statusCode: 409, message: 'UNIQUE constraint failed: u.email' })
  t.type(duplicate?.durationMs, 'number')

  await t.rejects(engine.run('errors', 'database.exec', { sql: 'SELEC 1' }),
    { code: 'SQL_ERROR', statusCode: 400, message: 'near "SELEC": syntax error' })

  const missing = path.join(dataDir, 'no-such-dir', 'x.db')
  const err = await engine.run('errors', 'database.exec', { sql: `ATTACH '${missing}' AS other` }).catch((e: Error) => e)
  t.match(err, { code: 'SQL_ERROR' })
  t.notMatch((err as Error).message, dataDir, 'the data directory is not revealed')
  t.match((err as Error).message, 'no-such-dir/x.db')

  await t.rejects(engine.run('nobody', 'database.stats', {}), { code: 'DATABASE_NOT_FOUND', statusCode: 404 })
})

t.test('a job that leaves a transaction open is rolled back before the connection is reused', async (t) => {
  register('tx')
  await engine.run('tx', 'database.exec', { sql: 'CREATE TABLE t (x)' })
  await engine.run('tx', 'database.exec', { sql: 'BEGIN; INSERT INTO t VALUES (1)' })
  t.same(await engine.run('tx', 'database.tables', { counts: true }), [{ name: 't', type: 'table', rowCount: 0 }])
  // A second BEGIN would fail with "cannot start a transaction within a transaction" had the first stayed open.
  await engine.run('tx', 'database.exec', { sql: 'BEGIN; INSERT INTO t VALUES (2); COMMIT' })
  t.same(await engine.run('tx', 'database.tables', { counts: true }), [{ name: 't', type: 'table', rowCount: 1 }])
})

t.test('timed() reports the execution time measured in the worker', async (t) => {
  register('timed')
  const { result, durationMs } = await engine.timed('timed', 'database.exec', {
    sql: 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 300000) SELECT count(*) FROM c'
  })
  t.same(result, {})
  t.ok(durationMs > 1, `a 300,000-step statement takes measurable time (${durationMs.toFixed(1)} ms)`)
})

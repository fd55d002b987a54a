import t from 'tap'
import { recordJobs } from '../../../lib/engine/jobs/records.js'
import { tableJobs, type ColumnDef } from '../../../lib/engine/jobs/tables.js'
import { apiError, openContext, snapshot } from './helper.js'

const create = tableJobs['tables.create']
const info = tableJobs['tables.info']
const alter = tableJobs['tables.alter']
const drop = tableJobs['tables.drop']
const schema = tableJobs['tables.schema']

t.test('tables.create honours every column option', async (t) => {
  const ctx = openContext(t)
  const columns = create(ctx, {
    name: 'products',
    columns: [
      { name: 'id', type: 'integer', primary_key: true, auto_increment: true },
      { name: 'name', type: 'TEXT', nullable: false, default: "it's \"new\"" },
      { name: 'sku', type: 'varchar', unique: true },
      { name: 'price', type: 'real', default: -1.5 },
      { name: 'active', type: 'Boolean', default: true },
      { name: 'meta', type: 'json', nullable: true, default: null },
      { name: 'stock', type: 'int', default: 0 },
      { name: 'photo', type: 'blob' }
    ]
  })
  t.same(columns, [
    { name: 'id', type: 'INTEGER', notnull: false, pk: 1, default: null },
    { name: 'name', type: 'TEXT', notnull: true, pk: 0, default: "'it''s \"new\"'" },
    { name: 'sku', type: 'VARCHAR', notnull: false, pk: 0, default: null },
    { name: 'price', type: 'REAL', notnull: false, pk: 0, default: '-1.5' },
    { name: 'active', type: 'BOOLEAN', notnull: false, pk: 0, default: '1' },
    { name: 'meta', type: 'JSON', notnull: false, pk: 0, default: 'NULL' },
    { name: 'stock', type: 'INT', notnull: false, pk: 0, default: '0' },
    { name: 'photo', type: 'BLOB', notnull: false, pk: 0, default: null }
  ], 'the result is what tables.info answers')
  t.same(info(ctx, { table: 'products' }), columns)

  const [row] = recordJobs['records.insert'](ctx, { table: 'products', rows: [{}] }).rows
  t.same(row, { id: 1, name: "it's \"new\"", sku: null, price: -1.5, active: 1, meta: null, stock: 0, photo: null }, 'defaults apply')
  recordJobs['records.delete'](ctx, { table: 'products', id: '1' })
  const [next] = recordJobs['records.insert'](ctx, { table: 'products', rows: [{ sku: 'a' }] }).rows
  t.equal(next.id, 2, 'AUTOINCREMENT never reuses a deleted id')
  t.match(apiError(() => recordJobs['records.insert'](ctx, { table: 'products', rows: [{ sku: 'a' }] })), { code: 'CONSTRAINT_VIOLATION', message: /UNIQUE/ })
  t.match(apiError(() => recordJobs['records.insert'](ctx, { table: 'products', rows: [{ name: null }] })), { code: 'CONSTRAINT_VIOLATION', message: /NOT NULL/ })
  t.match(schema(ctx, {}), [{ name: 'products', schema: /^CREATE TABLE "products" \("id" INTEGER PRIMARY KEY AUTOINCREMENT, / }])
})

t.test('tables.create makes composite and text primary keys, never nullable', async (t) => {
  const ctx = openContext(t)
  t.same(create(ctx, {
    name: 'pairs',
    columns: [{ name: 'a', type: 'integer', primary_key: true }, { name: 'b', type: 'text', primary_key: true }, { name: 'v', type: 'text' }]
  }).map((c) => [c.name, c.pk, c.notnull]), [['a', 1, true], ['b', 2, true], ['v', 0, false]])
  t.match(apiError(() => recordJobs['records.get'](ctx, { table: 'pairs', id: '1' })), { code: 'COMPOSITE_PRIMARY_KEY' })
  t.same(create(ctx, { name: 'tags', columns: [{ name: 'slug', type: 'text', primary_key: true }] }), [
    { name: 'slug', type: 'TEXT', notnull: true, pk: 1, default: null }
  ])
  t.match(apiError(() => recordJobs['records.insert'](ctx, { table: 'tags', rows: [{}] })), { code: 'CONSTRAINT_VIOLATION' },
    'SQLite would otherwise accept a NULL key')
  t.same(create(ctx, { name: 'loose', columns: [{ name: 'slug', type: 'text', primary_key: true, nullable: true }] })[0].notnull, false,
    'unless asked for')
})

t.test('tables.create refuses bad definitions', async (t) => {
  const ctx = openContext(t)
  create(ctx, { name: 'existing', columns: [{ name: 'a', type: 'text' }] })
  ctx.db.exec('CREATE VIEW seen AS SELECT 1 AS one')
  const before = snapshot(ctx)
  const id = (name = 'id'): ColumnDef => ({ name, type: 'integer' })
  const cases: Array<[string, string, ColumnDef[], string, RegExp?]> = [
    ['1abc', 'bad table name', [id()], 'INVALID_IDENTIFIER', /table name '1abc'/],
    ['a-b', 'bad table name', [id()], 'INVALID_IDENTIFIER'],
    ['a b', 'bad table name', [id()], 'INVALID_IDENTIFIER'],
    ['', 'empty table name', [id()], 'INVALID_IDENTIFIER'],
    ['sqlite_x', 'reserved prefix', [id()], 'INVALID_IDENTIFIER'],
    ['SQLite_x', 'reserved prefix in any case', [id()], 'INVALID_IDENTIFIER'],
    ['_hidden', 'leading underscore', [id()], 'INVALID_IDENTIFIER'],
    ['a'.repeat(65), '65 characters', [id()], 'INVALID_IDENTIFIER'],
    ['ok', 'bad column name', [id('2x')], 'INVALID_IDENTIFIER', /column name '2x'/],
    ['ok', 'column with a quote', [id('a"b')], 'INVALID_IDENTIFIER'],
    ['ok', 'unknown type', [{ name: 'a', type: 'string' }], 'INVALID_COLUMN_TYPE', /'string'/],
    ['ok', 'type with arguments', [{ name: 'a', type: 'varchar(10)' }], 'INVALID_COLUMN_TYPE'],
    ['ok', 'empty type', [{ name: 'a', type: '' }], 'INVALID_COLUMN_TYPE'],
    ['ok', 'no columns', [], 'INVALID_VALUE'],
    ['ok', 'duplicate columns', [id('a'), id('A')], 'INVALID_VALUE', /'A' is defined twice/],
    ['ok', 'auto_increment on text', [{ name: 'a', type: 'text', primary_key: true, auto_increment: true }], 'INVALID_VALUE', /auto_increment/],
    ['ok', 'auto_increment on int', [{ name: 'a', type: 'int', primary_key: true, auto_increment: true }], 'INVALID_VALUE'],
    ['ok', 'auto_increment without key', [{ name: 'a', type: 'integer', auto_increment: true }], 'INVALID_VALUE'],
    ['ok', 'auto_increment in a composite key', [{ ...id('a'), primary_key: true, auto_increment: true }, { ...id('b'), primary_key: true }], 'INVALID_VALUE'],
    ['ok', 'object default', [{ name: 'a', type: 'json', default: { x: 1 } as unknown as string }], 'INVALID_VALUE', /default of column 'a'/],
    ['ok', 'array default', [{ name: 'a', type: 'json', default: [1] as unknown as string }], 'INVALID_VALUE'],
    ['ok', 'NUL in a default', [{ name: 'a', type: 'text', default: 'a\0b' }], 'INVALID_VALUE'],
    ['existing', 'existing table', [id()], 'TABLE_EXISTS', /'existing' already exists/],
    ['EXISTING', 'existing table in another case', [id()], 'TABLE_EXISTS'],
    ['seen', 'a view of that name', [id()], 'TABLE_EXISTS']
  ]
  for (const [name, what, columns, code, message] of cases) {
    const err = apiError(() => create(ctx, { name, columns }))
    t.match(err, { code, statusCode: code === 'TABLE_EXISTS' ? 409 : 400 }, what)
    if (message) t.match(err.message, message, what)
  }
  t.equal(snapshot(ctx), before, 'nothing was created')
  t.ok(create(ctx, { name: 'a'.repeat(64), columns: [id()] }), '64 characters are fine')
})

t.test('tables.info describes tables and views', async (t) => {
  const ctx = openContext(t)
  ctx.db.exec("CREATE TABLE raw (k TEXT PRIMARY KEY, n INTEGER NOT NULL DEFAULT (1 + 1), free); CREATE VIEW ks AS SELECT k FROM raw")
  t.same(info(ctx, { table: 'raw' }), [
    { name: 'k', type: 'TEXT', notnull: false, pk: 1, default: null },
    { name: 'n', type: 'INTEGER', notnull: true, pk: 0, default: '1 + 1' },
    { name: 'free', type: '', notnull: false, pk: 0, default: null }
  ])
  t.same(info(ctx, { table: 'ks' }), [{ name: 'k', type: 'TEXT', notnull: false, pk: 0, default: null }])
  t.match(apiError(() => info(ctx, { table: 'nope' })), { code: 'TABLE_NOT_FOUND', statusCode: 404, message: "table 'nope' does not exist" })
  t.match(apiError(() => info(ctx, { table: 'sqlite_schema' })), { code: 'TABLE_NOT_FOUND' })
})

t.test('tables.alter applies every member in one transaction', async (t) => {
  const ctx = openContext(t)
  create(ctx, { name: 'people', columns: [{ name: 'id', type: 'integer', primary_key: true }, { name: 'name', type: 'text' }, { name: 'age', type: 'integer' }] })
  recordJobs['records.insert'](ctx, { table: 'people', rows: [{ name: 'Ann', age: 30 }] })
  const result = alter(ctx, {
    table: 'people',
    add_columns: [{ name: 'email', type: 'text' }, { name: 'score', type: 'real', nullable: false, default: 0 }],
    rename_column: { from: 'name', to: 'full_name' },
    drop_columns: ['age'],
    name: 'members'
  })
  t.same(result, {
    name: 'members',
    columns: [
      { name: 'id', type: 'INTEGER', notnull: false, pk: 1, default: null },
      { name: 'full_name', type: 'TEXT', notnull: false, pk: 0, default: null },
      { name: 'email', type: 'TEXT', notnull: false, pk: 0, default: null },
      { name: 'score', type: 'REAL', notnull: true, pk: 0, default: '0' }
    ]
  })
  t.same(recordJobs['records.get'](ctx, { table: 'members', id: '1' }).row, { id: 1, full_name: 'Ann', email: null, score: 0 }, 'the data moved along')
  t.match(apiError(() => info(ctx, { table: 'people' })), { code: 'TABLE_NOT_FOUND' })
  t.same(alter(ctx, { table: 'members', rename_column: { from: 'email', to: 'EMAIL' } }).columns[2].name, 'EMAIL', 'a rename may change only the case')
  t.same(alter(ctx, { table: 'members', add_columns: [{ name: 'added_later', type: 'text' }] }).columns.length, 5, 'one member alone')
})

t.test('tables.alter is all or nothing', async (t) => {
  const ctx = openContext(t)
  ctx.db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, b TEXT, c TEXT); CREATE INDEX t_b ON t (b); INSERT INTO t VALUES (1, 'x', 'y', 'z')")
  create(ctx, { name: 'other', columns: [{ name: 'x', type: 'text' }] })
  const before = snapshot(ctx)
  const err = apiError(() => alter(ctx, {
    table: 't',
    add_columns: [{ name: 'd', type: 'text' }],
    rename_column: { from: 'a', to: 'aa' },
    drop_columns: ['c', 'b'],
    name: 'renamed'
  }))
  t.match(err, { code: 'SQL_ERROR', message: /error in index t_b after drop column/ }, 'SQLite refuses to drop an indexed column, after the earlier steps ran')
  t.equal(snapshot(ctx), before, 'every earlier step was rolled back')

  const refusals: Array<[Parameters<typeof alter>[1], string, RegExp?]> = [
    [{ table: 't', add_columns: [{ name: 'n', type: 'text', nullable: false }] }, 'INVALID_VALUE', /'n' is NOT NULL/],
    [{ table: 't', add_columns: [{ name: 'n', type: 'text', nullable: false, default: null }] }, 'INVALID_VALUE', /'n'/],
    [{ table: 't', add_columns: [{ name: 'n', type: 'integer', primary_key: true }] }, 'INVALID_VALUE'],
    [{ table: 't', add_columns: [{ name: 'n', type: 'text', unique: true }] }, 'INVALID_VALUE'],
    [{ table: 't', add_columns: [{ name: 'A', type: 'text' }] }, 'INVALID_VALUE', /already exists/],
    [{ table: 't', add_columns: [{ name: 'n', type: 'text' }, { name: 'n', type: 'text' }] }, 'INVALID_VALUE'],
    [{ table: 't', add_columns: [{ name: 'n', type: 'money' }] }, 'INVALID_COLUMN_TYPE'],
    [{ table: 't', add_columns: [{ name: 'n n', type: 'text' }] }, 'INVALID_IDENTIFIER'],
    [{ table: 't', rename_column: { from: 'zz', to: 'y' } }, 'UNKNOWN_COLUMN', /'zz' does not exist in table 't'/],
    [{ table: 't', rename_column: { from: 'a', to: 'b' } }, 'INVALID_VALUE', /'b' already exists/],
    [{ table: 't', rename_column: { from: 'a', to: 'bad name' } }, 'INVALID_IDENTIFIER'],
    [{ table: 't', drop_columns: ['zz'] }, 'UNKNOWN_COLUMN'],
    [{ table: 't', rename_column: { from: 'a', to: 'aa' }, drop_columns: ['a'] }, 'UNKNOWN_COLUMN', /'a'/],
    [{ table: 't', name: 'other' }, 'TABLE_EXISTS'],
    [{ table: 't', name: 'OTHER' }, 'TABLE_EXISTS'],
    [{ table: 't', name: 'T' }, 'TABLE_EXISTS'],
    [{ table: 't', name: 'sqlite_t' }, 'INVALID_IDENTIFIER'],
    [{ table: 't' }, 'INVALID_VALUE', /nothing to change/],
    [{ table: 'nope', name: 'x' }, 'TABLE_NOT_FOUND']
  ]
  for (const [args, code, message] of refusals) {
    // A valid first step rides along: it must not survive the refusal.
    const withValidStep = Object.keys(args).length > 1 ? { ...args, add_columns: [{ name: 'fine', type: 'text' }, ...(args.add_columns ?? [])] } : args
    const refused = apiError(() => alter(ctx, withValidStep))
    t.match(refused, { code }, JSON.stringify(args))
    if (message) t.match(refused.message, message)
  }
  ctx.db.exec('CREATE VIEW v AS SELECT 1 AS one')
  t.match(apiError(() => alter(ctx, { table: 'v', name: 'w' })), { code: 'INVALID_REQUEST' })
  ctx.db.exec('DROP VIEW v')
  t.equal(snapshot(ctx), before, 'no refused alteration changed anything')
  t.same(alter(ctx, { table: 't', name: 't' }).name, 't', 'renaming to the same name is a no-op')
})

t.test('tables.drop removes a table or a view', async (t) => {
  const ctx = openContext(t)
  ctx.db.exec('CREATE TABLE gone (a); CREATE VIEW seen AS SELECT 1 AS one')
  t.same(drop(ctx, { table: 'GONE' }), { deleted: true, name: 'gone' })
  t.same(drop(ctx, { table: 'seen' }), { deleted: true, name: 'seen' })
  t.equal(ctx.db.prepare('SELECT count(*) FROM sqlite_schema').pluck().get(), 0)
  t.match(apiError(() => drop(ctx, { table: 'gone' })), { code: 'TABLE_NOT_FOUND', statusCode: 404 })
  t.match(apiError(() => drop(ctx, { table: 'sqlite_schema' })), { code: 'TABLE_NOT_FOUND' })
})

t.test('tables.schema lists the CREATE statements of user tables only', async (t) => {
  const ctx = openContext(t)
  ctx.db.exec(`
    CREATE TABLE zeta (a INTEGER PRIMARY KEY AUTOINCREMENT);
    CREATE TABLE alpha (b TEXT);
    CREATE TABLE _internal (c);
    CREATE VIEW v AS SELECT 1;
    CREATE INDEX alpha_b ON alpha (b);
    CREATE VIRTUAL TABLE docs USING fts5(body);
    INSERT INTO zeta DEFAULT VALUES;
  `)
  t.same(schema(ctx, {}), [
    { name: 'alpha', schema: 'CREATE TABLE alpha (b TEXT)' },
    { name: 'docs', schema: 'CREATE VIRTUAL TABLE docs USING fts5(body)' },
    { name: 'zeta', schema: 'CREATE TABLE zeta (a INTEGER PRIMARY KEY AUTOINCREMENT)' }
  ], 'no sqlite_sequence, no _internal, no view, no index, no fts shadow tables')
})

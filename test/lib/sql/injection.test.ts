import t from 'tap'
import { queryJobs } from '../../../lib/engine/jobs/query.js'
import { recordJobs } from '../../../lib/engine/jobs/records.js'
import { tableJobs } from '../../../lib/engine/jobs/tables.js'
import { openContext, snapshot } from './helper.js'

// SQL fragments in every identifier and value position: each is refused with a typed 4xx
// error or used as a plain value, and the database is exactly as before.

const fragments = [
  '"; DROP TABLE t; --',
  "') OR 1=1 --",
  'x" OR "1"="1',
  '`name`; DROP TABLE t',
  "name' OR ''='",
  '1; DELETE FROM t',
  '*/ DROP TABLE t /*',
  '[name]',
  'name) FROM t; --',
  'name\0; DROP TABLE t',
  'naïve 名前 🚀',
  'sqlite_schema',
  "name, (SELECT sql FROM sqlite_schema) AS leak",
  '%',
  '_'
]

interface Refusal { statusCode?: number, code?: string }

/** Runs `fn`: a typed 4xx refusal or a normal answer are fine; anything else fails the test. */
function outcome (fn: () => unknown): { refused: Refusal } | { value: unknown } {
  try {
    return { value: fn() }
  } catch (err) {
    return { refused: err as Refusal }
  }
}

t.test('SQL fragments never run as SQL', async (t) => {
  const ctx = openContext(t)
  ctx.db.exec(`
    CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, n INTEGER);
    INSERT INTO t (name, n) VALUES ('alpha', 1), ('beta', 2);
    CREATE TABLE sink (id INTEGER PRIMARY KEY, v TEXT);
  `)
  const protectedState = (): string => snapshot(ctx, ['sink'])
  const before = protectedState()
  const list = recordJobs['records.list']
  const base = { table: 't', limit: 100, offset: 0 }

  const expectRefused = (what: string, fn: () => unknown, code: string | string[]): void => {
    const result = outcome(fn)
    const codes = Array.isArray(code) ? code : [code]
    if ('value' in result) {
      t.fail(`${what}: expected a refusal, got an answer`)
    } else {
      t.ok(codes.includes(result.refused.code ?? '') && (result.refused.statusCode ?? 0) >= 400 && (result.refused.statusCode ?? 0) < 500,
        `${what}: ${result.refused.code}`)
    }
  }

  for (const f of fragments) {
    const label = JSON.stringify(f)
    // Identifier positions: always checked against the real schema.
    expectRefused(`table ${label}`, () => list(ctx, { ...base, table: f }), 'TABLE_NOT_FOUND')
    expectRefused(`get from ${label}`, () => recordJobs['records.get'](ctx, { table: f, id: '1' }), 'TABLE_NOT_FOUND')
    expectRefused(`insert into ${label}`, () => recordJobs['records.insert'](ctx, { table: f, rows: [{ name: 'x' }] }), 'TABLE_NOT_FOUND')
    expectRefused(`update ${label}`, () => recordJobs['records.update'](ctx, { table: f, id: '1', values: { name: 'x' } }), 'TABLE_NOT_FOUND')
    expectRefused(`delete from ${label}`, () => recordJobs['records.delete'](ctx, { table: f, id: '1' }), 'TABLE_NOT_FOUND')
    expectRefused(`drop ${label}`, () => tableJobs['tables.drop'](ctx, { table: f }), 'TABLE_NOT_FOUND')
    expectRefused(`filter key ${label}`, () => list(ctx, { ...base, filter: JSON.stringify({ [f]: 1 }) }), ['UNKNOWN_COLUMN', 'UNKNOWN_OPERATOR'])
    expectRefused(`filter key ${label}__eq`, () => list(ctx, { ...base, filter: JSON.stringify({ [`${f}__eq`]: 1 }) }), 'UNKNOWN_COLUMN')
    expectRefused(`operator ${label}`, () => list(ctx, { ...base, filter: JSON.stringify({ [`name__${f}`]: 1 }) }), ['UNKNOWN_OPERATOR', 'UNKNOWN_COLUMN'])
    expectRefused(`sort ${label}`, () => list(ctx, { ...base, sort: f }), ['UNKNOWN_COLUMN', 'INVALID_VALUE'])
    expectRefused(`sort -${label}`, () => list(ctx, { ...base, sort: `-${f}` }), ['UNKNOWN_COLUMN', 'INVALID_VALUE'])
    expectRefused(`fields ${label}`, () => list(ctx, { ...base, fields: f }), ['UNKNOWN_COLUMN', 'INVALID_VALUE'])
    expectRefused(`insert member ${label}`, () => recordJobs['records.insert'](ctx, { table: 't', rows: [{ [f]: 1 }] }), 'UNKNOWN_COLUMN')
    expectRefused(`update member ${label}`, () => recordJobs['records.update'](ctx, { table: 't', id: '1', values: { [f]: 1 } }), 'UNKNOWN_COLUMN')
    expectRefused(`id ${label}`, () => recordJobs['records.get'](ctx, { table: 't', id: f }), 'RECORD_NOT_FOUND')
    expectRefused(`delete id ${label}`, () => recordJobs['records.delete'](ctx, { table: 't', id: f }), 'RECORD_NOT_FOUND')
    expectRefused(`create table ${label}`, () => tableJobs['tables.create'](ctx, { name: f, columns: [{ name: 'a', type: 'text' }] }), 'INVALID_IDENTIFIER')
    expectRefused(`create column ${label}`, () => tableJobs['tables.create'](ctx, { name: 'x', columns: [{ name: f, type: 'text' }] }), 'INVALID_IDENTIFIER')
    expectRefused(`column type ${label}`, () => tableJobs['tables.create'](ctx, { name: 'x', columns: [{ name: 'a', type: f }] }), 'INVALID_COLUMN_TYPE')
    expectRefused(`rename table to ${label}`, () => tableJobs['tables.alter'](ctx, { table: 't', name: f }), 'INVALID_IDENTIFIER')
    expectRefused(`rename column to ${label}`, () => tableJobs['tables.alter'](ctx, { table: 't', rename_column: { from: 'name', to: f } }), 'INVALID_IDENTIFIER')
    expectRefused(`rename column ${label}`, () => tableJobs['tables.alter'](ctx, { table: 't', rename_column: { from: f, to: 'x' } }), 'UNKNOWN_COLUMN')
    expectRefused(`drop column ${label}`, () => tableJobs['tables.alter'](ctx, { table: 't', drop_columns: [f] }), 'UNKNOWN_COLUMN')
    expectRefused(`add column ${label}`, () => tableJobs['tables.alter'](ctx, { table: 't', add_columns: [{ name: f, type: 'text' }] }), 'INVALID_IDENTIFIER')

    // Value positions: always bound, so they match literally (here: nothing, or the stored copy).
    const names = ['alpha', 'beta']
    const expected: Record<string, number> = {
      '': 0,
      __eq: 0,
      __ne: 2,
      __gt: names.filter((name) => name > f).length,
      __like: f === '%' ? 2 : 0, // % is LIKE's wildcard by design
      __glob: 0
    }
    for (const [op, count] of Object.entries(expected)) {
      const page = list(ctx, { ...base, filter: JSON.stringify({ [`name${op}`]: f }) })
      t.equal(page.rows.length, count, `filter value ${label} with ${op || 'a bare key'} is a value`)
    }
    t.same(list(ctx, { ...base, filter: JSON.stringify({ name__in: [f, 'alpha'] }) }).rows.map((r) => r.id), [1], `in-list value ${label}`)
    t.same(list(ctx, { ...base, search: f }).rows, [], `search ${label} is a literal substring`)
    const stored = recordJobs['records.insert'](ctx, { table: 'sink', rows: [{ v: f }] }).rows[0]
    t.equal(stored.v, f, `inserted value ${label} is stored as given`)
    t.equal(recordJobs['records.update'](ctx, { table: 'sink', id: String(stored.id), values: { v: f + f } }).row.v, f + f)
    t.same(list(ctx, { table: 'sink', filter: JSON.stringify({ v: f + f }), limit: 10, offset: 0 }).rows.length, 1, `and found again by ${label}`)
    const raw = queryJobs['query.run'](ctx, { sql: 'SELECT count(*) AS n FROM t WHERE name = ?', params: [f], allowWrite: false, databaseName: 'db', principal: 'key' })
    t.match(raw, { rows: [{ n: 0 }] }, `raw SQL param ${label}`)
    const created = tableJobs['tables.create'](ctx, { name: 'with_default', columns: [{ name: 'd', type: 'text', default: f.replaceAll('\0', '') }] })
    t.ok(created)
    t.equal(recordJobs['records.insert'](ctx, { table: 'with_default', rows: [{}] }).rows[0].d, f.replaceAll('\0', ''), `default ${label} is a literal`)
    tableJobs['tables.drop'](ctx, { table: 'with_default' })
  }
  t.equal(protectedState(), before, 'table t and the schema are exactly as before')
})

import t from 'tap'
import { isDeepStrictEqual } from 'node:util'
import { recordJobs, type ListRecordsArgs } from '../../../lib/engine/jobs/records.js'
import { openContext } from './helper.js'

// records.list against an independent model in plain JavaScript: a seeded PRNG builds random
// rows and random queries; the rows the job returns must equal the rows the model computes.

type Value = number | string | Buffer | null
type Row = Record<string, Value>

/** mulberry32: small, fast, and the same sequence for the same seed. */
function prng (seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let x = a
    x = Math.imul(x ^ (x >>> 15), x | 1)
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61)
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
}

const seed = 20240607
const random = prng(seed)
const int = (lo: number, hi: number): number => lo + Math.floor(random() * (hi - lo + 1))
const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]
const chance = (p: number): boolean => random() < p

const alphabet = ['a', 'A', 'b', 'B', 'x', '_', '%', '\\', ' ']
const text = (max: number): string => Array.from({ length: int(0, max) }, () => pick(alphabet)).join('')
const number = (): number => chance(0.5) ? int(-20, 20) : int(-40, 40) / 4
const blob = (): Buffer => Buffer.from(Array.from({ length: int(0, 3) }, () => int(0, 3)))

const columns = {
  id: 'number', i: 'number', f: 'number', t: 'text', u: 'text', b: 'blob'
} as const
type Column = keyof typeof columns
const columnNames = Object.keys(columns) as Column[]
const searchable: Column[] = ['t', 'u']

function randomRow (id: number): Row {
  const maybe = (value: () => Value): Value => chance(0.15) ? null : value()
  return { id, i: maybe(() => int(-20, 20)), f: maybe(() => int(-40, 40) / 4), t: maybe(() => text(4)), u: maybe(() => text(3)), b: maybe(blob) }
}

// SQLite's order of values: NULL, numbers, text (binary), blobs (memcmp).
function compare (a: Value, b: Value): number {
  const rank = (v: Value): number => v === null ? 0 : typeof v === 'number' ? 1 : typeof v === 'string' ? 2 : 3
  if (rank(a) !== rank(b)) return rank(a) - rank(b)
  if (typeof a === 'number' && typeof b === 'number') return a - b
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0
  if (Buffer.isBuffer(a) && Buffer.isBuffer(b)) return Buffer.compare(a, b)
  return 0
}

function patternRegExp (pattern: string, many: string, one: string, flags: string): RegExp {
  const body = [...pattern].map((c) => c === many ? '.*' : c === one ? '.' : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('')
  return new RegExp(`^${body}$`, flags)
}

type Filter = Record<string, unknown>

function filterValue (column: Column, op: string): unknown {
  const kind = columns[column]
  const scalar = (): unknown => kind === 'number' ? (column === 'i' && chance(0.1) ? chance(0.5) : number())
    : kind === 'text' ? text(3) : { $base64: blob().toString('base64') }
  if (op === 'in') return Array.from({ length: int(1, 4) }, () => chance(0.1) ? null : scalar())
  if (op === 'like') return Array.from({ length: int(0, 3) }, () => pick([...alphabet, '%', '_', '%'])).join('')
  if (op === 'glob') return Array.from({ length: int(0, 3) }, () => pick(['a', 'A', 'b', 'x', '*', '?', '*'])).join('')
  if ((op === 'eq' || op === 'ne') && chance(0.2)) return null
  return scalar()
}

function randomFilter (): Filter {
  const filter: Filter = {}
  for (let n = int(0, 3); n > 0; n--) {
    const column = pick(columnNames)
    const kind = columns[column]
    const ops = kind === 'blob' ? ['eq', 'ne'] : kind === 'text' ? ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'like', 'glob'] : ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in']
    const op = pick(ops)
    const bare = op === 'eq' && chance(0.5)
    filter[bare ? column : `${column}__${op}`] = filterValue(column, op)
  }
  return filter
}

/** The value as SQLite binds it: booleans are 1/0, $base64 a blob. */
function bound (value: unknown): Value {
  if (typeof value === 'boolean') return value ? 1 : 0
  if (value !== null && typeof value === 'object') return Buffer.from((value as { $base64: string }).$base64, 'base64')
  return value as Value
}

function matches (row: Row, key: string, raw: unknown): boolean {
  const [column, op = 'eq'] = key.split('__') as [Column, string?]
  const v = row[column]
  if (raw === null) return op === 'eq' ? v === null : v !== null
  if (v === null) return false
  if (op === 'in') return (raw as unknown[]).some((x) => x !== null && compare(v, bound(x)) === 0)
  if (op === 'like') return patternRegExp(raw as string, '%', '_', 'is').test(String(v))
  if (op === 'glob') return patternRegExp(raw as string, '*', '?', 's').test(String(v))
  const c = compare(v, bound(raw))
  return { eq: c === 0, ne: c !== 0, gt: c > 0, gte: c >= 0, lt: c < 0, lte: c <= 0 }[op] as boolean
}

interface Query { filter: Filter, sort: string[], fields: Column[], search: string, limit: number, offset: number, count: boolean }

function randomQuery (): Query {
  const sort = Array.from({ length: int(0, 3) }, () => (chance(0.5) ? '-' : '') + pick(columnNames))
  const fields = chance(0.3) ? Array.from({ length: int(1, 4) }, () => pick(columnNames)) : []
  return {
    filter: randomFilter(),
    sort,
    fields,
    search: chance(0.3) ? text(2) : '',
    limit: chance(0.1) ? 1000 : int(0, 30),
    offset: chance(0.7) ? int(0, 20) : int(0, 220),
    count: chance(0.5)
  }
}

function wire (value: Value): unknown {
  return Buffer.isBuffer(value) ? { $base64: value.toString('base64') } : value
}

function expected (rows: Row[], q: Query): { rows: unknown[], hasMore: boolean, total?: number } {
  let found = rows.filter((row) => Object.entries(q.filter).every(([key, value]) => matches(row, key, value)))
  if (q.search !== '') {
    const term = q.search.toLowerCase()
    found = found.filter((row) => searchable.some((c) => typeof row[c] === 'string' && (row[c] as string).toLowerCase().includes(term)))
  }
  const terms = q.sort.map((s) => ({ column: s.replace(/^-/, '') as Column, dir: s.startsWith('-') ? -1 : 1 }))
  if (!terms.some((term) => term.column === 'id')) terms.push({ column: 'id', dir: 1 })
  found = [...found].sort((a, b) => {
    for (const { column, dir } of terms) {
      const c = compare(a[column], b[column])
      if (c !== 0) return c * dir
    }
    return 0
  })
  const page = found.slice(q.offset, q.offset + q.limit)
  const fields = q.fields.length > 0 ? [...new Set(q.fields)] : columnNames
  return {
    rows: page.map((row) => Object.fromEntries(fields.map((c) => [c, wire(row[c])]))),
    hasMore: found.length > q.offset + q.limit,
    ...(q.count ? { total: found.length } : {})
  }
}

t.test(`records.list agrees with an independent model on random queries (seed ${seed})`, async (t) => {
  const ctx = openContext(t)
  ctx.db.exec('CREATE TABLE r (id INTEGER PRIMARY KEY, i INTEGER, f REAL, t TEXT, u VARCHAR(10), b BLOB)')
  const rows = Array.from({ length: 200 }, (_, n) => randomRow(n + 1))
  const add = ctx.db.prepare('INSERT INTO r VALUES (@id, @i, @f, @t, @u, @b)')
  for (const row of rows) add.run(row)

  const failures: unknown[] = []
  const runs = 400
  let nonEmpty = 0
  let cursorPages = 0
  for (let n = 0; n < runs; n++) {
    const q = randomQuery()
    const args: ListRecordsArgs = {
      table: 'r',
      filter: JSON.stringify(q.filter),
      sort: q.sort.join(','),
      fields: q.fields.join(','),
      search: q.search,
      limit: q.limit,
      offset: q.offset,
      count: q.count
    }
    const { sql: _sql, next, ...actual } = recordJobs['records.list'](ctx, args)
    const want = expected(rows, q)
    if (want.rows.length > 0) nonEmpty++
    if (!isDeepStrictEqual(actual, want)) failures.push({ args, want, actual })
    if (next === null) {
      if (actual.hasMore && q.limit > 0) failures.push({ args, problem: 'more rows but no cursor' })
      continue
    }
    // the keyset page after this one is the offset page after it
    cursorPages++
    const { sql: _s, next: _n, ...following } = recordJobs['records.list'](ctx, { ...args, offset: 0, after: next })
    const wantFollowing = expected(rows, { ...q, offset: q.offset + q.limit })
    if (!isDeepStrictEqual(following, wantFollowing)) failures.push({ args, next, want: wantFollowing, actual: following })
  }
  t.same(failures.slice(0, 3), [], `all ${runs} random queries agree`)
  t.ok(cursorPages > runs / 4, `keyset pages were checked too (${cursorPages})`)
  t.ok(nonEmpty > runs / 3, `the queries are not trivially empty (${nonEmpty} of ${runs} return rows)`)
})

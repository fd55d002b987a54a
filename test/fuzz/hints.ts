import type { Rng } from './prng.js'
import type { World } from './world.js'
import { hostileNumber, hostileString, hostileValue, numericStrings } from './hostile.js'
import { deepArray, raw, toJsonText } from './json-text.js'
import type { Hints } from './schema-values.js'
import { sqlParams, sqlSoup } from './sql-soup.js'

const operators = ['', '__eq', '__ne', '__gt', '__gte', '__lt', '__lte', '__in', '__like', '__glob', '__zz', '__', '__in__in', '__IN', '__eq;']

/** A `filter` query value: mostly JSON objects over real and hostile columns, sometimes not JSON at all. */
export function filterValue (rng: Rng, world: World): string {
  if (rng.chance(0.1)) {
    return rng.pick(['', '[]', 'null', '1', '"x"', '{', '{"a":', "{'title':'x'}", toJsonText(deepArray(5000)), '{"__proto__":{"x":1}}', '{"title":1,"title":2}'])
  }
  const entries: string[] = []
  for (let i = rng.int(1, 3); i > 0; i--) {
    const column = rng.chance(0.75) ? rng.pick(world.columns) : hostileString(rng, { allowHuge: false })
    const op = rng.pick(operators)
    const value = op === '__in' && rng.chance(0.7)
      ? Array.from({ length: rng.int(0, 5) }, () => rng.chance(0.5) ? rng.pick(['apple', 1, 2.5, null]) : hostileValue(rng, 2))
      : rng.chance(0.4) ? rng.pick<unknown>(['apple', 1, 1.5, null, '%p%', 'a*', true]) : hostileValue(rng, 2)
    entries.push(`${JSON.stringify(column + op)}:${toJsonText(value)}`)
  }
  return `{${entries.join(',')}}`
}

const columnTypes = [
  'integer', 'int', 'bigint', 'text', 'varchar', 'char', 'real', 'float', 'double', 'numeric', 'decimal', 'boolean', 'date',
  'datetime', 'timestamp', 'json', 'blob', 'INTEGER', 'Text', 'VARCHAR(10)', 'int primary key', 'text; drop table items',
  'text) ; DROP TABLE items; --', 'GENERATED ALWAYS AS (1)', 'text collate nocase', 'any', 'x'
]

const newNames = ['items', 'notes', 'Items', 'ITEMS', 'cheap', 'New_table', 'x', 'sqlite_x', 'sqlite_master', 'a'.repeat(64), '_private', '9lives', 'rowid', 'oid', 'select', 'table', 'alpha', 'beta', 'gamma']

/** Realistic and hostile samples by member/parameter name, drawn once per case from its stream. */
export function makeHints (rng: Rng, world: World): Hints {
  const table: Record<string, () => unknown[]> = {
    name: () => newNames,
    group: () => ['g1', 'Group A', hostileString(rng)],
    label: () => ['ci', 'label', hostileString(rng)],
    scope: () => ['read', 'write', 'admin', 'READ', ''],
    email: () => ['a@b.co', 'admin@example.com', 'ADMIN@EXAMPLE.COM', 'x@y', `${'a'.repeat(250)}@b.co`, "'; DROP TABLE admins; --@x.co"],
    password: () => ['wrong password 1', 'password123', '\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000', 'x'.repeat(1024)],
    timezone: () => ['UTC', 'Europe/Paris', 'Mars/Olympus', '../../etc/localtime', 'Etc/GMT+14', 'America/Argentina/ComodRivadavia', 'utc', '+05:00'],
    serverUrl: () => ['https://x.example', 'http://127.0.0.1:1/', 'javascript:alert(1)', 'http://', `https://${'a'.repeat(2040)}`],
    cors_origins: () => [['*'], ['https://a.example'], [], ['https://a.example', 'https://a.example'], ['null']],
    'cors_origins[]': () => ['*', 'https://a.example', 'http://x:1', 'https://a.example/path', 'null'],
    type: () => columnTypes,
    'drop_columns[]': () => world.columns,
    from: () => world.columns,
    to: () => [...world.columns, 'renamed', 'Renamed_2'],
    default: () => [0, '', 'now', "'); DROP TABLE items; --", null, true, 1e308],
    sql: () => [sqlSoup(rng)],
    params: () => [sqlParams(rng)].filter((p) => p !== undefined),
    'x-bootstrap-key': () => [hostileString(rng, { allowHuge: false }), 'a'.repeat(16)],
    'members:record': () => world.columns,
    'column:id': () => [1, '1', 2 ** 63, -1, raw('9223372036854775808'), '1 OR 1=1'],
    'column:title': () => ['x', hostileString(rng), null],
    'column:price': () => [1.5, hostileNumber(rng), 'cheap'],
    'column:tags': () => [['a'], {}, { a: [1, { b: 2 }] }],
    'column:data': () => [{ $base64: 'AAEC' }, { $base64: '!!' }, 'text in a blob'],
    'column:sku': () => ['A1', 'unique-' + rng.int(0, 1e9)],
    filter: () => [filterValue(rng, world)],
    sort: () => ['title', '-price,id', 'rowid', '-', 'title;drop', 'id desc', '--title', ',', 'price,,id', world.columns.join(',')],
    fields: () => ['id,title', '*', 'rowid', 'title,title', 'id,', 'count(*)', 'title FROM items; --', ''],
    search: () => ['a', '%', '_', '\\', "'", 'APPLE', '😀', ''],
    range: () => ['24h', '7d', '30d', '1y', '24H', ''],
    limit: () => numericStrings,
    offset: () => numericStrings,
    count: () => ['true', 'false', '1', '0', 'yes', ''],
    counts: () => ['true', 'false', '1', '0', 'yes', '']
  }
  const memo = new Map<string, unknown[]>()
  return (name) => {
    const make = table[name]
    if (!make) return undefined
    let values = memo.get(name)
    if (!values) memo.set(name, values = make())
    return values.length > 0 ? values : undefined
  }
}

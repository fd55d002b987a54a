import type { Statement } from 'better-sqlite3'

/**
 * Rows whose column names are all data. better-sqlite3 builds each row as a plain object by assignment, and assigning
 * `row.__proto__` replaces the object's prototype instead of adding a member: a blob there made the row a Buffer (every
 * read of the table answered 500), a text there vanished (issue #30, item 9). Other names (`constructor`, `toString`)
 * become own members and are safe. A statement with a `__proto__` column is read as arrays instead, each row built
 * on an object without prototype; every other statement keeps better-sqlite3's faster objects.
 */
export type Row = Record<string, unknown>

const protoName = '__proto__'

/** Whether rows with these column names need building here (@see file comment). */
export function needsRowGuard (names: Iterable<string>): boolean {
  for (const name of names) if (name === protoName) return true
  return false
}

/** Whether the rows of `stmt` (a reader) need building here; asks SQLite for its result columns. */
export function statementNeedsRowGuard (stmt: Statement): boolean {
  return stmt.reader && needsRowGuard(stmt.columns().map((c) => c.name))
}

function rowObject (names: readonly string[], values: readonly unknown[]): Row {
  const row: Row = Object.create(null)
  // defineProperty-free: on an object without prototype, `__proto__` is an ordinary member name
  for (let i = 0; i < names.length; i++) row[names[i]] = values[i]
  return row
}

/** Runs `read` on `stmt` in raw mode (rows as arrays) and hands it the column names; the mode is restored after. */
function rawRead<T> (stmt: Statement, read: (names: string[]) => T): T {
  stmt.raw(true)
  try {
    return read(stmt.columns().map((c) => c.name))
  } finally {
    stmt.raw(false)
  }
}

/** `stmt.all(...args)`, each row an object holding every column (@see file comment); `guard` from needsRowGuard. */
export function allRows (stmt: Statement, args: unknown[], guard: boolean): Row[] {
  if (!guard) return stmt.all(...args) as Row[]
  return rawRead(stmt, (names) => (stmt.all(...args) as unknown[][]).map((values) => rowObject(names, values)))
}

/** `stmt.get(...args)`, as allRows. */
export function getRow (stmt: Statement, args: unknown[], guard: boolean): Row | undefined {
  if (!guard) return stmt.get(...args) as Row | undefined
  return rawRead(stmt, (names) => {
    const values = stmt.get(...args) as unknown[] | undefined
    return values === undefined ? undefined : rowObject(names, values)
  })
}

/** `stmt.iterate(...args)`, as allRows. Stopping early (break) ends the iteration and restores the mode. */
export function * iterateRows (stmt: Statement, args: unknown[], guard: boolean): Generator<Row> {
  if (!guard) {
    yield * stmt.iterate(...args) as IterableIterator<Row>
    return
  }
  stmt.raw(true)
  try {
    const names = stmt.columns().map((c) => c.name)
    for (const values of stmt.iterate(...args) as IterableIterator<unknown[]>) yield rowObject(names, values)
  } finally {
    stmt.raw(false)
  }
}

import Database, { type Statement } from 'better-sqlite3'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { JobContext } from '../../../lib/engine/context.js'
import { mapSqliteError } from '../../../lib/engine/sqlite-errors.js'

export interface Teardown {
  teardown: (fn: () => unknown) => void
}

/** A JobContext as an engine worker builds it, over a real database file in a fresh data directory. */
export interface TestContext extends JobContext {
  /** How many times the job asked to drop its connection. */
  discarded: number
}

export function openContext (t: Teardown, options: { maxQueryRows?: number, file?: string } = {}): TestContext {
  const dataDir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'litehouse-sql-')))
  const file = path.join(dataDir, options.file ?? 'main.db')
  const db = new Database(file, { timeout: 5000 })
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  db.pragma('foreign_keys = ON')
  const statements = new Map<string, Statement>()
  const ctx: TestContext = {
    db,
    file,
    dataDir,
    limits: { maxQueryRows: options.maxQueryRows ?? 10000 },
    discarded: 0,
    inline: false,
    schemaStamp: undefined,
    deadline: undefined,
    noteWrite () {},
    walBytesPending: () => undefined,
    prepare (sql) {
      let statement = statements.get(sql)
      if (statement === undefined) {
        statement = db.prepare(sql)
        statements.set(sql, statement)
      }
      return statement
    },
    prepareRaw (sql) {
      return ctx.prepare(sql)
    },
    discardConnection () {
      ctx.discarded++
    }
  }
  t.teardown(() => {
    db.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })
  return ctx
}

/** Runs `fn` and returns what it threw, mapped the way the engine maps SQLite errors for the API. */
export function apiError (fn: () => unknown): { statusCode?: number, code?: string, message: string } {
  try {
    fn()
  } catch (err) {
    return mapSqliteError(err) as Error & { statusCode?: number, code?: string }
  }
  throw new Error('expected the call to throw')
}

/** Everything that defines a database's content and schema, to compare before and after (`skipRows`: tables whose rows may change). */
export function snapshot (ctx: JobContext, skipRows: string[] = []): string {
  const schema = ctx.db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY name').all() as Array<{ type: string, name: string }>
  const tables = schema.filter((s) => s.type === 'table' && !skipRows.includes(s.name)).map((s) => ({
    name: s.name,
    rows: ctx.db.prepare(`SELECT * FROM "${s.name.replaceAll('"', '""')}" ORDER BY rowid`).all()
  }))
  return JSON.stringify({ schema, tables }, (_key, value) => (typeof value === 'bigint' ? value.toString() : value))
}

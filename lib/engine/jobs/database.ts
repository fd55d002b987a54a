import fs from 'node:fs'
import path from 'node:path'
import { InvalidDatabaseFile, InvalidRequest } from '../../errors.js'
import { quoteIdent } from '../../sql/ident.js'
import type { JobContext } from '../context.js'
import { isInside } from '../paths.js'
import { mapSqliteError } from '../sqlite-errors.js'

type NoArgs = Record<string, never>

export interface TableEntry {
  name: string
  type: 'table' | 'view'
  rowCount?: number
}

const sqliteHeader = Buffer.from('SQLite format 3\0', 'latin1')

// Internal objects (SQLite's own `sqlite_*`, ours `_*`) are never shown. LIKE is case-insensitive, as SQLite's
// reservation of the `sqlite_` prefix is.
const userObjectsSql = `SELECT name, type FROM sqlite_schema
  WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_%' ESCAPE '\\'
  ORDER BY name`

function sizeBytes (ctx: JobContext): number {
  const pageCount = ctx.db.pragma('page_count', { simple: true }) as number
  const pageSize = ctx.db.pragma('page_size', { simple: true }) as number
  return pageCount * pageSize
}

function userObjects (ctx: JobContext): TableEntry[] {
  return ctx.prepare(userObjectsSql).all() as TableEntry[]
}

function countRows (ctx: JobContext, name: string): number {
  const row = ctx.prepare(`SELECT count(*) AS n FROM ${quoteIdent(name)}`).get() as { n: number }
  return row.n
}

/** How many user tables the database has (views and internal tables aside): what the database list shows. */
export function userTableCount (ctx: JobContext): number {
  return userObjects(ctx).filter((entry) => entry.type === 'table').length
}

/** Creates the file if needed; opening a connection already puts it in WAL mode. */
function create (ctx: JobContext, _args: NoArgs): { sizeBytes: number } {
  return { sizeBytes: sizeBytes(ctx) }
}

function tables (ctx: JobContext, args: { counts?: boolean }): TableEntry[] {
  const entries = userObjects(ctx)
  if (!args.counts) return entries
  return entries.map((entry) => {
    if (entry.type === 'table') return { ...entry, rowCount: countRows(ctx, entry.name) }
    // A view may name a table dropped since: one broken view must not hide the whole listing.
    try {
      return { ...entry, rowCount: countRows(ctx, entry.name) }
    } catch {
      return entry
    }
  })
}

/** The table count again, for a route whose job changed the schema. */
function tableCount (ctx: JobContext, _args: NoArgs): number {
  return userTableCount(ctx)
}

function stats (ctx: JobContext, _args: NoArgs): { sizeBytes: number, tableCount: number } {
  return { sizeBytes: sizeBytes(ctx), tableCount: userTableCount(ctx) }
}

/** Writes a compact, self-contained copy to `dest` (inside the data directory), e.g. for a download. */
function exportTo (ctx: JobContext, args: { dest: string }): { sizeBytes: number } {
  if (!isInside(ctx.dataDir, args.dest)) throw new InvalidRequest('the export destination must be inside the data directory')
  fs.mkdirSync(path.dirname(args.dest), { recursive: true })
  ctx.db.prepare('VACUUM INTO ?').run(args.dest)
  return { sizeBytes: fs.statSync(args.dest).size }
}

function assertSqliteHeader (file: string): void {
  const header = Buffer.alloc(sqliteHeader.length)
  const fd = fs.openSync(file, 'r')
  try {
    const read = fs.readSync(fd, header, 0, header.length, 0)
    if (read < header.length || !header.equals(sqliteHeader)) throw new InvalidDatabaseFile('the file is not a SQLite database')
  } finally {
    fs.closeSync(fd)
  }
}

// SQLite groups its findings under a '*** in database main ***' heading; the first finding says enough.
function firstProblem (messages: string[]): string {
  const lines = messages.flatMap((message) => message.split('\n'))
  return lines.find((line) => line !== '' && !line.startsWith('*** ')) ?? 'unknown problem'
}

/**
 * Validates an uploaded file before it is registered, and leaves it in WAL mode with everything checkpointed
 * into the main file. The connection is not kept: closing the only one removes the -wal and -shm files.
 */
function check (ctx: JobContext, _args: NoArgs): { tables: number } {
  assertSqliteHeader(ctx.file)
  ctx.discardConnection()
  try {
    const problems = ctx.db.pragma('integrity_check') as Array<{ integrity_check: string }>
    if (problems.length !== 1 || problems[0].integrity_check !== 'ok') {
      throw new InvalidDatabaseFile(`integrity check failed: ${firstProblem(problems.map((row) => row.integrity_check))}`)
    }
    ctx.db.pragma('wal_checkpoint(TRUNCATE)')
    return { tables: userTableCount(ctx) }
  } catch (err) {
    throw mapSqliteError(err, { importCheck: true })
  }
}

/** Runs SQL as given, for tests and internal use only: never reachable with a client's SQL. */
function exec (ctx: JobContext, args: { sql: string }): Record<string, never> {
  ctx.noteWrite()
  ctx.db.exec(args.sql)
  return {}
}

/** How long a checkpoint waits for the writer and for readers of older frames before settling for part of the WAL. */
export const checkpointWaitMs = 200

/**
 * Copies the WAL into the database for the inline lane, whose commits do not checkpoint. RESTART, not PASSIVE: a
 * passive checkpoint runs beside the lane's next commits, so the WAL is never wholly copied when a commit begins,
 * SQLite never starts it over, and under steady writes it grows without end (half a gigabyte after 55,000 one-record
 * inserts, each commit paying the file system to allocate and zero fresh blocks). RESTART holds the write lock while
 * it copies (the lane's commits meanwhile go to a worker, as on any lock) and leaves the WAL to be rewritten from its
 * start. Its waits are bounded: a long reader elsewhere costs this round a partial copy, never seconds of blocked writes.
 */
function checkpoint (ctx: JobContext, args: { passive?: boolean }): void {
  // with backups on, Litestream holds a read transaction and checkpoints itself: a PASSIVE one never waits on it
  if (args.passive === true) {
    ctx.db.pragma('wal_checkpoint(PASSIVE)')
    return
  }
  const timeout = ctx.db.pragma('busy_timeout', { simple: true }) as number
  ctx.db.pragma(`busy_timeout = ${checkpointWaitMs}`)
  try {
    ctx.db.pragma('wal_checkpoint(RESTART)')
  } finally {
    ctx.db.pragma(`busy_timeout = ${timeout}`)
  }
}

/** Bytes of WAL not yet checkpointed, for tests and operators; a process must not open the -shm itself (@see wal-pending.ts). */
function walPending (ctx: JobContext, _args: NoArgs): { bytes: number | undefined } {
  return { bytes: ctx.walBytesPending() }
}

export const databaseJobs = {
  'database.create': create,
  'database.tables': tables,
  'database.stats': stats,
  'database.tableCount': tableCount,
  'database.export': exportTo,
  'database.check': check,
  'database.exec': exec,
  'database.checkpoint': checkpoint,
  'database.walPending': walPending
}

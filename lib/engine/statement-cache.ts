import { hash } from 'node:crypto'
import type { Statement } from 'better-sqlite3'

/**
 * Prepared statements kept by their memory, not their number. A statement's memory is its compiled program, which
 * a short text can make large (a chain of NOT MATERIALIZED views, each read twice, compiles to megabytes), and
 * better-sqlite3 reports neither that memory nor lets a statement go: SQLite frees it when the connection closes,
 * or when V8 collects the statement, which it does not hurry to do for memory it does not see.
 *
 * better-sqlite3 exposes no statement status (SQLITE_STMTSTATUS_MEMUSED), and this build keeps no memory statistics
 * (SQLITE_DEFAULT_MEMSTATUS=0), so a statement's cost is estimated from the time SQLite took to compile it (compiling
 * writes the program, at most about `bytesPerPrepareMs` a millisecond, timed so that waiting for the CPU does not
 * count: @see connection.ts) or its text, whichever is more. Each connection keeps at most `maxBytes`
 * of them; raw SQL is kept only once it is seen a second time; and a large statement that is not kept makes its
 * connection close after the job (@see Connection.heavy), which frees it at once.
 */

/**
 * Compiled program per millisecond of prepare, an upper figure: the view chains of issue #30 take 0.1 to 0.4 MB in
 * 6 to 70 ms here (SQLite 3.54 refuses deeper ones), plain statements a few KB in some 20 µs.
 */
export const bytesPerPrepareMs = 64 * 1024
/** Least cost of a statement: its text, a few times over, and SQLite's own bookkeeping. */
const baseBytes = 2048
/** A statement estimated past this is large: not kept unless reused, and its connection closes after the job. */
export const heavyStatementBytes = 256 * 1024
/** Statement memory one connection keeps. */
export const defaultStatementCacheBytes = 8 * 1024 * 1024
/** Distinct raw SQL texts a connection remembers having seen once (as hashes). */
const seenTexts = 1024

/** The estimated memory of a statement of `sql` that took `prepareMs` to compile. */
export function estimateStatementBytes (sql: string, prepareMs: number): number {
  return Math.max(baseBytes + sql.length * 4, Math.round(prepareMs * bytesPerPrepareMs))
}

/** Statement memory kept by every connection of one process, counted together for its memory ceiling. */
export interface StatementBytes { total: number }

interface Entry { statement: Statement, bytes: number }

export class StatementCache {
  readonly #entries = new Map<string, Entry>()
  readonly #seen = new Set<string>()
  #bytes = 0
  /**
   * Set when a large statement was pushed out: it holds its memory until V8 collects it, so its connection should
   * close (which frees it) once the job is done.
   */
  heavyEvicted = false

  constructor (
    readonly maxBytes: number,
    readonly maxCount: number,
    private readonly shared: StatementBytes = { total: 0 }
  ) {}

  get bytes (): number { return this.#bytes }
  get size (): number { return this.#entries.size }

  get (sql: string): Statement | undefined {
    const entry = this.#entries.get(sql)
    if (entry === undefined) return undefined
    this.#entries.delete(sql)
    this.#entries.set(sql, entry)
    return entry.statement
  }

  /**
   * Whether raw SQL `sql` has been asked for before on this connection (it is then worth keeping); remembers it.
   * Texts are remembered by hash, a bounded number of them, so the memory of a flood of distinct texts stays small.
   */
  reused (sql: string): boolean {
    const key = hash('sha1', sql)
    if (this.#seen.has(key)) return true
    if (this.#seen.size >= seenTexts) this.#seen.delete(this.#seen.values().next().value as string)
    this.#seen.add(key)
    return false
  }

  /** Keeps `statement` unless it is larger than the cache; pushes out the least recently used ones to make room. */
  set (sql: string, statement: Statement, bytes: number): boolean {
    if (bytes > this.maxBytes) return false
    this.#remove(sql)
    this.#entries.set(sql, { statement, bytes })
    this.#add(bytes)
    while (this.#bytes > this.maxBytes || this.#entries.size > this.maxCount) {
      const oldest = this.#entries.keys().next().value as string
      if ((this.#entries.get(oldest)?.bytes ?? 0) >= heavyStatementBytes) this.heavyEvicted = true
      this.#remove(oldest)
    }
    return true
  }

  clear (): void {
    this.#entries.clear()
    this.#seen.clear()
    this.#add(-this.#bytes)
  }

  #remove (sql: string): void {
    const entry = this.#entries.get(sql)
    if (entry === undefined) return
    this.#entries.delete(sql)
    this.#add(-entry.bytes)
  }

  #add (bytes: number): void {
    this.#bytes += bytes
    this.shared.total += bytes
  }
}

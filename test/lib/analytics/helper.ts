import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { rollupInputsOf, type LogRow } from '../../../lib/analytics/backfill.js'
import { createRollupWriter } from '../../../lib/analytics/rollups.js'
import { createLogTexts } from '../../../lib/analytics/log-texts.js'
import { patternTextOf, seedTexts, textsTable } from '../../../lib/analytics/log-schema.js'
import { windowSpans } from '../../../lib/analytics/pattern-windows.js'
import { createAnalytics, type AnalyticsEvent, type AnalyticsOptions, type DatabaseRef, type DatabaseSize } from '../../../lib/analytics/index.js'

interface Tap {
  teardown: (fn: () => unknown) => void
}

/** A seeded pseudo-random number generator (mulberry32): the same draws on every run. */
export function seededRandom (seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
}

/** Every running window row's maximum, by span, owner and pattern, as the file holds it. */
export function windowMaxima (db: Database.Database): unknown[] {
  return db.prepare('SELECT span, owner, pattern, max_us FROM _pattern_windows ORDER BY span, owner, pattern').all()
}

/** The same computed from the hourly rows of the windows ending at epoch hour `end`. */
export function freshMaxima (db: Database.Database, end: number): unknown[] {
  return windowSpans.flatMap(span => db.prepare(`SELECT ? AS span, owner, ${patternTextOf('pattern')} AS pattern, MAX(max_us) AS max_us
    FROM _hourly_patterns WHERE hour > ? - ? AND hour <= ? GROUP BY owner, 3 ORDER BY owner, 3`).all(span, end, span, end))
}

export function tempDir (t: Tap): string {
  const dir = mkdtempSync(join(tmpdir(), 'litehouse-analytics-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** A clock the test moves by hand. */
export function manualClock (iso: string) {
  let now = Date.parse(iso)
  return {
    now: (): Date => new Date(now),
    set (next: string): void { now = Date.parse(next) },
    advance (ms: number): void { now += ms },
    ago (ms: number): string { return new Date(now - ms).toISOString() }
  }
}

export interface LogLine { level: 'info' | 'warn' | 'error', obj: unknown, msg?: string }

export function captureLogger () {
  const lines: LogLine[] = []
  const at = (level: LogLine['level']) => (obj: unknown, msg?: string) => { lines.push({ level, obj, msg }) }
  return { lines, logger: { info: at('info'), warn: at('warn'), error: at('error') } }
}

/**
 * An enabled recorder in a fresh data directory, closed on teardown. Timers are long unless a test asks
 * otherwise, so flushes happen when the test says.
 */
export function openAnalytics (t: Tap, overrides: Partial<AnalyticsOptions> & { databases?: DatabaseSize[] } = {}) {
  const dataDir = overrides.dataDir ?? tempDir(t)
  const { lines, logger } = captureLogger()
  const databases = overrides.databases ?? []
  const analytics = createAnalytics({
    dataDir,
    enabled: true,
    flushMs: 600_000,
    flushSize: 1_000_000,
    snapshotIntervalMs: 600_000,
    timezone: () => 'UTC',
    listDatabases: async () => databases,
    logger,
    busyTimeoutMs: 50,
    ...overrides
  })
  t.teardown(() => analytics.close())
  return { analytics, dataDir, file: join(dataDir, '_analytics.db'), logs: lines, databases }
}

/** A second connection on `_analytics.db`, as a test's eye on what the worker wrote. */
export function inspect (t: Tap, file: string): Database.Database {
  const db = new Database(file, { timeout: 2000 })
  t.teardown(() => db.close())
  return db
}

/** The analytics identity of a test database: the fixtures give `name` the id `uuid-<name>`. */
export function ref (name: string): DatabaseRef {
  return { id: `uuid-${name}`, name }
}

export function event (overrides: Partial<AnalyticsEvent> = {}): AnalyticsEvent {
  return {
    database: 'shop',
    databaseId: 'uuid-shop',
    tableName: 'items',
    operation: 'select',
    durationMs: 1,
    rowCount: 1,
    status: 'ok',
    errorMsg: null,
    sqlText: 'SELECT * FROM "items" WHERE "id" = ?',
    ...overrides
  }
}

export async function waitFor (check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise(resolve => setTimeout(resolve, 10))
  }
}

/** Rows in a stable order, for tables and views without one (the daily views have no rowid). */
export const sorted = (rows: unknown[]): unknown[] => rows.map(r => JSON.stringify(r)).sort().map(r => JSON.parse(r))

export function count (db: Database.Database, table: string): number {
  return (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n
}

/**
 * Rolls up the `_query_log` rows with id >= `fromId` that a test inserted by SQL (as an older server wrote them),
 * the way an upgraded file's backfill does: aggregate endpoints read only the rollups.
 */
export function rollUp (db: Database.Database, fromId = 1): void {
  const rows = db.prepare('SELECT * FROM _query_log WHERE id >= ?').all(fromId) as LogRow[]
  db.exec(textsTable) // a v5 file's rollups name their owners by `_log_texts` ids too (its migration keeps them)
  db.exec(seedTexts)
  const rollups = createRollupWriter(db, createLogTexts(db))
  // IMMEDIATE: the worker writes to the same file, so a read-then-write transaction could not upgrade its lock
  db.transaction(() => rollups.write(rollupInputsOf(rows))).immediate()
  rollups.windows.commit()
  rollups.windows.apply()
}

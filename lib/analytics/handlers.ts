import Database from 'better-sqlite3'
import type {
  AnalyticsRange, DatabaseRef, DatabaseSize, PatternsPage, PatternsParams, QueryLogPage, QueryLogRow, StorageSnapshotRow, TopQuery, Volume, PatternStats
} from './types.js'
import { migrate } from './schema.js'
import { createWriter, type WriterLimits } from './writer.js'
import { decodeEvents, type EventBatch } from './wire.js'
import { createReader, type LogSums } from './reader.js'
import { createRollupReader, firstHour } from './rollup-reader.js'
import { createBackfill } from './backfill.js'
import { planVolume } from './windows.js'
import { hourMs } from './time.js'
import { hourOf } from './rollups.js'

export interface WorkerConfig {
  /** Absolute path of `_analytics.db`. */
  file: string
  /** How long a write waits for a lock held by someone else (a backup, the sqlite3 shell) before failing. */
  busyTimeoutMs: number
  limits?: WriterLimits
}

interface Store {
  db: Database.Database
  writer: ReturnType<typeof createWriter>
  reader: ReturnType<typeof createReader>
  rollups: ReturnType<typeof createRollupReader>
  backfill: ReturnType<typeof createBackfill>
  migrated: { from: number, to: number }
}

/**
 * WAL frames are copied back into the file by `maintain()` between requests, once `checkpointEvents` events were
 * flushed, not by the commit that happens to cross SQLite's 1,000-page mark (that flush took ten times the others).
 * The automatic checkpoint stays, at a higher mark, for a worker that never gets a quiet moment.
 */
export const checkpointEvents = 2000
/** Distinct pending window sums (owner, hour, pattern) that `maintain()` adds to the windows at once. */
export const applyPendingKeys = 1000
const autoCheckpointPages = 10_000

function openStore (config: WorkerConfig): Store {
  const db = new Database(config.file, { timeout: config.busyTimeoutMs })
  try {
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = NORMAL')
    db.pragma(`wal_autocheckpoint = ${autoCheckpointPages}`)
    const migrated = migrate(db)
    const writer = createWriter(db, config.limits)
    return { db, writer, reader: createReader(db), rollups: createRollupReader(db, writer.rollups.windows), backfill: createBackfill(db, writer.rollups), migrated }
  } catch (err) {
    db.close()
    throw err
  }
}

/**
 * Everything the analytics worker answers, by method name. The file is opened on first use and
 * reopened after a failed open, so a data directory that comes back recovers without a restart.
 */
export function createHandlers (config: WorkerConfig) {
  let store: Store | null = null
  const open = (): Store => (store ??= openStore(config))
  let lastFlushNowMs: number | null = null
  let eventsSinceCheckpoint = 0

  return {
    open (): { from: number, to: number } {
      return open().migrated
    },

    flush (a: { events: EventBatch, timeZone: string, nowMs: number }): { written: number, pruned: number, pruneError?: string } {
      const { writer } = open()
      const written = writer.flush(decodeEvents(a.events), a.timeZone)
      lastFlushNowMs = a.nowMs
      eventsSinceCheckpoint += written
      try {
        return { written, pruned: writer.pruneIfDue(a.nowMs) }
      } catch (err) {
        // The batch is safely written; a failed prune is reported and tried again an hour later.
        return { written, pruned: 0, pruneError: (err as Error).message }
      }
    },

    snapshot (a: { databases: DatabaseSize[], timestamp: string }): number {
      return open().writer.snapshot(a.databases, a.timestamp)
    },

    rename (a: { databaseId: string, newName: string }): number {
      return open().writer.rename(a.databaseId, a.newName)
    },

    /** One bounded step of an upgraded file's rollup backfill; `pending` false once it is done. */
    backfill (a: { rows?: number } = {}): { rows: number, pending: boolean } {
      const { backfill } = open()
      if (!backfill.pending()) return { rows: 0, pending: false }
      const rows = backfill.step(a.rows)
      return { rows, pending: backfill.pending() }
    },

    /**
     * What a flush leaves for a quiet moment (the worker calls this between requests): adding its sums to the
     * running pattern windows once `applyPendingKeys` gathered (reads add them first anyway), moving the windows to
     * the last flush's hour, pruning hourly rollups past 30 days (hourly), and a checkpoint once `checkpointEvents`
     * were written, and a step of an age pruning the flushes started. True when more is left for the next quiet moment.
     */
    maintain (): boolean {
      if (store === null) return false
      const { windows } = store.writer.rollups
      // sums wait, merged, until enough distinct ones gather (a busy database's keys repeat flush after flush)
      if (windows.pendingCount() >= applyPendingKeys) windows.apply()
      if (lastFlushNowMs !== null) {
        windows.advance(hourOf(lastFlushNowMs))
        store.writer.pruneRollupsIfDue(lastFlushNowMs)
      }
      if (eventsSinceCheckpoint >= checkpointEvents) {
        store.db.pragma('wal_checkpoint(PASSIVE)')
        eventsSinceCheckpoint = 0
      }
      return store.writer.pruneAgedStep()
    },

    overview (a: { range: AnalyticsRange, nowMs: number }): LogSums {
      return open().rollups.sums(firstHour(a.range, a.nowMs))
    },

    databaseOverview (a: { database: DatabaseRef, range: AnalyticsRange, nowMs: number }): {
      sums: LogSums, topTables: PatternStats[], latest: StorageSnapshotRow | null
    } {
      const { reader, rollups } = open()
      const from = firstHour(a.range, a.nowMs)
      return {
        sums: rollups.sums(from, a.database),
        topTables: rollups.topPatterns(a.database, a.range, a.nowMs),
        latest: reader.latestSnapshot(a.database) ?? null
      }
    },

    queries (a: { database: DatabaseRef, range: AnalyticsRange, nowMs: number, limit?: number, offset?: number, search?: string }): QueryLogPage {
      const { reader, rollups } = open()
      const from = firstHour(a.range, a.nowMs)
      return reader.queryLog({ ...a, since: from * hourMs, calls: () => rollups.calls(from, a.database) })
    },

    patterns (a: PatternsParams & { database: DatabaseRef, range: AnalyticsRange, nowMs: number }): PatternsPage {
      return open().rollups.patterns(a.database, a.range, a.nowMs, a)
    },

    topQueries (a: { range: AnalyticsRange, nowMs: number, search?: string }): TopQuery[] {
      return open().rollups.topQueries(a.range, a.nowMs, a.search)
    },

    /** `topQueries` from the hourly rows, as before the running windows (for tests comparing the two). */
    topQueriesFromHours (range: AnalyticsRange, nowMs: number, search?: string): TopQuery[] {
      return open().rollups.topQueriesFromHours(firstHour(range, nowMs), search)
    },

    errors (a: { limit?: number, search?: string }): QueryLogRow[] {
      return open().reader.errors(a.limit, a.search)
    },

    volume (a: { range: AnalyticsRange, nowMs: number, timeZone: string }): Volume {
      return open().rollups.volume(planVolume(a.range, a.nowMs, a.timeZone))
    },

    size (a: { database: DatabaseRef }): StorageSnapshotRow[] {
      return open().reader.sizeHistory(a.database)
    },

    close (): void {
      store?.db.close()
      store = null
    }
  }
}

export type Handlers = ReturnType<typeof createHandlers>
export type Method = keyof Handlers
export type ArgsOf<M extends Method> = Parameters<Handlers[M]>[0]
export type ResultOf<M extends Method> = ReturnType<Handlers[M]>

export interface WorkerRequest { id: number, method: Method, args: unknown }
export type WorkerResponse =
  | { id: number, ok: true, result: unknown }
  | { id: number, ok: false, error: { message: string, code?: string } }

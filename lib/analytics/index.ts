import { join } from 'node:path'
import type {
  AnalyticsEvent, AnalyticsLogger, AnalyticsRange, DatabaseOverview, DatabaseRef, DatabaseSize, ErrorsParams, Overview,
  PatternsPage, PatternsParams, QueriesParams, QueryLogPage, QueryLogRow, StampedEvent, StorageSnapshotRow, TopQueriesParams,
  TopQuery, Volume
} from './types.js'
import type { LogSums } from './reader.js'
import { AnalyticsClosed, createWorkerClient } from './client.js'
import { cacheTtlMs, createTtlCache } from './cache.js'
import { hourMs, isValidTimezone } from './time.js'
import { emptyVolume, planVolume } from './windows.js'
import { encodeEvents } from './wire.js'
import { boundedText, failedPattern, maxStoredText } from './stored-text.js'

export type * from './types.js'
export { analyticsRanges, listLimits, patternSorts, sizeHistoryLimit, topPatternsLimit } from './types.js'

export const analyticsFileName = '_analytics.db'

export interface AnalyticsOptions {
  dataDir: string
  /** false: record() is a no-op, no timer runs, no worker starts and no `_analytics.db` is created. */
  enabled: boolean
  flushMs: number
  flushSize: number
  snapshotIntervalMs: number
  /** IANA zone from the settings, read at each flush and query (an invalid one falls back to UTC). */
  timezone: () => string
  /** The hosted databases now: the `databases` count, live storage figures and snapshots come from it. */
  listDatabases: () => Promise<DatabaseSize[]>
  /**
   * One database's live figures (undefined: it cannot be read), for its own overview: listing every database would
   * measure each one whose file changed, thousands under writes spread over many tenants. Without it, the list.
   */
  databaseSize?: (database: DatabaseRef) => Promise<DatabaseSize | undefined>
  /**
   * The count and total size of the databases, for the overview, without opening any: measuring every database
   * written since the last look took seconds of engine work per overview under writes spread over 10,000 tenants.
   * Without it, the list.
   */
  databaseTotals?: () => Promise<{ databases: number, sizeBytes: number }>
  logger?: AnalyticsLogger
  /** Clock for timestamps, windows, pruning and the cache (tests inject one). */
  now?: () => Date
  /** Events kept while flushes fail; past it the oldest are dropped and the count is logged. */
  maxBuffered?: number
  /** How long a write waits on a lock held by another process (a backup, the sqlite3 shell). */
  busyTimeoutMs?: number
  /** `ANALYTICS_MAX_PATTERNS`: distinct patterns per database-hour before the rest count under `(other)`. */
  maxPatterns?: number
  /** `ANALYTICS_LOG_MAX_MB` in bytes: past it the oldest raw log rows are pruned, a small step per flush. */
  logMaxBytes?: number
}

const defaultMaxBuffered = 100_000
const defaultBusyTimeoutMs = 1000
// Events per worker message: bounds the main thread's encoding work per turn of the event loop.
const flushChunk = 500

const silentLogger: AnalyticsLogger = { info () {}, warn () {}, error () {} }

/** Just the two members: a registry record passed as a ref must not carry its other fields to the worker. */
const refOf = (database: DatabaseRef): DatabaseRef => ({ id: database.id, name: database.name })

const noSums: LogSums = { queries: 0, writes: 0, avgLatencyMs: 0, errorCount: 0, selectRows: 0, writeRows: 0, allRows: 0 }

/**
 * The analytics recorder and its queries. Events are buffered on the main thread and written by one
 * worker thread that owns `_analytics.db`; every query runs in that worker too. With analytics disabled the
 * query methods answer from nothing: every query-log figure is zero and every list empty, while the
 * database count and storage figures still come from `listDatabases` (they are facts, not recordings).
 */
export function createAnalytics (opts: AnalyticsOptions) {
  const logger = opts.logger ?? silentLogger
  const clock = opts.now
  const nowMs = clock === undefined ? Date.now : (): number => clock().getTime()
  const maxBuffered = opts.maxBuffered ?? defaultMaxBuffered
  const cache = createTtlCache(cacheTtlMs, nowMs)
  const client = opts.enabled
    ? createWorkerClient({
      file: join(opts.dataDir, analyticsFileName),
      busyTimeoutMs: opts.busyTimeoutMs ?? defaultBusyTimeoutMs,
      limits: { maxPatterns: opts.maxPatterns, logMaxBytes: opts.logMaxBytes }
    }, logger)
    : null

  let buffer: StampedEvent[] = []
  let dropped = 0
  /** Events dropped since start, for GET /api/metrics (`dropped` counts only those not yet logged). */
  let droppedTotal = 0
  let failing = false
  let closed = false
  let lastFlushSentMs = -Infinity
  let queuedFlush: Promise<void> | null = null
  let snapshotting: Promise<void> | null = null
  let badZone: string | null = null
  // Flushes, snapshots and renames run one after another, so a rename always sees the re-queued events
  // of a failed flush and no two flushes overlap.
  let lane: Promise<unknown> = Promise.resolve()

  function enqueue<T> (task: () => Promise<T>): Promise<T> {
    const run = lane.then(task)
    lane = run.catch(() => {})
    return run
  }

  function zone (): string {
    const z = opts.timezone()
    if (isValidTimezone(z)) return z
    if (badZone !== z) logger.warn({ timezone: z }, 'analytics: invalid time zone in settings, using UTC')
    badZone = z
    return 'UTC'
  }

  function timeOf (timestamp: string | undefined): number {
    const t = timestamp === undefined ? NaN : Date.parse(timestamp)
    return Number.isNaN(t) ? nowMs() : t
  }

  function requeue (batch: StampedEvent[]): void {
    buffer = batch.concat(buffer)
    const over = buffer.length - maxBuffered
    if (over > 0) {
      buffer.splice(0, over)
      dropped += over
      droppedTotal += over
    }
  }

  async function writeBuffered (): Promise<void> {
    if (dropped > 0) {
      logger.error({ dropped }, 'analytics: buffer full while flushes failed, oldest events dropped')
      dropped = 0
    }
    // Even with nothing buffered, the worker hears from us hourly so that its pruning is not starved.
    if (buffer.length === 0 && nowMs() - lastFlushSentMs < hourMs) return
    let remaining = buffer.length
    do {
      const batch = buffer.splice(0, Math.min(remaining, flushChunk))
      remaining -= batch.length
      try {
        const sentAt = nowMs()
        const events = encodeEvents(batch)
        const result = await (client as NonNullable<typeof client>).request('flush', { events, timeZone: zone(), nowMs: sentAt }, [events.numbers.buffer])
        lastFlushSentMs = sentAt
        if (result.pruned > 0) logger.info({ pruned: result.pruned }, 'analytics: pruned query log rows past retention')
        if (result.pruneError !== undefined) logger.warn({ err: result.pruneError }, 'analytics: pruning failed')
      } catch (err) {
        requeue(batch)
        failing = true
        throw err
      }
    } while (remaining > 0)
    failing = false
  }

  /** Writes everything buffered now; rejects (keeping the events for the next cycle) when the write fails. */
  function flush (): Promise<void> {
    if (client === null) return Promise.resolve()
    // A flush that has not started yet will take everything buffered by the time it does.
    if (queuedFlush !== null) return queuedFlush
    const queued = enqueue(async () => {
      queuedFlush = null
      await writeBuffered()
    })
    queuedFlush = queued
    return queued
  }

  function flushInBackground (): void {
    flush().catch(err => {
      if (!(err instanceof AnalyticsClosed)) logger.warn({ err, buffered: buffer.length }, 'analytics: flush failed, will retry')
    })
  }

  async function takeSnapshot (): Promise<void> {
    if (client === null) return
    const timestamp = new Date(nowMs()).toISOString()
    const databases = await opts.listDatabases()
    await enqueue(() => client.request('snapshot', { databases, timestamp }))
  }

  function snapshot (): Promise<void> {
    snapshotting ??= takeSnapshot().finally(() => { snapshotting = null })
    return snapshotting
  }

  const timers = client === null
    ? []
    : [
        setInterval(flushInBackground, opts.flushMs),
        setInterval(() => {
          snapshot().catch(err => {
            if (!(err instanceof AnalyticsClosed)) logger.error({ err }, 'analytics: snapshot failed')
          })
        }, opts.snapshotIntervalMs)
      ]
  for (const t of timers) t.unref()
  // Open (and migrate) the file at start, so an old layout is upgraded before the first request needs it.
  client?.request('open', undefined).catch(err => logger.error({ err }, 'analytics: cannot open the analytics database'))

  return {
    /** Events dropped since start (for GET /api/metrics). */
    get droppedTotal () { return droppedTotal },
    /**
     * Buffers one event (amortised O(1)); a full buffer triggers a flush unless flushes are currently failing. The recorder
     * keeps the object itself, stamped with its time: on a point read, copying it would cost more than the query.
     */
    record (e: AnalyticsEvent): void {
      if (client === null || closed) return
      if (buffer.length >= maxBuffered) {
        // the oldest tenth goes at once: shifting one event per call would cost O(n) on every request
        const drop = Math.ceil(maxBuffered / 10)
        buffer.splice(0, drop)
        dropped += drop
        droppedTotal += drop
      }
      // bounded before it is buffered: a buffer of whole texts is itself a memory bomb (@see stored-text.ts)
      if (e.sqlText !== null && (e.status === 'error' || e.sqlText.length > maxStoredText)) {
        e.sqlText = e.status === 'error' ? failedPattern(e.sqlText) : boundedText(e.sqlText)
      }
      if (e.errorMsg !== null && e.errorMsg.length > maxStoredText) e.errorMsg = boundedText(e.errorMsg)
      const stamped = e as StampedEvent
      stamped.at = timeOf(e.timestamp)
      buffer.push(stamped)
      if (buffer.length >= opts.flushSize && !failing && queuedFlush === null) flushInBackground()
    },

    flush,

    /** Writes one `_storage_snapshots` row per database now. */
    snapshot,

    /** Moves the rows this server wrote for `databaseId` (and any still buffered) to `newName`. */
    async renameDatabase (databaseId: string, newName: string): Promise<void> {
      cache.clear()
      if (client === null) return
      await enqueue(async () => {
        for (const e of buffer) if (e.databaseId === databaseId) e.database = newName
        await client.request('rename', { databaseId, newName })
      })
      cache.clear()
    },

    overview (range: AnalyticsRange = '24h'): Promise<Overview> {
      return cache.get(`overview:${range}`, async () => {
        const [sums, totals] = await Promise.all([
          client === null ? noSums : client.request('overview', { range, nowMs: nowMs() }),
          opts.databaseTotals?.() ?? opts.listDatabases().then((all) => ({
            databases: all.length, sizeBytes: all.reduce((total, d) => total + d.sizeBytes, 0)
          }))
        ])
        return {
          databases: totals.databases,
          queries: sums.queries,
          writes: sums.writes,
          avgLatencyMs: sums.avgLatencyMs,
          errorCount: sums.errorCount,
          rows_read: sums.selectRows,
          rows_written: sums.writeRows,
          // live sizes: always at least as fresh as the latest snapshot
          totalStorageBytes: totals.sizeBytes
        }
      })
    },

    databaseOverview (ref: DatabaseRef, range: AnalyticsRange = '24h'): Promise<DatabaseOverview> {
      const database = refOf(ref)
      // keyed by both: a rename drops the cache, and a name reused after a delete comes with a new id
      return cache.get(`databaseOverview:${range}:${database.id}:${database.name}`, async () => {
        const [stats, live] = await Promise.all([
          client === null
            ? { sums: noSums, topTables: [], latest: null }
            : client.request('databaseOverview', { database, range, nowMs: nowMs() }),
          opts.databaseSize?.(database) ?? opts.listDatabases().then((all) => all.find(d => d.id === database.id))
        ])
        return {
          database: database.name,
          queries: stats.sums.queries,
          writes: stats.sums.writes,
          rows_read: stats.sums.allRows,
          avgLatencyMs: stats.sums.avgLatencyMs,
          errorCount: stats.sums.errorCount,
          storageBytes: live?.sizeBytes ?? stats.latest?.size_bytes ?? 0,
          tableCount: live?.tableCount ?? stats.latest?.table_count ?? 0,
          topTables: stats.topTables
        }
      })
    },

    async queries (p: QueriesParams): Promise<QueryLogPage> {
      if (client === null) return { rows: [], total: 0 }
      return await client.request('queries', { ...p, database: refOf(p.database), range: p.range ?? '24h', nowMs: nowMs() })
    },

    /**
     * Cached for 60 s like the overviews (the spec names only those): it groups every log row of the range, and
     * the one analytics thread would otherwise spend seconds per call on a busy server while flushes wait.
     */
    async topQueries (p: TopQueriesParams = {}): Promise<TopQuery[]> {
      if (client === null) return []
      const range = p.range ?? '24h'
      const all = await cache.get(`topQueries:${JSON.stringify([range, p.search ?? null])}`, async () =>
        await client.request('topQueries', { range, search: p.search, nowMs: nowMs() }))
      return p.limit === undefined ? all : all.slice(0, p.limit)
    },

    /** One database's patterns over the range, sorted descending by `sort` (default calls), paged. */
    async patterns (ref: DatabaseRef, p: PatternsParams = {}): Promise<PatternsPage> {
      if (client === null) return { items: [], total: 0 }
      return await client.request('patterns', { ...p, database: refOf(ref), range: p.range ?? '24h', nowMs: nowMs() })
    },

    async errors (p: ErrorsParams = {}): Promise<QueryLogRow[]> {
      if (client === null) return []
      return await client.request('errors', p)
    },

    volume (range: AnalyticsRange = '24h'): Promise<Volume> {
      const timeZone = zone()
      return cache.get(`volume:${range}:${timeZone}`, async () => {
        if (client === null) return emptyVolume(planVolume(range, nowMs(), timeZone).slots)
        return await client.request('volume', { range, nowMs: nowMs(), timeZone })
      })
    },

    async size (database: DatabaseRef): Promise<StorageSnapshotRow[]> {
      if (client === null) return []
      return await client.request('size', { database: refOf(database) })
    },

    invalidateCache (): void {
      cache.clear()
    },

    /** Stops the timers, writes every buffered event, then ends the worker. */
    async close (): Promise<void> {
      if (closed) return
      closed = true
      for (const t of timers) clearInterval(t)
      if (client === null) return
      try {
        await flush()
      } catch (err) {
        logger.error({ err, lost: buffer.length }, 'analytics: events could not be written at shutdown')
      }
      await lane
      await client.close()
    },

    /** Events waiting for a flush (for health figures and tests). */
    get buffered (): number {
      return buffer.length
    },

    /** Events dropped since start because the buffer was full (`ANALYTICS_BUFFER_MAX`). */
    get dropped (): number {
      return droppedTotal
    }
  }
}

export type Analytics = ReturnType<typeof createAnalytics>

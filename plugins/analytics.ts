import fp from 'fastify-plugin'
import { createAnalytics, type AnalyticsEvent } from '../lib/analytics/index.js'
import type { DatabaseSize } from '../lib/analytics/types.js'
import type { DatabaseRecord } from '../lib/store/databases.js'
import { createStorageStats, type StorageRow } from '../lib/databases/storage-stats.js'

/** A job's result and time: `engine.timedNow` gives one at once, `engine.timed` a promise of one. */
type Timed<R> = { result: R, durationMs: number }

/** What a route knows of an operation before it runs; the outcome fills in the rest. */
export interface TrackedOperation {
  tableName: string | null
  operation: AnalyticsEvent['operation']
  statsOperation?: AnalyticsEvent['statsOperation']
  sqlText?: string | null
}

export interface Outcome { rowCount: number, sqlText?: string | null, operation?: AnalyticsEvent['operation'] }

declare module 'fastify' {
  interface FastifyInstance {
    analytics: ReturnType<typeof createAnalytics>
    /**
     * Runs a timed engine job and records one analytics event for it, failed or not. A job that `run` finishes at
     * once (the inline lane) is recorded and returned at once, or thrown; otherwise the answer is a promise.
     */
    track: <R>(database: DatabaseRecord, op: TrackedOperation, run: () => Timed<R> | Promise<Timed<R>>,
      outcome: (result: R) => Outcome) => R | Promise<R>
  }
}

/**
 * One literal, no spread: the recorder keeps this object as it is, and on a point read copying an event costs
 * more than the query (a spread of it takes microseconds).
 */
function eventOf (database: DatabaseRecord, op: TrackedOperation, operation: AnalyticsEvent['operation'], durationMs: number,
  rowCount: number, errorMsg: string | null, sqlText: string | null): AnalyticsEvent {
  return {
    database: database.name,
    databaseId: database.uuid,
    tableName: op.tableName,
    operation,
    statsOperation: op.statsOperation,
    durationMs,
    rowCount,
    status: errorMsg === null ? 'ok' : 'error',
    errorMsg,
    sqlText
  }
}

const sizeOf = ({ record, sizeBytes, tableCount }: StorageRow): DatabaseSize => ({ id: record.uuid, name: record.name, sizeBytes, tableCount })

/** @see lib/analytics: every record operation and raw query becomes one `_query_log` event. */
export default fp(async (fastify) => {
  const { config, store, engine, databases } = fastify
  const storage = createStorageStats({
    list: () => store.databases.list(),
    fileOf: (record) => fastify.databaseFile(record.name),
    measure: async (record) => {
      const stats = await engine.run(record.id, 'database.stats', {}, { oneOff: true })
      store.databases.setTableCount(record, stats.tableCount)
      return stats
    }
  })
  const analytics = createAnalytics({
    dataDir: config.dataDir,
    enabled: config.analytics,
    flushMs: config.analyticsFlushMs,
    flushSize: config.analyticsFlushSize,
    maxPatterns: config.analyticsMaxPatterns,
    logMaxBytes: config.analyticsLogMaxBytes,
    maxBuffered: config.analyticsBufferMax,
    snapshotIntervalMs: config.snapshotIntervalMs,
    timezone: () => store.settings.get().timezone,
    logger: fastify.log,
    // a stat per file; only a database whose file changed is opened (lib/databases/storage-stats.ts)
    listDatabases: async () => (await storage.all()).map(sizeOf),
    databaseTotals: storage.totals,
    databaseSize: async (ref) => {
      const record = store.databases.findByName(ref.name)
      const row = record?.uuid === ref.id ? await storage.one(record) : undefined
      return row === undefined ? undefined : sizeOf(row)
    }
  })
  fastify.decorate('analytics', analytics)
  databases.onRename((record) => analytics.renameDatabase(record.uuid, record.name))

  function succeeded<R> (database: DatabaseRecord, op: TrackedOperation, outcome: (result: R) => Outcome, done: Timed<R>): R {
    const o = outcome(done.result)
    analytics.record(eventOf(database, op, o.operation ?? op.operation, done.durationMs, o.rowCount, null, o.sqlText ?? op.sqlText ?? null))
    return done.result
  }

  function failed (database: DatabaseRecord, op: TrackedOperation, err: unknown): never {
    const { message, durationMs } = err as { message: string, durationMs?: number }
    analytics.record(eventOf(database, op, op.operation, durationMs ?? 0, 0, message, op.sqlText ?? null))
    throw err
  }

  fastify.decorate('track', function track<R> (database: DatabaseRecord, op: TrackedOperation, run: () => Timed<R> | Promise<Timed<R>>,
    outcome: (result: R) => Outcome): R | Promise<R> {
    let started: Timed<R> | Promise<Timed<R>>
    try {
      started = run()
      if (!(started instanceof Promise)) return succeeded(database, op, outcome, started)
    } catch (err) {
      return failed(database, op, err)
    }
    // as on the synchronous path, an outcome that throws is logged as the failure
    return started.then((done) => succeeded(database, op, outcome, done)).catch((err: unknown) => failed(database, op, err))
  })

  // registered after the engine, so closed before it: the last flush still has the engine for snapshots
  fastify.addHook('onClose', async () => { await analytics.close() })
}, { name: 'analytics', dependencies: ['config', 'store', 'engine', 'databases'], fastify: '5.x' })

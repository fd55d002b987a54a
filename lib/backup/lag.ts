/**
 * Replication lag per database: how long the oldest write not yet known to be in the replica has waited.
 *
 * The server knows when a database is written (a write job starts); Litestream says when it has put a database's
 * changes into the replica (its `wal segment written` and `snapshot written` log lines, which the supervisor
 * reads). A database's lag is 0 once an upload that began after its last write has finished, else the age of
 * its first write since the last such upload. Litestream copies the WAL to its shadow WAL every monitor interval
 * before it uploads, so the lag is exact to about one `BACKUP_SYNC_MS`. While the replicator is down, the lag of
 * every written database grows: that is what the gauge is for.
 */
export interface LagState {
  /** Seconds the oldest write not yet in the replica has waited; 0 when the replica holds every write seen. */
  lagSeconds: number
  lastWriteAt: string | null
  lastReplicatedAt: string | null
}

export interface LagSummary {
  /** Databases with writes not yet in the replica. */
  pending: number
  /** The longest wait over every database, seconds. */
  maxSeconds: number
  /** The `n` databases waiting longest, longest first: [database id, seconds]. */
  top: Array<[string, number]>
}

/** The database file a line of Litestream's log is about (`db=...`), if any. */
export function dbOf (line: string): string | undefined {
  const db = /\bdb=(?:"((?:[^"\\]|\\.)*)"|(\S+))/.exec(line)
  if (db === null) return undefined
  return db[1] !== undefined ? db[1].replace(/\\(.)/g, '$1') : db[2]
}

/** A line of Litestream's log about an upload: which database file, and whether it begins or ends. */
export function uploadOf (line: string): { file: string, done: boolean } | undefined {
  const msg = /\bmsg="?(write wal segment|write snapshot|wal segment written|snapshot written)"?/.exec(line)?.[1]
  if (msg === undefined) return undefined
  const file = dbOf(line)
  return file === undefined ? undefined : { file, done: msg.endsWith('written') }
}

export function createLagTracker (now: () => number = Date.now) {
  const lastWrite = new Map<string, number>()
  const lastReplicated = new Map<string, number>()
  /** Database id -> time of its first write since the last finished upload that began after it. */
  const pendingSince = new Map<string, number>()
  /** Uploads under way: database id -> when it began, and the first write since (the next upload ships it). */
  const uploading = new Map<string, { writtenSince?: number }>()
  const delayListeners: Array<(seconds: number) => void> = []

  return {
    /** A write job started on the database. */
    written (id: string): void {
      const at = now()
      lastWrite.set(id, at)
      const upload = uploading.get(id)
      if (upload !== undefined) upload.writtenSince ??= at
      if (!pendingSince.has(id)) pendingSince.set(id, at)
    },

    /** Litestream began (done: false) or finished (done: true) an upload of the database. */
    upload (id: string, done: boolean): void {
      if (!done) {
        uploading.set(id, {})
        return
      }
      const at = now()
      lastReplicated.set(id, at)
      const since = pendingSince.get(id)
      // a write that started during the upload may have missed it: it waits for the next one
      const later = uploading.get(id)?.writtenSince
      uploading.delete(id)
      if (later !== undefined) pendingSince.set(id, later)
      else pendingSince.delete(id)
      if (since !== undefined && (later === undefined || later > since)) for (const listener of delayListeners) listener((at - since) / 1000)
    },

    /** Whatever was under way is over (the replicator stopped); pending writes stay pending. */
    interrupted (): void { uploading.clear() },

    forget (id: string): void {
      lastWrite.delete(id)
      lastReplicated.delete(id)
      pendingSince.delete(id)
      uploading.delete(id)
    },

    /** Each write's time to the replica, in seconds, as uploads finish (a histogram's input). */
    onDelay (listener: (seconds: number) => void): void { delayListeners.push(listener) },

    of (id: string): LagState {
      const since = pendingSince.get(id)
      const write = lastWrite.get(id)
      const replicated = lastReplicated.get(id)
      return {
        lagSeconds: since === undefined ? 0 : Math.max(0, now() - since) / 1000,
        lastWriteAt: write === undefined ? null : new Date(write).toISOString(),
        lastReplicatedAt: replicated === undefined ? null : new Date(replicated).toISOString()
      }
    },

    /** Aggregates and the top `n`: a bounded number of series whatever the number of databases. */
    summary (n: number): LagSummary {
      const at = now()
      const waits: Array<[string, number]> = []
      for (const [id, since] of pendingSince) waits.push([id, Math.max(0, at - since) / 1000])
      waits.sort((a, b) => b[1] - a[1])
      return { pending: waits.length, maxSeconds: waits[0]?.[1] ?? 0, top: waits.slice(0, n) }
    }
  }
}

export type LagTracker = ReturnType<typeof createLagTracker>

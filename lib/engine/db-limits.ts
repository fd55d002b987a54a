/**
 * Fair shares between databases (DB_MAX_INFLIGHT, DB_MAX_QUEUE): at most `maxInflight` jobs of one database are
 * handed to workers at once, the others wait in the engine's queue, where at most `maxQueue` of one database may
 * wait; a job beyond that is refused at once (503 DATABASE_BUSY) instead of delaying everyone behind it. Jobs of
 * a database at its in-flight limit are skipped by dispatch, so other databases' jobs go past them.
 */
export interface DbLimits {
  /** Whether one more job of `databaseId` may wait in the queue. */
  canQueue: (databaseId: string) => boolean
  queued: (databaseId: string) => void
  dequeued: (databaseId: string) => void
  /** Whether one more job of `databaseId` may go to a worker now. */
  canRun: (databaseId: string) => boolean
  started: (databaseId: string) => void
  finished: (databaseId: string) => void
  readonly running: number
}

function counter () {
  const counts = new Map<string, number>()
  return {
    get: (id: string) => counts.get(id) ?? 0,
    add (id: string): void { counts.set(id, (counts.get(id) ?? 0) + 1) },
    remove (id: string): void {
      const count = (counts.get(id) ?? 1) - 1
      if (count > 0) counts.set(id, count)
      else counts.delete(id)
    }
  }
}

export function createDbLimits (maxInflight: number, maxQueue: number): DbLimits {
  const waiting = counter()
  const inFlight = counter()
  let running = 0
  return {
    canQueue: (id) => waiting.get(id) < maxQueue,
    queued: (id) => waiting.add(id),
    dequeued: (id) => waiting.remove(id),
    canRun: (id) => inFlight.get(id) < maxInflight,
    started (id) { inFlight.add(id); running++ },
    finished (id) { inFlight.remove(id); running-- },
    get running () { return running }
  }
}

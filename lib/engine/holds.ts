/**
 * Per-database bookkeeping for `exclusive`: which databases are held, and how many jobs of each are in flight
 * (so a hold can wait for them to finish).
 */
export function createHolds () {
  const held = new Map<string, Promise<void>>()
  const inFlight = new Map<string, number>()
  const idleWaiters = new Map<string, Array<() => void>>()

  return {
    isHeld: (databaseId: string) => held.has(databaseId),

    /** Resolves with a release function once `databaseId` is held by the caller (holds queue up). */
    async acquire (databaseId: string): Promise<() => void> {
      while (held.has(databaseId)) await held.get(databaseId)
      let release = () => {}
      held.set(databaseId, new Promise<void>((resolve) => {
        release = () => {
          held.delete(databaseId)
          resolve()
        }
      }))
      return release
    },

    started (databaseId: string): void {
      inFlight.set(databaseId, (inFlight.get(databaseId) ?? 0) + 1)
    },

    finished (databaseId: string): void {
      const count = (inFlight.get(databaseId) ?? 1) - 1
      if (count > 0) {
        inFlight.set(databaseId, count)
        return
      }
      inFlight.delete(databaseId)
      for (const wake of idleWaiters.get(databaseId) ?? []) wake()
      idleWaiters.delete(databaseId)
    },

    /** Resolves when no job of `databaseId` is in flight. */
    whenIdle (databaseId: string): Promise<void> {
      if (!inFlight.has(databaseId)) return Promise.resolve()
      return new Promise((resolve) => {
        idleWaiters.set(databaseId, [...(idleWaiters.get(databaseId) ?? []), resolve])
      })
    }
  }
}

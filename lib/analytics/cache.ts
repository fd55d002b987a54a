export const cacheTtlMs = 60_000

/**
 * A small time-to-live cache of pending or settled answers, keyed by method and arguments. It holds the
 * promise, so concurrent misses share one computation; a rejected answer is forgotten at once.
 */
export function createTtlCache (ttlMs: number, now: () => number) {
  const entries = new Map<string, { expires: number, value: Promise<unknown> }>()

  return {
    get<T> (key: string, compute: () => Promise<T>): Promise<T> {
      const t = now()
      const hit = entries.get(key)
      if (hit !== undefined && hit.expires > t) return hit.value as Promise<T>
      // Expired entries are swept on each miss, so keys of renamed or deleted databases do not pile up.
      for (const [k, e] of entries) if (e.expires <= t) entries.delete(k)
      const value = compute()
      const entry = { expires: t + ttlMs, value }
      entries.set(key, entry)
      value.catch(() => { if (entries.get(key) === entry) entries.delete(key) })
      return value
    },

    clear (): void {
      entries.clear()
    },

    get size (): number {
      return entries.size
    }
  }
}

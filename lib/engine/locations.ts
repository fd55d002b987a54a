import { performance } from 'node:perf_hooks'

/**
 * Where the inline lane finds each database. `locate` looks at the disk, which costs as much as the point read
 * it serves, so each answer is reused for one period (a file removed behind the server's back is noticed within
 * it) and forgotten when a hold on the database ends: renames, deletes and imports all happen under one.
 */
export function createLocations (locate: (databaseId: string) => string | undefined, periodMs: number) {
  const known = new Map<string, { file: string, period: number }>()

  return {
    get (databaseId: string): string | undefined {
      const period = Math.floor(performance.now() / periodMs)
      const entry = known.get(databaseId)
      if (entry !== undefined && entry.period === period) return entry.file
      const file = locate(databaseId)
      if (file === undefined) known.delete(databaseId)
      else known.set(databaseId, { file, period })
      return file
    },

    forget (databaseId: string): void {
      known.delete(databaseId)
    }
  }
}

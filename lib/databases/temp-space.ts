import { Transform, type TransformCallback } from 'node:stream'
import { ExportTooLarge, TempSpaceFull, TooManyExports } from '../errors.js'

/** Seconds a client is told to wait when temporary space or an export slot is taken: about one export's time. */
export const retryAfterSeconds = 10

/**
 * What temporary copies (export snapshots, uploads) may hold in `DATA_DIR/.tmp` at once, and how many exports of one
 * database may run at once (issue #30, item 6: six concurrent exports of one 800 MB database left 4.5 GB of copies and
 * starved every other tenant). Space is reserved before it is written and given back when the copy is removed, so
 * the bound holds even while copies are being written.
 */
export interface TempSpace {
  /** Reserves `bytes`, or throws TempSpaceFull (503) while others hold the space, ExportTooLarge (507) when it never fits. */
  reserve: (bytes: number) => void
  /** Gives back what `reserve` (or `counter`) took. */
  release: (bytes: number) => void
  /** Takes an export slot of the database, or throws TooManyExports (503); the function gives it back (once). */
  exportSlot: (databaseId: string) => () => void
  /** A pass-through stream that reserves every byte it lets through; `held()` says how many, to release later. */
  counter: () => Transform & { held: () => number }
  readonly used: number
}

export function createTempSpace (maxBytes: number, exportsPerDatabase: number): TempSpace {
  let used = 0
  const exports = new Map<string, number>()

  function reserve (bytes: number): void {
    if (bytes > maxBytes) throw new ExportTooLarge(maxBytes)
    if (used + bytes > maxBytes) throw new TempSpaceFull(retryAfterSeconds)
    used += bytes
  }

  return {
    reserve,
    release (bytes) {
      used = Math.max(0, used - bytes)
    },
    exportSlot (databaseId) {
      const running = exports.get(databaseId) ?? 0
      if (running >= exportsPerDatabase) throw new TooManyExports(exportsPerDatabase, retryAfterSeconds)
      exports.set(databaseId, running + 1)
      let given = false
      return () => {
        if (given) return
        given = true
        const left = (exports.get(databaseId) ?? 1) - 1
        if (left > 0) exports.set(databaseId, left)
        else exports.delete(databaseId)
      }
    },
    counter () {
      let held = 0
      const stream = new Transform({
        transform (chunk: Buffer, _encoding, done: TransformCallback) {
          try {
            reserve(chunk.length)
          } catch (err) {
            done(err as Error)
            return
          }
          held += chunk.length
          done(null, chunk)
        }
      })
      return Object.assign(stream, { held: () => held })
    },
    get used () { return used }
  }
}

/**
 * The server's one connection budget (ENGINE_MAX_CONNECTIONS): which lane (the inline lane on the main thread,
 * or a worker process) holds a connection to which file, at most `max` of them over all lanes together. The
 * engine is the only one that sends work to a lane, so it knows where a file is open without asking: every job
 * it hands a lane `use`s the (lane, file) pair; a pair pushed out by the budget or left idle for `idleMs` is
 * closed by `onClose`, which for a worker is a control message answered after the jobs sent before it.
 */
import { performance } from 'node:perf_hooks'

/** The inline lane, or a worker by its slot (its index among the workers; a replacement takes the slot). */
export type Lane = 'inline' | number

export interface BudgetOptions {
  max: number
  /** Closes a pair unused this long (0: never). */
  idleMs: number
  onClose: (lane: Lane, file: string) => void
  /** Closes a pair opened by a one-off job (@see ConnectionBudget.use) and used by nothing else this long. */
  oneOffIdleMs?: number
}

/** How long a connection a one-off job opened stays for the next one (a burst of subscriptions to one database). */
export const defaultOneOffIdleMs = 2000

export interface ConnectionBudget {
  /**
   * Records that `lane` uses `file` now: true when it had it open (a cache hit), false when it opens it. A `oneOff`
   * job (a change feed's set-up, say) does not make a connection worth keeping: one it opens closes after
   * `oneOffIdleMs` unless a regular job uses it meanwhile.
   */
  use: (lane: Lane, file: string, oneOff?: boolean) => boolean
  has: (lane: Lane, file: string) => boolean
  /** Forgets the pairs of `file` (the caller closes them) or of `lane` (a worker that died holds nothing). */
  forgetFile: (file: string) => void
  forgetLane: (lane: Lane) => void
  /** Closes pairs idle for `idleMs`, and those of one-off jobs idle for `oneOffIdleMs` (the engine calls it from a timer). */
  closeIdle: (now?: number) => void
  readonly size: number
  readonly hits: number
  readonly misses: number
  /** Lanes that hold `file` open. */
  lanesOf: (file: string) => Lane[]
}

const keyOf = (lane: Lane, file: string) => `${lane}\0${file}`

export function createConnectionBudget (options: BudgetOptions): ConnectionBudget {
  if (!(Number.isInteger(options.max) && options.max >= 1)) throw new RangeError('the connection budget is an integer >= 1')
  /** In order of last use, oldest first: a Map iterates in insertion order and `use` re-inserts. */
  const pairs = new Map<string, { lane: Lane, file: string, usedAt: number, oneOff: boolean }>()
  /** Keys of the pairs only one-off jobs have used, in order of last use. */
  const oneOffs = new Set<string>()
  const oneOffIdleMs = options.oneOffIdleMs ?? defaultOneOffIdleMs
  const byFile = new Map<string, Set<Lane>>()
  let hits = 0
  let misses = 0

  function drop (key: string, close: boolean): void {
    const pair = pairs.get(key)
    if (pair === undefined) return
    pairs.delete(key)
    oneOffs.delete(key)
    const lanes = byFile.get(pair.file)
    lanes?.delete(pair.lane)
    if (lanes?.size === 0) byFile.delete(pair.file)
    if (close) options.onClose(pair.lane, pair.file)
  }

  return {
    use (lane, file, oneOff = false) {
      const key = keyOf(lane, file)
      const known = pairs.get(key)
      if (known !== undefined) {
        hits++
        pairs.delete(key)
        known.usedAt = performance.now()
        pairs.set(key, known)
        if (known.oneOff) {
          // re-inserted to keep the set in order of last use; a regular job makes the pair regular for good
          oneOffs.delete(key)
          if (oneOff) oneOffs.add(key)
          else known.oneOff = false
        }
        return true
      }
      misses++
      pairs.set(key, { lane, file, usedAt: performance.now(), oneOff })
      if (oneOff) oneOffs.add(key)
      let lanes = byFile.get(file)
      if (lanes === undefined) byFile.set(file, (lanes = new Set()))
      lanes.add(lane)
      // the least recently used pairs of any lane make room: never the one just opened
      for (const oldest of pairs.keys()) {
        if (pairs.size <= options.max) break
        drop(oldest, true)
      }
      return false
    },
    has: (lane, file) => pairs.has(keyOf(lane, file)),
    forgetFile (file) {
      for (const lane of [...byFile.get(file) ?? []]) drop(keyOf(lane, file), false)
    },
    forgetLane (lane) {
      for (const [key, pair] of [...pairs]) if (pair.lane === lane) drop(key, false)
    },
    closeIdle (now = performance.now()) {
      for (const key of [...oneOffs]) {
        const pair = pairs.get(key)
        if (pair !== undefined && now - pair.usedAt < oneOffIdleMs) break
        drop(key, true)
      }
      if (options.idleMs <= 0) return
      for (const [key, pair] of [...pairs]) {
        // oldest first: the first pair used recently ends the scan
        if (now - pair.usedAt < options.idleMs) break
        drop(key, true)
      }
    },
    lanesOf: (file) => [...byFile.get(file) ?? []],
    get size () { return pairs.size },
    get hits () { return hits },
    get misses () { return misses }
  }
}

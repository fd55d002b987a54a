/**
 * Which worker runs a job on a file. Each file has a home worker (a hash of its path), so a database is open in
 * one worker however many workers there are; a job spills to another worker only when the home worker cannot take
 * it now, that is when the database's own load (or its neighbours') needs more than one process. The spilled
 * connection is then closed by the budget's idle timer once the load is gone (@see budget.ts).
 */

/** FNV-1a of the path: stable for the life of the process, spread evenly enough over a handful of workers. */
export function homeSlot (file: string, slots: number): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < file.length; i++) {
    hash ^= file.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0) % slots
}

export interface Candidate {
  slot: number
  /** Jobs the worker holds (running and sent ahead). */
  load: number
  /** Whether every job the worker holds is on this same file. */
  onlyThisFile: boolean
  /** Whether the worker has the file open. */
  hasFile: boolean
}

/**
 * The best of the workers able to take the job now (already filtered by the caller to those with room, and busy
 * only with a young job). The home worker comes first, even with a job of the same database sent ahead to it (a
 * young job ends in microseconds; an open costs hundreds of them, and memory for as long as the connection lives);
 * then an idle worker that has the file open, then one that must open it. So one database's load spills once its
 * home worker is full, and a spilled copy the load no longer needs goes unused until the idle timer closes it.
 * Another database's job is never waited behind when a worker is idle: its length is unknown.
 */
export function choose (candidates: Candidate[], home: number): number | undefined {
  let best: number | undefined
  let bestScore = Infinity
  for (const c of candidates) {
    const perJob = c.load > 0 && !c.onlyThisFile ? 4 : 2
    const score = c.load * perJob + (c.slot === home ? 0 : c.hasFile ? 2.5 : 3)
    if (score < bestScore) {
      best = c.slot
      bestScore = score
    }
  }
  return best
}

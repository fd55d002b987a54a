import { readdirSync, readFileSync } from 'node:fs'

function childrenOf (pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
    readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number))
}

function ownRssKiB (pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return match ? Number(match[1]) : 0
}

/**
 * Resident memory of `pid` and its descendants in bytes (a Litehouse server and its engine worker
 * processes), or undefined where /proc cannot tell (not Linux). A process that exits while we walk
 * (a worker being respawned) counts as 0.
 */
export function treeRssBytes (pid: number): number | undefined {
  try {
    ownRssKiB(pid)
  } catch {
    return undefined
  }
  const walk = (p: number): number => {
    try {
      return ownRssKiB(p) + childrenOf(p).reduce((sum, child) => sum + walk(child), 0)
    } catch {
      return 0
    }
  }
  return walk(pid) * 1024
}

export interface RssSamples {
  /** Mean of the samples taken while the work ran: steadier than one reading, which a GC can move. */
  meanBytes?: number
  maxBytes?: number
}

/** Samples `pid`'s tree RSS every `everyMs` while `work` runs, and once when it ends. */
export async function sampleRss<T> (pid: number, work: Promise<T>, everyMs = 1000): Promise<[T, RssSamples]> {
  const samples: number[] = []
  const sample = () => {
    const bytes = treeRssBytes(pid)
    if (bytes !== undefined) samples.push(bytes)
  }
  const timer = setInterval(sample, everyMs)
  try {
    const value = await work
    sample()
    if (samples.length === 0) return [value, {}]
    return [value, { meanBytes: samples.reduce((a, b) => a + b, 0) / samples.length, maxBytes: Math.max(...samples) }]
  } finally {
    clearInterval(timer)
  }
}

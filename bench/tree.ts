import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

function readOr<T> (read: () => T, fallback: T): T {
  try {
    return read()
  } catch {
    return fallback
  }
}

/** `pid` and every process below it (a Litehouse server and its engine workers), from /proc; [] off Linux. */
export function processTree (pid: number): number[] {
  const children = (p: number): number[] => readOr(() => readdirSync(`/proc/${p}/task`).flatMap((tid) =>
    readFileSync(`/proc/${p}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number)), [])
  const walk = (p: number): number[] => [p, ...children(p).flatMap(walk)]
  return readOr(() => readdirSync(`/proc/${pid}/task`).length > 0, false) ? walk(pid) : []
}

/** The processes of `pid`'s tree running `command` (its /proc comm, e.g. "litestream"). */
export function processesNamed (pid: number, command: string): number[] {
  return processTree(pid).filter((p) => readOr(() => readFileSync(`/proc/${p}/comm`, 'utf8').trim(), '') === command)
}

/** Resident memory of one process in bytes (VmRSS); 0 when /proc cannot tell. */
export function processRssBytes (pid: number): number {
  const kb = readOr(() => /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1], undefined)
  return Number(kb ?? 0) * 1024
}

/** Resident memory of these processes in bytes (VmRSS summed: shared pages count once per process). */
export function rssBytes (pids: number[]): number {
  return pids.reduce((sum, p) => sum + processRssBytes(p), 0)
}

/** Resident memory of the whole tree in bytes (VmRSS summed: shared pages count once per process). */
export function treeRssBytes (pid: number): number | undefined {
  const pids = processTree(pid)
  return pids.length === 0 ? undefined : rssBytes(pids)
}

/**
 * Pins every thread of the tree to `cpus` (taskset syntax, e.g. "1"). Processes forked later (a replaced
 * engine worker) inherit their parent's affinity.
 */
export function pinTree (pid: number, cpus: string): void {
  for (const p of processTree(pid)) execFileSync('taskset', ['-a', '-p', '-c', cpus, String(p)], { stdio: 'ignore' })
}

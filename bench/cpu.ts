import { readdirSync, readFileSync } from 'node:fs'

/** Linux reports /proc CPU times in USER_HZ ticks, 100 per second on every architecture node runs on. */
const msPerTick = 10

function readOr<T> (read: () => T, fallback: T): T {
  try {
    return read()
  } catch {
    return fallback
  }
}

/** Fields of /proc/<pid>/stat from the 3rd (state) on: the command name may hold spaces and parentheses. */
function statFields (pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
}

function ownMs (pid: number): number {
  const fields = statFields(pid)
  return (Number(fields[11]) + Number(fields[12])) * msPerTick // utime + stime
}

/** CPU milliseconds used so far by these processes themselves (not their children); a process gone counts 0. */
export function processesCpuMs (pids: number[]): number {
  return pids.reduce((sum, p) => sum + readOr(() => ownMs(p), 0), 0)
}

/**
 * CPU milliseconds of `pid`'s children that have exited and been waited for (cutime + cstime): what a child
 * replaced during a measured window (a restarted Litestream) used before it went. 0 where /proc cannot tell.
 */
export function reapedChildrenCpuMs (pid: number): number {
  return readOr(() => {
    const fields = statFields(pid)
    return (Number(fields[13]) + Number(fields[14])) * msPerTick
  }, 0)
}

function childrenOf (pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
    readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number))
}

/**
 * CPU milliseconds used so far by `pid` and its descendants (a Litehouse server and its engine
 * workers), or undefined where /proc cannot tell (not Linux). Unlike req/s, CPU per request hardly
 * changes when other programs compete for the cores.
 */
export function treeCpuMs (pid: number): number | undefined {
  if (!readOr(() => readdirSync(`/proc/${pid}/task`).length > 0, false)) return undefined
  const walk = (p: number): number => readOr(() => ownMs(p), 0) + readOr(() => childrenOf(p), []).reduce((sum, c) => sum + walk(c), 0)
  return walk(pid)
}

export interface MachineTicks { steal: number, total: number }

/** The machine's CPU ticks so far, all and stolen by the hypervisor (`/proc/stat`), or undefined off Linux. */
export function machineTicks (): MachineTicks | undefined {
  return readOr(() => {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number)
    return { steal: fields[7] ?? 0, total: fields.reduce((sum, n) => sum + n, 0) }
  }, undefined)
}

/** The share of CPU time the hypervisor took between two readings, as a percentage, or undefined. */
export function stealPercent (from: MachineTicks | undefined, to: MachineTicks | undefined): number | undefined {
  if (from === undefined || to === undefined || to.total <= from.total) return undefined
  return (to.steal - from.steal) * 100 / (to.total - from.total)
}

import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { moveDatabaseFiles, removeDatabaseFiles, syncDirectory } from './files.js'

/**
 * Where a database's files belong, depending on whether `name` is registered. Create, rename, import and
 * delete each change files and a registry row, which no single step can do atomically: the plan is written down first, so
 * that after a crash at any point the registry (committed or not) tells where the files must be.
 * A place of `null` means nowhere: files found there for the other outcome are removed.
 */
export interface FilePlan {
  name: string
  ifRegistered: string | null
  ifNot: string | null
}

const folder = (dataDir: string): string => join(dataDir, '.pending')

/** Puts the files where the registry says they belong; safe to repeat. */
function settle (plan: FilePlan, registered: boolean): void {
  const [here, there] = registered ? [plan.ifRegistered, plan.ifNot] : [plan.ifNot, plan.ifRegistered]
  if (there === null || there === here) return
  if (here === null) removeDatabaseFiles(there)
  else moveDatabaseFiles(there, here, { partial: true })
}

function forget (dataDir: string, record: string): void {
  rmSync(record, { force: true })
  try { rmdirSync(folder(dataDir)) } catch { /* other plans remain */ }
  syncDirectory(dataDir)
}

/**
 * Runs `change` (file moves and the registry write that commits them, in that order) under a written plan.
 * If `change` throws, the files are put back to match the registry; if even that fails, the plan stays for
 * `recoverFilePlans` at the next start. Callers run this synchronously, so no other plan interleaves.
 */
export function underPlan<T> (dataDir: string, plan: FilePlan, isRegistered: (name: string) => boolean, change: () => T): T {
  // a new folder's own name must be durable too, or a power cut could lose the plan with it
  if (mkdirSync(folder(dataDir), { recursive: true }) !== undefined) syncDirectory(dataDir)
  const record = join(folder(dataDir), `${Date.now()}-${randomBytes(6).toString('hex')}.json`)
  writeFileSync(record, JSON.stringify(plan), { flush: true })
  // the plan must be on disk, name included, before the first file moves
  syncDirectory(folder(dataDir))
  try {
    const result = change()
    forget(dataDir, record)
    return result
  } catch (err) {
    try {
      settle(plan, isRegistered(plan.name))
      forget(dataDir, record)
    } catch { /* left to recoverFilePlans */ }
    throw err
  }
}

/**
 * Completes or undoes the file moves a crash interrupted, from the plans left in the data directory. Runs at
 * start-up before anything opens a hosted database; returns the plans it settled (for the log).
 */
export function recoverFilePlans (dataDir: string, isRegistered: (name: string) => boolean): FilePlan[] {
  if (!existsSync(folder(dataDir))) return []
  const settled: FilePlan[] = []
  for (const entry of readdirSync(folder(dataDir)).sort()) {
    const record = join(folder(dataDir), entry)
    let plan: FilePlan | undefined
    // A plan cut short while being written never started its change: there is nothing to settle.
    try { plan = JSON.parse(readFileSync(record, 'utf8')) } catch { plan = undefined }
    if (plan !== undefined) {
      settle(plan, isRegistered(plan.name))
      settled.push(plan)
    }
    rmSync(record)
  }
  rmdirSync(folder(dataDir))
  syncDirectory(dataDir)
  return settled
}

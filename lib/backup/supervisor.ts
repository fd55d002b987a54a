import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync, renameSync } from 'node:fs'
import { join } from 'node:path'
import type { BackupConfig } from '../../fastify.config.js'
import type { EngineLogger } from '../engine/types.js'
import { createLagTracker, dbOf, uploadOf, type LagState } from './lag.js'

/**
 * Runs Litestream 0.3 over the databases being written, and keeps it running.
 *
 * Litestream 0.3 costs memory, descriptors and CPU per database it replicates, idle or not, and reads its list
 * of databases once at start. So the replicated set follows the writes: a database joins on its first write
 * (the replicator restarts with the new list, changes batched over `joinDelayMs`), and leaves once nothing has
 * written to it for BACKUP_IDLE_MS. Leaving is a restart too, and a stopping Litestream syncs every database's
 * WAL to its replica before it exits: an idle database's replica holds everything. `_system.db` is always in
 * the set. Litestream's own state for a database (`meta-path`) is kept by database id under `.backup/meta`, so
 * a rename keeps its generation.
 */
export interface SupervisorOptions {
  config: BackupConfig
  bin: string | undefined
  /** Why the binary cannot run; the supervisor then never spawns and reports it. */
  binaryProblem: string | undefined
  dataDir: string
  /** Databases to replicate from the start: those whose WAL a crash may have left unshipped. */
  initial?: string[]
  /** The absolute file of a registered database, undefined if it is gone. */
  fileOf: (databaseId: string) => string | undefined
  logger: EngineLogger
}

export const SYSTEM_KEY = '_system'
/** Writes joining within this window share one restart of the replicator. */
const joinDelayMs = 100
/** Backoff of restarts after the replicator died: doubles from the first to the last. */
const backoffMs = { first: 500, max: 30_000 }
/** A run this long counts as healthy: the next death starts the backoff over. */
const stableMs = 30_000
const stopGraceMs = 15_000

export interface BackupStatus {
  status: 'ok' | 'failing'
  message?: string
  replicating: number
  restarts: number
}

/** Calls `onLine` with every whole line of a stream's chunks (a line may arrive in two chunks). */
function lineSplitter (onLine: (line: string) => void): (chunk: Buffer) => void {
  let rest = ''
  return (chunk) => {
    const lines = (rest + String(chunk)).split('\n')
    rest = lines.pop() ?? ''
    for (const line of lines) onLine(line)
  }
}

export function replicaUrlOf (config: BackupConfig, key: string): string {
  return key === SYSTEM_KEY ? `${config.url}/${config.systemPath ?? 'system'}` : `${config.url}/databases/${key}`
}

export function createSupervisor (options: SupervisorOptions) {
  const { config, dataDir, logger } = options
  const home = join(dataDir, '.backup')
  const configFile = join(home, 'litestream.json')
  const metaOf = (key: string): string => join(home, 'meta', key)
  /** Database id -> time of its last write (ms). */
  const active = new Map<string, number>((options.initial ?? []).map((id) => [id, Date.now()]))
  const pidFile = join(home, 'litestream.pid')
  /** The databases in the configuration of the replicator running now. */
  const configured = new Set<string>()
  /** File -> database key, as the running replicator names them in its log. */
  const keyOfFile = new Map<string, string>()
  const lag = createLagTracker()
  /** Databases whose files are being moved or replaced: never replicated meanwhile, whatever writes. */
  const excluded = new Map<string, number>()
  let child: ChildProcess | undefined
  let childStartedAt = 0
  let exited: Promise<void> = Promise.resolve()
  let restarts = 0
  let failures = 0
  let lastError: string | undefined = options.binaryProblem
  /** Problems the running replicator logged, by database key ('' for none): its next upload of it clears one. */
  const reported = new Map<string, string>()
  let closed = false
  /** True between the stop and the start of a planned restart: not a failure. */
  let restarting = false
  let chain: Promise<void> = Promise.resolve()
  let joinTimer: NodeJS.Timeout | undefined
  let backoffTimer: NodeJS.Timeout | undefined
  const sweepTimer = setInterval(sweep, Math.min(30_000, Math.max(250, Math.floor(config.idleMs / 4))))
  sweepTimer.unref()

  if (options.binaryProblem !== undefined) logger.error({ bin: options.bin }, `backups are failing: ${options.binaryProblem}`)

  function dbEntry (key: string, file: string) {
    const interval = `${config.syncMs}ms`
    return {
      path: file,
      'meta-path': metaOf(key),
      'monitor-interval': interval,
      replicas: [{ url: replicaUrlOf(config, key), 'sync-interval': interval, retention: config.retention }]
    }
  }

  /** Litestream's configuration (JSON is YAML), written atomically. */
  function writeConfig (): void {
    const dbs = [dbEntry(SYSTEM_KEY, join(dataDir, '_system.db'))]
    configured.clear()
    keyOfFile.clear()
    keyOfFile.set(dbs[0].path, SYSTEM_KEY)
    for (const id of active.keys()) {
      if (excluded.has(id)) continue
      const file = options.fileOf(id)
      if (file === undefined) {
        active.delete(id)
        continue
      }
      dbs.push(dbEntry(id, file))
      configured.add(id)
      keyOfFile.set(file, id)
    }
    mkdirSync(home, { recursive: true })
    writeFileSync(configFile + '.tmp', JSON.stringify({ dbs }, null, 1))
    renameSync(configFile + '.tmp', configFile)
  }

  function start (): void {
    if (closed || options.bin === undefined || options.binaryProblem !== undefined) return
    writeConfig()
    const proc = spawn(options.bin, ['replicate', '-config', configFile], { stdio: ['ignore', 'pipe', 'pipe'] })
    child = proc
    childStartedAt = Date.now()
    if (proc.pid !== undefined) writeFileSync(pidFile, String(proc.pid))
    const onLine = (line: string): void => {
      const db = dbOf(line)
      const key = db === undefined ? undefined : keyOfFile.get(db)
      if (/level=ERROR/.test(line)) {
        reported.set(key ?? '', `the backup replicator reported: ${/msg="?([^"]*)"?/.exec(line)?.[1] ?? line}`)
        logger.warn({ litestream: line }, 'the backup replicator reported a problem')
        return
      }
      // its uploads tell the lag of each database
      const upload = uploadOf(line)
      if (upload === undefined || key === undefined) return
      lag.upload(key, upload.done)
      // uploading again after it reported a problem (a full disk that has room again): that problem is over
      if (!upload.done) return
      const cleared = reported.delete(key)
      if (reported.delete('') || cleared) logger.info({ database: key }, 'the backup replicator uploads again')
    }
    proc.stdout?.on('data', lineSplitter(onLine))
    proc.stderr?.on('data', lineSplitter(onLine))
    exited = new Promise((resolve) => {
      proc.once('error', (err) => {
        lastError = `the Litestream binary could not start: ${err.message}`
        logger.error({ err }, lastError)
      })
      proc.once('close', (code, signal) => {
        lag.interrupted()
        resolve()
        if (child !== proc) return
        child = undefined
        if (closed) return
        failures = Date.now() - childStartedAt > stableMs ? 1 : failures + 1
        reported.clear()
        lastError = `the backup replicator stopped (${signal ?? `exit ${code}`})`
        const delay = Math.min(backoffMs.max, backoffMs.first * 2 ** (failures - 1))
        logger.error({ code, signal, restartInMs: delay }, 'the backup replicator stopped unexpectedly: restarting it')
        backoffTimer = setTimeout(() => { backoffTimer = undefined; void restart() }, delay)
      })
    })
    lastError = undefined
    reported.clear()
  }

  /**
   * Stops the replicator; it syncs every database to its replica first. Only a database it has opened gets
   * that final sync, and it opens them on its first monitor tick: a replicator is never stopped younger
   * than a couple of ticks, or the writes it was started to ship would wait for the next one.
   */
  async function stop (): Promise<void> {
    const proc = child
    if (proc === undefined) return
    const youngMs = childStartedAt + config.syncMs * 2 + 500 - Date.now()
    if (youngMs > 0) await new Promise((resolve) => setTimeout(resolve, youngMs))
    if (child !== proc) return
    child = undefined
    proc.kill('SIGTERM')
    const timer = setTimeout(() => proc.kill('SIGKILL'), stopGraceMs)
    await exited
    clearTimeout(timer)
  }

  /** Whether the running replicator replicates exactly the databases the set holds now (none joined or left since). */
  function upToDate (): boolean {
    if (child === undefined) return false
    let wanted = 0
    for (const id of active.keys()) {
      if (excluded.has(id)) continue
      if (!configured.has(id)) return false
      wanted++
    }
    return wanted === configured.size
  }

  /**
   * Restarts the replicator with the current set; `between` runs while it is stopped. Calls run one at a time.
   * With `ifChanged` (joins and leaves) it does nothing when the running replicator already has the current set:
   * joins queued while an earlier restart waited were taken by it, and each restart reopens every database.
   */
  function restart (between?: () => void, { ifChanged = false } = {}): Promise<void> {
    const next = chain.then(async () => {
      if (closed || (ifChanged && upToDate())) return
      clearTimeout(backoffTimer)
      restarting = true
      try {
        await stop()
        between?.()
        restarts++
        start()
      } finally {
        restarting = false
      }
    })
    chain = next.catch((err: Error) => { logger.error({ err }, 'could not restart the backup replicator') })
    return next
  }

  function sweep (): void {
    const now = Date.now()
    let changed = false
    for (const [id, lastWrite] of active) {
      // only one the running replicator holds: stopping it ships the last writes (a final sync) before it leaves
      if (now - lastWrite >= config.idleMs && configured.has(id) && child !== undefined) {
        active.delete(id)
        changed = true
      }
    }
    if (changed) void restart(undefined, { ifChanged: true })
  }

  /**
   * A replicator left running by a server that was killed (SIGKILL of the server alone) must not replicate
   * beside the new one: found by its pid file and its command line, it is stopped.
   */
  function stopOrphan (): void {
    let pid: number
    try {
      pid = Number(readFileSync(pidFile, 'utf8'))
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      if (!command.includes(configFile)) return
    } catch {
      return
    }
    try {
      process.kill(pid, 'SIGKILL')
      logger.warn({ pid }, 'stopped a backup replicator left by an earlier run')
    } catch { /* gone meanwhile */ }
  }

  function scheduleJoin (): void {
    if (joinTimer !== undefined) return
    joinTimer = setTimeout(() => { joinTimer = undefined; void restart(undefined, { ifChanged: true }) }, joinDelayMs)
  }

  function status (): BackupStatus {
    const running = child !== undefined || restarting
    const message = lastError ?? reported.values().next().value ?? (running ? undefined : 'the backup replicator is not running')
    return { status: message === undefined ? 'ok' : 'failing', ...(message ? { message } : {}), replicating: running ? active.size + 1 : 0, restarts }
  }

  stopOrphan()
  start()

  return {
    /** A job ran on the database: it joins the replicated set if it is not in it. */
    touch (databaseId: string): void {
      const known = active.has(databaseId)
      active.set(databaseId, Date.now())
      lag.written(databaseId)
      if (!known) scheduleJoin()
    },

    isReplicating: (databaseId: string): boolean => active.has(databaseId) && child !== undefined,

    /**
     * Takes the database out of the set and waits until the replicator let go of its file after a final sync:
     * before its files move or are replaced. Until the returned function runs, writes do not bring it back.
     */
    async exclude (databaseId: string, { replaced = false } = {}): Promise<() => void> {
      excluded.set(databaseId, (excluded.get(databaseId) ?? 0) + 1)
      await restart()
      return () => {
        // new contents: Litestream's position in the old WAL means nothing now, a new generation starts
        if (replaced) rmSync(join(metaOf(databaseId), 'generation'), { force: true })
        const left = (excluded.get(databaseId) ?? 1) - 1
        if (left > 0) excluded.set(databaseId, left)
        else excluded.delete(databaseId)
        // written meanwhile: it joins again
        if (left <= 0 && active.has(databaseId)) scheduleJoin()
      }
    },

    /** Starts a new generation (a full snapshot) of the database now, then replicates it. */
    async newGeneration (databaseId: string): Promise<void> {
      active.set(databaseId, Date.now())
      await restart(() => rmSync(join(metaOf(databaseId), 'generation'), { force: true }))
    },

    /** Forgets Litestream's local state of a database that is gone. */
    async forget (databaseId: string): Promise<void> {
      active.delete(databaseId)
      lag.forget(databaseId)
      await restart(() => rmSync(metaOf(databaseId), { recursive: true, force: true }))
    },

    replicaUrl: (key: string): string => replicaUrlOf(config, key),

    /** The replication lag of every database: aggregates and the longest waits (metrics). */
    lag,

    /** One database's replication state (the admin database detail). */
    stateOf (databaseId: string): LagState & { replicating: boolean, status: BackupStatus['status'] } {
      return { replicating: active.has(databaseId) && child !== undefined, status: status().status, ...lag.of(databaseId) }
    },

    /** Whether the replicator can run at all (its binary is there). */
    canRun: options.binaryProblem === undefined && options.bin !== undefined,

    status,

    async close (): Promise<void> {
      clearInterval(sweepTimer)
      clearTimeout(joinTimer)
      clearTimeout(backoffTimer)
      await chain
      closed = true
      await stop()
    }
  }
}

export type Supervisor = ReturnType<typeof createSupervisor>

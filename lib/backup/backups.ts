import type { DatabaseService } from '../databases/service.js'
import { removeTempFiles, tempPath } from '../databases/files.js'
import type { DatabaseRecord } from '../store/databases.js'
import type { Actor } from '../store/activity.js'
import { BackupUnavailable, DatabaseExists, DeletedDatabaseNotFound, OutsideRestoreWindow } from '../errors.js'
import type { DeletedStore, DeletedDatabase } from './deleted.js'
import { generations, LitestreamError, restore, snapshots, type Generation } from './litestream.js'
import type { Supervisor } from './supervisor.js'
import { hideDataDir } from '../engine/paths.js'

export interface RestoreRange { from: string, to: string }
export interface RestoreWindow extends RestoreRange { ranges: RestoreRange[] }
export interface Snapshot { createdAt: string, generation: string, sizeBytes: number }
interface Context { actor: Actor, ip?: string }

/** How long "snapshot now" waits for the new generation's snapshot to appear in the replica. */
const snapshotWaitMs = 30_000

/**
 * What the backup routes do: read a replica's window and snapshots, take a snapshot, restore in place, into a
 * new database, or a deleted one. Every restore goes through a temporary file that is integrity-checked before
 * it replaces or registers anything.
 */
export function createBackups (options: {
  bin: string | undefined
  dataDir: string
  supervisor: Supervisor
  databases: DatabaseService
  deleted: DeletedStore
  retentionMs: number
  isTaken: (name: string) => boolean
}) {
  const { supervisor, databases, deleted, dataDir } = options

  /** Litestream names files of the data directory and the replica: no server path reaches a client. */
  function hidePaths (message: string): string {
    const replicaRoot = supervisor.replicaUrl('_system').replace(/\/system$/, '')
    const replicaDir = replicaRoot.startsWith('file://') ? replicaRoot.slice('file://'.length) : replicaRoot
    return hideDataDir(message.split(replicaRoot).join('<replica>').split(replicaDir).join('<replica>'), dataDir)
  }

  function binary (): string {
    if (options.bin === undefined) throw new BackupUnavailable('backups are failing: the Litestream binary is not installed')
    return options.bin
  }

  /** A replica that cannot be read is a 503: the database itself keeps serving. */
  async function readReplica<T> (name: string, read: () => Promise<T>): Promise<T> {
    try {
      return await read()
    } catch (err) {
      if (err instanceof LitestreamError) throw new BackupUnavailable(`the backup of '${name}' cannot be read: ${hidePaths(err.message)}`)
      throw err
    }
  }

  async function generationsOf (key: string, name: string): Promise<Generation[]> {
    return await readReplica(name, async () => await generations(binary(), supervisor.replicaUrl(key)))
  }

  /**
   * The spans a restore can reach, one per generation: from its first to its last change. Litestream prints whole
   * seconds: a start is rounded up and an end down, so every instant inside a span is restorable. Between two
   * generations (the replicator was down while the database was written, or a snapshot started a new one) lies a
   * gap: no generation holds the state of then, and Litestream finds no backup for it.
   */
  function windowOf (list: Generation[]): RestoreWindow | null {
    if (list.length === 0) return null
    const ranges = list
      .map((g) => ({ from: Math.min(g.start.getTime() + 1000, g.end.getTime()), to: g.end.getTime() }))
      .sort((a, b) => a.from - b.from)
      .map((r) => ({ from: new Date(r.from).toISOString(), to: new Date(r.to).toISOString() }))
    const to = ranges.reduce((last, r) => r.to > last ? r.to : last, ranges[0].to)
    return { from: ranges[0].from, to, ranges }
  }

  /** The newest generation whose span holds `at`, or undefined in a gap. */
  function generationAt (list: Generation[], window: RestoreWindow, at: Date): string | undefined {
    const iso = at.toISOString()
    if (!window.ranges.some((r) => r.from <= iso && iso <= r.to)) return undefined
    const holding = list.filter((g) => g.start.getTime() + 1000 <= at.getTime() && at.getTime() <= g.end.getTime())
    return holding.sort((a, b) => b.end.getTime() - a.end.getTime())[0]?.generation
  }

  async function snapshotsOf (key: string, name: string): Promise<Snapshot[]> {
    const list = await readReplica(name, async () => await snapshots(binary(), supervisor.replicaUrl(key)))
    return list
      .map((s) => ({ createdAt: s.createdAt.toISOString(), generation: s.generation, sizeBytes: s.sizeBytes }))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
  }

  /** Restores the replica of `key` into a temporary file, at `timestamp` (ISO) or its latest state. */
  async function restoreToTemp (key: string, name: string, timestamp: string | undefined): Promise<string> {
    const list = await generationsOf(key, name)
    const window = windowOf(list)
    if (window === null) throw new BackupUnavailable(`no backup of '${name}' is available yet`)
    const at = timestamp === undefined ? undefined : new Date(timestamp)
    const generation = at === undefined ? undefined : generationAt(list, window, at)
    if (at !== undefined && generation === undefined) {
      const spans = window.ranges.map((r) => `from ${r.from} to ${r.to}`).join(', ')
      throw new OutsideRestoreWindow(`timestamp ${at.toISOString()} is outside the restore window of '${name}': ${spans}`)
    }
    const output = tempPath(dataDir, '.restore')
    try {
      await readReplica(name, async () => { await restore(binary(), supervisor.replicaUrl(key), output, at, generation) })
      return output
    } catch (err) {
      removeTempFiles(output)
      removeTempFiles(output + '.tmp')
      throw err
    }
  }

  async function restoreAsNew (key: string, sourceName: string, target: string, timestamp: string | undefined, group: string | null, ctx: Context, details: Record<string, unknown>) {
    if (options.isTaken(target)) throw new DatabaseExists(target)
    const file = await restoreToTemp(key, sourceName, timestamp)
    // import checks the file, takes the name only if it is still free, and removes the file on failure
    return await databases.import(file, target, group, ctx, 'database.restore', { ...details, timestamp: timestamp ?? 'latest' })
  }

  return {
    async list (record: DatabaseRecord) {
      const [window, list] = await Promise.all([
        generationsOf(record.id, record.name).then(windowOf),
        snapshotsOf(record.id, record.name)
      ])
      return { window, snapshots: list }
    },

    /** A new generation starts with a full snapshot; waits until it is in the replica. */
    async snapshot (record: DatabaseRecord): Promise<Snapshot> {
      if (!supervisor.canRun) throw new BackupUnavailable(`backups are failing: ${supervisor.status().message ?? 'the replicator cannot run'}`)
      const before = new Set((await snapshotsOf(record.id, record.name).catch(() => [])).map((s) => `${s.generation}/${s.createdAt}`))
      await supervisor.newGeneration(record.id)
      const deadline = Date.now() + snapshotWaitMs
      while (Date.now() < deadline) {
        const fresh = (await snapshotsOf(record.id, record.name).catch(() => [])).filter((s) => !before.has(`${s.generation}/${s.createdAt}`))
        if (fresh.length > 0) return fresh[fresh.length - 1]
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      throw new BackupUnavailable(`the snapshot of '${record.name}' did not reach its backup within ${snapshotWaitMs / 1000} s: ${supervisor.status().message ?? 'the replicator is slow'}`)
    },

    async restore (record: DatabaseRecord, body: { timestamp?: string, target?: string }, ctx: Context) {
      if (body.target !== undefined) return await restoreAsNew(record.id, record.name, body.target, body.timestamp, record.group, ctx, { from: record.name })
      const file = await restoreToTemp(record.id, record.name, body.timestamp)
      // the replicator lets go of the file after a final sync: the state replaced stays restorable
      return await databases.replace(record, file, ctx, { timestamp: body.timestamp ?? 'latest', inPlace: true })
    },

    async restoreDeleted (body: { name: string, deletedAt?: string, timestamp?: string, target: string }, ctx: Context) {
      const entry = deleted.list(options.retentionMs).find((d) => d.name === body.name && (body.deletedAt === undefined || d.deletedAt === new Date(body.deletedAt).toISOString()))
      if (entry === undefined) throw new DeletedDatabaseNotFound(body.name)
      return await restoreAsNew(entry.id, entry.name, body.target, body.timestamp, entry.group, ctx, { from: entry.name, deletedAt: entry.deletedAt })
    },

    listDeleted: (): DeletedDatabase[] => deleted.list(options.retentionMs)
  }
}

export type Backups = ReturnType<typeof createBackups>

import Database from 'better-sqlite3'
import type { BackupConfig } from '../../fastify.config.js'
import { restore } from '../backup/litestream.js'
import { replicaUrlOf, SYSTEM_KEY, type Supervisor } from '../backup/supervisor.js'
import { moveDatabaseFiles, removeDatabaseFiles, removeTempFiles, tempPath } from '../databases/files.js'
import type { Engine } from '../engine/index.js'
import type { EngineLogger } from '../engine/types.js'
import type { SystemStore } from '../store/index.js'
import type { DatabaseRecord, DatabaseRow } from '../store/databases.js'
import { DatabaseUnavailable } from '../errors.js'
import type { DirectoryEntry } from './keys.js'
import type { ClusterPlacement } from './placement.js'
import type { Membership } from './membership.js'

/** What a database carries from one node's `_system.db` to another's: its registry row and its API keys. */
export interface DatabaseRows { database: DatabaseRow, keys: Array<Record<string, unknown>> }

export interface HandoverOptions {
  self: string
  dataDir: string
  backup: BackupConfig
  bin: string
  store: SystemStore
  engine: Engine
  supervisor: Supervisor
  databaseFile: (name: string) => string
  placement: ClusterPlacement
  membership: Membership
  logger: EngineLogger
}

const fileJob = { timeoutMs: 30 * 60_000 }

/**
 * Moving databases between nodes, always through the replica: a failover restores an orphan (its owner's lease
 * expired) from its replica and its rows from the last owner's `_system.db` replica; a live move lets the owner
 * ship a full snapshot first and hands the rows over directly. Names being taken or handed over answer 503.
 */
export function createHandover (options: HandoverOptions) {
  const { self, dataDir, store, engine, supervisor, databaseFile, placement, membership, logger } = options
  /** Databases this node has claimed and is restoring, or is handing over: 503 meanwhile. */
  const busy = new Set<string>()
  let sweeping = false

  const rowsOf = (db: Database.Database, id: string): DatabaseRows | undefined => {
    const database = db.prepare('SELECT id, uuid, name, grp, readonly, cors_origins, table_count, max_size_bytes, created_at FROM databases WHERE id = ?').get(id) as DatabaseRow | undefined
    if (database === undefined) return undefined
    return { database, keys: db.prepare('SELECT * FROM api_keys WHERE database_id = ?').all(id) as Array<Record<string, unknown>> }
  }

  /** The rows of a database in the `_system.db` replica of the node that owned it last. */
  async function rowsFromReplica (node: string, id: string): Promise<DatabaseRows | undefined> {
    const file = tempPath(dataDir, '.system')
    try {
      await restore(options.bin, replicaUrlOf({ ...options.backup, systemPath: `nodes/${node}/system` }, SYSTEM_KEY), file)
      const db = new Database(file, { readonly: true })
      try {
        return rowsOf(db, id)
      } finally {
        db.close()
      }
    } finally {
      removeTempFiles(file)
    }
  }

  /**
   * Unregisters a local copy that is not this node's any more, and removes its files (the owner and the replica hold
   * it). The replicator lets go of it too: it must not add to the replica the new owner writes to.
   */
  function dropLocal (record: DatabaseRecord, { replicated = true } = {}): void {
    store.databases.remove(record)
    store.keys.forgetDatabase(record.id)
    removeDatabaseFiles(databaseFile(record.name))
    if (replicated) supervisor.forget(record.id).catch((err: Error) => logger.error({ err: err.message }, 'could not stop replicating a dropped copy'))
  }

  /** Restores the database's replica, checks it, and registers it here with its rows. */
  async function install (name: string, rows: DatabaseRows): Promise<void> {
    const id = rows.database.id
    const file = tempPath(dataDir, '.restore')
    try {
      await restore(options.bin, supervisor.replicaUrl(id), file)
      await engine.run({ file }, 'database.check', {}, fileJob)
      // Litestream's position in an older copy of this database means nothing now: it starts a new generation
      await supervisor.forget(id)
      const stale = [store.databases.findById(id), store.databases.findByName(name)].filter((r): r is DatabaseRecord => r !== undefined)
      for (const record of new Set(stale)) await engine.exclusive(record.id, () => dropLocal(record, { replicated: record.id !== id }))
      moveDatabaseFiles(file, databaseFile(name))
      const insertKey = (row: Record<string, unknown>): void => {
        const columns = Object.keys(row)
        store.db.prepare(`INSERT INTO api_keys (${columns.join(', ')}) VALUES (${columns.map((c) => '@' + c).join(', ')})`).run(row)
      }
      store.db.transaction(() => {
        store.databases.adopt({ ...rows.database, name })
        for (const key of rows.keys) insertKey(key)
      })()
      supervisor.touch(id)
    } finally {
      removeTempFiles(file)
    }
  }

  /** Takes one orphan: claims it in etcd first (one node wins), then restores it. */
  async function takeOrphan (name: string, entry: DirectoryEntry, seen: string): Promise<void> {
    const id = entry.id as string
    const local = store.databases.findById(id)
    // the last owner itself, back with its copy: nothing to restore
    const fresh = entry.node === self && local !== undefined && local.name === name
    busy.add(name)
    try {
      const lease = membership.leaseId()
      if (!await placement.claim(name, seen, { id, node: self }, lease)) return
      if (fresh) {
        logger.info({ database: name }, 'took back a database this node owned last')
        return
      }
      const started = Date.now()
      try {
        const rows = await rowsFromReplica(entry.node, id)
        if (rows === undefined) throw new Error(`the system replica of node '${entry.node}' does not hold database ${id}`)
        await install(name, rows)
      } catch (err) {
        // never own a database without its data: it stays an orphan, and the next sweep tries again
        await placement.release(name, seen, lease)
        throw err
      }
      logger.warn({ database: name, from: entry.node, ms: Date.now() - started }, 'failover: restored a database from its replica and took it over')
    } finally {
      busy.delete(name)
    }
  }

  return {
    /** Whether this node is restoring or handing over the database right now. */
    isBusy: (name: string): boolean => busy.has(name),

    /** Takes every orphan meant for this node; runs one sweep at a time. */
    async sweep (): Promise<void> {
      if (sweeping || !membership.writable()) return
      sweeping = true
      try {
        for (const [name, entry, seen] of placement.orphansFor()) {
          await takeOrphan(name, entry, seen).catch((err: Error) => {
            logger.error({ err: err.message, database: name }, 'failover: could not take over a database; retrying at the next sweep')
          })
        }
      } finally {
        sweeping = false
      }
    },

    /** After a new lease: local copies that another node owns now are stale. */
    dropStale (): void {
      for (const record of store.databases.list()) {
        const owner = placement.ownerOf(record.name)
        const entry = placement.entry(record.name)
        if (owner !== undefined && owner.node !== self && !busy.has(record.name)) {
          engine.exclusive(record.id, () => dropLocal(record)).then(
            () => logger.warn({ database: record.name, owner: owner.node }, 'dropped a stale local copy: another node owns this database now'),
            (err: Error) => logger.error({ err: err.message, database: record.name }, 'could not drop a stale local copy')
          )
        } else if (entry === undefined && owner === undefined) {
          // a database from before cluster mode, or one whose publication a crash lost: it becomes this node's
          void placement.reserve(record.name, membership.leaseId()).then((ok) => ok ? placement.publish(record.name, record.id) : undefined)
        }
      }
    },

    /**
     * Hands a database to `node`: new requests wait out a 503, running ones finish, the replica gets a full
     * snapshot and the last WAL, the target restores it and takes the placement in one transaction, and only
     * then does this node let go of its copy. A failure leaves the database here.
     */
    async moveOut (record: DatabaseRecord, node: string, target: string, send: (body: unknown) => Promise<void>): Promise<void> {
      const expected = placement.rawPlacement(record.name)
      if (expected === undefined) throw new DatabaseUnavailable(`'${record.name}' has no placement`)
      busy.add(record.name)
      try {
        await engine.exclusive(record.id, async () => {
          await supervisor.newGeneration(record.id)
          await supervisor.forget(record.id)
          const rows = rowsOf(store.db, record.id)
          await send({ name: record.name, expected, rows })
          placement.learn(record.name, { node, lease: '' })
          dropLocal(record, { replicated: false })
        })
        logger.info({ database: record.name, to: node, url: target }, 'moved a database to another node')
      } catch (err) {
        supervisor.touch(record.id)
        throw err
      } finally {
        busy.delete(record.name)
      }
    },

    /** The receiving side of a move: restores the replica, registers the rows, takes the placement. */
    async moveIn (name: string, expected: string, rows: DatabaseRows): Promise<void> {
      busy.add(name)
      try {
        await install(name, rows)
        if (!await placement.takeOver(name, expected, rows.database.id, membership.leaseId())) {
          const record = store.databases.findById(rows.database.id)
          if (record !== undefined) await engine.exclusive(record.id, () => dropLocal(record))
          throw new DatabaseUnavailable(`the placement of '${name}' changed during the move`)
        }
      } finally {
        busy.delete(name)
      }
    }
  }
}

export type Handover = ReturnType<typeof createHandover>

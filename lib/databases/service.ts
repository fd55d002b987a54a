import { existsSync } from 'node:fs'
import { basename } from 'node:path'
import type { Engine } from '../engine/index.js'
import type { SystemStore } from '../store/index.js'
import type { DatabaseConfigChanges, DatabaseRecord } from '../store/databases.js'
import type { Actor } from '../store/activity.js'
import { DatabaseExists } from '../errors.js'
import { createEmptyFile, fileSize, moveDatabaseFiles, replaceDatabaseFile, removeDatabaseFiles, removeTempFiles, tempPath } from './files.js'
import { recoverFilePlans, underPlan } from './pending.js'
import { createTempSpace } from './temp-space.js'

export interface ServiceOptions {
  store: SystemStore
  engine: Engine
  dataDir: string
  databaseFile: (name: string) => string
  /** Exports of one database at once (EXPORTS_PER_DATABASE). */
  exportsPerDatabase?: number
  /** Bytes temporary copies may hold at once (TMP_MAX_BYTES). */
  tmpMaxBytes?: number
}

/** An export copy ready to stream; `done` removes it and frees its slot and space (safe to call more than once). */
export interface ExportCopy { file: string, done: () => boolean }

interface Context { actor: Actor, ip?: string }

type RenameListener = (record: DatabaseRecord, oldName: string) => Promise<void> | void
/** Runs before a database's files move, go or are replaced; the function it returns runs once that is over. */
type FileGuard = (record: DatabaseRecord, change: FileChange) => Promise<() => void>
/** Remove and replace destroy the current contents; rename keeps them. */
export type FileChange = 'rename' | 'remove' | 'replace'
type RemoveListener = (record: DatabaseRecord) => Promise<void> | void

/**
 * The lifecycle of hosted databases: the registry row, the files and the activity entry change
 * together. Rename and delete hold the database to themselves (engine.exclusive) while its files move.
 * Create, rename, import and delete run under a written file plan (pending.ts): a crash leaves the old state or
 * the new one, and creating the service settles whatever a crash interrupted.
 */
// integrity_check of a 1 GiB upload, or VACUUM INTO of a large database, takes far longer than one statement's deadline
const fileJob = { timeoutMs: 30 * 60_000 }

export function createDatabaseService ({ store, engine, dataDir, databaseFile, exportsPerDatabase = Infinity, tmpMaxBytes = Number.MAX_SAFE_INTEGER }: ServiceOptions) {
  const tempSpace = createTempSpace(tmpMaxBytes, exportsPerDatabase)
  const renameListeners: RenameListener[] = []
  const fileGuards: FileGuard[] = []
  const removeListeners: RemoveListener[] = []
  async function guarded<T> (record: DatabaseRecord, kind: FileChange, change: () => Promise<T>): Promise<T> {
    const releases: Array<() => void> = []
    try {
      for (const guard of fileGuards) releases.push(await guard(record, kind))
      return await change()
    } finally {
      for (const release of releases) release()
    }
  }
  const isRegistered = (name: string): boolean => store.databases.findByName(name) !== undefined
  /** A name is free when neither the registry nor an unregistered file holds it; such a file is never replaced. */
  const assertAvailable = (name: string): void => {
    store.databases.assertFree(name)
    if (existsSync(databaseFile(name))) throw new DatabaseExists(name)
  }
  const recovered = recoverFilePlans(dataDir, isRegistered)
  const log = (action: string, record: DatabaseRecord, ctx: Context, details?: Record<string, unknown>) =>
    store.activity.add({ action, actor: ctx.actor, database: { id: record.id, name: record.name }, details, ip: ctx.ip })

  const summary = (record: DatabaseRecord) => ({
    id: record.id,
    name: record.name,
    path: basename(databaseFile(record.name)),
    createdAt: record.createdAt,
    group: record.group,
    readonly: record.readonly,
    sizeBytes: fileSize(databaseFile(record.name)),
    tableCount: record.tableCount
  })

  return {
    /** Interrupted creates, renames, imports and deletes that start-up completed or undid. */
    recovered,
    summary,
    onRename (listener: RenameListener): void { renameListeners.push(listener) },
    onRemove (listener: RemoveListener): void { removeListeners.push(listener) },
    guardFileChanges (guard: FileGuard): void { fileGuards.push(guard) },

    async create (name: string, group: string | null, ctx: Context) {
      store.databases.assertFree(name)
      const file = databaseFile(name)
      // an unregistered file of that name is adopted, after the same checks as an import
      const adopted = existsSync(file)
      const checked = adopted ? await engine.run({ file }, 'database.check', {}, fileJob) : undefined
      // connections never create files: a new one is made before its row, so a crash leaves both or neither
      const plan = { name, ifRegistered: file, ifNot: adopted ? file : null }
      const record = underPlan(dataDir, plan, isRegistered, () => {
        if (!adopted) createEmptyFile(file)
        return store.databases.create(name, group)
      })
      try {
        await engine.run(record.id, 'database.create', {})
      } catch (err) {
        underPlan(dataDir, plan, isRegistered, () => {
          store.databases.remove(record)
          if (!adopted) removeDatabaseFiles(file)
        })
        throw err
      }
      // an adopted file comes with its tables, which the database list counts
      if (checked !== undefined) store.databases.setTableCount(record, checked.tables)
      log('database.create', record, ctx, group ? { group } : undefined)
      return record
    },

    async detail (record: DatabaseRecord, counts: boolean) {
      let tables
      try {
        tables = await engine.run(record.id, 'database.tables', { counts })
      } catch (err) {
        // the detail is where an admin looks for what is wrong: it answers, and says so
        if ((err as { code?: string }).code !== 'DATABASE_UNAVAILABLE') throw err
        return { ...summary(record), tables: [], status: 'unavailable' as const, statusReason: (err as Error).message }
      }
      store.databases.setTableCount(record, tables.filter((t) => t.type === 'table').length)
      return { ...summary(record), tables, status: 'ok' as const, statusReason: null }
    },

    async rename (record: DatabaseRecord, newName: string, ctx: Context) {
      if (newName === record.name) return record
      store.databases.assertFree(newName)
      const oldName = record.name
      await guarded(record, 'rename', () => engine.exclusive(record.id, () => {
        assertAvailable(newName)
        const plan = { name: newName, ifRegistered: databaseFile(newName), ifNot: databaseFile(oldName) }
        underPlan(dataDir, plan, isRegistered, () => {
          moveDatabaseFiles(databaseFile(oldName), databaseFile(newName))
          store.renameDatabase(record, newName)
        })
      }))
      for (const listener of renameListeners) await listener(record, oldName)
      log('database.rename', record, ctx, { from: oldName, to: newName })
      return record
    },

    async remove (record: DatabaseRecord, ctx: Context) {
      await guarded(record, 'remove', () => engine.exclusive(record.id, () => {
        const plan = { name: record.name, ifRegistered: databaseFile(record.name), ifNot: null }
        underPlan(dataDir, plan, isRegistered, () => {
          store.databases.remove(record)
          store.keys.forgetDatabase(record.id)
          removeDatabaseFiles(databaseFile(record.name))
        })
      }))
      for (const listener of removeListeners) await listener(record)
      log('database.delete', record, ctx)
    },

    setConfig (record: DatabaseRecord, changes: DatabaseConfigChanges, ctx: Context) {
      store.databases.setConfig(record, changes)
      log('database.config', record, ctx, { ...changes })
      return record
    },

    /** Checks an uploaded file and moves it into place as a new database; the upload is removed on any failure. */
    async import (upload: string, name: string, group: string | null, ctx: Context, action = 'database.import', details: Record<string, unknown> = {}) {
      try {
        assertAvailable(name)
        const { tables } = await engine.run({ file: upload }, 'database.check', {}, fileJob)
        assertAvailable(name) // the check took a while: the name may have been taken meanwhile
        const record = underPlan(dataDir, { name, ifRegistered: databaseFile(name), ifNot: null }, isRegistered, () => {
          moveDatabaseFiles(upload, databaseFile(name))
          return store.databases.create(name, group)
        })
        store.databases.setTableCount(record, tables)
        log(action, record, ctx, { tables, ...details })
        return record
      } finally {
        removeTempFiles(upload)
      }
    },

    /**
     * Replaces a database's contents with `source` (a restored copy in `.tmp`) after an integrity check; its
     * jobs wait meanwhile. The source is removed on any failure.
     */
    async replace (record: DatabaseRecord, source: string, ctx: Context, details: Record<string, unknown>) {
      try {
        await engine.run({ file: source }, 'database.check', {}, fileJob)
        await guarded(record, 'replace', () => engine.exclusive(record.id, () => {
          replaceDatabaseFile(source, databaseFile(record.name))
        }))
        log('database.restore', record, ctx, details)
        return record
      } finally {
        removeTempFiles(source)
      }
    },

    /**
     * VACUUM INTO a temporary file; the caller streams it and calls `done` afterwards. Takes one of the database's
     * export slots and reserves the file's size (a copy is never larger) in the temporary space first.
     */
    async export (record: DatabaseRecord): Promise<ExportCopy> {
      const giveSlot = tempSpace.exportSlot(record.id)
      let reserved = 0
      let dest: string | undefined
      let finished = false
      const done = (): boolean => {
        if (finished) return true
        finished = true
        const removed = dest === undefined || removeTempFiles(dest)
        // a copy that could not be removed still takes its space: the next start clears it
        if (removed) tempSpace.release(reserved)
        giveSlot()
        return removed
      }
      try {
        const size = fileSize(databaseFile(record.name))
        tempSpace.reserve(size)
        reserved = size
        dest = tempPath(dataDir, '.db')
        await engine.run(record.id, 'database.export', { dest }, fileJob)
        return { file: dest, done }
      } catch (err) {
        done()
        throw err
      }
    },

    /** Temporary space shared by exports and uploads (@see temp-space.ts). */
    tempSpace
  }
}

export type DatabaseService = ReturnType<typeof createDatabaseService>

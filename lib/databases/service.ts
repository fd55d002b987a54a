import { existsSync, writeFileSync } from 'node:fs'
import { basename } from 'node:path'
import type { Engine } from '../engine/index.js'
import type { SystemStore } from '../store/index.js'
import type { DatabaseRecord } from '../store/databases.js'
import type { Actor } from '../store/activity.js'
import { DatabaseExists } from '../errors.js'
import { fileSize, moveDatabaseFiles, removeDatabaseFiles, removeTempFiles, tempPath } from './files.js'
import { recoverFilePlans, underPlan } from './pending.js'

export interface ServiceOptions {
  store: SystemStore
  engine: Engine
  dataDir: string
  databaseFile: (name: string) => string
}

interface Context { actor: Actor, ip?: string }

type RenameListener = (record: DatabaseRecord, oldName: string) => Promise<void> | void

/**
 * The lifecycle of hosted databases: the registry row, the files and the activity entry change
 * together. Rename and delete hold the database to themselves (engine.exclusive) while its files move.
 * Create, rename, import and delete run under a written file plan (pending.ts): a crash leaves the old state or
 * the new one, and creating the service settles whatever a crash interrupted.
 */
// integrity_check of a 1 GiB upload, or VACUUM INTO of a large database, takes far longer than one statement's deadline
const fileJob = { timeoutMs: 30 * 60_000 }

export function createDatabaseService ({ store, engine, dataDir, databaseFile }: ServiceOptions) {
  const renameListeners: RenameListener[] = []
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

    async create (name: string, group: string | null, ctx: Context) {
      store.databases.assertFree(name)
      const file = databaseFile(name)
      // an unregistered file of that name is adopted, after the same checks as an import
      const adopted = existsSync(file)
      if (adopted) await engine.run({ file }, 'database.check', {}, fileJob)
      // connections never create files: a new one is made before its row, so a crash leaves both or neither
      const plan = { name, ifRegistered: file, ifNot: adopted ? file : null }
      const record = underPlan(dataDir, plan, isRegistered, () => {
        if (!adopted) writeFileSync(file, '', { flag: 'wx' })
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
      await engine.exclusive(record.id, () => {
        assertAvailable(newName)
        const plan = { name: newName, ifRegistered: databaseFile(newName), ifNot: databaseFile(oldName) }
        underPlan(dataDir, plan, isRegistered, () => {
          moveDatabaseFiles(databaseFile(oldName), databaseFile(newName))
          store.renameDatabase(record, newName)
        })
      })
      for (const listener of renameListeners) await listener(record, oldName)
      log('database.rename', record, ctx, { from: oldName, to: newName })
      return record
    },

    async remove (record: DatabaseRecord, ctx: Context) {
      await engine.exclusive(record.id, () => {
        const plan = { name: record.name, ifRegistered: databaseFile(record.name), ifNot: null }
        underPlan(dataDir, plan, isRegistered, () => {
          store.databases.remove(record)
          store.keys.forgetDatabase(record.id)
          removeDatabaseFiles(databaseFile(record.name))
        })
      })
      log('database.delete', record, ctx)
    },

    setConfig (record: DatabaseRecord, changes: { readonly?: boolean, corsOrigins?: string[] }, ctx: Context) {
      store.databases.setConfig(record, changes)
      log('database.config', record, ctx, { ...changes })
      return record
    },

    /** Checks an uploaded file and moves it into place as a new database; the upload is removed on any failure. */
    async import (upload: string, name: string, group: string | null, ctx: Context) {
      try {
        assertAvailable(name)
        const { tables } = await engine.run({ file: upload }, 'database.check', {}, fileJob)
        assertAvailable(name) // the check took a while: the name may have been taken meanwhile
        const record = underPlan(dataDir, { name, ifRegistered: databaseFile(name), ifNot: null }, isRegistered, () => {
          moveDatabaseFiles(upload, databaseFile(name))
          return store.databases.create(name, group)
        })
        store.databases.setTableCount(record, tables)
        log('database.import', record, ctx, { tables })
        return record
      } finally {
        removeTempFiles(upload)
      }
    },

    /** VACUUM INTO a temporary file; the caller streams it and removes it afterwards. */
    async export (record: DatabaseRecord): Promise<string> {
      const dest = tempPath(dataDir, '.db')
      try {
        await engine.run(record.id, 'database.export', { dest }, fileJob)
        return dest
      } catch (err) {
        removeTempFiles(dest)
        throw err
      }
    }
  }
}

export type DatabaseService = ReturnType<typeof createDatabaseService>

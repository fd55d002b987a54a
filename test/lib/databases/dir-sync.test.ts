// Crash safety against power cuts: a rename, create or unlink lives only in the directory's blocks until that
// directory is fsynced. Every file operation of the database service must end with the data directory synced
// after its last change of a name there. The fs calls are watched through the patched CommonJS object, which
// ESM bindings of node:fs follow once syncBuiltinESMExports() runs (as test/e2e/crash/interrupt.ts does).
import t from 'tap'
import fs from 'node:fs'
import { syncBuiltinESMExports } from 'node:module'
import { join, resolve } from 'node:path'
import Database from 'better-sqlite3'
import { createSystemStore } from '../../../lib/store/index.js'
import { createEngine } from '../../../lib/engine/index.js'
import { createDatabaseService } from '../../../lib/databases/service.js'
import { tempPath } from '../../../lib/databases/files.js'
import { tempDir } from '../../helper.js'

type Event = { op: 'change', path: string } | { op: 'sync', path: string }
const events: Event[] = []
const openFds = new Map<number, string>()
const original = { openSync: fs.openSync, fsyncSync: fs.fsyncSync, renameSync: fs.renameSync, rmSync: fs.rmSync, writeFileSync: fs.writeFileSync }
Object.assign(fs, {
  openSync: (...args: Parameters<typeof fs.openSync>) => {
    const fd = original.openSync(...args)
    openFds.set(fd, resolve(String(args[0])))
    return fd
  },
  fsyncSync: (fd: number) => {
    const path = openFds.get(fd)
    if (path !== undefined) events.push({ op: 'sync', path })
    return original.fsyncSync(fd)
  },
  renameSync: (from: fs.PathLike, to: fs.PathLike) => {
    events.push({ op: 'change', path: resolve(String(to)) }, { op: 'change', path: resolve(String(from)) })
    return original.renameSync(from, to)
  },
  rmSync: (path: fs.PathLike, options?: fs.RmOptions) => {
    if (fs.existsSync(path)) events.push({ op: 'change', path: resolve(String(path)) })
    return original.rmSync(path, options)
  },
  writeFileSync: (...args: Parameters<typeof fs.writeFileSync>) => {
    if (!fs.existsSync(args[0] as string)) events.push({ op: 'change', path: resolve(String(args[0])) })
    return original.writeFileSync(...args)
  }
})
syncBuiltinESMExports()
t.teardown(() => {
  Object.assign(fs, original)
  syncBuiltinESMExports()
})

const dataDir = resolve(tempDir(t, 'litehouse-dirsync-'))
const store = createSystemStore({ dataDir, sessionTtlMs: 3600_000 })
const databaseFile = (name: string): string => join(dataDir, `${name}.db`)
const engine = createEngine({
  dataDir, workers: 1, maxConnections: 8, queryTimeoutMs: 10_000, maxQueryRows: 100,
  locate: (id) => {
    const record = store.databases.findById(id)
    return record ? databaseFile(record.name) : undefined
  }
})
const service = createDatabaseService({ store, engine, dataDir, databaseFile })
const ctx = { actor: { type: 'admin' as const, id: null } }
t.teardown(async () => {
  await engine.close()
  store.close()
})

/** Directories whose names `run` changed in the data directory and that were not synced after their last change. */
async function unsynced (run: () => Promise<unknown>): Promise<string[]> {
  events.length = 0
  await run()
  const dirty = new Set<string>()
  for (const event of events) {
    if (event.op === 'change' && event.path.startsWith(dataDir) && /\.db(-wal|-shm)?$/.test(event.path)) dirty.add(resolve(event.path, '..'))
    if (event.op === 'sync') dirty.delete(event.path)
  }
  return [...dirty]
}

t.test('create syncs the data directory after making the file', async (t) => {
  t.same(await unsynced(() => service.create('alpha', null, ctx)), [])
  t.ok(fs.existsSync(databaseFile('alpha')))
})

t.test('rename syncs the data directory after the last move', async (t) => {
  await engine.run(store.databases.require('alpha').id, 'database.exec', { sql: 'CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1)' })
  t.same(await unsynced(() => service.rename(store.databases.require('alpha'), 'beta', ctx)), [])
  t.ok(fs.existsSync(databaseFile('beta')))
})

t.test('import syncs both the upload folder and the data directory', async (t) => {
  const upload = tempPath(dataDir, '.upload')
  const db = new Database(upload)
  db.exec('CREATE TABLE s (n INTEGER)')
  db.close()
  t.same(await unsynced(() => service.import(upload, 'gamma', null, ctx)), [])
  t.ok(fs.existsSync(databaseFile('gamma')))
})

t.test('delete syncs the data directory after removing the files', async (t) => {
  t.same(await unsynced(() => service.remove(store.databases.require('beta'), ctx)), [])
  t.notOk(fs.existsSync(databaseFile('beta')))
})

import fp from 'fastify-plugin'
import { existsSync, statSync } from 'node:fs'
import { binaryProblem, litestreamBinary } from '../lib/backup/litestream.js'
import { createSupervisor, type Supervisor } from '../lib/backup/supervisor.js'
import { createBackups, type Backups } from '../lib/backup/backups.js'
import { createDeletedStore, durationMs } from '../lib/backup/deleted.js'
import { readOnlyJobs } from '../lib/backup/read-jobs.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** Continuous backups; undefined when BACKUP_URL is not set. */
    backups: (Backups & { supervisor: Supervisor }) | undefined
  }
}

function walSize (file: string): number {
  try {
    return statSync(file + '-wal').size
  } catch {
    return 0
  }
}

/** @see lib/backup: Litestream supervised over the databases being written, and the restores. */
export default fp(async (fastify) => {
  const { config, store, engine, databases, databaseFile } = fastify
  if (config.backup === undefined) {
    fastify.decorate('backups', undefined)
    return
  }
  const bin = litestreamBinary(config.backup.bin)
  const supervisor = createSupervisor({
    config: config.backup,
    bin,
    binaryProblem: binaryProblem(bin),
    dataDir: config.dataDir,
    // a WAL left by a crash may hold writes the replica lacks: those databases are replicated from the start
    initial: store.databases.list().filter((record) => walSize(databaseFile(record.name)) > 0).map((record) => record.id),
    fileOf: (id) => {
      const record = store.databases.findById(id)
      const file = record ? databaseFile(record.name) : undefined
      return file && existsSync(file) ? file : undefined
    },
    logger: fastify.log
  })
  const deleted = createDeletedStore(store.db)
  const backups = createBackups({
    bin,
    dataDir: config.dataDir,
    supervisor,
    databases,
    deleted,
    retentionMs: durationMs(config.backup.retention),
    isTaken: (name) => store.databases.findByName(name) !== undefined || existsSync(databaseFile(name))
  })

  engine.watch((databaseId, jobName) => {
    if (!readOnlyJobs.has(jobName)) supervisor.touch(databaseId)
  })
  // Before a delete or a restore in place, a snapshot: an operator can always go one step back. Then, and
  // before a rename, the replicator lets go of the database (after a final sync) while its files change.
  databases.guardFileChanges(async (record, change) => {
    if (change !== 'rename') {
      try {
        await backups.snapshot(record)
      } catch (err) {
        fastify.log.error({ err, database: record.name }, `no snapshot could be taken before the ${change} of '${record.name}': it goes ahead`)
      }
    }
    return await supervisor.exclude(record.id, { replaced: change === 'replace' })
  })
  databases.onRemove(async (record) => {
    deleted.add(record)
    await supervisor.forget(record.id)
  })

  fastify.decorate('backups', Object.assign(backups, { supervisor }))
  fastify.addHook('onClose', async () => { await supervisor.close() })
}, { name: 'backup', dependencies: ['config', 'store', 'engine', 'databases'], fastify: '5.x' })

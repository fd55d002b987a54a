// Disaster recovery: brings `_system.db` (admins, keys, registry, settings) and then every registered database
// back from BACKUP_URL into an empty DATA_DIR. Usage: `BACKUP_URL=... DATA_DIR=... npm run restore-all [-- --concurrency=4]`.
// Every restored file passes PRAGMA integrity_check before it takes its name; the exit code is 1 if any
// database could not be restored (the others are restored all the same), 2 if nothing could start.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { loadConfig } from '../fastify.config.js'
import { binaryProblem, litestreamBinary, restore } from '../lib/backup/litestream.js'
import { replicaUrlOf, SYSTEM_KEY } from '../lib/backup/supervisor.js'
import { createSystemStore, SYSTEM_DB } from '../lib/store/index.js'
import { syncDirectory } from '../lib/databases/files.js'

function fail (message: string): never {
  process.stderr.write(`restore-all: ${message}\n`)
  process.exit(2)
}

/** Databases restored at once: `--concurrency=N` (default 4). */
const concurrencyArg = process.argv.slice(2).find((arg) => arg.startsWith('--concurrency='))
const concurrency = concurrencyArg === undefined ? 4 : Number(concurrencyArg.slice('--concurrency='.length))
if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) fail('--concurrency is a whole number from 1 to 64')

const config = loadConfig(process.env)
if (config.backup === undefined) fail('set BACKUP_URL to the replica to restore from')
const backup = config.backup
const bin = litestreamBinary(backup.bin)
const problem = binaryProblem(bin)
if (problem !== undefined || bin === undefined) fail(problem ?? 'no Litestream binary')
const dataDir = config.dataDir
mkdirSync(dataDir, { recursive: true })
const present = readdirSync(dataDir).filter((entry) => entry.endsWith('.db') || entry.endsWith('.db-wal'))
if (present.length > 0) fail(`DATA_DIR ${dataDir} is not empty (${present.slice(0, 3).join(', ')}): restore into an empty directory`)

/** Restores one replica into `file` through a temporary name, checked before it takes the name. */
async function restoreOne (key: string, file: string): Promise<void> {
  const staging = join(dataDir, `.restore-${key}.db`)
  rmSync(staging, { force: true })
  rmSync(staging + '.tmp', { force: true })
  await restore(bin as string, replicaUrlOf(backup, key), staging)
  const db = new Database(staging)
  try {
    const [{ integrity_check: result }] = db.pragma('integrity_check') as Array<{ integrity_check: string }>
    if (result !== 'ok') throw new Error(`integrity check failed: ${result}`)
    db.pragma('journal_mode = WAL')
    db.pragma('wal_checkpoint(TRUNCATE)')
  } finally {
    db.close()
  }
  renameSync(staging, file)
}

const started = Date.now()
try {
  await restoreOne(SYSTEM_KEY, join(dataDir, SYSTEM_DB))
} catch (err) {
  fail(`could not restore ${SYSTEM_DB}: ${(err as Error).message}`)
}
const store = createSystemStore({ dataDir, sessionTtlMs: config.sessionTtlMs })
const databases = store.databases.list()
store.close()
process.stdout.write(`restored ${SYSTEM_DB}: ${databases.length} registered databases\n`)

// each restore is mostly a Litestream process reading the replica: several at once keep the cores busy
let failed = 0
let next = 0
await Promise.all(Array.from({ length: Math.min(concurrency, databases.length) }, async () => {
  while (next < databases.length) {
    const record = databases[next++]
    const file = join(dataDir, `${record.name}.db`)
    try {
      if (existsSync(file)) throw new Error('its file already exists')
      await restoreOne(record.id, file)
      process.stdout.write(`restored ${record.name}\n`)
    } catch (err) {
      failed++
      process.stderr.write(`could not restore ${record.name} (${record.id}): ${(err as Error).message}\n`)
    }
  }
}))
// the renames are durable before the operator starts the server on them
syncDirectory(dataDir)
process.stdout.write(`done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${databases.length - failed} restored, ${failed} failed\n`)
process.exit(failed > 0 ? 1 : 0)

// Runs one create, rename, import or delete through the real database service and kills itself (SIGKILL) just before
// its N-th file-system step, so windows.test.ts can inspect what every possible crash point leaves behind.
// Usage: node --import tsx interrupt.ts <dataDir> <create|rename|import|delete> <N>; prints DONE when no step was left.
// The steps are counted on the fs functions the service uses; ESM bindings of node:fs follow the patched
// CommonJS object once syncBuiltinESMExports() runs.
import fs from 'node:fs'
import { syncBuiltinESMExports } from 'node:module'
import { join } from 'node:path'
import { createSystemStore } from '../../../lib/store/index.js'
import { createEngine } from '../../../lib/engine/index.js'
import { createDatabaseService } from '../../../lib/databases/service.js'
import { tempPath } from '../../../lib/databases/files.js'

const [dataDir, operation, crashBefore] = process.argv.slice(2)
const store = createSystemStore({ dataDir, sessionTtlMs: 3600_000 })
const databaseFile = (name: string): string => join(dataDir, `${name}.db`)
const engine = createEngine({
  dataDir,
  workers: 1,
  maxConnections: 8,
  queryTimeoutMs: 10_000,
  maxQueryRows: 100,
  locate: (id) => {
    const record = store.databases.findById(id)
    return record ? databaseFile(record.name) : undefined
  }
})
const service = createDatabaseService({ store, engine, dataDir, databaseFile })
const ctx = { actor: { type: 'admin' as const, id: null } }

// Removing the upload from `.tmp` is not a step: start-up empties that folder anyway.
const temporary = join(dataDir, '.tmp')
let steps = 0
let armed = true
function trap (name: 'writeFileSync' | 'renameSync' | 'rmSync' | 'rmdirSync'): void {
  const original = fs[name] as (...args: unknown[]) => unknown
  Object.assign(fs, {
    [name]: (...args: unknown[]) => {
      const cleanup = name === 'rmSync' && String(args[0]).startsWith(temporary)
      if (armed && !cleanup && ++steps === Number(crashBefore)) process.kill(process.pid, 'SIGKILL')
      return original(...args)
    }
  })
}

const upload = tempPath(dataDir, '.upload')
fs.copyFileSync(join(dataDir, 'source.sqlite'), upload)
for (const name of ['writeFileSync', 'renameSync', 'rmSync', 'rmdirSync'] as const) trap(name)
syncBuiltinESMExports()

if (operation === 'create') await service.create('delta', null, ctx)
else if (operation === 'rename') await service.rename(store.databases.require('alpha'), 'beta', ctx)
else if (operation === 'import') await service.import(upload, 'gamma', null, ctx)
else if (operation === 'delete') await service.remove(store.databases.require('alpha'), ctx)
else throw new Error(`unknown operation ${operation}`)

armed = false
process.stdout.write(`DONE after ${steps} steps\n`)
await engine.close()
store.close()

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createEngine, type Engine, type EngineOptions } from '../../../lib/engine/index.js'
import { JsonText, type Rows } from '../../../lib/engine/json-rows.js'

export const runawaySql = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM c'

interface Teardown {
  teardown: (fn: () => unknown) => void
}

export interface TestEngine {
  engine: Engine
  dataDir: string
  /** The registry behind `locate`: database id -> absolute file. */
  files: Map<string, string>
  /** Registers `id` as `<id>.db` in the data directory and returns its file. */
  register: (id: string) => string
}

/** An engine over a fresh temporary data directory, closed and removed when the test ends. */
export function buildEngine (t: Teardown, overrides: Partial<EngineOptions> = {}): TestEngine {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'litehouse-engine-'))
  const files = new Map<string, string>()
  const engine = createEngine({
    dataDir,
    workers: 2,
    maxConnections: 16,
    queryTimeoutMs: 5000,
    maxQueryRows: 1000,
    locate: (id) => files.get(id),
    ...overrides
  })
  t.teardown(async () => {
    await engine.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })
  return {
    engine,
    dataDir,
    files,
    register (id) {
      const file = path.join(dataDir, `${id}.db`)
      files.set(id, file)
      return file
    }
  }
}

/**
 * Resolves once every worker has started and opened `databaseId`: jobs sent at once fill the database's home
 * worker (the one it runs and one sent ahead) and spill over to the others.
 */
export async function warmUp (engine: Engine, databaseId: string): Promise<void> {
  const workers = engine.stats().workers
  await waitFor(async () => {
    await engine.run(databaseId, 'database.create', {}) // one worker switches the new file to WAL first
    await Promise.all(Array.from({ length: workers * 2 }, () => engine.run(databaseId, 'database.create', {})))
    return (await engine.connectionCounts()).every((count) => count > 0)
  }, 20_000)
}

/**
 * Process ids of the engine's workers: children of this process running the worker file, read from /proc. Other
 * children are left out (tsx's esbuild service, which compiles the tests' TypeScript, is one).
 */
export function childPids (): number[] {
  const pids: number[] = []
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
      // The command name (field 2) may hold spaces; the parent id is the second field after its ')'.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (parent === process.pid && /lib\/engine\/worker\.[jt]s/.test(fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8'))) pids.push(Number(entry))
    } catch {
      // The process ended while we looked.
    }
  }
  return pids
}

export function isAlive (pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

export function sleep (ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** Resolves once `predicate` holds, polling; rejects after `timeoutMs`. */
export async function waitFor (predicate: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await sleep(10)
  }
}

/** Rows as an array, whether the inline lane answered them or a worker sent them as JSON text. */
export function rowsOf<R> (rows: Rows<R> | false): R[] | false {
  if (rows === false) return false
  return Array.isArray(rows) ? rows : JSON.parse(rows.json) as R[]
}

/** A record as an object, whether the inline lane answered it or a worker sent it as JSON text. */
export function rowOf (row: unknown): unknown {
  return row instanceof JsonText ? JSON.parse(row.json) : row
}

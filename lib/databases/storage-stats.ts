import { statSync } from 'node:fs'
import type { DatabaseRecord } from '../store/databases.js'

export interface StorageRow { record: DatabaseRecord, sizeBytes: number, tableCount: number }

interface Seen { signature: string, sizeBytes: number, tableCount: number }

/** Jobs run at once for the databases whose files changed: a cycle never floods the engine's queue. */
const concurrency = 4

/**
 * Databases looked at between two turns of the event loop: a cycle over 10,000 files (two `stat`s each, some 6 µs)
 * would hold the main thread, which answers every tenant's requests, for 60 ms at once.
 */
const sliceSize = 256

/** Size and modification time of the file and its WAL: unchanged, nothing in the database changed. */
function signatureOf (file: string): { signature: string, size: number, walSize: number } | undefined {
  // no exception for a missing file: building one costs several times the `stat` (most databases have no WAL)
  const main = statSync(file, { throwIfNoEntry: false })
  if (main === undefined) return undefined
  // an empty WAL is no WAL: opening a connection creates one and closing the last deletes it, changing nothing
  const w = statSync(file + '-wal', { throwIfNoEntry: false })
  const wal = w !== undefined && w.size > 0 ? `${w.size}:${w.mtimeMs}` : ''
  return { signature: `${main.size}:${main.mtimeMs}:${wal}`, size: main.size, walSize: w?.size ?? 0 }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * The storage snapshot's rows (size and table count of every database) at the cost of a `stat` per file. A
 * database's counts are taken again (an engine job) only when its file or WAL changed since the last cycle;
 * an idle one reuses what was seen, and the first cycle takes the table count the registry keeps (what the
 * database list shows) instead of opening every file. At 10,000 mostly idle databases a cycle opens none, and its
 * `stat`s run in slices of `sliceSize` databases, letting requests in between.
 */
export function createStorageStats (options: {
  list: () => DatabaseRecord[]
  fileOf: (record: DatabaseRecord) => string
  /** Exact counts from the database itself (opens it if needed). */
  measure: (record: DatabaseRecord) => Promise<{ sizeBytes: number, tableCount: number }>
}) {
  const seen = new Map<string, Seen>()
  /** The cycle running now: callers meanwhile share it instead of measuring every changed database again. */
  let running: Promise<StorageRow[]> | undefined

  /**
   * The row of a database from what was seen, or only its signature and bytes on disk when its file changed since
   * (null: the file is missing).
   */
  function known (record: DatabaseRecord): { row?: StorageRow, signature: string, diskBytes: number } | null {
    const stat = signatureOf(options.fileOf(record))
    // a missing file has no row, as a database that cannot be read never had one
    if (stat === undefined) return null
    let last = seen.get(record.id)
    if (last === undefined && record.tableCount !== null) {
      last = { signature: stat.signature, sizeBytes: stat.size, tableCount: record.tableCount }
      seen.set(record.id, last)
    }
    const diskBytes = stat.size + stat.walSize
    if (last?.signature === stat.signature) return { row: { record, sizeBytes: last.sizeBytes, tableCount: last.tableCount }, signature: stat.signature, diskBytes }
    return { signature: stat.signature, diskBytes }
  }

  /** Looks at every database in slices of `sliceSize`, and forgets what was seen of the ones no longer listed. */
  async function walk (visit: (record: DatabaseRecord, state: ReturnType<typeof known>) => void): Promise<void> {
    const live = new Set<string>()
    const records = options.list()
    for (let i = 0; i < records.length; i++) {
      if (i > 0 && i % sliceSize === 0) await nextTurn()
      live.add(records[i].id)
      visit(records[i], known(records[i]))
    }
    for (const id of seen.keys()) if (!live.has(id)) seen.delete(id)
  }

  async function measured (record: DatabaseRecord, signature: string): Promise<StorageRow | undefined> {
    try {
      const counts = await options.measure(record)
      seen.set(record.id, { signature, ...counts })
      return { record, ...counts }
    } catch {
      return undefined // unreadable now: no row this time
    }
  }

  async function cycle (): Promise<StorageRow[]> {
    const rows: StorageRow[] = []
    const changed: Array<{ record: DatabaseRecord, signature: string }> = []
    await walk((record, state) => {
      if (state === null) return
      if (state.row !== undefined) rows.push(state.row)
      else changed.push({ record, signature: state.signature })
    })
    let next = 0
    await Promise.all(Array.from({ length: Math.min(concurrency, changed.length) }, async () => {
      while (next < changed.length) {
        const { record, signature } = changed[next++]
        const row = await measured(record, signature)
        if (row !== undefined) rows.push(row)
      }
    }))
    return rows
  }

  /** The databases whose files exist and their bytes: measured ones as measured, changed ones as on disk. */
  async function totals (): Promise<{ databases: number, sizeBytes: number }> {
    const sum = { databases: 0, sizeBytes: 0 }
    await walk((_record, state) => {
      if (state === null) return
      sum.databases++
      sum.sizeBytes += state.row?.sizeBytes ?? state.diskBytes
    })
    return sum
  }

  return {
    /**
     * The count and total size of the databases at the cost of a `stat` per file: no database is opened. A database
     * written since it was last measured counts with the bytes of its file and WAL on disk.
     */
    totals,
    /** Every database's row; a call while a cycle runs gets that cycle's rows. */
    async all (): Promise<StorageRow[]> {
      running ??= cycle().finally(() => { running = undefined })
      return await running
    },
    /** One database's row, measuring that database alone if its file changed: undefined when it cannot be read. */
    async one (record: DatabaseRecord): Promise<StorageRow | undefined> {
      const state = known(record)
      if (state === null) return undefined
      return state.row ?? await measured(record, state.signature)
    }
  }
}

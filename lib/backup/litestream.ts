import { execFile } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/**
 * The Litestream 0.3 command line, for what the running replicator does not do itself: list generations and
 * snapshots of a replica, restore a replica into a file. Every call names the replica by URL, so no
 * configuration file is involved and S3 credentials come from the environment (AWS_*), as for the replicator.
 */

/** The binary: LITESTREAM_BIN, else the one the optional @flydotio/litestream package ships for this platform. */
export function litestreamBinary (configured?: string): string | undefined {
  if (configured !== undefined) return configured
  try {
    const require = createRequire(import.meta.url)
    return join(dirname(require.resolve(`@flydotio/litestream-${process.platform}-${process.arch}/package.json`)), 'litestream')
  } catch {
    return undefined
  }
}

/** Why the binary cannot run, or undefined when it can. */
export function binaryProblem (bin: string | undefined): string | undefined {
  if (bin === undefined) return 'the Litestream binary is not installed (@flydotio/litestream-linux-x64, or set LITESTREAM_BIN)'
  try {
    accessSync(bin, constants.X_OK)
    return undefined
  } catch (err) {
    return `the Litestream binary cannot be run (${(err as NodeJS.ErrnoException).code ?? 'error'}): install @flydotio/litestream-linux-x64 or set LITESTREAM_BIN`
  }
}

export class LitestreamError extends Error {}

const cliTimeoutMs = 10 * 60_000

function run (bin: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(bin, args, { timeout: cliTimeoutMs, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) reject(new LitestreamError(`litestream ${args[0]} failed: ${(stderr || err.message).trim().split('\n').slice(-3).join(' ')}`))
      else resolve(stdout)
    })
  })
}

/** Rows of a tab-aligned table printed by the CLI, keyed by its header. */
function table (text: string): Array<Record<string, string>> {
  const [header, ...lines] = text.trim().split('\n').filter((line) => line.trim() !== '')
  if (header === undefined) return []
  const names = header.trim().split(/\s+/)
  return lines.map((line) => Object.fromEntries(line.trim().split(/\s+/).map((cell, i) => [names[i], cell])))
}

export interface Generation { generation: string, start: Date, end: Date }
export interface SnapshotInfo { generation: string, index: number, sizeBytes: number, createdAt: Date }

export async function generations (bin: string, replicaUrl: string): Promise<Generation[]> {
  return table(await run(bin, ['generations', replicaUrl]))
    .map((row) => ({ generation: row.generation, start: new Date(row.start), end: new Date(row.end) }))
    .filter((g) => !Number.isNaN(g.start.getTime()) && !Number.isNaN(g.end.getTime()))
}

export async function snapshots (bin: string, replicaUrl: string): Promise<SnapshotInfo[]> {
  return table(await run(bin, ['snapshots', replicaUrl]))
    .map((row) => ({ generation: row.generation, index: Number(row.index), sizeBytes: Number(row.size), createdAt: new Date(row.created) }))
    .filter((s) => !Number.isNaN(s.createdAt.getTime()))
}

/** Restores the replica into `output` (which must not exist), at `timestamp` or the latest state. */
export async function restore (bin: string, replicaUrl: string, output: string, timestamp?: Date, generation?: string): Promise<void> {
  const args = ['restore', '-o', output]
  if (generation !== undefined) args.push('-generation', generation)
  if (timestamp !== undefined) args.push('-timestamp', timestamp.toISOString())
  await run(bin, [...args, replicaUrl])
}

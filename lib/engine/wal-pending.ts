import { closeSync, openSync, readSync } from 'node:fs'
import { endianness } from 'node:os'

/**
 * How much of a database's WAL is not yet copied into the database file, read from its wal-index (the `-shm` file,
 * layout in https://www.sqlite.org/walformat.html): `mxFrame` (frames in the log) minus `nBackfill` (frames already
 * checkpointed), each frame a page plus its 24-byte header. Workers open connections without SQLite's automatic
 * checkpoint, which runs inside a commit and could carry a request's commit past its deadline (a 408 for a write
 * that committed); they read this after a write instead and have the engine checkpoint as a job of its own.
 */

/** Uncopied WAL beyond which a worker asks for a checkpoint: SQLite's own default of 1,000 pages of 4 KiB. */
export const checkpointAfterBytes = 4 * 1024 * 1024

const headerBytes = 136
const frameHeaderBytes = 24
const little = endianness() === 'LE'

/**
 * POSIX record locks belong to the process, and closing ANY descriptor of a file drops every lock the process holds
 * on it: opening the `-shm` file to read it and closing it again silently released the locks of this process's
 * SQLite connections on that file (their read marks, and the shared lock that tells others the wal-index is in use).
 * Another process could then take the wal-index for unused, reset it under a live mapping (SIGBUS in a worker,
 * seen under load) or checkpoint over pages a reader still used. So each process keeps one descriptor per `-shm`
 * file for as long as it has a connection open on that database, and closes it only after the last one closed.
 */
const readers = new Map<string, { fd: number | undefined, connections: number }>()

/** Called as a connection to `file` opens; `release` after it closed. */
export function holdWalIndex (file: string): { pending: () => number | undefined, release: () => void } {
  let reader = readers.get(file)
  if (reader === undefined) {
    reader = { fd: undefined, connections: 0 }
    readers.set(file, reader)
  }
  reader.connections++
  const held = reader
  let released = false
  return {
    pending: () => {
      if (held.fd === undefined) {
        try {
          held.fd = openSync(`${file}-shm`, 'r')
        } catch {
          return undefined
        }
      }
      return pendingIn(held.fd)
    },
    release: () => {
      if (released) return
      released = true
      if (--held.connections > 0) return
      readers.delete(file)
      if (held.fd !== undefined) closeSync(held.fd)
    }
  }
}

/** Bytes of WAL frames not yet checkpointed, from an open wal-index; undefined when it is not initialised yet. */
function pendingIn (fd: number): number | undefined {
  const header = Buffer.alloc(headerBytes)
  if (readSync(fd, header, 0, headerBytes, 0) < headerBytes) return undefined
  // the wal-index is in the machine's byte order
  const u32 = (offset: number) => little ? header.readUInt32LE(offset) : header.readUInt32BE(offset)
  const u16 = (offset: number) => little ? header.readUInt16LE(offset) : header.readUInt16BE(offset)
  const encodedPageSize = u16(14)
  const pageSize = encodedPageSize === 1 ? 65536 : encodedPageSize
  const frames = u32(16) - u32(96)
  return frames > 0 ? frames * (pageSize + frameHeaderBytes) : 0
}

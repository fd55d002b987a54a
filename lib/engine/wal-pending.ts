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

/** Bytes of WAL frames not yet checkpointed; undefined when the wal-index cannot be read (no WAL open). */
export function walBytesPending (file: string): number | undefined {
  const header = Buffer.alloc(headerBytes)
  let fd: number
  try {
    fd = openSync(`${file}-shm`, 'r')
  } catch {
    return undefined
  }
  try {
    if (readSync(fd, header, 0, headerBytes, 0) < headerBytes) return undefined
  } finally {
    closeSync(fd)
  }
  // the wal-index is in the machine's byte order
  const u32 = (offset: number) => little ? header.readUInt32LE(offset) : header.readUInt32BE(offset)
  const u16 = (offset: number) => little ? header.readUInt16LE(offset) : header.readUInt16BE(offset)
  const encodedPageSize = u16(14)
  const pageSize = encodedPageSize === 1 ? 65536 : encodedPageSize
  const frames = u32(16) - u32(96)
  return frames > 0 ? frames * (pageSize + frameHeaderBytes) : 0
}

/** Whether `file`'s WAL has grown enough since its last checkpoint to be worth one. */
export function checkpointDue (file: string): boolean {
  return (walBytesPending(file) ?? 0) >= checkpointAfterBytes
}

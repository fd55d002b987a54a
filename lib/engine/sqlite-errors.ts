import { closeSync, openSync, statfsSync } from 'node:fs'
import {
  ConstraintViolation, DatabaseBusy, DatabaseFull, DatabaseUnavailable, InvalidDatabaseFile, SqlError, StorageFull, StorageReadonly, StorageUnavailable
} from '../errors.js'

export interface MapOptions {
  /** The error arose while validating an uploaded file: SQLite's complaints mean the file is bad. */
  importCheck?: boolean
  /** The database file involved: an I/O error on it is told apart as a read-only file system. */
  file?: string
  /** The size quota the connection enforced (`max_page_count`): SQLITE_FULL then means the quota, unless the disk is full. */
  sizeLimit?: number
}

/** Bytes of free space under which SQLITE_FULL is taken for a full disk even where a quota is set. */
const lowDiskBytes = 64 * 1024 * 1024

/** Whether the file system holding `file` is (nearly) out of space. */
function diskLow (file: string | undefined): boolean {
  if (file === undefined) return false
  try {
    const stats = statfsSync(file)
    return stats.bavail * stats.bsize < lowDiskBytes
  } catch {
    return false
  }
}

/** Whether `file` sits on a file system that refuses writes (the kernel remounts a failing disk read-only). */
function onReadonlyFileSystem (file: string | undefined): boolean {
  if (file === undefined) return false
  try {
    closeSync(openSync(file, 'r+'))
    return false
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EROFS'
  }
}

/** 503 DATABASE_BUSY (with Retry-After, plugins/errors.ts), not a 400: nothing is wrong with the statement. */
function locked (): Error {
  const err = new DatabaseBusy()
  err.message = 'the database is locked by another writer or a checkpoint: nothing was written, retry shortly'
  return err
}

/** SQLite's codes for a file that is not (or no longer) a sound database. */
export function isDamaged (code: unknown): boolean {
  return typeof code === 'string' && (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT'))
}

/**
 * The one place where SQLite (and file system) failures become typed API errors. Errors that already carry a
 * `statusCode` are typed and pass through; errors without a recognised `code` pass through (they answer 500).
 */
export function mapSqliteError (err: unknown, options: MapOptions = {}): Error {
  if (!(err instanceof Error)) return new Error(String(err))
  const { code, statusCode } = err as Error & { code?: unknown, statusCode?: unknown }
  if (typeof statusCode === 'number' || typeof code !== 'string') return err

  // SQLite answers SQLITE_FULL both past max_page_count and on a full disk: the quota is the client's, the disk the server's
  if (code === 'SQLITE_FULL' && options.sizeLimit !== undefined && !diskLow(options.file)) return new DatabaseFull(options.sizeLimit)
  // Out of space or a read-only disk are the server's condition, not the client's SQL nor the uploaded file.
  if (code === 'SQLITE_FULL' || code === 'ENOSPC') return new StorageFull()
  if (code.startsWith('SQLITE_READONLY') || code === 'EROFS' || code === 'EACCES') return new StorageReadonly()
  if (code.startsWith('SQLITE_IOERR') && !options.importCheck) {
    return onReadonlyFileSystem(options.file) ? new StorageReadonly() : new StorageUnavailable()
  }
  if (!code.startsWith('SQLITE_')) return err
  if (options.importCheck) return new InvalidDatabaseFile(err.message)
  // a hosted file damaged or replaced by something else: only its own database stops answering
  if (isDamaged(code)) return new DatabaseUnavailable(code === 'SQLITE_NOTADB' ? 'its file is not a SQLite database' : 'its file is corrupt')
  if (code.startsWith('SQLITE_CONSTRAINT')) return new ConstraintViolation(err.message)
  // another connection held the lock past the wait (a checkpoint, a long write): the client's SQL is fine, retry it
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return locked()
  return new SqlError(err.message)
}

import { accessSync, closeSync, constants, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { randomBytes } from 'node:crypto'

/** SQLite keeps a database in up to three files; they move and go together. */
const sideSuffixes = ['', '-wal', '-shm', '-journal']

export function fileSize (file: string): number {
  let total = 0
  for (const suffix of ['', '-wal']) {
    try { total += statSync(file + suffix).size } catch { /* absent */ }
  }
  return total
}

/**
 * Makes the names in `dir` durable: a rename, create or unlink is only in the directory's own blocks until the
 * directory is fsynced, and a power cut before that can undo a move that was already acknowledged.
 */
export function syncDirectory (dir: string): void {
  const fd = openSync(dir, 'r')
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

/** Syncs the directories of `files`, each once. */
function syncDirectoriesOf (...files: string[]): void {
  for (const dir of new Set(files.map((file) => dirname(file)))) syncDirectory(dir)
}

/**
 * Moves a database file and whatever side files it has; the main file moves last. `partial` finishes a move
 * that was cut short, whose main file may have moved already. Both directories are synced before it returns.
 */
export function moveDatabaseFiles (from: string, to: string, { partial = false } = {}): void {
  for (const suffix of sideSuffixes.slice(1)) {
    if (existsSync(from + suffix)) renameSync(from + suffix, to + suffix)
  }
  if (!partial || existsSync(from)) renameSync(from, to)
  syncDirectoriesOf(to, from)
}

export function removeDatabaseFiles (file: string): void {
  rmSync(file, { force: true })
  for (const suffix of sideSuffixes.slice(1)) rmSync(file + suffix, { force: true })
  syncDirectoriesOf(file)
}

const staging = '.restoring'

/**
 * Replaces a database's file with `source` (a checked, complete database in `.tmp`, without side files). The
 * new file is staged beside the old one first: a crash after that is finished at start-up
 * (`finishReplacements`), one before it leaves the old database whole.
 */
export function replaceDatabaseFile (source: string, file: string): void {
  renameSync(source, file + staging)
  syncDirectoriesOf(file, source)
  finishReplacement(file + staging)
}

/** The old side files would be read as the new file's log: they go before the new file takes the name. */
function finishReplacement (staged: string): void {
  const file = staged.slice(0, -staging.length)
  for (const suffix of sideSuffixes.slice(1)) rmSync(file + suffix, { force: true })
  renameSync(staged, file)
  syncDirectoriesOf(file)
}

/** Completes the replacements (restores in place) a crash interrupted; returns the files it finished. */
export function finishReplacements (dataDir: string): string[] {
  const staged = readdirSync(dataDir).filter((entry) => entry.endsWith('.db' + staging))
  for (const entry of staged) finishReplacement(join(dataDir, entry))
  return staged.map((entry) => entry.slice(0, -staging.length))
}

/** Creates an empty file that must not exist yet, durably (its directory entry included). */
export function createEmptyFile (file: string): void {
  writeFileSync(file, '', { flag: 'wx', flush: true })
  syncDirectoriesOf(file)
}

/**
 * Removes an upload or export copy in `.tmp`, and says whether it could. It never throws: it runs in cleanup
 * paths (a finished download's 'close' event, a failed import), where a throw would replace the real outcome or,
 * in an event handler, end the process; a data directory turned read-only refuses the unlink (EROFS). What stays
 * behind is cleared at the next start.
 */
export function removeTempFiles (file: string): boolean {
  try {
    removeDatabaseFiles(file)
    return true
  } catch {
    return false
  }
}

/** A fresh path in the data directory's `.tmp` folder (same file system, so a rename into place is atomic). */
export function tempPath (dataDir: string, extension: string): string {
  const dir = join(dataDir, '.tmp')
  mkdirSync(dir, { recursive: true })
  return join(dir, `${Date.now()}-${randomBytes(8).toString('hex')}${extension}`)
}

/**
 * Removes leftovers of interrupted uploads and exports; a read-only data directory has none to remove. Asked of
 * access(2) first: Node 24's recursive rmSync reports EROFS as an error without a code ("Unknown error").
 */
export function clearTemp (dataDir: string): void {
  const dir = join(dataDir, '.tmp')
  if (!existsSync(dir)) return
  try {
    accessSync(dir, constants.W_OK)
  } catch (err) {
    if (refusedWrites.includes((err as NodeJS.ErrnoException).code ?? '')) return
    throw err
  }
  rmSync(dir, { recursive: true, force: true })
}

const refusedWrites = ['EROFS', 'EACCES', 'EPERM']

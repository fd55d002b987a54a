import { statSync } from 'node:fs'
import { DatabaseUnavailable } from '../errors.js'

/**
 * Notices a hosted file that went missing or was replaced behind the engine's back (a restore by rename, an
 * operator's copy). A missing file answers DATABASE_UNAVAILABLE for that database alone, and so does a file that
 * is not a database once SQLite opens it (@see sqlite-errors.ts); a file with another inode than the one the
 * connections were opened on has them closed first (`onReplaced`), so its reappearance makes the database work
 * again with fresh connections and schema caches.
 */
export function createFileGuard (onReplaced: (file: string) => void) {
  const inodes = new Map<string, number>()
  return {
    /** Throws DatabaseUnavailable when `file` is missing or unreadable as a file. */
    check (file: string): void {
      let ino: number
      try {
        const stat = statSync(file)
        if (!stat.isFile()) throw new DatabaseUnavailable('its file is not a regular file')
        ino = stat.ino
      } catch (err) {
        if ((err as { code?: string }).code === 'DATABASE_UNAVAILABLE') throw err
        const known = inodes.delete(file)
        if (known) onReplaced(file)
        throw new DatabaseUnavailable((err as { code?: string }).code === 'ENOENT' ? 'its file is missing' : 'its file cannot be read')
      }
      const before = inodes.get(file)
      if (before === ino) return
      inodes.set(file, ino)
      if (before !== undefined) onReplaced(file)
    },
    forget (file: string): void {
      inodes.delete(file)
    }
  }
}

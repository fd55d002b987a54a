import { Lru } from './lru.js'
import { openConnection, type Connection, type ConnectionOptions } from './connection.js'

/** The open connections of one worker, keyed by file, at most `max` of them (the least recently used closes). */
export interface ConnectionPool {
  /**
   * The connection to `file`, opened on first use; `readonly` (for a job that only reads) opens a read-only one
   * when none is open. A read-only connection is reopened read-write for a job that may write.
   */
  acquire: (file: string, readonly?: boolean) => Connection
  /** Whether a connection to `file` is open (its recency unchanged). */
  has: (file: string) => boolean
  /** Closes the connection to `file` if one is open. */
  close: (file: string) => void
  closeAll: () => void
  readonly size: number
}

export function createConnectionPool (max: number, options: ConnectionOptions = {}): ConnectionPool {
  const connections = new Lru<string, Connection>(max, (_file, connection) => connection.close())
  return {
    acquire (file, readonly = false) {
      let connection = connections.get(file)
      if (connection === undefined || !connection.db.open || (connection.readonly && !readonly)) {
        if (connection !== undefined) connections.delete(file)
        connection = openConnection(file, { ...options, readonly })
        connections.set(file, connection)
      }
      return connection
    },
    has (file) {
      return connections.has(file)
    },
    close (file) {
      connections.delete(file)
    },
    closeAll () {
      connections.clear()
    },
    get size () {
      return connections.size
    }
  }
}

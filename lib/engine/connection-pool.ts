import { Lru } from './lru.js'
import { openConnection, type Connection, type ConnectionOptions } from './connection.js'

/** The open connections of one worker, keyed by file, at most `max` of them (the least recently used closes). */
export interface ConnectionPool {
  /** The connection to `file`, opened on first use. */
  acquire: (file: string) => Connection
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
    acquire (file) {
      let connection = connections.get(file)
      if (connection === undefined || !connection.db.open) {
        connection = openConnection(file, options)
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

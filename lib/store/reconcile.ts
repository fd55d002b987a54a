import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

const hostedFile = /^([a-z0-9][a-z0-9_-]*)\.db$/

/**
 * Compares the registry with the data directory: registered databases whose file is gone, and
 * `.db` files nobody registered (they stay unhosted until an admin imports or creates them).
 */
export function reconcile (dataDir: string, registered: string[]): { missing: string[], stray: string[] } {
  const known = new Set(registered)
  const missing = registered.filter((name) => !existsSync(join(dataDir, `${name}.db`)))
  const stray = readdirSync(dataDir)
    .map((file) => hostedFile.exec(file)?.[1])
    .filter((name): name is string => name !== undefined && !known.has(name))
  return { missing, stray }
}

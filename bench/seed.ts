// Many hosted databases, fast: one made through the API, the others copies of its file registered (each with a read
// key when asked) by the server's own store code while it is stopped (making 10,000 through the API takes about
// 10 minutes here). The server then sees real SQLite files, registry rows and keys, as if made through the API.
import { copyFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { call } from './api.js'
import { item } from './items.js'
import { createDatabaseStore } from '../lib/store/databases.js'
import { createKeyStore } from '../lib/store/keys.js'

/** `t00001`, `t00002`, ...: the i-th (0-based) seeded database. */
export const tenantName = (i: number) => `t${String(i + 1).padStart(5, '0')}`

export const itemsColumns = [
  { name: 'id', type: 'integer', primary_key: true }, { name: 'title', type: 'text' }, { name: 'price', type: 'real' },
  { name: 'category', type: 'text' }, { name: 'created', type: 'text' }
]

/** A database with an `items` table of `rows` rows, through the API of a running server. */
export async function createItemsDatabase (url: string, token: string, name: string, rows = 100): Promise<void> {
  await call(url, 'POST', '/api/databases', token, { name })
  await call(url, 'POST', `/api/databases/${name}/tables`, token, { name: 'items', columns: itemsColumns })
  await call(url, 'POST', `/api/databases/${name}/tables/items/records`, token, Array.from({ length: rows }, (_, i) => item(i + 1)))
}

/**
 * Copies `<template>.db` to each of `names` and registers them (one table each) in `_system.db`, in one
 * transaction. The server must be stopped: it reads the registry at start. With `readKeys` (or `writeKeys`), each copy
 * gets a read (or write) key: their raw values are returned in the order of `names`.
 */
export function registerCopies (dataDir: string, template: string, names: string[], { readKeys = false, writeKeys = false } = {}): string[] {
  const system = new Database(join(dataDir, '_system.db'))
  try {
    const registry = createDatabaseStore(system)
    const keyStore = createKeyStore(system)
    return system.transaction(() => {
      const keys: string[] = []
      for (const name of names) {
        copyFileSync(join(dataDir, `${template}.db`), join(dataDir, `${name}.db`))
        const record = registry.create(name, null)
        registry.setTableCount(record, 1)
        if (readKeys || writeKeys) keys.push(keyStore.create(record.id, 'bench', writeKeys ? 'write' : 'read').key)
      }
      return keys
    })()
  } finally {
    system.close()
  }
}

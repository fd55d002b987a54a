// Thousands of hosted databases in seconds, for the benches that need them (making 10,000 through the API takes about
// 10 minutes on this machine): one database is made through the API, then copies of its file are registered, each
// with a read key when asked, by the server's own store code while the server is stopped. The server then sees real
// SQLite files, registry rows and keys, as if each had been created through the API.
import { copyFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { createDatabaseStore } from '../lib/store/databases.js'
import { createKeyStore } from '../lib/store/keys.js'

/**
 * Registers a copy of `<template>.db` under each of `names` in the stopped server's `dataDir`, with `tableCount`
 * tables. Returns each copy's raw read key (in the order of `names`) when `readKeys`, else an empty list.
 */
export function registerCopies (dataDir: string, template: string, names: string[], tableCount: number, readKeys: boolean): string[] {
  const system = new Database(join(dataDir, '_system.db'))
  try {
    const registry = createDatabaseStore(system)
    const keyStore = createKeyStore(system)
    return system.transaction(() => {
      const keys: string[] = []
      for (const name of names) {
        copyFileSync(join(dataDir, `${template}.db`), join(dataDir, `${name}.db`))
        const record = registry.create(name, null)
        registry.setTableCount(record, tableCount)
        if (readKeys) keys.push(keyStore.create(record.id, 'bench', 'read').key)
      }
      return keys
    })()
  } finally {
    system.close()
  }
}

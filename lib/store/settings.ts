import type { Database } from 'better-sqlite3'

export interface Settings { timezone: string, serverUrl: string }

export const defaultSettings: Settings = { timezone: 'UTC', serverUrl: 'http://localhost:3000' }

/** Global settings: in `_system.db` on a single server (this file), in etcd in a cluster (lib/cluster/settings.ts). */
export interface SettingsStore {
  /** Served from memory: it runs on request paths. */
  get: () => Settings
  update: (changes: Partial<Settings>) => Promise<Settings>
}

/** Global settings as key/value rows; read once, then served from memory. */
export function createSettingsStore (db: Database): SettingsStore {
  const all = db.prepare('SELECT key, value FROM settings')
  const upsert = db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value')
  const current: Settings = { ...defaultSettings }
  for (const { key, value } of all.all() as Array<{ key: keyof Settings, value: string }>) {
    if (key in current) current[key] = JSON.parse(value)
  }
  const update = db.transaction((changes: Partial<Settings>): Settings => {
    for (const [key, value] of Object.entries(changes) as Array<[keyof Settings, string]>) {
      upsert.run(key, JSON.stringify(value))
      current[key] = value
    }
    return { ...current }
  }) as (changes: Partial<Settings>) => Settings

  return {
    get: (): Settings => ({ ...current }),
    update: async (changes) => update(changes)
  }
}

import type { Etcd3 } from 'etcd3'
import { defaultSettings, type Settings, type SettingsStore } from '../store/settings.js'
import { SETTINGS, settingKey } from './keys.js'

/**
 * The global settings in a cluster: one etcd key per setting (`settings/<key>`, its JSON value), read at start and
 * kept current by the watch over `/litehouse/`, so a change made on any node applies on every node within the
 * watch's delay. A setting never set in the cluster has its default (a node's own `_system.db` values are not used).
 */
export function createClusterSettings (client: Etcd3) {
  const current: Settings = { ...defaultSettings }

  function apply (key: string, raw: string | undefined): void {
    const name = key.slice(SETTINGS.length) as keyof Settings
    if (!(name in defaultSettings)) return
    try {
      current[name] = raw === undefined ? defaultSettings[name] : JSON.parse(raw)
    } catch { /* not JSON: not written by Litehouse, ignored */ }
  }

  /** Before the watch's full read (at start, after a reconnect): a setting no longer in etcd has its default. */
  const reset = (): void => { Object.assign(current, defaultSettings) }

  const store: SettingsStore = {
    get: () => ({ ...current }),
    async update (changes) {
      const entries = Object.entries(changes).filter(([, value]) => value !== undefined)
      // one transaction: every node sees all of a change or none of it
      if (entries.length > 0) {
        await client.if(settingKey(entries[0][0]), 'Version', '>', -1)
          .then(...entries.map(([key, value]) => client.put(settingKey(key)).value(JSON.stringify(value)))).commit()
      }
      for (const [key, value] of entries) apply(settingKey(key), JSON.stringify(value))
      return { ...current }
    }
  }
  return { store, reset, apply }
}

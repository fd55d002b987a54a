import { createHash } from 'node:crypto'
import type { Etcd3, IKeyValue, Watcher } from 'etcd3'
import { DIRECTORY, directoryKey, NODES, PLACEMENT, placementKey, ROOT, type DirectoryEntry, type NodeInfo, type Placement } from './keys.js'

interface Known<T> { value: T, raw: string }

/** Another part of the cluster's state under `/litehouse/` kept current by the same watch (sessions, settings). */
export interface KeyFollower { prefix: string, apply: (key: string, raw: string | undefined) => void, reset: () => void }

function parse<T> (raw: string): T | undefined {
  try {
    return JSON.parse(raw) as T
  } catch {
    return undefined
  }
}

/**
 * This node's view of the cluster: live nodes, placement and the directory, read once and kept current by one
 * etcd watch over `/litehouse/`. Reads on the request path are map lookups; every change of ownership is an
 * etcd transaction, so two nodes never both take a database.
 */
export function createPlacement (client: Etcd3, self: string) {
  const nodes = new Map<string, Known<NodeInfo>>()
  const placement = new Map<string, Known<Placement>>()
  const directory = new Map<string, Known<DirectoryEntry>>()
  let watcher: Watcher | undefined
  const listeners: Array<() => void> = []
  const followers: KeyFollower[] = []

  function apply (key: string, raw: string | undefined): void {
    for (const follower of followers) if (key.startsWith(follower.prefix)) follower.apply(key, raw)
    const [map, name] = key.startsWith(NODES)
      ? [nodes, key.slice(NODES.length)]
      : key.startsWith(PLACEMENT)
        ? [placement, key.slice(PLACEMENT.length)]
        : key.startsWith(DIRECTORY) ? [directory, key.slice(DIRECTORY.length)] : [undefined, '']
    if (map === undefined) return
    const value = raw === undefined ? undefined : parse(raw)
    if (value === undefined) (map as Map<string, unknown>).delete(name)
    else (map as Map<string, unknown>).set(name, { value, raw })
  }

  const notify = (): void => { for (const listener of listeners) listener() }

  async function reload (): Promise<void> {
    const all = await client.getAll().prefix(ROOT).strings()
    nodes.clear()
    placement.clear()
    directory.clear()
    for (const follower of followers) follower.reset()
    for (const [key, raw] of Object.entries(all)) apply(key, raw)
  }

  const onEvent = (deleted: boolean) => (kv: IKeyValue): void => {
    apply(kv.key.toString(), deleted ? undefined : kv.value.toString())
    notify()
  }

  /** The node a database should live on when none holds it: highest random weight, so orphans spread evenly. */
  function rendezvous (database: string, candidates: string[]): string | undefined {
    let best: string | undefined
    let bestWeight = ''
    for (const node of candidates) {
      const weight = createHash('sha256').update(`${node}\0${database}`).digest('hex')
      if (weight > bestWeight) {
        best = node
        bestWeight = weight
      }
    }
    return best
  }

  return {
    async start (): Promise<void> {
      await reload()
      watcher = await client.watch().prefix(ROOT).create()
      watcher.on('put', onEvent(false))
      watcher.on('delete', onEvent(true))
      // a reconnected watch may have missed events: read everything again
      watcher.on('connected', () => { reload().then(notify, () => undefined) })
    },
    reload,
    onChange (listener: () => void): void { listeners.push(listener) },
    /** Keys under `prefix` go to `follower` too, from the first read on (register before `start`). */
    follow (follower: KeyFollower): void { followers.push(follower) },

    node: (id: string): NodeInfo | undefined => nodes.get(id)?.value,
    nodes: (): NodeInfo[] => [...nodes.values()].map((n) => n.value).sort((a, b) => a.id.localeCompare(b.id)),
    ownerOf: (database: string): Placement | undefined => placement.get(database)?.value,
    /** The placement's value as stored: a hand-over compares it in its transaction. */
    rawPlacement: (database: string): string | undefined => placement.get(database)?.raw,
    placements: (): Array<[string, Placement]> => [...placement].map(([name, p]) => [name, p.value]),
    entry: (database: string): DirectoryEntry | undefined => directory.get(database)?.value,
    entries: (): Array<[string, DirectoryEntry]> => [...directory].map(([name, e]) => [name, e.value]),

    /** Whether this node's view has a database without a placement, or a placement on a node it does not know. */
    unsettled (): boolean {
      for (const [name, e] of directory) if (!placement.has(name) && e.value.id !== null) return true
      for (const p of placement.values()) if (!nodes.has(p.value.node)) return true
      return false
    },

    /** Reads one placement from etcd itself (a forwarded request met a stale view). */
    async refresh (database: string): Promise<Placement | undefined> {
      const raw = await client.get(placementKey(database)).string()
      apply(placementKey(database), raw ?? undefined)
      return placement.get(database)?.value
    },

    /** The live node holding the fewest databases; this node wins a tie (no hop), then the lowest id. */
    leastLoaded (self: string): string {
      const counts = new Map([...nodes.keys()].map((id) => [id, 0]))
      for (const p of placement.values()) if (counts.has(p.value.node)) counts.set(p.value.node, (counts.get(p.value.node) ?? 0) + 1)
      let best = self
      let bestCount = counts.get(self) ?? Infinity
      for (const [id, count] of [...counts].sort((a, b) => a[0].localeCompare(b[0]))) {
        if (count < bestCount) {
          best = id
          bestCount = count
        }
      }
      return best
    },

    /**
     * Databases without a placement that this node should take: those it owned last (it has the freshest
     * copy) and, when their last owner is gone, those that hash to it among the live nodes.
     */
    orphansFor (): Array<[string, DirectoryEntry, string]> {
      const live = [...nodes.keys()]
      return [...directory]
        .filter(([name, e]) => !placement.has(name) && e.value.id !== null)
        .filter(([name, e]) => (nodes.has(e.value.node) ? e.value.node : rendezvous(name, live)) === self)
        .map(([name, e]) => [name, e.value, e.raw])
    },

    /**
     * Takes a database no one holds: its placement (on `lease`) and its directory entry, or nothing. `seen` is the
     * directory entry as this node saw it: a database renamed or deleted meanwhile is not brought back.
     */
    async claim (database: string, seen: string, entry: DirectoryEntry, lease: string): Promise<boolean> {
      const value: Placement = { node: self, lease }
      const result = await client.if(placementKey(database), 'Create', '==', 0)
        .and(directoryKey(database), 'Value', '==', seen)
        .then(
          client.put(placementKey(database)).value(JSON.stringify(value)).lease(lease),
          client.put(directoryKey(database)).value(JSON.stringify(entry))
        ).commit()
      if (result.succeeded) {
        apply(placementKey(database), JSON.stringify(value))
        apply(directoryKey(database), JSON.stringify(entry))
      }
      return result.succeeded
    },

    /** Gives back a claim whose restore failed: the orphan and its last owner are as they were, for the next sweep. */
    async release (database: string, seen: string, lease: string): Promise<void> {
      const value = JSON.stringify({ node: self, lease })
      await client.if(placementKey(database), 'Value', '==', value)
        .then(client.delete().key(placementKey(database)), client.put(directoryKey(database)).value(seen))
        .commit()
      apply(placementKey(database), undefined)
      apply(directoryKey(database), seen)
    },

    /** Reserves a new database's name cluster-wide: false when any node has (or is creating) it. */
    async reserve (database: string, lease: string): Promise<boolean> {
      const value: Placement = { node: self, lease }
      const entry: DirectoryEntry = { id: null, node: self }
      const result = await client.if(directoryKey(database), 'Create', '==', 0)
        .then(
          client.put(directoryKey(database)).value(JSON.stringify(entry)),
          client.put(placementKey(database)).value(JSON.stringify(value)).lease(lease)
        ).commit()
      if (result.succeeded) {
        apply(directoryKey(database), JSON.stringify(entry))
        apply(placementKey(database), JSON.stringify(value))
      }
      return result.succeeded
    },

    async publish (database: string, id: string): Promise<void> {
      const entry: DirectoryEntry = { id, node: self }
      await client.put(directoryKey(database)).value(JSON.stringify(entry))
      apply(directoryKey(database), JSON.stringify(entry))
    },

    /** Takes over a database from the owner whose placement is exactly `expected` (a live move). */
    async takeOver (database: string, expected: string, id: string, lease: string): Promise<boolean> {
      const value = JSON.stringify({ node: self, lease })
      const entry = JSON.stringify({ id, node: self })
      const result = await client.if(placementKey(database), 'Value', '==', expected)
        .then(client.put(placementKey(database)).value(value).lease(lease), client.put(directoryKey(database)).value(entry))
        .commit()
      if (result.succeeded) {
        apply(placementKey(database), value)
        apply(directoryKey(database), entry)
      }
      return result.succeeded
    },

    /** Forgets a database everywhere (deleted, or its old name after a rename), in one revision: never an orphan. */
    async remove (database: string): Promise<void> {
      await client.if(directoryKey(database), 'Version', '>', -1)
        .then(client.delete().key(placementKey(database)), client.delete().key(directoryKey(database)))
        .commit()
      apply(placementKey(database), undefined)
      apply(directoryKey(database), undefined)
    },

    /** Sets what this node knows of a placement before the watch says so (after its own hand-over). */
    learn (database: string, value: Placement): void { apply(placementKey(database), JSON.stringify(value)) },

    async close (): Promise<void> { await watcher?.cancel() }
  }
}

export type ClusterPlacement = ReturnType<typeof createPlacement>

/**
 * Reads `key` through `cache`, loading and keeping it on a miss. The cache is emptied when it
 * reaches `max` entries: hot credentials come straight back, and memory stays bounded.
 */
export function readThrough<V> (cache: Map<string, V>, max: number, key: string, load: () => V | undefined): V | undefined {
  let value = cache.get(key)
  if (value === undefined) {
    value = load()
    if (value === undefined) return undefined
    if (cache.size >= max) cache.clear()
    cache.set(key, value)
  }
  return value
}

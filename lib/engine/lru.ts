/**
 * A Map bounded to `max` entries, least recently used first out. `onEvict` runs for entries pushed out by
 * `set` and for those removed with `delete` or `clear`, so owners of closable values release them in one place.
 */
export class Lru<K, V> {
  readonly #entries = new Map<K, V>()
  readonly #max: number
  readonly #onEvict: (key: K, value: V) => void

  constructor (max: number, onEvict: (key: K, value: V) => void = () => {}) {
    if (!(max >= 1)) throw new RangeError('an LRU needs room for at least one entry')
    this.#max = max
    this.#onEvict = onEvict
  }

  get size (): number {
    return this.#entries.size
  }

  has (key: K): boolean {
    return this.#entries.has(key)
  }

  /** Returns the value and marks it as the most recently used. */
  get (key: K): V | undefined {
    const value = this.#entries.get(key)
    if (value === undefined) return undefined
    // A Map iterates in insertion order: re-inserting moves the entry to the young end.
    this.#entries.delete(key)
    this.#entries.set(key, value)
    return value
  }

  set (key: K, value: V): void {
    const previous = this.#entries.get(key)
    this.#entries.delete(key)
    if (previous !== undefined && previous !== value) this.#onEvict(key, previous)
    this.#entries.set(key, value)
    while (this.#entries.size > this.#max) {
      const [oldestKey, oldest] = this.#entries.entries().next().value as [K, V]
      this.#entries.delete(oldestKey)
      this.#onEvict(oldestKey, oldest)
    }
  }

  delete (key: K): boolean {
    const value = this.#entries.get(key)
    if (value === undefined) return false
    this.#entries.delete(key)
    this.#onEvict(key, value)
    return true
  }

  clear (): void {
    for (const [key, value] of [...this.#entries]) {
      this.#entries.delete(key)
      this.#onEvict(key, value)
    }
  }
}

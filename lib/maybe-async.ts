/** A value now, or later: the inline lane answers at once, a worker through a promise. */
export type MaybeAsync<T> = T | Promise<T>

/** `map` applied to the value now, or when the promise settles, so a value that is ready never waits a turn. */
export function mapResult<R, T> (value: MaybeAsync<R>, map: (result: R) => T): MaybeAsync<T> {
  return value instanceof Promise ? value.then(map) : map(value)
}

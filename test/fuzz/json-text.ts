/**
 * JSON text the fuzzer sends. Values may hold `RawJson` pieces, spliced in verbatim, for what
 * JSON.stringify cannot write: number literals outside double range (1e400), duplicate keys,
 * 10,000-deep nesting, broken syntax.
 */
export class RawJson {
  constructor (readonly text: string) {}
}

export const raw = (text: string): RawJson => new RawJson(text)

export function toJsonText (value: unknown): string {
  if (value instanceof RawJson) return value.text
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`).join(',')}}`
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value) // NaN, Infinity: invalid JSON on purpose
  return JSON.stringify(value) ?? 'null'
}

/** `depth` nested arrays around `inner`, as text (no recursion, no stack). */
export function deepArray (depth: number, inner = '1'): RawJson {
  return raw('['.repeat(depth) + inner + ']'.repeat(depth))
}

/** `depth` nested objects `{"a":{"a":...}}` around `inner`, as text. */
export function deepObject (depth: number, inner = '1'): RawJson {
  return raw('{"a":'.repeat(depth) + inner + '}'.repeat(depth))
}

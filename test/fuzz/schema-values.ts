import type { Schema } from './openapi.js'
import type { Rng } from './prng.js'
import { RawJson } from './json-text.js'
import { hostileNumber, hostileString, hostileValue } from './hostile.js'

/**
 * Values generated from a JSON schema: `validish` tries to satisfy the schema while carrying
 * hostile content; `certainlyRejects` says when a value cannot pass the server's validator.
 * The server's Ajv runs with `coerceTypes: 'array'` and `useDefaults`, so "wrong type" is only
 * certain where no coercion applies (an object for a scalar, a non-numeric string for a number, ...).
 */

/** Realistic samples by member or parameter name, so some requests get past validation into the handlers. */
export type Hints = (name: string) => unknown[] | undefined

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof RawJson)

/** String length as Ajv counts it: code points, a surrogate pair is one. */
const codePoints = (s: string): number => [...s].length

function patternOf (schema: Schema): RegExp | undefined {
  return schema.pattern === undefined ? undefined : new RegExp(schema.pattern, 'u')
}

function stringRejects (schema: Schema, s: string): boolean {
  if (schema.enum && !schema.enum.includes(s)) return true
  if (schema.maxLength !== undefined && codePoints(s) > schema.maxLength) return true
  if (schema.minLength !== undefined && codePoints(s) < schema.minLength) return true
  const pattern = patternOf(schema)
  if (pattern && !pattern.test(s)) return true
  if (schema.format === 'email' && !s.includes('@')) return true
  if (schema.format === 'uri' && !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(s)) return true
  return false
}

function numberRejects (schema: Schema, n: number): boolean {
  if (!Number.isFinite(n)) return false // Infinity from 1e400: leave the verdict to the server
  if (schema.type === 'integer' && !Number.isInteger(n)) return true
  if (schema.minimum !== undefined && n < schema.minimum) return true
  if (schema.maximum !== undefined && n > schema.maximum) return true
  if (schema.enum && !schema.enum.includes(n)) return true
  return false
}

const hasDefaults = (schema: Schema): boolean => Object.values(schema.properties ?? {}).some((p) => p.default !== undefined)

/** True only when the value certainly fails the schema; false means "may pass". */
export function certainlyRejects (schema: Schema, value: unknown, depth = 0): boolean {
  // past some depth (10,000-deep arrays) the verdict is "may pass": never a stack overflow here
  if (value instanceof RawJson || value === undefined || depth > 64) return false
  const rejects = (s: Schema, v: unknown): boolean => certainlyRejects(s, v, depth + 1)
  const branches = schema.anyOf ?? schema.oneOf
  if (branches) return branches.every((branch) => rejects(branch, value))
  const type = schema.type
  if (schema.enum && (isPlainObject(value) || Array.isArray(value))) return true
  if (type === undefined) return false

  if (isPlainObject(value)) {
    if (type !== 'object') return true
    const props = schema.properties ?? {}
    const keys = Object.keys(value)
    if ((schema.required ?? []).some((k) => !(k in value) && props[k]?.default === undefined)) return true
    if (schema.additionalProperties === false && keys.some((k) => !(k in props))) return true
    if (keys.some((k) => props[k] !== undefined && rejects(props[k], value[k]))) return true
    const extra = schema.additionalProperties
    if (typeof extra === 'object' && keys.some((k) => !(k in props) && rejects(extra, value[k]))) return true
    if (schema.minProperties !== undefined && keys.length < schema.minProperties && !hasDefaults(schema)) return true
    return false
  }
  if (Array.isArray(value)) {
    if (type === 'object') return true
    if (type === 'array') {
      if (schema.minItems !== undefined && value.length < schema.minItems) return true
      if (schema.maxItems !== undefined && value.length > schema.maxItems) return true
      return schema.items !== undefined && value.some((item) => rejects(schema.items as Schema, item))
    }
    // coerceTypes 'array' turns a one-element array into its element for a scalar type
    return value.length !== 1 || rejects(schema, value[0])
  }
  if (type === 'array') {
    // ... and a scalar into a one-element array
    if (schema.minItems !== undefined && schema.minItems > 1) return true
    return schema.items !== undefined && rejects(schema.items, value)
  }
  if (value === null) return type === 'object' && !schema.nullable
  if (typeof value === 'string') {
    if (type === 'object') return true
    if (type === 'string') return stringRejects(schema, value)
    if (type === 'number' || type === 'integer') return Number.isNaN(Number(value)) || (value.trim() !== '' && numberRejects(schema, Number(value)))
    if (type === 'boolean') return value !== 'true' && value !== 'false'
    return false
  }
  if (typeof value === 'number') {
    if (type === 'object') return true
    if (type === 'number' || type === 'integer') return numberRejects(schema, value)
    if (type === 'string') return stringRejects(schema, String(value))
    if (type === 'boolean') return value !== 0 && value !== 1
    return false
  }
  if (typeof value === 'boolean') {
    if (type === 'object') return true
    if (type === 'string') return stringRejects(schema, String(value))
    if (type === 'number' || type === 'integer') return numberRejects(schema, value ? 1 : 0)
    return false
  }
  return false
}

/** A string for `schema`: a hint or a hostile string that satisfies it when one can be found. */
function validishString (schema: Schema, rng: Rng, hintValues: unknown[] | undefined): string {
  const candidates: string[] = []
  if (schema.enum) candidates.push(...schema.enum.filter((e): e is string => typeof e === 'string'))
  for (const h of hintValues ?? []) if (typeof h === 'string') candidates.push(h)
  const pool = rng.chance(0.5) ? rng.sample(candidates, candidates.length) : []
  for (let i = 0; i < 8; i++) pool.push(hostileString(rng, { allowHuge: rng.chance(0.1) }))
  pool.push(...rng.sample(candidates, candidates.length))
  for (const s of pool) if (!stringRejects(schema, s)) return s
  return 'a'.repeat(Math.max(1, schema.minLength ?? 1))
}

function validishNumber (schema: Schema, rng: Rng): number | RawJson {
  const min = schema.minimum ?? -1e6
  const max = schema.maximum ?? 1e6
  if (rng.chance(0.3)) {
    const n = hostileNumber(rng)
    if (typeof n === 'number' && !numberRejects(schema, n)) return n
  }
  const picks = [min, max, Math.min(max, Math.max(min, 0)), Math.floor((min + max) / 2)]
  const n = rng.pick(picks)
  return schema.type === 'integer' ? Math.round(n) : n
}

/**
 * A value meant to pass `schema` (when `exact`), with hostile strings and numbers inside it.
 * Without `exact` it strays on purpose now and then (extra members, hostile values anywhere).
 */
export function validish (schema: Schema, rng: Rng, hints: Hints, name = '', exact = true, depth = 0): unknown {
  const branches = schema.anyOf ?? schema.oneOf
  if (branches) return validish(rng.pick(branches), rng, hints, name, exact, depth)
  if (schema.enum && schema.enum.length > 0 && schema.type !== 'string') return rng.pick(schema.enum)
  const hintValues = hints(name)
  if (!exact && rng.chance(0.1)) return hostileValue(rng)
  switch (schema.type) {
    case 'object': {
      const props = schema.properties ?? {}
      const out: Record<string, unknown> = {}
      for (const [key, prop] of Object.entries(props)) {
        if ((schema.required ?? []).includes(key) || rng.chance(0.6)) out[key] = validish(prop, rng, hints, key, exact, depth + 1)
      }
      const openEnded = schema.additionalProperties !== false
      if (openEnded && Object.keys(props).length === 0) {
        // records: members are column names, real ones from the hints or hostile ones
        const columns = hints(`members:${name.replace(/\[\]$/, '')}`) ?? []
        const count = rng.int(Math.max(1, schema.minProperties ?? 0), 4)
        for (let i = 0; i < count; i++) {
          const key = columns.length > 0 && rng.chance(0.7) ? String(rng.pick(columns)) : hostileString(rng, { allowHuge: false })
          out[key] = rng.chance(0.5) ? (hints(`column:${key}`) ? rng.pick(hints(`column:${key}`) as unknown[]) : hostileValue(rng)) : hostileValue(rng)
        }
      }
      if (!exact && rng.chance(0.15)) out[hostileString(rng, { allowHuge: false })] = hostileValue(rng)
      return out
    }
    case 'array': {
      if (hintValues && rng.chance(0.5)) return rng.pick(hintValues)
      const min = schema.minItems ?? 0
      const max = Math.min(schema.maxItems ?? 4, min + 3)
      return Array.from({ length: rng.int(min, Math.max(min, max)) }, () => validish(schema.items ?? {}, rng, hints, `${name}[]`, exact, depth + 1))
    }
    case 'string': return validishString(schema, rng, hintValues)
    case 'integer':
    case 'number': return validishNumber(schema, rng)
    case 'boolean': return rng.chance(0.5)
    default: return hintValues ? rng.pick(hintValues) : hostileValue(rng)
  }
}

/** Values that certainly fail `schema` for a member, tried in turn. */
function breakers (schema: Schema, rng: Rng): unknown[] {
  const out: unknown[] = [{ nested: { deeper: true } }, 'not-a-number-😀', 'x', [], [{ a: 1 }, { b: 2 }], null]
  if (schema.maxLength !== undefined) out.push('x'.repeat(schema.maxLength + 1 + rng.int(0, 50)))
  if (schema.pattern) out.push(hostileString(rng, { allowHuge: false }), '../UPPER case/', '')
  if (schema.maximum !== undefined) out.push(schema.maximum + 1)
  if (schema.minimum !== undefined) out.push(schema.minimum - 1)
  return rng.sample(out, out.length)
}

/**
 * A version of `value` (valid for `schema`) that certainly fails it: a required member dropped,
 * an unknown member added where none are allowed, one member of a wrong type or out of bounds,
 * or the wrong type altogether. Undefined if no certain violation was found.
 */
export function certainlyInvalid (schema: Schema, value: unknown, rng: Rng): unknown {
  const attempts: Array<() => unknown> = []
  if (isPlainObject(value)) {
    const props = schema.properties ?? {}
    for (const key of schema.required ?? []) attempts.push(() => { const copy = { ...value }; delete copy[key]; return copy })
    if (schema.additionalProperties === false) attempts.push(() => ({ ...value, [hostileString(rng, { allowHuge: false })]: hostileValue(rng) }))
    for (const key of Object.keys(props)) {
      for (const bad of breakers(props[key], rng).slice(0, 3)) attempts.push(() => ({ ...value, [key]: bad }))
    }
    if (schema.minProperties) attempts.push(() => ({}))
  }
  attempts.push(() => rng.pick(['just a string', 42, true, ['x'], [[1]]]))
  for (const attempt of rng.sample(attempts, attempts.length)) {
    const candidate = attempt()
    if (certainlyRejects(schema, candidate)) return candidate
  }
  return undefined
}

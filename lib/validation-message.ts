/**
 * Messages of schema validation failures (`400 FST_ERR_VALIDATION`) that name what is wrong: an unknown property by
 * its name (and the ones allowed), a wrong type by the path and the expected type (and the type received), a union
 * by its alternatives. Ajv's own wording says only "must NOT have additional properties" (CONTRACT.md, second wave).
 * Needs Ajv's `verbose` option for the schema and data of each error.
 */

/** The part of an Ajv error this reads. */
export interface SchemaError {
  instancePath?: string
  keyword: string
  params: Record<string, unknown>
  message?: string
  schema?: unknown
  parentSchema?: { properties?: Record<string, unknown> }
  data?: unknown
}

/** Fastify's `schemaErrorFormatter`: one message for the errors of one part of the request (`body`, `querystring`…). */
export function formatSchemaErrors (errors: SchemaError[], dataVar: string): Error {
  // a failed union reports each alternative's error before its own: only the union's says what would do
  const union = errors.find((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf')
  const reported = union === undefined ? errors : [union]
  return new Error(reported.map((e) => describe(e, dataVar + (e.instancePath ?? ''))).join('; '))
}

function describe (e: SchemaError, where: string): string {
  switch (e.keyword) {
    case 'additionalProperties': {
      const allowed = Object.keys(e.parentSchema?.properties ?? {})
      return `${where} has unknown property '${String(e.params.additionalProperty)}'` +
        (allowed.length > 0 ? ` (allowed: ${allowed.join(', ')})` : '')
    }
    case 'type':
      return `${where} must be of type ${String(e.params.type).replaceAll(',', ' or ')}${received(e)}`
    case 'anyOf':
    case 'oneOf': {
      const choices = Array.isArray(e.schema) ? e.schema.map(alternative) : []
      return choices.length > 0 && !choices.includes(undefined)
        ? `${where} must be one of: ${choices.join(', ')}${received(e)}`
        : `${where} ${e.message ?? 'does not match any allowed schema'}`
    }
    case 'enum':
      return `${where} must be one of: ${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`
    case 'const':
      return `${where} must be ${JSON.stringify(e.params.allowedValue)}`
    default:
      return `${where} ${e.message ?? 'is not valid'}`
  }
}

/** One alternative of a union, as a message names it: its type, or its constant. */
function alternative (schema: unknown): string | undefined {
  if (schema === null || typeof schema !== 'object') return undefined
  const s = schema as { type?: unknown, const?: unknown, enum?: unknown[] }
  if (s.const !== undefined) return JSON.stringify(s.const)
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(', ')
  if (typeof s.type === 'string') return s.type
  if (Array.isArray(s.type)) return s.type.join(' or ')
  return undefined
}

/** ", not <type>" for the value received, when Ajv gave it. */
function received (e: SchemaError): string {
  if (!('data' in e)) return ''
  const data = e.data
  const type = data === null ? 'null' : Array.isArray(data) ? 'array' : typeof data === 'number' && Number.isInteger(data) ? 'integer' : typeof data
  return `, not ${type}`
}

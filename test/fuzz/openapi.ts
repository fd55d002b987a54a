/** The operations of the live OpenAPI document, in the shape the fuzzer generates requests from. */

/** A JSON Schema as the OpenAPI document carries it (only the members the generators read). */
export interface Schema {
  type?: string
  properties?: Record<string, Schema>
  required?: string[]
  additionalProperties?: boolean | Schema
  items?: Schema
  anyOf?: Schema[]
  oneOf?: Schema[]
  enum?: unknown[]
  nullable?: boolean
  pattern?: string
  format?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  minItems?: number
  maxItems?: number
  minProperties?: number
  default?: unknown
  description?: string
}

export interface Parameter {
  name: string
  in: 'path' | 'query' | 'header'
  required: boolean
  schema: Schema
}

/** Who the document says may call an operation: its `security` list. */
export type Security = 'public' | 'admin' | 'keyOrAdmin'

export interface Operation {
  operationId: string
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  /** The path template with `{param}` segments, e.g. `/api/databases/{db}/tables/{table}`. */
  path: string
  params: Parameter[]
  body?: { contentType: string, schema: Schema }
  security: Security
}

interface Document {
  paths: Record<string, Record<string, {
    operationId: string
    parameters?: Parameter[]
    requestBody?: { content: Record<string, { schema: Schema }> }
    security?: Array<Record<string, string[]>>
  }>>
}

function securityOf (list: Array<Record<string, string[]>> | undefined): Security {
  if (!list || list.length === 0) return 'public'
  return list.some((entry) => 'apiKey' in entry) ? 'keyOrAdmin' : 'admin'
}

/** An endless answer (server-sent events) would hold a fuzz case open for ever: test/routes/changes.test.ts tests it. */
const endless = new Set(['watchChanges'])

export function operationsOf (doc: Document): Operation[] {
  const operations: Operation[] = []
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (endless.has(op.operationId)) continue
      const content = op.requestBody?.content ?? {}
      const contentType = Object.keys(content)[0]
      operations.push({
        operationId: op.operationId,
        method: method.toUpperCase() as Operation['method'],
        path,
        params: op.parameters ?? [],
        body: contentType ? { contentType, schema: content[contentType].schema } : undefined,
        security: securityOf(op.security)
      })
    }
  }
  return operations
}

/** The names of the `{param}` segments of a path template, in order. */
export function pathParamNames (path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1])
}

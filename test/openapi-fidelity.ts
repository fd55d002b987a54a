import AjvCompiler from '@fastify/ajv-compiler'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/**
 * Holds the OpenAPI document to what the server really does: every answer a test build gives is
 * checked against the document's operation (its status listed, a JSON body matching that status's
 * schema). `test/helper.ts` wires it into every `build()`, so a route test that receives an
 * undocumented status or shape fails, and the document cannot drift from the server.
 */

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
type Validate = ((data: unknown) => boolean) & { errors?: Array<{ instancePath: string, message?: string }> | null }

const pointer = (...parts: string[]): string => parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')

export class DocumentIndex {
  private readonly operations = new Map<string, { path: string, method: string, responses: Json }>()
  private readonly validators = new Map<string, Validate>()
  private readonly compile: (route: { schema: Json }) => Validate

  constructor (doc: Json) {
    for (const [path, methods] of Object.entries(doc.paths as Json)) {
      for (const [method, op] of Object.entries(methods as Json)) this.operations.set(op.operationId, { path, method, responses: op.responses })
    }
    // exact checks: no coercion, defaults or removal of extra members, which would hide drift
    const customOptions = { coerceTypes: false, useDefaults: false, removeAdditional: false, strict: false, allErrors: true }
    this.compile = AjvCompiler()({ openapi: { ...doc, $id: 'openapi' } }, { customOptions, plugins: [] }) as never
  }

  /** What is wrong with this answer of `operationId` according to the document, if anything. */
  check (operationId: string, status: number, contentType: string, payload: unknown): string | undefined {
    const op = this.operations.get(operationId)
    if (!op) return 'the operation is not in the document'
    const response = op.responses[String(status)] ?? op.responses.default
    if (!response) return `status ${status} is not in the document (it lists ${Object.keys(op.responses).join(', ')})`
    const mediaType = contentType.split(';')[0].trim()
    if (mediaType !== 'application/json' || typeof payload !== 'string') return undefined // files and streams: status only
    const documented = response.content?.['application/json']
    if (!documented?.schema) return `status ${status} answers JSON, the document declares ${Object.keys(response.content ?? {}).join(', ') || 'no body'}`
    const key = `${operationId} ${status}`
    let validate = this.validators.get(key)
    if (!validate) {
      const ref = 'openapi#/' + pointer('paths', op.path, op.method, 'responses', String(status), 'content', 'application/json', 'schema')
      validate = this.compile({ schema: { $ref: ref } })
      this.validators.set(key, validate)
    }
    if (validate(JSON.parse(payload))) return undefined
    return `status ${status} body does not match the document: ${(validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`).join('; ')}`
  }
}

export interface ResponseRecorder {
  /** Every mismatch seen so far, one line each. */
  readonly violations: string[]
}

/** Adds the checking `onSend` hook to `instance`; call it before the app's routes are registered. */
export function recordResponses (instance: FastifyInstance): ResponseRecorder {
  const violations: string[] = []
  let index: DocumentIndex | undefined
  instance.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) => {
    const operationId = (request.routeOptions.schema as { operationId?: string, hide?: boolean } | undefined)?.operationId
    if (operationId && request.method !== 'HEAD') {
      index ??= new DocumentIndex(instance.swagger() as Json)
      const problem = index.check(operationId, reply.statusCode, String(reply.getHeader('content-type') ?? ''), payload)
      if (problem) violations.push(`${request.method} ${request.url.split('?')[0]} (${operationId}): ${problem}; body ${String(payload).slice(0, 200)}`)
    }
    done(null, payload)
  })
  return { violations }
}

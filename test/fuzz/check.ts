import type { LightMyRequestResponse } from 'fastify'
import type { Verdict } from './cases.js'
import type { Resolved } from './route-match.js'

/** Operations whose success is not JSON by design: file downloads, Prometheus text, server-sent events. */
const notJsonOperations = new Set(['exportDatabase', 'exportTable', 'getMetrics', 'watchChanges'])

/** Responses that are not JSON by design. */
function binaryOrPage (resolved: Resolved | undefined, url: string, status: number): boolean {
  if (status >= 400) return false
  if (resolved !== undefined && notJsonOperations.has(resolved.op.operationId)) return true
  // the path the server sees, after the client's normalisation of `..` and `%2e%2e`
  let path: string
  try {
    path = new URL(url, 'http://localhost').pathname
  } catch {
    return false
  }
  return path.startsWith('/api/docs') || !path.startsWith('/api/')
}

/**
 * What every answer must satisfy, whatever was asked: no 5xx, a JSON error body with a string
 * `code`, no server path or stack trace, and a refusal (4xx) where the request had to be refused.
 * Returns the problems found, empty when the answer is acceptable.
 */
export function checkResponse (res: LightMyRequestResponse, verdict: Verdict, url: string, dataDir: string): string[] {
  const problems: string[] = []
  const status = res.statusCode
  if (status >= 500) problems.push(`answered ${status}`)
  const type = String(res.headers['content-type'] ?? '')
  if (!binaryOrPage(verdict.resolved, url, status)) {
    let body: unknown
    try {
      body = JSON.parse(res.body)
    } catch {
      problems.push(`the ${status} body is not JSON (content-type ${type || 'none'}): ${res.body.slice(0, 200)}`)
    }
    if (body !== undefined && !/^application\/json/.test(type)) problems.push(`JSON body sent as content-type '${type}'`)
    if (status >= 400 && body !== undefined) {
      const error = body as { code?: unknown, statusCode?: unknown }
      if (typeof error.code !== 'string') problems.push(`the ${status} error body has no string code: ${res.body.slice(0, 200)}`)
      if (error.statusCode !== status) problems.push(`the ${status} error body says statusCode ${String(error.statusCode)}`)
    }
  }
  if (status === 429 && res.headers['retry-after'] === undefined) problems.push('429 without a Retry-After header')
  if (verdict.mustRefuse && status < 400) problems.push(`answered ${status} to a request it had to refuse (${verdict.reason})`)
  if (res.body.includes(dataDir)) problems.push('the body names the server data directory')
  if (/\n\s+at .+:\d+:\d+/.test(res.body)) problems.push('the body carries a stack trace')
  return problems
}

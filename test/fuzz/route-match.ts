import type { Operation } from './openapi.js'

/**
 * Which operation a URL reaches, and with which parameters, after the client and the router
 * are done with it: WHATWG URL normalisation (as inject and browsers do: `..`, `%2e%2e`, `\`),
 * then Fastify's defaults (case-sensitive, no duplicate-slash or trailing-slash folding, params
 * percent-decoded once, at most 100 characters). The invariant depends on knowing the real target.
 */
export interface Resolved {
  op: Operation
  params: Record<string, string>
  query: Record<string, string | string[]>
}

const maxParamLength = 100

function decode (segment: string): string | undefined {
  try {
    return decodeURIComponent(segment)
  } catch {
    return undefined
  }
}

/** Undefined when no operation matches (the router answers 404, or 400 for a malformed URL). */
export function resolveRoute (operations: Operation[], method: string, url: string): Resolved | undefined {
  let parsed: URL
  try {
    parsed = new URL(url.startsWith('//') ? `http://localhost${url}` : url, 'http://localhost')
  } catch {
    return undefined
  }
  const segments = parsed.pathname.split('/')
  for (const op of operations) {
    if (op.method !== method) continue
    const template = op.path.split('/')
    const candidates = op.path.endsWith('/') ? [template, template.slice(0, -1)] : [template]
    for (const t of candidates) {
      const params = matchSegments(t, segments)
      if (params) return { op, params, query: queryOf(parsed.searchParams) }
    }
  }
  return undefined
}

function matchSegments (template: string[], segments: string[]): Record<string, string> | undefined {
  if (template.length !== segments.length) return undefined
  const params: Record<string, string> = {}
  for (let i = 0; i < template.length; i++) {
    const name = /^\{(.+)\}$/.exec(template[i])?.[1]
    const value = decode(segments[i])
    if (value === undefined) return undefined
    if (name === undefined) {
      if (value !== template[i]) return undefined
    } else {
      if (segments[i].length === 0 || value.length > maxParamLength) return undefined
      params[name] = value
    }
  }
  return params
}

function queryOf (search: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const key of new Set(search.keys())) {
    const all = search.getAll(key)
    out[key] = all.length === 1 ? all[0] : all
  }
  return out
}

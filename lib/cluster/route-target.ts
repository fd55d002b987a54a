/**
 * Which node a request belongs to, from its method and URL alone (before any parsing):
 * - `database`: a route under `/api/databases/:name/...` (or the database itself): its owner serves it.
 * - `create`: a new database (create, import): the least-loaded node serves it.
 * - `local`: everything else (admin, settings, the list, cluster routes): the node it reached.
 */
export type RouteTarget = { kind: 'database', name: string } | { kind: 'create' } | { kind: 'local' }

const prefix = '/api/databases'
/** Collection routes whose second segment is not a database name. */
const collection = new Set(['import', 'restore'])

export function routeTarget (method: string, url: string): RouteTarget {
  if (!url.startsWith(prefix)) return { kind: 'local' }
  const end = url.search(/[?#]/)
  const path = end === -1 ? url : url.slice(0, end)
  if (path === prefix || path === `${prefix}/`) return method === 'POST' ? { kind: 'create' } : { kind: 'local' }
  if (path[prefix.length] !== '/') return { kind: 'local' }
  const segment = path.slice(prefix.length + 1).split('/')[0]
  if (collection.has(segment)) return segment === 'import' ? { kind: 'create' } : { kind: 'local' }
  let name: string
  try {
    name = decodeURIComponent(segment)
  } catch {
    return { kind: 'local' } // Fastify answers a URL it cannot decode
  }
  return name === '' ? { kind: 'local' } : { kind: 'database', name }
}

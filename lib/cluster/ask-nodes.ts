import { HOP_HEADER } from './keys.js'
import type { ClusterPlacement } from './placement.js'

/**
 * GETs `path` on every other live node with the hop header (each answers for itself only) and the caller's
 * credential; a node that does not answer in time is left out (it fails over or comes back).
 */
export async function askOtherNodes<T> (placement: ClusterPlacement, self: string, path: string, authorization: string | undefined): Promise<Array<{ node: string, body: T }>> {
  const answers = await Promise.all(placement.nodes().filter((n) => n.id !== self).map(async (n) => {
    const res = await fetch(n.url + path, {
      headers: { [HOP_HEADER]: '1', ...(authorization ? { authorization } : {}) },
      signal: AbortSignal.timeout(10_000)
    }).catch(() => undefined)
    const body = res?.ok ? await res.json().catch(() => undefined) as T | undefined : undefined
    return body === undefined ? [] : [{ node: n.id, body }]
  }))
  return answers.flat()
}

import { useEffect, useRef, useState } from 'preact/hooks'
import { api, ApiError, query, seg } from '../../api.js'

/** One event of the change feed (docs/changes.md): a committed insert, update or delete of a row. */
export interface Change {
  seq: number
  table: string
  op: 'insert' | 'update' | 'delete'
  id: unknown
}

export type FeedStatus =
  | { state: 'off' }
  | { state: 'connecting' }
  | { state: 'live', openedAt: number }
  | { state: 'ended', reason: string }

const maxRetryMs = 10_000
/** Connections in a row that fail before opening (EventSource does not tell why) after which the view gives up. */
const maxFailures = 6

/**
 * Follows a table's changes with EventSource. EventSource cannot send the session's Authorization header, so each
 * connection first asks for a 60-second change feed token. On any error (a dropped connection, an expired token,
 * an `overflow` cut) the connection is closed and opened again with a fresh token, resuming after the last seq seen;
 * a resume point refused twice is dropped. `live.openedAt` changes on every (re)connection: the caller reloads then,
 * which covers whatever happened while it was away.
 */
export function useChangeFeed (db: string, table: string, enabled: boolean, onChange: (change: Change) => void): FeedStatus {
  const [status, setStatus] = useState<FeedStatus>({ state: 'off' })
  const handler = useRef(onChange)
  handler.current = onChange

  useEffect(() => {
    if (!enabled) {
      setStatus({ state: 'off' })
      return
    }
    let source: EventSource | undefined
    let timer: ReturnType<typeof setTimeout> | undefined
    let stopped = false
    let since: number | undefined
    let failures = 0

    const parse = (event: MessageEvent): Record<string, unknown> => JSON.parse(String(event.data)) as Record<string, unknown>

    async function open (): Promise<void> {
      setStatus({ state: 'connecting' })
      let token: string
      try {
        token = (await api.post<{ token: string }>(`/api/databases/${seg(db)}/changes/token`)).data.token
      } catch (error) {
        // refused (the database is gone, the session or key no longer allows it): retrying would not help
        if (error instanceof ApiError && [401, 403, 404].includes(error.status)) setStatus({ state: 'ended', reason: error.message })
        else retry()
        return
      }
      if (stopped) return
      const es = new EventSource(`/api/databases/${seg(db)}/changes${query({ tables: table, token, since })}`)
      source = es
      es.onopen = () => {
        failures = 0
        setStatus({ state: 'live', openedAt: Date.now() })
      }
      es.onmessage = (event) => {
        const change = parse(event) as unknown as Change
        since = change.seq
        handler.current(change)
      }
      es.addEventListener('overflow', (event) => {
        since = Number(parse(event as MessageEvent).seq)
        retry()
      })
      es.addEventListener('end', (event) => {
        const reason = String(parse(event as MessageEvent).reason)
        if (reason === 'shutdown' || reason === 'error') return retry()
        es.close()
        setStatus({ state: 'ended', reason })
      })
      es.onerror = () => retry()
    }

    function retry (): void {
      source?.close()
      source = undefined
      if (stopped) return
      failures++
      if (failures > 1) since = undefined // refused twice (expired beyond retention, or gone): start from now
      if (failures > maxFailures) {
        setStatus({ state: 'ended', reason: 'the change feed could not be opened' })
        return
      }
      setStatus({ state: 'connecting' })
      clearTimeout(timer)
      timer = setTimeout(() => { void open() }, Math.min(500 * failures, maxRetryMs))
    }

    void open()
    return () => {
      stopped = true
      clearTimeout(timer)
      source?.close()
    }
  }, [db, table, enabled])

  return status
}

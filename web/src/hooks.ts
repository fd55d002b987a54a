import { useEffect, useRef, useState } from 'preact/hooks'
import { ApiError } from './api.js'

export interface Resource<T> {
  data: T | undefined
  error: ApiError | undefined
  loading: boolean
  reload: () => void
}

/**
 * Loads something when `deps` change and on `reload()`. A reload keeps the old data on screen
 * while it runs; a change of `deps` clears it, so one table's rows never show under another's name.
 */
export function useResource<T> (load: (signal: AbortSignal) => Promise<T>, deps: unknown[]): Resource<T> {
  const [state, setState] = useState<{ data?: T, error?: ApiError, loading: boolean }>({ loading: true })
  const [tick, setTick] = useState(0)
  const key = JSON.stringify(deps)
  const lastKey = useRef(key)

  useEffect(() => {
    const controller = new AbortController()
    const sameKey = lastKey.current === key
    lastKey.current = key
    setState((s) => ({ data: sameKey ? s.data : undefined, loading: true }))
    load(controller.signal).then(
      (data) => { if (!controller.signal.aborted) setState({ data, loading: false }) },
      (error: unknown) => {
        if (controller.signal.aborted) return
        const apiError = error instanceof ApiError ? error : new ApiError(0, 'CLIENT_ERROR', String(error))
        setState((s) => ({ data: s.data, error: apiError, loading: false }))
      }
    )
    return () => controller.abort()
  }, [key, tick])

  // loading from the render that asks for the reload on, not from the one after it: what is judged against the data
  // (the records page's pinned rows) must not see the old data as current for a frame
  const reload = (): void => {
    setState((s) => ({ ...s, loading: true }))
    setTick((t) => t + 1)
  }
  return { data: state.data, error: state.error, loading: state.loading, reload }
}

/** Runs an action, tracking `busy` and the last error, for forms and buttons. */
export function useAction<A extends unknown[], R> (action: (...args: A) => Promise<R>) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<ApiError | undefined>()
  async function run (...args: A): Promise<R | undefined> {
    setBusy(true)
    setError(undefined)
    try {
      return await action(...args)
    } catch (err) {
      setError(err instanceof ApiError ? err : new ApiError(0, 'CLIENT_ERROR', err instanceof Error ? err.message : String(err)))
      return undefined
    } finally {
      setBusy(false)
    }
  }
  return { run, busy, error, setError }
}

/** The value after it has stopped changing for `ms`. */
export function useDebounced<T> (value: T, ms = 300): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}

export function useTitle (title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Litehouse` : 'Litehouse'
  }, [title])
}

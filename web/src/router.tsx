import type { AnchorHTMLAttributes, ComponentChildren, TargetedMouseEvent } from 'preact'
import { useEffect, useState } from 'preact/hooks'

/** History routing: the server answers every non-API path with index.html. */

const listeners = new Set<() => void>()

function notify (): void {
  for (const listener of listeners) listener()
}

window.addEventListener('popstate', notify)

export function currentPath (): string {
  return location.pathname
}

export function navigate (to: string, { replace = false, keepScroll = false } = {}): void {
  if (to === location.pathname + location.search) return
  history[replace ? 'replaceState' : 'pushState'](null, '', to)
  if (!replace && !keepScroll) window.scrollTo(0, 0)
  notify()
}

/** The current path; re-renders the caller on every navigation. */
export function usePath (): string {
  const [path, setPath] = useState(currentPath)
  useEffect(() => {
    const listener = (): void => setPath(currentPath())
    listeners.add(listener)
    return () => { listeners.delete(listener) }
  }, [])
  return path
}

/** The current query string (`?a=1`, or ''); re-renders the caller when a navigation changes it. */
export function useSearch (): string {
  const [search, setSearch] = useState(() => location.search)
  useEffect(() => {
    const listener = (): void => setSearch(location.search)
    listeners.add(listener)
    return () => { listeners.delete(listener) }
  }, [])
  return search
}

/** Matches `/databases/:name/tables/:table` style patterns; a trailing `*` takes the rest. */
export function match (pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean)
  const have = path.split('/').filter(Boolean)
  const params: Record<string, string> = {}
  for (let i = 0; i < want.length; i++) {
    const part = want[i]
    if (part === '*') {
      params.rest = have.slice(i).join('/')
      return params
    }
    if (have[i] === undefined) return null
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(have[i])
    else if (part !== have[i]) return null
  }
  return have.length === want.length ? params : null
}

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string, children?: ComponentChildren }

export function Link ({ href, onClick, ...rest }: LinkProps) {
  function follow (event: TargetedMouseEvent<HTMLAnchorElement>): void {
    if (typeof onClick === 'function') onClick(event)
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    navigate(href)
  }
  return <a href={href} onClick={follow} {...rest} />
}

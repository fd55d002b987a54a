import type { ComponentChildren } from 'preact'
import type { ApiError } from '../api.js'

export function ErrorNote ({ error, title }: { error: ApiError | undefined, title?: string }) {
  if (!error) return null
  return (
    <div class='note note-error' role='alert'>
      {title && <strong>{title} </strong>}
      <span class='note-message'>{error.message}</span>
      {error.code && !error.code.startsWith('HTTP_') && error.status > 0 && <code class='note-code'>{error.code}</code>}
    </div>
  )
}

export function Note ({ tone = 'info', children }: { tone?: 'info' | 'warning' | 'success', children: ComponentChildren }) {
  return <div class={`note note-${tone}`}>{children}</div>
}

export function Loading ({ label = 'Loading…' }: { label?: string }) {
  return <p class='loading' role='status'><span class='spinner' aria-hidden='true' />{label}</p>
}

export function Empty ({ title, children }: { title: string, children?: ComponentChildren }) {
  return (
    <div class='empty'>
      <p class='empty-title'>{title}</p>
      {children && <div class='empty-body'>{children}</div>}
    </div>
  )
}

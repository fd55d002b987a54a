import { useEffect, useState } from 'preact/hooks'

interface Toast { id: number, text: string, tone: 'success' | 'error' }

let nextId = 1
const listeners = new Set<(toasts: Toast[]) => void>()
let toasts: Toast[] = []

function publish (): void {
  for (const listener of listeners) listener(toasts)
}

/** A short confirmation in the corner, read out by screen readers (aria-live). */
export function toast (text: string, tone: Toast['tone'] = 'success'): void {
  const id = nextId++
  toasts = [...toasts, { id, text, tone }].slice(-3)
  publish()
  setTimeout(() => {
    toasts = toasts.filter((t) => t.id !== id)
    publish()
  }, 3500)
}

export function Toasts () {
  const [items, setItems] = useState<Toast[]>(toasts)
  useEffect(() => {
    listeners.add(setItems)
    return () => { listeners.delete(setItems) }
  }, [])
  return (
    <div class='toasts' aria-live='polite' role='status'>
      {items.map((t) => <div key={t.id} class={`toast toast-${t.tone}`}>{t.text}</div>)}
    </div>
  )
}

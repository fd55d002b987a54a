import type { ComponentChildren } from 'preact'
import { useEffect, useId, useRef } from 'preact/hooks'

interface DialogProps {
  title: string
  onClose: () => void
  children: ComponentChildren
  wide?: boolean
}

/**
 * A modal on the native <dialog>: the browser traps focus, closes on Escape and
 * returns focus to the opener, so keyboard use works without extra code.
 */
export function Dialog ({ title, onClose, children, wide = false }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open) dialog.showModal()
    return () => dialog?.close()
  }, [])

  return (
    <dialog ref={ref} class={wide ? 'dialog dialog-wide' : 'dialog'} aria-labelledby={titleId}
      onCancel={(event) => { event.preventDefault(); onClose() }}>
      <header class='dialog-header'>
        <h2 id={titleId}>{title}</h2>
        <button type='button' class='icon-button' aria-label='Close' onClick={onClose}>×</button>
      </header>
      <div class='dialog-body'>{children}</div>
    </dialog>
  )
}

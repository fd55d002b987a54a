import type { ComponentChildren } from 'preact'
import { useState } from 'preact/hooks'
import { Dialog } from './dialog.js'
import { ErrorNote } from './notice.js'
import { useAction } from '../hooks.js'

interface ConfirmProps {
  title: string
  children: ComponentChildren
  confirmLabel: string
  /** When set, the button stays disabled until this exact text is typed. */
  typeToConfirm?: string
  danger?: boolean
  onConfirm: () => Promise<unknown>
  onClose: () => void
}

/** Asks before something happens; irreversible actions ask for the name to be typed. */
export function Confirm ({ title, children, confirmLabel, typeToConfirm, danger = true, onConfirm, onClose }: ConfirmProps) {
  const [typed, setTyped] = useState('')
  const action = useAction(async () => { await onConfirm(); return true })
  const ready = typeToConfirm === undefined || typed === typeToConfirm

  async function submit (event: Event): Promise<void> {
    event.preventDefault()
    if (!ready) return
    if (await action.run()) onClose()
  }

  return (
    <Dialog title={title} onClose={onClose}>
      <form onSubmit={submit} class='stack'>
        <div class='confirm-text'>{children}</div>
        {typeToConfirm !== undefined && (
          <label class='field'>
            <span class='label'>Type <strong>{typeToConfirm}</strong> to confirm</span>
            <input value={typed} onInput={(e) => setTyped(e.currentTarget.value)} autoComplete='off' spellcheck={false} autoFocus />
          </label>
        )}
        <ErrorNote error={action.error} />
        <div class='actions'>
          <button type='button' class='button' onClick={onClose}>Cancel</button>
          <button type='submit' class={danger ? 'button button-danger' : 'button button-primary'} disabled={!ready || action.busy}>
            {action.busy ? 'Working…' : confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  )
}

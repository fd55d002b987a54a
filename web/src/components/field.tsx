import type { ComponentChildren, JSX } from 'preact'
import { useId } from 'preact/hooks'

export interface ControlProps {
  id: string
  'aria-describedby'?: string
  'aria-invalid'?: boolean
}

interface FieldProps {
  label: ComponentChildren
  /** Shown after the label in a lighter weight, e.g. "optional". */
  aside?: string
  hint?: ComponentChildren
  /** Replaces the hint and marks the control invalid. */
  error?: string | false
  class?: string
  children: (control: ControlProps) => JSX.Element
}

/**
 * A labelled control whose accessible name is the label alone; the hint or error is linked
 * with aria-describedby, so screen readers read it after the name instead of inside it.
 */
export function Field ({ label, aside, hint, error, class: className, children }: FieldProps) {
  const id = useId()
  const described = error || hint ? `${id}-hint` : undefined
  return (
    <div class={className ? `field ${className}` : 'field'}>
      <label class='label' for={id}>{label}{aside && <span class='optional'>{aside}</span>}</label>
      {children({ id, 'aria-describedby': described, ...(error ? { 'aria-invalid': true } : {}) })}
      {error
        ? <span class='hint hint-error' id={described}>{error}</span>
        : hint && <span class='hint' id={described}>{hint}</span>}
    </div>
  )
}

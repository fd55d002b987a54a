interface SegmentedProps<T extends string> {
  label: string
  value: T
  options: Array<{ value: T, label: string }>
  onChange: (value: T) => void
}

/** A row of toggle buttons (aria-pressed) choosing one of a few values, e.g. 24h / 7d / 30d. */
export function Segmented<T extends string> ({ label, value, options, onChange }: SegmentedProps<T>) {
  return (
    <div class='segmented' role='group' aria-label={label}>
      {options.map((o) => (
        <button key={o.value} type='button' aria-pressed={o.value === value} onClick={() => onChange(o.value)}>{o.label}</button>
      ))}
    </div>
  )
}

export interface Stat { label: string, value: string, tone?: 'danger' }

/** Overview cards: a label and one big figure each. */
export function Stats ({ items, label }: { items: Stat[], label: string }) {
  return (
    <dl class='stats' aria-label={label}>
      {items.map((s) => (
        <div key={s.label} class={s.tone ? `stat stat-${s.tone}` : 'stat'}>
          <dt>{s.label}</dt>
          <dd>{s.value}</dd>
        </div>
      ))}
    </dl>
  )
}

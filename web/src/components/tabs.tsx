import { Link } from '../router.js'

export interface Tab { href: string, label: string, current: boolean }

/** Section navigation drawn as tabs; they are links, so each view has its own URL. */
export function Tabs ({ tabs, label }: { tabs: Tab[], label: string }) {
  return (
    <nav class='tabs' aria-label={label}>
      {tabs.map((t) => (
        <Link key={t.href} href={t.href} class='tab' aria-current={t.current ? 'page' : undefined}>{t.label}</Link>
      ))}
    </nav>
  )
}

import type { Change, FeedStatus } from './change-feed.js'

export interface LoggedChange extends Change { at: string }

const statusText: Record<FeedStatus['state'], string> = {
  off: '',
  connecting: 'Connecting to the change feed…',
  live: 'Live: changes appear as they are committed, whoever writes them.',
  ended: 'The change feed ended'
}

const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' })

const tones: Record<Change['op'], string> = { insert: 'badge-success', update: 'badge-accent', delete: 'badge-danger' }

/** The live view's state and its latest changes, newest first. */
export function LiveLog ({ status, changes }: { status: FeedStatus, changes: LoggedChange[] }) {
  return (
    <section class='live-log' aria-label='Live changes'>
      <p class='live-status' role='status'>
        <span class={`live-dot live-${status.state}`} aria-hidden='true' />
        {statusText[status.state]}{status.state === 'ended' && ` (${status.reason}). Turn Live off and on to follow it again.`}
      </p>
      {changes.length > 0 && (
        <ol class='live-changes' aria-label='Latest changes'>
          {changes.map((c) => (
            <li key={c.seq}>
              <span class={`badge ${tones[c.op]}`}>{c.op}</span> record <code>{typeof c.id === 'string' ? c.id : JSON.stringify(c.id)}</code>
              <time class='muted' dateTime={c.at}>{timeFormat.format(new Date(c.at))}</time>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

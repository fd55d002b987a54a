import { useState } from 'preact/hooks'
import { api, seg } from '../../api.js'
import type { BackupList, DatabaseDetail } from '../../types.js'
import { useAction, useResource } from '../../hooks.js'
import { formatAgo, formatBytes, formatDate } from '../../format.js'
import { navigate } from '../../router.js'
import { Confirm } from '../../components/confirm.js'
import { Empty, ErrorNote, Loading } from '../../components/notice.js'
import { Field } from '../../components/field.js'
import { Segmented } from '../../components/segmented.js'
import { Stats } from '../../components/stat.js'
import { toast } from '../../components/toast.js'
import { DatabaseNameField, validDatabaseName } from '../database-create.js'

/** An instant as a `datetime-local` value (local time, whole seconds), and back. */
function toLocalInput (iso: string): string {
  const d = new Date(iso)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}
const fromLocalInput = (value: string): string => new Date(value).toISOString()

function formatLag (seconds: number): string {
  if (seconds === 0) return 'up to date'
  return seconds < 60 ? `${seconds.toFixed(1)} s` : `${Math.round(seconds / 60)} min`
}

/** Backups of one database: where its replica stands, the restore window, snapshots, restore to an instant. */
export function BackupsView ({ db, onChange }: { db: DatabaseDetail, onChange: () => void }) {
  const base = `/api/databases/${seg(db.name)}`
  const backupsOn = db.backup !== undefined
  // with backups off the list is a 404: not asked for
  const list = useResource(async (signal) => backupsOn ? (await api.get<BackupList>(`${base}/backups`, { signal })).data : undefined, [base, backupsOn])
  const snapshot = useAction(async () => (await api.post<BackupList['snapshots'][number]>(`${base}/backups`)).data)
  const [mode, setMode] = useState<'latest' | 'instant'>('latest')
  const [instant, setInstant] = useState('')
  const [asNew, setAsNew] = useState(true)
  const [target, setTarget] = useState('')
  const [confirming, setConfirming] = useState(false)
  const restore = useAction(async () => (await api.post<DatabaseDetail>(`${base}/restore`, body())).data)

  if (!backupsOn || db.backup === undefined) {
    return (
      <section class='card stack' aria-labelledby='backups-title'>
        <h2 class='card-title' id='backups-title'>Backups are off</h2>
        <p class='muted'>Start the server with <code>BACKUP_URL</code> (a <code>file:///</code> directory or an <code>s3://</code> bucket) to back up every
          database continuously and restore it to any instant.</p>
      </section>
    )
  }
  const state = db.backup
  const window = list.data?.window ?? null
  const timestamp = mode === 'instant' && instant ? fromLocalInput(instant) : undefined
  const outside = timestamp !== undefined && window !== null && !window.ranges.some((r) => r.from <= timestamp && timestamp <= r.to)
  const ready = !restore.busy && window !== null && (mode === 'latest' || (timestamp !== undefined && !outside)) && (!asNew || validDatabaseName(target))

  function body (): { timestamp?: string, target?: string } {
    return { ...(timestamp ? { timestamp } : {}), ...(asNew ? { target } : {}) }
  }

  async function takeSnapshot (): Promise<void> {
    const taken = await snapshot.run()
    if (!taken) return
    toast('Snapshot taken')
    list.reload()
  }

  async function submit (event: Event): Promise<void> {
    event.preventDefault()
    if (!ready) return
    // in place replaces the database: asked first
    if (!asNew) { setConfirming(true); return }
    const restored = await restore.run()
    if (!restored) return
    toast(`Restored as ${restored.name}`)
    navigate(`/databases/${seg(restored.name)}`)
  }

  return (
    <div class='stack'>
      <Stats label='Replication' items={[
        { label: 'Backups', value: state.status === 'ok' ? 'OK' : 'Failing', ...(state.status === 'ok' ? {} : { tone: 'danger' as const }) },
        { label: 'Replication lag', value: formatLag(state.lagSeconds), ...(state.lagSeconds > 60 ? { tone: 'danger' as const } : {}) },
        { label: 'Last write', value: formatAgo(state.lastWriteAt) },
        { label: 'Last upload', value: formatAgo(state.lastReplicatedAt) }
      ]} />
      <p class='muted'>{state.replicating
        ? 'Being replicated: each write reaches the backup within seconds.'
        : 'Not written lately: its backup holds everything, and replication resumes on the next write.'}</p>

      <section class='card stack' aria-labelledby='window-title'>
        <div class='card-head'>
          <h2 class='card-title' id='window-title'>Restore window</h2>
          <button type='button' class='button' disabled={snapshot.busy} onClick={() => { void takeSnapshot() }}>
            {snapshot.busy ? 'Taking snapshot…' : 'Snapshot now'}
          </button>
        </div>
        <ErrorNote error={snapshot.error} />
        <ErrorNote error={list.error} />
        {list.loading && !list.data && <Loading />}
        {list.data && window === null && <p class='muted'>Nothing has reached the backup yet.</p>}
        {window && (
          <p data-testid='restore-window'>Any instant from <strong>{formatDate(window.from, true)}</strong> to <strong>{formatDate(window.to, true)}</strong>
            {window.ranges.length > 1 && <> in {window.ranges.length} spans (the backup was interrupted between them)</>}.</p>
        )}
        {window && window.ranges.length > 1 && (
          <ul class='muted'>{window.ranges.map((r) => <li key={r.from}>{formatDate(r.from, true)} – {formatDate(r.to, true)}</li>)}</ul>
        )}
      </section>

      <section class='card card-flush' aria-labelledby='snapshots-title'>
        <h2 class='card-title' id='snapshots-title'>Snapshots</h2>
        {list.data && list.data.snapshots.length === 0 && <Empty title='No snapshots yet' />}
        {list.data && list.data.snapshots.length > 0 && (
          <div class='table-scroll'>
            <table class='grid'>
              <thead><tr><th scope='col'>Taken</th><th scope='col'>Generation</th><th scope='col' class='num'>Size</th></tr></thead>
              <tbody>
                {[...list.data.snapshots].reverse().map((s) => (
                  <tr key={`${s.generation}/${s.createdAt}`}>
                    <td>{formatDate(s.createdAt, true)}</td>
                    <td><code>{s.generation}</code></td>
                    <td class='num'>{formatBytes(s.sizeBytes)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <form class='card stack' onSubmit={submit} aria-labelledby='restore-title'>
        <h2 class='card-title' id='restore-title'>Restore</h2>
        <div class='actions actions-start'>
          <Segmented label='State to restore' value={mode} onChange={setMode}
            options={[{ value: 'latest', label: 'Latest state' }, { value: 'instant', label: 'An instant…' }]} />
          <Segmented label='Restore into' value={asNew ? 'new' : 'place'} onChange={(v) => setAsNew(v === 'new')}
            options={[{ value: 'new', label: 'A new database' }, { value: 'place', label: 'This database (replace)' }]} />
        </div>
        {mode === 'instant' && (
          <Field label='Instant' hint={window ? 'Local time, inside the restore window.' : undefined}
            error={outside && 'Outside the restore window: pick an instant inside one of its spans.'}>
            {(control) => (
              <input {...control} type='datetime-local' step={1} value={instant}
                min={window ? toLocalInput(window.from) : undefined} max={window ? toLocalInput(window.to) : undefined}
                onInput={(e) => setInstant(e.currentTarget.value)} />
            )}
          </Field>
        )}
        {asNew
          ? <DatabaseNameField value={target} onInput={setTarget} />
          : <p class='muted'>Replaces <strong>{db.name}</strong> with the restored state; its API keys stay. A snapshot is taken first, so this can be undone.</p>}
        <ErrorNote error={restore.error} />
        <div class='actions actions-start'>
          <button type='submit' class='button button-primary' disabled={!ready}>
            {restore.busy ? 'Restoring…' : asNew ? 'Restore as new database' : 'Restore in place…'}
          </button>
        </div>
      </form>

      {confirming && (
        <Confirm title={`Restore ${db.name} in place`} confirmLabel='Restore in place' typeToConfirm={db.name} onClose={() => setConfirming(false)}
          onConfirm={async () => {
            if (!await restore.run()) throw restore.error ?? new Error('the restore failed')
            toast(`${db.name} restored${timestamp ? ` to ${formatDate(timestamp, true)}` : ''}`)
            list.reload()
            onChange()
          }}>
          <p>The current contents of <strong>{db.name}</strong> are replaced by its state {timestamp ? <>at <strong>{formatDate(timestamp, true)}</strong></> : 'of the latest backup'}.</p>
        </Confirm>
      )}
    </div>
  )
}

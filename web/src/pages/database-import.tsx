import { useRef, useState } from 'preact/hooks'
import { ApiError, upload, type Upload } from '../api.js'
import type { Database } from '../types.js'
import { formatBytes } from '../format.js'
import { Dialog } from '../components/dialog.js'
import { ErrorNote } from '../components/notice.js'
import { Field } from '../components/field.js'
import { toast } from '../components/toast.js'
import { DatabaseNameField, validDatabaseName } from './database-create.js'

/** "My Music.sqlite3" → "my-music": a name the server accepts, derived from the file name. */
function nameFromFile (fileName: string): string {
  return fileName.replace(/\.[^.]*$/, '').toLowerCase().replace(/[^a-z0-9_-]+/g, '-').replace(/^[^a-z0-9]+/, '').slice(0, 64)
}

export function ImportDatabaseDialog ({ onClose, onImported }: { onClose: () => void, onImported: () => void }) {
  const [file, setFile] = useState<File | null>(null)
  const [name, setName] = useState('')
  const [progress, setProgress] = useState<number | null>(null)
  const [error, setError] = useState<ApiError | undefined>()
  const current = useRef<Upload<Database> | null>(null)

  function choose (chosen: File | null): void {
    setFile(chosen)
    if (chosen && !name) setName(nameFromFile(chosen.name))
  }

  async function submit (event: Event): Promise<void> {
    event.preventDefault()
    if (!file || !validDatabaseName(name)) return
    setError(undefined)
    setProgress(0)
    current.current = upload<Database>('/api/databases/import', [['name', name], ['file', file]], setProgress)
    try {
      const result = await current.current.done
      toast(`Imported ${result.data.name}`)
      onImported()
      onClose()
    } catch (err) {
      setError(err as ApiError)
      setProgress(null)
    } finally {
      current.current = null
    }
  }

  function cancel (): void {
    current.current?.abort()
    onClose()
  }

  const percent = progress === null ? 0 : Math.round(progress * 100)
  return (
    <Dialog title='Import a database' onClose={cancel}>
      <form class='stack' onSubmit={submit}>
        <Field label='SQLite file' hint={file && `${file.name} · ${formatBytes(file.size)}`}>
          {(control) => (
            <input {...control} type='file' required accept='.db,.sqlite,.sqlite3,.db3,application/vnd.sqlite3,application/x-sqlite3'
              onChange={(e) => choose(e.currentTarget.files?.[0] ?? null)} />
          )}
        </Field>
        <DatabaseNameField value={name} onInput={setName} />
        {progress !== null && (
          <div class='progress' role='group' aria-label='Upload progress'>
            <progress max={100} value={percent} aria-label='Uploaded'>{percent}%</progress>
            <span class='progress-text'>{percent < 100 ? `Uploading… ${percent}%` : 'Checking integrity…'}</span>
          </div>
        )}
        <ErrorNote error={error} />
        <div class='actions'>
          <button type='button' class='button' onClick={cancel}>Cancel</button>
          <button type='submit' class='button button-primary' disabled={progress !== null || !file}>
            {progress !== null ? 'Importing…' : 'Import'}
          </button>
        </div>
      </form>
    </Dialog>
  )
}

import { useState } from 'preact/hooks'
import { api, seg, type ApiError } from '../../api.js'
import type { Changes, DatabaseDetail, Row, RowsMeta } from '../../types.js'
import { formatMs, formatNumber, plural } from '../../format.js'
import { ResultTable } from '../../components/cell.js'
import { ErrorNote, Note } from '../../components/notice.js'
import { Field } from '../../components/field.js'

type Outcome =
  | { kind: 'rows', rows: Row[], meta: RowsMeta, ms: number }
  | { kind: 'changes', result: Changes, ms: number }
  | { kind: 'error', error: ApiError, ms: number }

/** Parameters as typed: blank, a JSON array (positional) or a JSON object (named). */
function parseParams (text: string): { params?: unknown[] | Record<string, unknown>, problem?: string } {
  if (!text.trim()) return {}
  try {
    const value: unknown = JSON.parse(text)
    if (Array.isArray(value) || (typeof value === 'object' && value !== null)) return { params: value as unknown[] | Record<string, unknown> }
  } catch (err) {
    return { problem: `Parameters are not valid JSON: ${(err as Error).message}` }
  }
  return { problem: 'Parameters must be a JSON array like [1, "a"] or an object like {"id": 1}.' }
}

const storageKey = (db: string): string => `litehouse.sql.${db}`

/** Raw SQL against one database; timing is measured here in the browser, round trip included. */
export function SqlConsole ({ db, onChange }: { db: DatabaseDetail, onChange: () => void }) {
  const firstTable = db.tables[0]?.name
  const [sql, setSql] = useState(() => sessionStorage.getItem(storageKey(db.name)) ??
    (firstTable ? `SELECT * FROM "${firstTable}" LIMIT 20` : 'SELECT sqlite_version() AS version'))
  const [paramsText, setParamsText] = useState('')
  const [running, setRunning] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const parsed = parseParams(paramsText)

  async function run (event?: Event): Promise<void> {
    event?.preventDefault()
    if (!sql.trim() || parsed.problem || running) return
    sessionStorage.setItem(storageKey(db.name), sql)
    setRunning(true)
    const started = performance.now()
    try {
      const body = parsed.params === undefined ? { sql } : { sql, params: parsed.params }
      const res = await api.post<Row[] | Changes, RowsMeta>(`/api/databases/${seg(db.name)}/query`, body)
      const ms = performance.now() - started
      if (Array.isArray(res.data)) {
        const columns = res.meta?.columns ?? Object.keys(res.data[0] ?? {})
        setOutcome({ kind: 'rows', rows: res.data, meta: { columns, rowCount: res.meta?.rowCount ?? res.data.length, truncated: Boolean(res.meta?.truncated) }, ms })
      } else {
        setOutcome({ kind: 'changes', result: res.data, ms })
        // A statement may have created, altered or dropped tables.
        onChange()
      }
    } catch (error) {
      setOutcome({ kind: 'error', error: error as ApiError, ms: performance.now() - started })
    } finally {
      setRunning(false)
    }
  }

  function shortcut (event: KeyboardEvent): void {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void run(event)
  }

  return (
    <div class='stack'>
      <form class='card stack sql-form' onSubmit={run}>
        <Field label='SQL' hint={<>One statement per run. Use <code>?</code> or <code>:name</code> placeholders. Ctrl+Enter runs.</>}>
          {(control) => (
            <textarea {...control} class='code-input' rows={6} value={sql} spellcheck={false} onKeyDown={shortcut}
              onInput={(e) => setSql(e.currentTarget.value)} />
          )}
        </Field>
        <Field label='Parameters' aside='JSON array or object' error={parsed.problem}>
          {(control) => (
            <input {...control} class='code-input' value={paramsText} placeholder='[1, "text"]  or  {"id": 1}' spellcheck={false}
              onInput={(e) => setParamsText(e.currentTarget.value)} onKeyDown={shortcut} />
          )}
        </Field>
        <div class='actions actions-start'>
          <button type='submit' class='button button-primary' disabled={running || !sql.trim() || Boolean(parsed.problem)}>
            {running ? 'Running…' : 'Run'}
          </button>
          {db.readonly && <span class='muted'>Read-only database: only statements that do not write will run.</span>}
        </div>
      </form>

      {outcome && (
        <section class='card card-flush sql-result' aria-live='polite' aria-labelledby='sql-result-title'>
          <h2 class='card-title' id='sql-result-title'>
            {outcome.kind === 'rows' && plural(outcome.meta.rowCount, 'row')}
            {outcome.kind === 'changes' && `${plural(outcome.result.changes, 'row')} changed`}
            {outcome.kind === 'error' && 'Error'}
            <span class='timing'>{formatMs(outcome.ms)}</span>
          </h2>
          {outcome.kind === 'error' && <div class='card-pad'><ErrorNote error={outcome.error} /></div>}
          {outcome.kind === 'changes' && (
            <p class='card-pad'>
              Changes: <strong>{formatNumber(outcome.result.changes)}</strong>
              {outcome.result.lastInsertRowid !== null && outcome.result.lastInsertRowid !== undefined && (
                <> · last insert rowid: <strong>{String(outcome.result.lastInsertRowid)}</strong></>
              )}
            </p>
          )}
          {outcome.kind === 'rows' && outcome.meta.truncated && (
            <div class='card-pad'><Note tone='warning'>The result was cut at {formatNumber(outcome.rows.length)} rows (the server's limit).</Note></div>
          )}
          {outcome.kind === 'rows' && (outcome.rows.length > 0
            ? <ResultTable columns={outcome.meta.columns} rows={outcome.rows} caption='Query result' />
            : <p class='card-pad muted'>The statement returned no rows.</p>)}
        </section>
      )}
    </div>
  )
}

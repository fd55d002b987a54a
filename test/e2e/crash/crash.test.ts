// Crash safety: the real server takes concurrent writes over HTTP and is killed with SIGKILL at a seeded random
// moment, again and again, on one data directory. After every kill, with the server down, the files are
// checked read-only; after every restart, through the API. Some rounds also kill a rename, an import or an
// export in flight. CRASH_KILLS (default 20) sets the number of kills, CRASH_SEED replays a run.
import t, { type Test } from 'tap'
import { existsSync, mkdtempSync, openAsBlob, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import {
  call, integrity, killServer, seededRandom, startServer, stopServer, waitForGroupExit, type Answer, type Server
} from './harness.js'

const kills = Number(process.env.CRASH_KILLS ?? 20)
const seed = Number(process.env.CRASH_SEED ?? 20261121)
const flushMs = 200
// Events acknowledged this shortly before a kill may still sit in the analytics buffer: one flush interval,
// plus a margin for a flush in progress and a busy event loop on a loaded machine.
const lossWindowMs = flushMs + Number(process.env.CRASH_LOSS_MARGIN_MS ?? 600)
const clientCount = 8
const databases = ['crash-a', 'crash-b', 'crash-c']
const renameNames = ['crash-r', 'crash-s']
const keptRows = 50
const admin = { email: 'crash@example.com', password: 'crash-test-password' }

const random = seededRandom(seed)
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]
const between = (low: number, high: number): number => low + random() * (high - low)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
t.comment(`seed ${seed}, ${kills} kills (replay with CRASH_SEED=${seed})`)
// about 3 s a kill on two idle cores; a loaded machine takes several times longer
t.setTimeout(60_000 + kills * 20_000)

const scratch = mkdtempSync(join(tmpdir(), 'litehouse-crash-'))
const dataDir = join(scratch, 'data')
t.teardown(() => rmSync(scratch, { recursive: true, force: true }))

let server: Server | undefined
t.teardown(async () => { if (server) await stopServer(server) })
const env = { ANALYTICS_FLUSH_MS: String(flushMs) }

/** Calls that must succeed (set-up and checks): anything else stops the test with the answer. */
async function must (method: string, path: string, token: string | undefined, body?: unknown, status = 200): Promise<any> {
  const answer = await call(server as Server, method, path, token, body)
  if (answer.status !== status) throw new Error(`${method} ${path}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`)
  return answer.body
}

// ---- set-up: admin, databases with a table and a key each, a database to rename, one to export and import

server = await startServer(dataDir, env)
await must('POST', '/api/admin/setup', undefined, admin, 201)
const token: string = (await must('POST', '/api/admin/login', undefined, admin)).data.token
const keys: Record<string, string> = {}
for (const name of [...databases, renameNames[0], 'crash-big']) {
  await must('POST', '/api/databases', token, { name }, 201)
  keys[name] = (await must('POST', `/api/databases/${name}/keys`, token, { label: 'crash', scope: 'write' }, 201)).data.key
}
for (const name of databases) {
  await must('POST', `/api/databases/${name}/query`, token, { sql: 'CREATE TABLE items (id TEXT PRIMARY KEY, client INTEGER NOT NULL, batch TEXT, payload TEXT)' })
}
await must('POST', `/api/databases/${renameNames[0]}/query`, token, { sql: 'CREATE TABLE kept (n INTEGER)' })
await must('POST', `/api/databases/${renameNames[0]}/query`, token, {
  sql: `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${keptRows}) INSERT INTO kept SELECT i FROM n`
})
// Large enough that VACUUM INTO, the download and an upload take a moment to kill them in.
const bigRows = 3000
await must('POST', '/api/databases/crash-big/query', token, { sql: 'CREATE TABLE blobs (i INTEGER PRIMARY KEY, b BLOB)' })
await must('POST', '/api/databases/crash-big/query', token, {
  sql: `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${bigRows}) INSERT INTO blobs SELECT i, randomblob(2000) FROM n`
})
const importSource = join(scratch, 'import-source.db')
const exported = await call(server, 'POST', '/api/databases/crash-big/export', token)
if (exported.status !== 200) throw new Error(`export failed: ${exported.status}`)
writeFileSync(importSource, exported.body as Buffer)

let renameCurrent = renameNames[0]
const fileOps = {
  async rename (_name: string): Promise<Answer> {
    const to = renameCurrent === renameNames[0] ? renameNames[1] : renameNames[0]
    const answer = await call(server as Server, 'PATCH', `/api/databases/${renameCurrent}`, token, { name: to })
    if (answer.status === 200) renameCurrent = to
    return answer
  },
  async import (name: string): Promise<Answer> {
    const form = new FormData()
    form.append('name', name)
    form.append('file', await openAsBlob(importSource), 'upload.db')
    return await call(server as Server, 'POST', '/api/databases/import', token, form)
  },
  async export (_name: string): Promise<Answer> {
    return await call(server as Server, 'POST', '/api/databases/crash-big/export', token)
  }
}

// How long each operation takes here, so that the kills can aim inside them.
const durations: Record<keyof typeof fileOps, number> = { rename: 0, import: 0, export: 0 }
for (const op of ['rename', 'import', 'export'] as const) {
  const started = performance.now()
  const answer = await fileOps[op]('crash-warm')
  if (answer.status !== (op === 'import' ? 201 : 200)) throw new Error(`${op} failed: ${answer.status} ${JSON.stringify(answer.body)}`)
  durations[op] = performance.now() - started
}
t.comment(`uninterrupted: rename ${durations.rename.toFixed(0)} ms, import ${durations.import.toFixed(0)} ms, export ${durations.export.toFixed(0)} ms`)

// ---- the write load

interface Attempt {
  kind: 'single' | 'bulk' | 'sql'
  database: string
  rows: string[]
  answer?: Answer
}

/** One client: sends writes one after another until stopped; each row carries an id made here. */
async function client (round: number, number: number, attempts: Attempt[], stopped: () => boolean): Promise<void> {
  const credential = (database: string): string => number % 2 === 0 ? token : keys[database]
  for (let seq = 0; !stopped(); seq++) {
    const database = pick(databases)
    const kind = pick(['single', 'bulk', 'sql'] as const)
    const base = `r${round}-c${number}-${seq}`
    const payload = 'x'.repeat(Math.floor(between(10, 400)))
    let attempt: Attempt
    let request: Promise<Answer>
    if (kind === 'sql') {
      attempt = { kind, database, rows: [base] }
      // the id is also the table's alias: an identifier, which the analytics log's pattern keeps (literals become ?)
      request = call(server as Server, 'POST', `/api/databases/${database}/query`, credential(database),
        { sql: `INSERT INTO items AS "${base}" (id, client, batch, payload) VALUES ('${base}', ${number}, NULL, ?)`, params: [payload] })
    } else {
      const size = kind === 'bulk' ? Math.floor(between(2, 26)) : 1
      attempt = { kind, database, rows: Array.from({ length: size }, (_, i) => size === 1 ? base : `${base}-${i}`) }
      const records = attempt.rows.map((id) => ({ id, client: number, batch: kind === 'bulk' ? base : null, payload }))
      request = call(server as Server, 'POST', `/api/databases/${database}/tables/items/records`, credential(database),
        kind === 'bulk' ? records : records[0])
    }
    attempts.push(attempt)
    attempt.answer = await request
    if (attempt.answer.status === 'none') return
  }
}

// ---- what must hold, across every round

const mustExist = new Set<string>()
const mustNotExist = new Set<string>()
const everAttempted = new Set<string>()
let lastLogId = 0
const figures = {
  kills: 0, wholeGroupKills: 0, attempts: 0, rowsChecked: 0, acknowledged: 0, unanswered: 0,
  unansweredPresent: 0, eventsChecked: 0, eventsRequired: 0, eventsLost: 0, oldestLostEventMs: 0,
  fileOps: { rename: 0, import: 0, export: 0 }, fileOpsInFlight: { rename: 0, import: 0, export: 0 }, exportTempFiles: 0
}

function rowsOf (database: string): Set<string> {
  const db = new Database(join(dataDir, `${database}.db`), { readonly: true })
  try {
    return new Set(db.prepare('SELECT id FROM items').pluck().all() as string[])
  } finally {
    db.close()
  }
}

/** With the server down: integrity of every SQLite file, and every write's all-or-nothing outcome. */
function checkFiles (t: Test, round: number, attempts: Attempt[], killAt: number, wholeGroup: boolean) {
  for (const file of readdirSync(dataDir).filter((f) => f.endsWith('.db'))) {
    t.equal(integrity(join(dataDir, file)), 'ok', `round ${round}: integrity_check of ${file}`)
  }
  // A SIGKILL to the group reaches its processes one after the other: a worker may die a moment before the server,
  // which then truthfully answers 503 ENGINE_UNAVAILABLE (nothing acknowledged) before its own kill lands.
  const workerDiedFirst = (a: Attempt) => wholeGroup && a.answer?.status === 503 && (a.answer.body as { code?: string } | undefined)?.code === 'ENGINE_UNAVAILABLE'
  const unexpected = attempts.filter((a) => a.answer !== undefined && a.answer.status !== 'none' && (a.answer.status < 200 || a.answer.status >= 300) && !workerDiedFirst(a))
  t.same(unexpected.map((a) => `${a.kind} ${a.answer?.status} ${JSON.stringify(a.answer?.body)}`), [], `round ${round}: every answer was a success`)

  const present = Object.fromEntries(databases.map((name) => [name, rowsOf(name)]))
  const problems: string[] = []
  for (const attempt of attempts) {
    const found = attempt.rows.filter((id) => present[attempt.database].has(id)).length
    attempt.rows.forEach((id) => everAttempted.add(id))
    figures.attempts++
    figures.rowsChecked += attempt.rows.length
    const acknowledged = typeof attempt.answer?.status === 'number' && attempt.answer.status < 300
    if (acknowledged) {
      figures.acknowledged++
      if (found !== attempt.rows.length) problems.push(`${attempt.kind} ${attempt.rows[0]} was acknowledged, ${found}/${attempt.rows.length} rows found`)
    } else {
      figures.unanswered++
      if (found !== 0 && found !== attempt.rows.length) problems.push(`${attempt.kind} ${attempt.rows[0]} is half there: ${found}/${attempt.rows.length} rows`)
      if (found > 0) figures.unansweredPresent++
    }
    for (const id of attempt.rows) (found > 0 ? mustExist : mustNotExist).add(id)
  }
  for (const name of databases) {
    for (const id of present[name]) if (!everAttempted.has(id) || mustNotExist.has(id)) problems.push(`${name} holds ${id}, which no write left there`)
  }
  const everywhere = new Set(databases.flatMap((name) => [...present[name]]))
  for (const id of mustExist) if (!everywhere.has(id)) problems.push(`${id} was there before and is gone`)
  t.same(problems, [], `round ${round}: ${attempts.length} writes are each whole or absent, acknowledged ones present`)

  checkAnalytics(t, round, attempts, killAt)
  if (existsSync(join(dataDir, '.tmp'))) figures.exportTempFiles += readdirSync(join(dataDir, '.tmp')).filter((f) => f.endsWith('.db')).length
}

/** The analytics log lost at most the events of the last flush window before the kill. */
function checkAnalytics (t: Test, round: number, attempts: Attempt[], killAt: number) {
  const db = new Database(join(dataDir, '_analytics.db'), { readonly: true })
  const events = db.prepare("SELECT id, database, operation, sql_text FROM _query_log WHERE id > ? AND status = 'ok'").all(lastLogId) as
    Array<{ id: number, database: string, operation: string, sql_text: string | null }>
  db.close()
  lastLogId = Math.max(lastLogId, ...events.map((e) => e.id))
  const old = (a: Attempt) => a.answer !== undefined && a.answer.status !== 'none' && a.answer.status < 300 && a.answer.at < killAt - lossWindowMs

  // raw SQL: one event per statement, found by the id in its text
  const logged = new Map<string, number>()
  for (const event of events) {
    const id = /INSERT INTO items AS "([^"]+)"/.exec(event.sql_text ?? '')?.[1]
    if (id !== undefined) logged.set(id, (logged.get(id) ?? 0) + 1)
  }
  const raw = attempts.filter((a) => a.kind === 'sql')
  figures.eventsRequired += attempts.filter(old).length
  const missing = raw.filter((a) => old(a) && !logged.has(a.rows[0])).map((a) => a.rows[0])
  t.same(missing, [], `round ${round}: raw SQL events acknowledged over ${lossWindowMs} ms before the kill are logged`)
  t.same([...logged].filter(([id, n]) => n > 1 || !raw.some((a) => a.rows[0] === id)), [], `round ${round}: no raw SQL event is logged twice or made up`)
  for (const attempt of raw) {
    if (typeof attempt.answer?.status === 'number' && attempt.answer.status < 300 && !logged.has(attempt.rows[0])) {
      figures.eventsLost++
      figures.oldestLostEventMs = Math.max(figures.oldestLostEventMs, killAt - attempt.answer.at)
    }
  }
  figures.eventsChecked += raw.length

  // record inserts: their SQL text is a template, so they are counted per database
  for (const name of databases) {
    const inserts = events.filter((e) => e.database === name && e.operation === 'insert').length
    const sent = attempts.filter((a) => a.database === name && a.kind !== 'sql')
    t.ok(inserts >= sent.filter(old).length && inserts <= sent.length,
      `round ${round}: ${name} logged ${inserts} insert events for ${sent.filter(old).length}..${sent.length} requests`)
    figures.eventsChecked += sent.length
  }
}

/** After a restart: the old session and keys work, the API sees what the files hold, and nothing is left over. */
async function checkRestarted (t: Test, round: number, imported: string | undefined, importAnswer: Answer | undefined) {
  t.equal((await call(server as Server, 'GET', '/api/admin/me', token)).status, 200, `round ${round}: the session token works after the restart`)
  for (const name of databases) {
    const answer = await call(server as Server, 'GET', `/api/databases/${name}/tables/items/records?limit=1&count=true`, keys[name])
    t.equal(answer.body?.meta?.total, rowsOf(name).size, `round ${round}: ${name}'s key works and the API counts what the file holds`)
  }
  const registered: string[] = (await must('GET', '/api/databases', token)).data.map((d: { name: string }) => d.name)
  const renamed = renameNames.filter((name) => registered.includes(name))
  t.equal(renamed.length, 1, `round ${round}: the renamed database has exactly one name`)
  renameCurrent = renamed[0]
  const kept = await call(server as Server, 'GET', `/api/databases/${renameCurrent}/tables/kept/records?limit=1&count=true`, keys[renameNames[0]])
  t.equal(kept.body?.meta?.total, keptRows, `round ${round}: ${renameCurrent} has all its rows and its key works`)

  if (imported !== undefined) {
    const answered = importAnswer?.status === 201
    if (answered) t.ok(registered.includes(imported), `round ${round}: the acknowledged import ${imported} is registered`)
    if (registered.includes(imported)) {
      const rows = await call(server as Server, 'GET', `/api/databases/${imported}/tables/blobs/records?limit=1&count=true`, token)
      t.equal(rows.body?.meta?.total, bigRows, `round ${round}: the imported database ${imported} is whole`)
    }
  }

  // only registered databases, their side files and the system files may be in the data directory
  const allowed = new Set([...registered, '_system', '_analytics'].flatMap((name) => ['', '-wal', '-shm'].map((s) => `${name}.db${s}`)))
  const stray = readdirSync(dataDir).filter((file) => !allowed.has(file))
  t.same(stray, [], `round ${round}: no stray file, no .tmp or .pending leftovers after the restart`)
}

// ---- the rounds

for (let round = 1; round <= kills; round++) {
  await t.test(`kill ${round}`, async (t) => {
    const attempts: Attempt[] = []
    let stopped = false
    const started = performance.now()
    const clients = Array.from({ length: clientCount }, (_, n) => client(round, n, attempts, () => stopped))

    // most rounds also run a rename, an import or an export and aim the kill inside it
    const extra = pick(['none', 'none', 'rename', 'import', 'export'] as const)
    const importName = extra === 'import' ? `imported-${round}` : undefined
    let extraAnswer: Answer | undefined
    let extraDone: Promise<void> = Promise.resolve()
    if (extra === 'none') {
      await sleep(between(400, 2000))
    } else {
      await sleep(between(100, 500))
      figures.fileOps[extra]++
      extraDone = fileOps[extra](importName as string).then((answer) => { extraAnswer = answer })
      await sleep(between(0, durations[extra] * 1.2))
    }
    const whole = random() < 0.75
    const killAt = performance.now()
    killServer(server as Server, whole)
    stopped = true
    figures.kills++
    if (whole) figures.wholeGroupKills++
    await Promise.all([...clients, extraDone])
    if (extra !== 'none' && extraAnswer?.status === 'none') figures.fileOpsInFlight[extra]++
    await waitForGroupExit((server as Server).pid)
    t.comment(`${attempts.length} writes over ${(killAt - started).toFixed(0)} ms, ${extra === 'none' ? '' : `${extra} ${extraAnswer?.status}, `}killed ${whole ? 'with its workers' : 'alone'}`)

    checkFiles(t, round, attempts, killAt, whole)
    server = await startServer(dataDir, env)
    await checkRestarted(t, round, importName, extraAnswer)
  })
}

t.test('figures', async (t) => {
  t.comment(JSON.stringify(figures))
  t.equal(figures.kills, kills, 'every kill was survived')
  t.ok(figures.acknowledged > 0 && figures.unanswered > 0, 'the kills hit acknowledged and unanswered writes alike')
  t.ok(figures.eventsRequired > 0, 'some analytics events were old enough that their loss would have failed the test')
})

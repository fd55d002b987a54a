import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { apiCase, sqlCase, type FuzzCase, type FuzzRequest, type GenContext, type Verdict } from './cases.js'
import { checkResponse } from './check.js'
import { mutationCase, prepareSandbox, type Sandbox } from './mutations.js'
import { operationsOf } from './openapi.js'
import { checkRawAnswer, rawCase, sendRaw } from './raw-http.js'
import { createSnapshotter, diffSnapshots, type Snapshot, type Snapshotter } from './snapshot.js'
import { sqlStatement } from './sql-soup.js'
import { createWorld, succeed, type World } from './world.js'

export interface FuzzOptions {
  seed: number
  apiCases: number
  sqlCases: number
  /** Raw socket requests; the app is made to listen on 127.0.0.1 for them. */
  httpCases: number
  mutationCases: number
  /** A request not answered within this bound is a failure. */
  requestTimeoutMs: number
  /** The app's MAX_BODY_SIZE, so oversize bodies are generated just above it. */
  bodyLimit: number
  /** Replays one phase only, or one case of it (the rest is generated, not sent). */
  only?: { phase: string, n?: number }
  /** Requests in flight at once in the api and sql phases (default 1). */
  concurrency?: number
  /** Stops a phase after this many failures. */
  maxFailures?: number
  /** Filled with the requests awaiting their answer (`phase #n` to the request), so a crash can name its suspects. */
  inFlight?: Map<string, string>
  /** The app's log lines (test/helper.ts `logs`): errors it logged are attached to the failure they belong to. */
  logs?: string[]
  log?: (line: string) => void
}

export interface Failure {
  phase: string
  n: number
  problems: string[]
  /** The request, readable: method, URL, credential kind, headers and payload excerpt. */
  request: string
  status?: number
  /** What the server logged at error level while answering, one line per entry. */
  serverErrors?: string[]
  replay: string
}

export interface FuzzReport {
  seed: number
  cases: Record<string, number>
  statuses: Record<string, Record<string, number>>
  verdicts: Record<string, number>
  /** Cases of the api phase by the operation they were generated from. */
  operations: Record<string, number>
  /** Every operationId of the OpenAPI document. */
  operationIds: string[]
  failures: Failure[]
  durationMs: number
  slowestMs: number
  /** The slowest answers, for tuning: milliseconds and the request. */
  slowest: Array<{ ms: number, request: string }>
}

const excerpt = (s: string, max = 240): string => s.length > max ? `${s.slice(0, max)}... (${s.length} chars)` : s

export function describeRequest (c: FuzzCase): string {
  const { method, url, headers, payload } = c.request
  const shown = Object.entries(headers).filter(([k]) => k !== 'authorization').map(([k, v]) => `${k}: ${excerpt(v, 80)}`)
  const body = payload === undefined ? '' : ` body ${JSON.stringify(excerpt(typeof payload === 'string' ? payload : payload.toString('latin1')))}`
  return `${method} ${excerpt(url)} as ${c.credential} [${shown.join('; ')}]${body}`
}

/** Sends one request with a deadline; a timeout is reported, never waited out. */
async function send (app: FastifyInstance, request: FuzzRequest, timeoutMs: number): Promise<{ res?: LightMyRequestResponse, error?: string, ms: number }> {
  const started = performance.now()
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<'timeout'>((resolve) => { timer = setTimeout(() => resolve('timeout'), timeoutMs) })
  try {
    const res = await Promise.race([app.inject({ ...request }), deadline])
    const ms = performance.now() - started
    return res === 'timeout' ? { error: `no answer within ${timeoutMs} ms`, ms } : { res, ms }
  } catch (err) {
    return { error: `inject failed: ${(err as Error).message}`, ms: performance.now() - started }
  } finally {
    clearTimeout(timer)
  }
}

/** Every database file of the data directory passes PRAGMA integrity_check. */
export function integrityProblems (dataDir: string): string[] {
  const problems: string[] = []
  for (const file of readdirSync(dataDir).filter((f) => f.endsWith('.db'))) {
    const db = new Database(join(dataDir, file), { readonly: true })
    try {
      const result = db.pragma('integrity_check', { simple: true })
      if (result !== 'ok') problems.push(`${file}: ${String(result)}`)
    } finally {
      db.close()
    }
  }
  return problems
}

/**
 * Runs the fuzz phases against a built app (over an empty data directory):
 * - api: every operation of /api/openapi.json with hostile input and any credential; none may change data;
 * - sql: raw SQL token soup that may only read (read keys, a read-only database); none may change data;
 * - mutation: allowed credentials with schema-shaped hostile bodies on a sandbox database; answers are
 *   checked, data is not (except that the fixture databases stay untouched).
 */
export async function runFuzz (app: FastifyInstance, dataDir: string, options: FuzzOptions): Promise<FuzzReport> {
  const started = performance.now()
  const log = options.log ?? (() => {})
  const world = await createWorld(app, dataDir)
  const doc = (await succeed(app.inject({ method: 'GET', url: '/api/openapi.json' }), 'openapi')).json()
  const operations = operationsOf(doc)
  const exported = await succeed(app.inject({ method: 'POST', url: '/api/databases/alpha/export', headers: { authorization: `Bearer ${world.adminToken}` } }), 'export')
  const ctx: GenContext = { seed: options.seed, world, operations, bodyLimit: options.bodyLimit, sqliteFile: exported.rawPayload }
  const snapshotter = createSnapshotter(world)
  await proveSnapshotSeesChanges(world, snapshotter)
  const report: FuzzReport = { seed: options.seed, cases: {}, statuses: {}, verdicts: {}, operations: {}, operationIds: [], failures: [], durationMs: 0, slowestMs: 0, slowest: [] }
  report.operationIds = operations.map((op) => op.operationId)
  const maxFailures = options.maxFailures ?? 25

  const selected = (phase: string, n: number): boolean =>
    !options.only || (options.only.phase === phase && (options.only.n === undefined || options.only.n === n))

  function fail (c: FuzzCase, problems: string[], status: number | undefined, serverErrors: string[]): void {
    report.failures.push({
      phase: c.phase, n: c.n, problems, status, request: describeRequest(c), serverErrors,
      replay: `npm run fuzz -- --seed ${options.seed} --phase ${c.phase} --case ${c.n}`
    })
    log(`FAIL seed=${options.seed} phase=${c.phase} case=${c.n}: ${problems.join('; ')}\n  ${describeRequest(c)}` +
      serverErrors.map((e) => `\n  server: ${e}`).join(''))
  }

  /** Error-level log entries written since `from`, each reduced to its message and first stack frame. */
  function serverErrorsSince (from: number): string[] {
    return (options.logs ?? []).slice(from).flatMap((line) => {
      try {
        const entry = JSON.parse(line) as { level: number, msg?: string, err?: { type?: string, message?: string, stack?: string } }
        if (entry.level < 50) return []
        const frame = entry.err?.stack?.split('\n').find((l) => l.trim().startsWith('at ')) ?? ''
        return [`${entry.msg ?? ''}: ${entry.err?.type ?? ''} ${entry.err?.message ?? ''} ${frame.trim()}`]
      } catch {
        return [line.slice(0, 300)]
      }
    })
  }

  /** Sends a case and checks its answer (not the data: batches do that). */
  async function sendAndCheck (c: FuzzCase, verdict: Verdict): Promise<{ problems: string[], status?: number }> {
    report.cases[c.phase] = (report.cases[c.phase] ?? 0) + 1
    report.verdicts[`${c.phase}: ${verdict.reason}`] = (report.verdicts[`${c.phase}: ${verdict.reason}`] ?? 0) + 1
    if (c.phase === 'api') report.operations[c.operationId] = (report.operations[c.operationId] ?? 0) + 1
    const id = `${c.phase} #${c.n}`
    options.inFlight?.set(id, describeRequest(c))
    const { res, error, ms } = await send(app, c.request, options.requestTimeoutMs)
    options.inFlight?.delete(id)
    report.slowestMs = Math.max(report.slowestMs, ms)
    if (ms > 1000) report.slowest.push({ ms: Math.round(ms), request: `${c.phase} #${c.n} ${describeRequest(c).slice(0, 200)}` })
    if (!res) return { problems: [error as string] }
    const statuses = report.statuses[c.phase] ??= {}
    statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1
    return { problems: checkResponse(res, verdict, c.request.url, dataDir), status: res.statusCode }
  }

  /**
   * Sends cases `concurrency` at a time (so engine jobs queue, as they do under load), then
   * compares the snapshot: a change is blamed on the batch, each of whose cases replays alone.
   */
  async function runBatches (phase: string, count: number, make: (n: number) => FuzzCase & { verdict: Verdict }, baseline: Snapshot): Promise<Snapshot> {
    const concurrency = options.concurrency ?? 1
    for (let first = 1; first <= count && failuresIn(phase) < maxFailures; first += concurrency) {
      const batch: Array<FuzzCase & { verdict: Verdict }> = []
      for (let n = first; n < first + concurrency && n <= count; n++) {
        const c = make(n)
        if (!c.verdict.noChange) throw new Error(`${phase} case ${n} could change data: the generator must not produce it (${describeRequest(c)})`)
        if (selected(phase, n)) batch.push(c)
      }
      if (batch.length === 0) continue
      const logged = options.logs?.length ?? 0
      const results = await Promise.all(batch.map((c) => sendAndCheck(c, c.verdict)))
      const next = snapshotter.take()
      const changed = diffSnapshots(baseline, next)
      baseline = next
      if (changed.length > 0) {
        const members = batch.map((c) => `#${c.n} (${c.verdict.reason})`).join(', ')
        results[0].problems.push(`changed data no request could change, in the batch of ${members}: ${changed.join(' | ')}`)
      }
      batch.forEach((c, i) => { if (results[i].problems.length > 0) fail(c, results[i].problems, results[i].status, serverErrorsSince(logged)) })
    }
    return baseline
  }

  /** Sends one mutation case and checks its answer. */
  async function exercise (c: FuzzCase, verdict: Verdict): Promise<void> {
    const logged = options.logs?.length ?? 0
    const { problems, status } = await sendAndCheck(c, verdict)
    if (problems.length > 0) fail(c, problems, status, serverErrorsSince(logged))
  }

  const failuresIn = (phase: string): number => report.failures.filter((f) => f.phase === phase).length

  /** Raw socket requests, one at a time, each followed by the snapshot check. */
  async function runRawHttp (count: number, baseline: Snapshot): Promise<Snapshot> {
    if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 })
    const { port } = app.server.address() as { port: number }
    for (let n = 1; n <= count && failuresIn('http') < maxFailures; n++) {
      const c = rawCase(options.seed, n, world, operations)
      if (!selected('http', n)) continue
      report.cases.http = (report.cases.http ?? 0) + 1
      const logged = options.logs?.length ?? 0
      const answer = await sendRaw(port, c.text, c.incomplete ? 1000 : options.requestTimeoutMs)
      const problems = 'error' in answer ? (c.incomplete ? [] : [answer.error]) : checkRawAnswer(answer, dataDir)
      if ('status' in answer) {
        const statuses = report.statuses.http ??= {}
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1
      }
      const next = snapshotter.take()
      const changed = diffSnapshots(baseline, next)
      if (changed.length > 0) problems.push(`changed data it could not change: ${changed.join(' | ')}`)
      baseline = next
      if (problems.length > 0) {
        report.failures.push({
          phase: 'http', n, problems, status: 'status' in answer ? answer.status : undefined, request: `raw ${c.summary}`,
          serverErrors: serverErrorsSince(logged), replay: `npm run fuzz -- --seed ${options.seed} --phase http --case ${n}`
        })
        log(`FAIL seed=${options.seed} phase=http case=${n}: ${problems.join('; ')}\n  raw ${c.summary}`)
      }
    }
    return baseline
  }

  /** Allowed mutations on the sandbox, one at a time; the fixtures must come out untouched. */
  async function runMutations (count: number): Promise<void> {
    const fixtures = fixtureSections(snapshotter.take())
    const sandbox: Sandbox = await prepareSandbox(world)
    for (let n = 1; n <= count && failuresIn('mutation') < maxFailures; n++) {
      const c = await mutationCase(ctx, sandbox, n)
      if (!c || !selected('mutation', n)) continue
      await exercise(c, c.verdict)
    }
    const changed = diffSnapshots(fixtures, fixtureSections(snapshotter.take()))
    if (changed.length > 0) {
      report.failures.push({ phase: 'mutation', n: 0, problems: [`mutations on the sandbox changed the fixture databases: ${changed.join(' | ')}`], request: '(phase)', replay: `npm run fuzz -- --seed ${options.seed}` })
    }
  }

  /** After every phase: the admin session works, no temporary file is left, every database is intact. */
  async function checkAftermath (): Promise<void> {
    const endFailure = (problems: string[], request: string): void => { report.failures.push({ phase: 'end', n: 0, problems, request, replay: '' }) }
    const probe = await app.inject({ method: 'GET', url: '/api/admin/me', headers: { authorization: `Bearer ${world.adminToken}` } })
    if (probe.statusCode !== 200) endFailure([`the admin session stopped working: ${probe.statusCode}`], 'GET /api/admin/me')
    await new Promise((resolve) => setTimeout(resolve, 200)) // export streams remove their copy when they close
    const leftovers = existsSync(join(dataDir, '.tmp')) ? readdirSync(join(dataDir, '.tmp')) : []
    if (leftovers.length > 0) endFailure([`temporary files left behind in .tmp: ${leftovers.slice(0, 5).join(', ')}`], '(imports and exports)')
    const broken = integrityProblems(dataDir)
    if (broken.length > 0) endFailure(broken, 'PRAGMA integrity_check')
  }

  const timed = async <T>(phase: string, run: () => Promise<T>): Promise<T> => {
    const phaseStart = performance.now()
    const result = await run()
    log(`${phase} phase: ${(performance.now() - phaseStart).toFixed(0)} ms`)
    return result
  }

  try {
    log(`fuzz seed ${options.seed}: ${operations.length} operations; api ${options.apiCases}, sql ${options.sqlCases}, ` +
      `http ${options.httpCases}, mutation ${options.mutationCases} cases; set-up ${(performance.now() - started).toFixed(0)} ms`)
    let baseline = snapshotter.take()
    baseline = await timed('api', () => runBatches('api', options.apiCases, (n) => apiCase(ctx, n), baseline))
    baseline = await timed('sql', () => runBatches('sql', options.sqlCases, (n) => sqlCase(ctx, n, sqlStatement), baseline))
    if (options.httpCases > 0) baseline = await timed('http', () => runRawHttp(options.httpCases, baseline))
    if (options.mutationCases > 0) await timed('mutation', () => runMutations(options.mutationCases))
    await checkAftermath()
  } finally {
    snapshotter.close()
  }
  report.durationMs = performance.now() - started
  return report
}

/** The invariant is only as good as the snapshot: an allowed change must show, and undoing it must not. */
async function proveSnapshotSeesChanges (world: World, snapshotter: Snapshotter): Promise<void> {
  const before = snapshotter.take()
  const patch = (price: number) => succeed(world.app.inject({
    method: 'PATCH', url: '/api/databases/alpha/tables/items/records/1', headers: { authorization: `Bearer ${world.adminToken}` }, payload: { price }
  }), 'self-check patch')
  await patch(1.75)
  const changed = diffSnapshots(before, snapshotter.take())
  await patch(1.5)
  const restored = diffSnapshots(before, snapshotter.take())
  if (changed.length === 0 || restored.length > 0) throw new Error(`the snapshot is blind: change seen ${JSON.stringify(changed)}, after undo ${JSON.stringify(restored)}`)
}

function fixtureSections (snap: Snapshot): Snapshot {
  return new Map([...snap].filter(([key]) => key.startsWith('alpha:') || key.startsWith('beta:')))
}

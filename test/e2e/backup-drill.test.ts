// The restore drill: the real server with backups to a file:// replica takes random writes over HTTP while the
// server (with its workers and its replicator) and the replicator alone are SIGKILLed in turn. Then a restore to
// "latest" holds every acknowledged write, and a restore to each instant recorded in a quiet moment between
// bursts holds exactly the rows acknowledged by then.
// Shortened for CI (the drill is 30 s of writes with 5 + 5 kills): DRILL_ROUNDS rounds (default 6) of
// a one-second burst each, 2 server kills and 2 replicator kills, BACKUP_SYNC_MS 200; after each mark, one write
// to another table so the generation that holds the mark reaches past it. Most of the time is the
// server starting again after its kills (2 s idle, 12 s on a machine with load 34). DRILL_SEED replays a run.
import t from 'tap'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { call, killServer, seededRandom, startServer, stopServer, waitForGroupExit, type Server } from './crash/harness.js'
import { tempDir } from '../helper.js'

const rounds = Number(process.env.DRILL_ROUNDS ?? 6)
const seed = Number(process.env.DRILL_SEED ?? Date.now() % 100_000)
const random = seededRandom(seed)
const syncMs = 200
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
t.comment(`seed ${seed}, ${rounds} rounds (replay with DRILL_SEED=${seed})`)
t.setTimeout(300_000)

const dataDir = tempDir(t, 'litehouse-drill-data-')
const replica = tempDir(t, 'litehouse-drill-replica-')
const credentials = { email: 'drill@example.com', password: 'drill password 1' }
const env = { BACKUP_URL: `file://${replica}`, BACKUP_SYNC_MS: String(syncMs), ADMIN_EMAIL: credentials.email, ADMIN_PASSWORD: credentials.password }

let server: Server = await startServer(dataDir, env)
t.teardown(async () => { await stopServer(server) })
let token = ''
async function signIn (): Promise<void> {
  const login = await call(server, 'POST', '/api/admin/login', undefined, credentials)
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`)
  token = login.body.data.token
}
await signIn()
const api = (method: string, path: string, body?: unknown) => call(server, method, path, token, body)

await api('POST', '/api/databases', { name: 'drill' })
await api('POST', '/api/databases/drill/query', { sql: 'CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER NOT NULL)' })
await api('POST', '/api/databases/drill/query', { sql: 'CREATE TABLE beat (at TEXT NOT NULL)' })

/** The replicator of this data directory, found by its configuration file. */
function replicatorPid (): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8')
      if (command.includes('replicate') && command.includes(join(dataDir, '.backup'))) return Number(entry)
    } catch { /* ended meanwhile */ }
  }
  return undefined
}

const acknowledged = new Map<number, number>()
/** Instants recorded between bursts, with the rows acknowledged by then. */
const marks: Array<{ at: string, rows: Array<[number, number]> }> = []
let nextId = 1
const figures = { writes: 0, serverKills: 0, replicatorKills: 0 }

const started = Date.now()
await t.test('random writes while the server and the replicator are killed in turn', async (t) => {
for (let round = 1; round <= rounds; round++) {
  // a burst: inserts, updates and deletes of random rows for about a second
  const until = Date.now() + 1000
  while (Date.now() < until) {
    const roll = random()
    const ids = [...acknowledged.keys()]
    if (roll < 0.6 || ids.length === 0) {
      const id = nextId++
      const v = Math.floor(random() * 1e6)
      const res = await api('POST', '/api/databases/drill/tables/t/records', { id, v })
      if (res.status === 201) acknowledged.set(id, v)
    } else if (roll < 0.85) {
      const id = ids[Math.floor(random() * ids.length)]
      const v = Math.floor(random() * 1e6)
      const res = await api('PATCH', `/api/databases/drill/tables/t/records/${id}`, { v })
      if (res.status === 200) acknowledged.set(id, v)
    } else {
      const id = ids[Math.floor(random() * ids.length)]
      const res = await api('DELETE', `/api/databases/drill/tables/t/records/${id}`)
      if (res.status === 200) acknowledged.delete(id)
    }
    figures.writes++
  }
  // a quiet moment: the replica catches up within a sync, and the instant in the middle of it is recorded
  await sleep(syncMs * 4)
  const at = new Date().toISOString()
  marks.push({ at, rows: [...acknowledged.entries()].sort((a, b) => a[0] - b[0]) })
  // a generation's span ends at its last change, in whole seconds: a write a second after the mark (to another
  // table) puts the mark inside it, even before a kill that starts a new generation
  await sleep(1000)
  await api('POST', '/api/databases/drill/tables/beat/records', { at })
  await sleep(syncMs * 3)

  if (round > rounds - 2) continue // the last rounds run undisturbed
  if (round % 2 === 1) {
    killServer(server, true) // with its workers and its replicator
    await waitForGroupExit(server.pid)
    server = await startServer(dataDir, env)
    await signIn()
    figures.serverKills++
  } else {
    const pid = replicatorPid()
    t.ok(pid, `round ${round}: the replicator runs`)
    if (pid !== undefined) process.kill(pid, 'SIGKILL')
    figures.replicatorKills++
    // the supervisor restarts it after its backoff; writes go on meanwhile
  }
}
t.comment(JSON.stringify({ ...figures, rows: acknowledged.size, marks: marks.length, seconds: Math.round((Date.now() - started) / 1000) }))
t.equal(figures.serverKills + figures.replicatorKills, 2 * Math.floor((rounds - 2) / 2), 'every kill happened')
})


async function restoredRows (timestamp: string | undefined, target: string): Promise<Array<[number, number]>> {
  const res = await api('POST', '/api/databases/drill/restore', { target, ...(timestamp ? { timestamp } : {}) })
  if (res.status !== 200) throw new Error(`restore to ${timestamp ?? 'latest'} answered ${res.status}: ${JSON.stringify(res.body)}`)
  const rows = await api('POST', `/api/databases/${target}/query`, { sql: 'SELECT id, v FROM t ORDER BY id' })
  return (rows.body.data as Array<{ id: number, v: number }>).map((row) => [row.id, row.v])
}

await t.test('a restore to the latest state holds every acknowledged write', async (t) => {
  // everything acknowledged reaches the replica within a sync of the replicator's last start
  await sleep(syncMs * 5 + 1000)
  const rows = await restoredRows(undefined, 'latest')
  t.same(rows, [...acknowledged.entries()].sort((a, b) => a[0] - b[0]), `${acknowledged.size} rows, as acknowledged`)
})

await t.test('a restore to each recorded instant holds the rows of then', async (t) => {
  const window = (await api('GET', '/api/databases/drill/backups')).body.data.window
  // marks before the first whole second of a generation, or in a gap between two (the replicator was killed while
  // the server wrote), are not restorable: the window says so, and those are left out; ten taken at random
  const ranges = window.ranges as Array<{ from: string, to: string }>
  const inside = marks.filter((mark) => ranges.some((r) => r.from <= mark.at && mark.at <= r.to))
  t.comment(`restorable spans: ${JSON.stringify(ranges)}; marks outside them: ${JSON.stringify(marks.filter((m) => !inside.includes(m)).map((m) => m.at))}`)
  const chosen = inside.sort(() => random() - 0.5).slice(0, 10)
  t.ok(chosen.length >= Math.min(5, rounds - 2), `${chosen.length} instants to check`)
  for (const [i, mark] of chosen.entries()) {
    t.same(await restoredRows(mark.at, `past-${i}`), mark.rows, `the restore to ${mark.at} has its ${mark.rows.length} rows`)
  }
})

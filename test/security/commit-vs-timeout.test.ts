/**
 * Issue #30 item 4: a write key's statement that runs past the deadline answers 408 only when nothing of it was
 * committed. Values big enough to reach the deadline are inserted by raw SQL; the deadline is short so the test is fast.
 */
import Database from 'better-sqlite3'
import t from 'tap'
import { checkpointAfterBytes } from '../../lib/engine/wal-pending.js'
import { waitFor } from '../lib/engine/helpers.js'
import { as, build, signIn, workspace } from '../helper.js'

const tries = 20
const timeoutMs = 400

t.test('a 408 means the write was not committed, a 200 that it was (20 tries around the deadline)', async (t) => {
  const { app } = await build(t, { QUERY_TIMEOUT_MS: String(timeoutMs) })
  const admin = as(app, await signIn(app))
  const ws = workspace(admin, 'commit')
  const db = await ws.freshDatabase()
  await ws.sql(db, 'CREATE TABLE tt (id INTEGER PRIMARY KEY, s TEXT)')
  const writer = as(app, await ws.keyFor(db, 'write'))
  // read beside the server, on a connection of its own: a query through the API has the same short deadline
  const reader = new Database(app.databaseFile(db), { readonly: true })
  t.teardown(() => reader.close())
  const present = reader.prepare('SELECT count(*) AS n FROM tt WHERE id = ?').pluck()

  const outcomes: Array<{ id: number, mb: number, status: number, present: boolean }> = []
  // The size hovers around what the deadline allows: larger after a 200, smaller after a 408, so that many tries end
  // close to the deadline, where (before the fix) the checkpoint inside the commit was cut by the kill.
  let mb = 4
  for (let id = 1; id <= tries; id++) {
    const res = await writer({
      method: 'POST',
      url: `/api/databases/${db}/query`,
      payload: { sql: `INSERT INTO tt (id, s) VALUES (?, zeroblob(${Math.round(mb * 1024 * 1024)}))`, params: [id] }
    })
    outcomes.push({ id, mb: Math.round(mb * 10) / 10, status: res.statusCode, present: present.get(id) === 1 })
    mb *= res.statusCode === 408 ? 0.8 : 1.3
    if (res.statusCode === 408) t.equal(res.json().code, 'QUERY_TIMEOUT')
    else t.equal(res.statusCode, 200, `try ${id}: ${res.body.slice(0, 200)}`)
  }
  const lies = outcomes.filter((o) => (o.status === 408) === o.present)
  t.same(lies, [], `408 ⇔ row absent (${outcomes.map((o) => `${o.mb}MB:${o.status}${o.present ? '+' : '-'}`).join(' ')})`)
  t.ok(outcomes.some((o) => o.status === 408), 'some tries ran past the deadline')
  // workers commit without checkpointing; the checkpoint jobs they ask for still copy the WAL into the file
  await waitFor(async () => ((await app.engine.run(app.store.databases.findByName(db)!.id, 'database.walPending', {})).bytes ?? 0) < checkpointAfterBytes, 20_000)
  t.pass('a checkpoint job copied the WAL')
})

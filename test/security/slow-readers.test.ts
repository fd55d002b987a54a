/**
 * Issue #30 item 2 (slow readers): large replies held for clients that do not read them count against a server-wide
 * budget; past it, a large result answers 503 SERVER_BUSY with Retry-After, and the budget comes back once the
 * slow reader's connection is done.
 */
import net from 'node:net'
import t from 'tap'
import { replyBytesInFlight, setReplyBudget } from '../../lib/reply-budget.js'
import { waitFor } from '../lib/engine/helpers.js'
import { as, build, signIn, workspace } from '../helper.js'

const mib = 1024 * 1024

t.test('slow readers cannot make the server hold more reply memory than its budget', async (t) => {
  const { app } = await build(t)
  setReplyBudget(30 * mib)
  t.teardown(() => setReplyBudget(256 * mib))
  const admin = as(app, await signIn(app))
  const ws = workspace(admin, 'slow')
  const db = await ws.freshDatabase()
  const key = await ws.keyFor(db, 'read')
  const reader = as(app, key)
  // a 20 MiB result
  const payload = JSON.stringify({ sql: `SELECT replace(hex(zeroblob(${10 * mib})), '00', 'ab') AS s` })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = app.server.address() as net.AddressInfo

  // a client that asks and never reads
  const slow = net.connect(port, '127.0.0.1')
  t.teardown(() => { slow.destroy() })
  slow.pause()
  slow.write(`POST /api/databases/${db}/query HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${key}\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`)
  await waitFor(() => replyBytesInFlight() > 0, 20_000)
  t.ok(replyBytesInFlight() >= 20 * mib, 'its reply is held for it')

  const busy = await reader({ method: 'POST', url: `/api/databases/${db}/query`, payload: JSON.parse(payload) })
  t.equal(busy.statusCode, 503, 'another large result past the budget is refused')
  t.equal(busy.json().code, 'SERVER_BUSY')
  t.equal(busy.headers['retry-after'], '1')
  const small = await reader({ method: 'POST', url: `/api/databases/${db}/query`, payload: { sql: 'SELECT 1 AS one' } })
  t.same(small.json().data, [{ one: 1 }], 'small results are answered meanwhile')

  slow.destroy()
  await waitFor(() => replyBytesInFlight() === 0, 20_000)
  const after = await reader({ method: 'POST', url: `/api/databases/${db}/query`, payload: JSON.parse(payload) })
  t.equal(after.statusCode, 200, 'once the slow reader is gone, large results are answered again')
  t.equal(after.json().data[0].s.length, 20 * mib)
  t.equal(replyBytesInFlight(), 0, 'and nothing stays counted')
})

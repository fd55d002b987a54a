import t from 'tap'
import { execFileSync } from 'node:child_process'
import { connect } from 'node:net'
import { as, build, signIn, tempDir, workspace } from '../helper.js'

type Call = ReturnType<typeof as>

interface Frame { id?: string, event?: string, data?: unknown, comment?: string }

/** An SSE client over a real socket (inject cannot stream): frames as they arrive, parsed. */
class Stream {
  private buffer = ''
  private readonly frames: Frame[] = []
  private waiter: (() => void) | undefined
  ended = false

  constructor (readonly status: number, readonly body: string | undefined, private readonly reader: ReadableStreamDefaultReader<Uint8Array> | undefined, private readonly abort: AbortController) {
    if (reader !== undefined) void this.pump()
    else this.ended = true
  }

  private async pump (): Promise<void> {
    const decoder = new TextDecoder()
    try {
      for (;;) {
        const { done, value } = await (this.reader as ReadableStreamDefaultReader<Uint8Array>).read()
        if (done) break
        this.buffer += decoder.decode(value, { stream: true })
        let cut
        while ((cut = this.buffer.indexOf('\n\n')) !== -1) {
          this.frames.push(parse(this.buffer.slice(0, cut)))
          this.buffer = this.buffer.slice(cut + 2)
        }
        this.waiter?.()
      }
    } catch {}
    this.ended = true
    this.waiter?.()
  }

  /** The next frame that is not a comment; undefined when the stream ends first. */
  async next (): Promise<Frame | undefined> {
    for (;;) {
      const frame = this.frames.shift()
      if (frame !== undefined) {
        if (frame.comment !== undefined) continue
        return frame
      }
      if (this.ended) return undefined
      await new Promise<void>((resolve) => { this.waiter = resolve })
    }
  }

  async take (n: number): Promise<Frame[]> {
    const out: Frame[] = []
    while (out.length < n) {
      const frame = await this.next()
      if (frame === undefined) throw new Error(`the stream ended after ${out.length} of ${n} frames`)
      out.push(frame)
    }
    return out
  }

  close (): void { this.abort.abort() }
}

function parse (text: string): Frame {
  const frame: Frame = {}
  for (const line of text.split('\n')) {
    if (line.startsWith(':')) frame.comment = line.slice(1).trim()
    else if (line.startsWith('id: ')) frame.id = line.slice(4)
    else if (line.startsWith('event: ')) frame.event = line.slice(7)
    else if (line.startsWith('data: ')) frame.data = JSON.parse(line.slice(6))
  }
  return frame
}

async function serve (t: Parameters<typeof build>[0], env: Record<string, string> = {}) {
  const { app } = await build(t, env)
  const base = await app.listen({ host: '127.0.0.1', port: 0 })
  const token = await signIn(app)
  const admin = as(app, token)
  return { app, base, token, admin, ...workspace(admin, 'feed') }
}

/** Opens `GET .../changes`; a refused request's body is read whole. */
async function subscribe (base: string, db: string, credential: string | undefined, query = '', headers: Record<string, string> = {}): Promise<Stream> {
  const abort = new AbortController()
  const res = await fetch(`${base}/api/databases/${db}/changes${query}`, {
    // connection: close, so no idle keep-alive socket is left to hold the server's close open after the last test
    headers: { connection: 'close', ...(credential === undefined ? {} : { authorization: `Bearer ${credential}` }), ...headers }, signal: abort.signal
  })
  if (res.status !== 200) return new Stream(res.status, await res.text(), undefined, abort)
  t.match(res.headers.get('content-type'), /^text\/event-stream/)
  return new Stream(res.status, undefined, res.body?.getReader(), abort)
}

const changes = (frames: Frame[]) => frames.map((f) => f.data)

async function withTable (ws: { freshDatabase: () => Promise<string>, sql: (db: string, text: string) => Promise<unknown> }): Promise<string> {
  const db = await ws.freshDatabase()
  await ws.sql(db, 'CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT UNIQUE)')
  await ws.sql(db, 'CREATE TABLE audit (n INTEGER PRIMARY KEY AUTOINCREMENT, what TEXT)')
  return db
}

const feed = await serve(t, { QUERY_TIMEOUT_MS: '500' })
const { base, token, admin, sql, keyFor } = feed

const insert = (db: string, body: unknown, on: Call = admin) => on({ method: 'POST', url: `/api/databases/${db}/tables/t/records`, payload: body as never })

t.test('every write path is captured in commit order, after commit only', async (t) => {
  const db = await withTable(feed)
  await sql(db, "CREATE TRIGGER t_audit AFTER INSERT ON t BEGIN INSERT INTO audit (what) VALUES ('added ' || NEW.name); END")
  const stream = await subscribe(base, db, token)
  t.teardown(() => stream.close())
  t.equal((await insert(db, { name: 'a' })).statusCode, 201, 'a record route insert (its trigger writes audit too)')
  t.equal((await admin({ method: 'PATCH', url: `/api/databases/${db}/tables/t/records/1`, payload: { name: 'a2' } })).statusCode, 200)
  await sql(db, "INSERT INTO t (id, name) VALUES (2, 'b')")
  // rolled back: the second row breaks the UNIQUE constraint, so neither row nor its audit line was committed
  const failed = await admin({ method: 'POST', url: `/api/databases/${db}/query`, payload: { sql: "INSERT INTO t (id, name) VALUES (3, 'c'), (4, 'b')" } })
  t.equal(failed.statusCode, 409)
  t.equal((await admin({ method: 'DELETE', url: `/api/databases/${db}/tables/t/records/2` })).statusCode, 200)
  const frames = await stream.take(6)
  t.strictSame(changes(frames), [
    { seq: 1, table: 't', op: 'insert', id: 1 },
    { seq: 2, table: 'audit', op: 'insert', id: 1 },
    { seq: 3, table: 't', op: 'update', id: 1 },
    { seq: 4, table: 't', op: 'insert', id: 2 },
    { seq: 5, table: 'audit', op: 'insert', id: 2 },
    { seq: 6, table: 't', op: 'delete', id: 2 }
  ])
  t.strictSame(frames.map((f) => f.id), ['1', '2', '3', '4', '5', '6'], 'the SSE id is the seq')
  t.strictSame(frames.map((f) => f.event), [undefined, undefined, undefined, undefined, undefined, undefined], 'changes are plain messages')

  const listed = await admin({ method: 'GET', url: `/api/databases/${db}/tables` })
  t.notOk(JSON.stringify(listed.json()).includes('_litehouse'), 'the change table is not listed')
  const schemas = await admin({ method: 'GET', url: `/api/databases/${db}/schema` })
  t.notOk(schemas.body.includes('_litehouse'), 'nor in the schema route')
})

t.test('a key cannot write to or drop the capture with raw SQL; reading and normal writes still work', async (t) => {
  const db = await withTable(feed)
  ;(await subscribe(base, db, token)).close()
  const key = as(feed.app, await keyFor(db, 'write'))
  for (const text of ['DELETE FROM _litehouse_changes', 'DROP TRIGGER "_litehouse_changes_insert_t"', "DROP TABLE '_litehouse_changes'",
    "CREATE TRIGGER x AFTER INSERT ON audit BEGIN INSERT INTO _litehouse_changes (tbl, op, id, at) VALUES ('t', 'delete', 1, 0); END"]) {
    const res = await key({ method: 'POST', url: `/api/databases/${db}/query`, payload: { sql: text } })
    t.equal(res.statusCode, 403, text)
    t.equal(res.json().code, 'FORBIDDEN_STATEMENT', text)
  }
  t.equal((await key({ method: 'POST', url: `/api/databases/${db}/query`, payload: { sql: "INSERT INTO t (name) VALUES ('k')" } })).statusCode, 200)
  const kept = await sql(db, 'SELECT count(*) AS n FROM _litehouse_changes')
  t.strictSame(kept, [{ n: 1 }], 'the insert was captured, nothing was removed')
})

t.test('tables= filters; an unknown table is a 400', async (t) => {
  const db = await withTable(feed)
  const stream = await subscribe(base, db, token, '?tables=t')
  const audit = await subscribe(base, db, token, '?tables=audit')
  const both = await subscribe(base, db, token, '?tables=audit,t')
  const all = await subscribe(base, db, token)
  t.teardown(() => { stream.close(); audit.close(); both.close(); all.close() })
  await sql(db, "INSERT INTO audit (what) VALUES ('x')")
  await insert(db, { name: 'only this' })
  await sql(db, "INSERT INTO audit (what) VALUES ('y')")
  t.strictSame(changes(await stream.take(1)), [{ seq: 2, table: 't', op: 'insert', id: 1 }])
  // each filter's page is framed once and shared (test/lib/changes/hub-fanout.test.ts): each still gets only its tables
  t.strictSame((await audit.take(2)).map((f) => f.id), ['1', '3'], 'tables=audit')
  t.strictSame((await both.take(3)).map((f) => f.id), ['1', '2', '3'], 'tables=audit,t')
  t.strictSame((await all.take(3)).map((f) => f.id), ['1', '2', '3'], 'no filter')

  const unknown = await subscribe(base, db, token, '?tables=t,nope')
  t.equal(unknown.status, 400)
  t.equal(JSON.parse(unknown.body as string).code, 'INVALID_VALUE')
  t.match(JSON.parse(unknown.body as string).message, /nope/)
})

t.test('since and Last-Event-ID resume after the given seq; bad or future ids are 400', async (t) => {
  const db = await withTable(feed)
  ;(await subscribe(base, db, token)).close() // capture starts with the first subscription
  for (const name of ['a', 'b', 'c', 'd']) await insert(db, { name })
  const bySince = await subscribe(base, db, token, '?since=2')
  t.teardown(() => bySince.close())
  t.strictSame((await bySince.take(2)).map((f) => f.id), ['3', '4'], 'since is exclusive')
  const byHeader = await subscribe(base, db, token, '?since=0', { 'last-event-id': '3' })
  t.teardown(() => byHeader.close())
  t.strictSame((await byHeader.take(1)).map((f) => f.id), ['4'], 'Last-Event-ID wins over since (a reconnecting EventSource keeps its URL)')
  const fromZero = await subscribe(base, db, token, '?since=0')
  t.teardown(() => fromZero.close())
  t.strictSame((await fromZero.take(4)).map((f) => f.id), ['1', '2', '3', '4'])

  const fresh = await subscribe(base, db, token)
  t.teardown(() => fresh.close())
  await insert(db, { name: 'e' })
  t.strictSame((await fresh.take(1)).map((f) => f.id), ['5'], 'without a resume point, only later changes')

  for (const bad of ['abc', '-1', '1.5', '99999999999999999999']) {
    const res = await subscribe(base, db, token, `?since=${encodeURIComponent(bad)}`)
    t.equal(res.status, 400, `since=${bad}`)
    t.equal(JSON.parse(res.body as string).code, 'INVALID_VALUE')
  }
  const future = await subscribe(base, db, token, '', { 'last-event-id': '6' })
  t.equal(future.status, 400, 'a seq that has not happened yet')
  t.match(JSON.parse(future.body as string).message, /has not happened yet/)
})

t.test('a read key may subscribe; revoking it ends the stream', async (t) => {
  const db = await withTable(feed)
  const key = await keyFor(db, 'read')
  const stream = await subscribe(base, db, key)
  t.teardown(() => stream.close())
  await insert(db, { name: 'seen' })
  t.equal((await stream.take(1))[0].id, '1')
  const keys = (await admin({ method: 'GET', url: `/api/databases/${db}/keys` })).json().data as Array<{ id: string }>
  t.equal((await admin({ method: 'DELETE', url: `/api/databases/${db}/keys/${keys[0].id}` })).statusCode, 200)
  // checked once a second (once per key and database, for all its streams): "within a few seconds", generously
  const last = await Promise.race([stream.next(), new Promise((resolve) => setTimeout(() => resolve('still open after 10 s'), 10_000))])
  t.strictSame(last, { event: 'end', data: { reason: 'unauthorized' } })
  t.equal(await stream.next(), undefined, 'then the server closes the stream')

  const other = await withTable(feed)
  const refused = await subscribe(base, other, await keyFor(db, 'read'))
  t.equal(refused.status, 403, 'a key of another database is refused')
  t.equal((await subscribe(base, db, undefined)).status, 401, 'no credential is refused')
})

t.test('a deleted or renamed database ends its streams with a final event', async (t) => {
  const deleted = await withTable(feed)
  const renamed = await withTable(feed)
  const a = await subscribe(base, deleted, token)
  const b = await subscribe(base, renamed, token)
  t.teardown(() => { a.close(); b.close() })
  t.equal((await admin({ method: 'DELETE', url: `/api/databases/${deleted}` })).statusCode, 200)
  t.equal((await admin({ method: 'PATCH', url: `/api/databases/${renamed}`, payload: { name: `${renamed}x` } })).statusCode, 200)
  t.strictSame(await a.next(), { event: 'end', data: { reason: 'deleted' } })
  t.strictSame(await b.next(), { event: 'end', data: { reason: 'renamed' } })
  t.equal(await a.next(), undefined)
  t.equal(await b.next(), undefined)
})

t.test('a browser token subscribes without a header, on its database only', async (t) => {
  const db = await withTable(feed)
  const other = await withTable(feed)
  const key = await keyFor(db, 'read')
  const res = await as(feed.app, key)({ method: 'POST', url: `/api/databases/${db}/changes/token` })
  t.equal(res.statusCode, 201)
  const { token: changeToken, expiresAt } = res.json().data
  t.ok(Date.parse(expiresAt) - Date.now() <= 60_000 && Date.parse(expiresAt) > Date.now(), 'valid for 60 s')
  const stream = await subscribe(base, db, undefined, `?token=${changeToken}`)
  t.teardown(() => stream.close())
  t.equal(stream.status, 200)
  await insert(db, { name: 'via token' })
  t.equal((await stream.take(1))[0].id, '1')

  const elsewhere = await subscribe(base, other, undefined, `?token=${changeToken}`)
  t.equal(elsewhere.status, 401, 'not on another database')
  const forged = await subscribe(base, db, undefined, '?token=nope')
  t.equal(forged.status, 401)
  t.equal(JSON.parse(forged.body as string).code, 'UNAUTHORIZED')
})

t.test('tables created, renamed or given columns after the first subscription are captured from their first write', async (t) => {
  const db = await withTable(feed)
  const stream = await subscribe(base, db, token)
  t.teardown(() => stream.close())
  // a missed event shows as a failed match, not as a test that hangs
  const soon = async (s: Stream) => await Promise.race([s.next(), new Promise<undefined>((resolve) => setTimeout(resolve, 5000))])
  // The capture is brought up to date inside the transaction that changes the schema: the very first write after it
  // is an event, whichever path made the change (raw SQL, a batch, the tables API).
  await sql(db, 'CREATE TABLE later (id INTEGER PRIMARY KEY, v TEXT)')
  await sql(db, "INSERT INTO later (v) VALUES ('first')")
  t.match((await soon(stream))?.data, { table: 'later', op: 'insert', id: 1 }, 'a table created by raw SQL: its first insert')

  await admin({ method: 'POST', url: `/api/databases/${db}/batch`, payload: { statements: [{ sql: 'CREATE TABLE batched (id INTEGER PRIMARY KEY)' }, { sql: 'INSERT INTO batched DEFAULT VALUES' }] } })
  t.match((await soon(stream))?.data, { table: 'batched', op: 'insert', id: 1 }, 'a table created in a batch: the insert of the same batch')

  await admin({ method: 'POST', url: `/api/databases/${db}/tables`, payload: { name: 'viaapi', columns: [{ name: 'id', type: 'integer', primary_key: true }] } })
  await admin({ method: 'POST', url: `/api/databases/${db}/tables/viaapi/records`, payload: { id: 7 } })
  t.match((await soon(stream))?.data, { table: 'viaapi', op: 'insert', id: 7 }, 'a table created through the tables API')

  await admin({ method: 'PATCH', url: `/api/databases/${db}/tables/later`, payload: { name: 'renamed_later', add_columns: [{ name: 'w', type: 'text' }] } })
  await sql(db, "INSERT INTO renamed_later (v, w) VALUES ('second', 'x')")
  t.match((await soon(stream))?.data, { table: 'renamed_later', op: 'insert', id: 2 }, 'changes are named after the table\'s new name at once')
  await sql(db, 'ALTER TABLE renamed_later RENAME TO later_again')
  await sql(db, "UPDATE later_again SET v = 'third' WHERE id = 2")
  t.match((await soon(stream))?.data, { table: 'later_again', op: 'update', id: 2 }, 'a rename by raw SQL too')
})

t.test('a reconnecting subscriber gets every change exactly once (100 cuts mid-stream)', async (t) => {
  const db = await withTable(feed)
  ;(await subscribe(base, db, token)).close() // capture starts with the first subscription
  const rows = 600
  const writer = (async () => {
    for (let i = 0; i < rows; i++) await insert(db, { name: `r${i}` })
  })()
  const received: number[] = []
  let last: string | undefined = '0'
  for (let cut = 0; cut < 100; cut++) {
    const stream = await subscribe(base, db, token, '', { 'last-event-id': last as string })
    t.equal(stream.status, 200)
    for (const frame of await stream.take(2 + cut % 5)) {
      received.push((frame.data as { seq: number }).seq)
      last = frame.id
    }
    stream.close()
  }
  await writer
  const final = await subscribe(base, db, token, `?since=${last as string}`)
  while (received.length < rows) {
    const frame = await final.next()
    if (frame === undefined) break
    received.push((frame.data as { seq: number }).seq)
  }
  final.close()
  t.equal(received.length, rows)
  t.strictSame(received, Array.from({ length: rows }, (_, i) => i + 1), 'every seq once, in order')
  const ids = (await sql(db, 'SELECT id FROM t ORDER BY id')) as Array<{ id: number }>
  t.equal(ids.length, rows, 'one insert event per row in the table')
})

t.test('after a server restart, a resume point within retention still resumes', async (t) => {
  const dataDir = tempDir(t)
  const before = await build(t, {}, dataDir)
  const beforeBase = await before.app.listen({ host: '127.0.0.1', port: 0 })
  const beforeToken = await signIn(before.app)
  const ws = workspace(as(before.app, beforeToken), 'restart')
  const db = await withTable(ws)
  ;(await subscribe(beforeBase, db, beforeToken)).close()
  for (const name of ['a', 'b', 'c']) await ws.sql(db, `INSERT INTO t (name) VALUES ('${name}')`)
  await before.app.close()

  const after = await build(t, {}, dataDir)
  const afterBase = await after.app.listen({ host: '127.0.0.1', port: 0 })
  const stream = await subscribe(afterBase, db, await signIn(after.app), '', { 'last-event-id': '1' })
  t.teardown(() => stream.close())
  t.strictSame(changes(await stream.take(2)), [{ seq: 2, table: 't', op: 'insert', id: 2 }, { seq: 3, table: 't', op: 'insert', id: 3 }])
})

t.test('a worker killed by a runaway query does not break the stream', async (t) => {
  const db = await withTable(feed)
  const stream = await subscribe(base, db, token)
  t.teardown(() => stream.close())
  await insert(db, { name: 'before' })
  const runaway = await admin({
    method: 'POST', url: `/api/databases/${db}/query`,
    payload: { sql: 'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n' }
  })
  t.equal(runaway.statusCode, 408, 'the query ran past its deadline and its worker was killed')
  await sql(db, "INSERT INTO t (name) VALUES ('after')")
  t.strictSame(changes(await stream.take(2)), [{ seq: 1, table: 't', op: 'insert', id: 1 }, { seq: 2, table: 't', op: 'insert', id: 2 }])
})

t.test('retention: a resume point older than CHANGES_RETENTION_COUNT gets 410 CHANGES_EXPIRED', async (t) => {
  const small = await serve(t, { CHANGES_RETENTION_COUNT: '5' })
  const db = await withTable(small)
  const first = await subscribe(small.base, db, small.token)
  first.close()
  for (let i = 0; i < 10; i++) await small.sql(db, `INSERT INTO t (name) VALUES ('${i}')`)
  const expired = await subscribe(small.base, db, small.token, '?since=4')
  t.equal(expired.status, 410)
  t.equal(JSON.parse(expired.body as string).code, 'CHANGES_EXPIRED')
  const kept = await subscribe(small.base, db, small.token, '?since=5')
  t.teardown(() => kept.close())
  t.equal(kept.status, 200, 'the last 5 changes are still there')
  t.strictSame((await kept.take(5)).map((f) => f.id), ['6', '7', '8', '9', '10'])
})

/** The body of a chunked HTTP/1.1 response read whole from a raw socket. */
function dechunk (raw: Buffer): string {
  let at = raw.indexOf('\r\n\r\n') + 4
  const parts: Buffer[] = []
  for (;;) {
    const eol = raw.indexOf('\r\n', at)
    const size = parseInt(raw.subarray(at, eol).toString(), 16)
    if (!(size > 0)) break
    parts.push(raw.subarray(eol + 2, eol + 2 + size))
    at = eol + 2 + size + 2
  }
  return Buffer.concat(parts).toString()
}

t.test('a consumer that does not read is cut with a final event: overflow', async (t) => {
  const slow = await serve(t, { CHANGES_BUFFER_BYTES: String(64 * 1024), CHANGES_RETENTION_COUNT: '1000000' })
  const db = await withTable(slow)
  // a raw socket that stops reading once subscribed: only the kernel's buffers take what the server sends
  const socket = connect(Number(new URL(slow.base).port), '127.0.0.1')
  t.teardown(() => socket.destroy())
  const received: Buffer[] = []
  socket.write(`GET /api/databases/${db}/changes HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${slow.token}\r\nConnection: close\r\n\r\n`)
  await new Promise<void>((resolve) => socket.once('data', (chunk: Buffer) => { received.push(chunk); resolve() }))
  socket.pause()
  const ended = new Promise<void>((resolve) => socket.on('end', resolve))
  // 200,000 changes (about 14 MB of events) in one statement: far more than those buffers and the 64 KiB allowed
  await slow.sql(db, 'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200000) INSERT INTO t (name) SELECT i FROM n')
  // the client reads again only once the server has cut it (it then holds no subscriber)
  for (let waited = 0; slow.app.changeFeed.subscribers > 0 && waited < 600; waited++) await new Promise((resolve) => setTimeout(resolve, 50))
  socket.on('data', (chunk: Buffer) => received.push(chunk))
  socket.resume()
  await ended
  const frames = dechunk(Buffer.concat(received)).split('\n\n').filter((f) => f !== '').map(parse).filter((f) => f.comment === undefined)
  const last = frames[frames.length - 1]
  t.equal(last.event, 'overflow', 'the stream ends with event: overflow')
  t.match(last.data, { seq: Number(frames[frames.length - 2].id) }, 'which names the last change sent, to resume from')
  t.ok(frames.length - 1 < 200000, `the server stopped early (${frames.length - 1} changes sent)`)
  t.strictSame(frames.slice(0, -1).map((f) => Number(f.id)), Array.from({ length: frames.length - 1 }, (_, i) => i + 1), 'in order, without gaps up to the cut')
})

t.test('a watched, idle database holds no connection in the main process; a write from another process still arrives', async (t) => {
  const quiet = await serve(t)
  const db = await withTable(quiet)
  const stream = await subscribe(quiet.base, db, quiet.token)
  t.teardown(() => stream.close())
  await new Promise((resolve) => setTimeout(resolve, 1500)) // a few idle polls
  t.equal(quiet.app.engine.inlineConnections(), 0, 'the subscription and its idle polls opened no connection on the main thread')
  // sqlite3 on the file: no request wakes the feed, the idle poll sees the WAL move
  const file = quiet.app.databaseFile(db)
  execFileSync(process.execPath, ['-e', `const D = require('better-sqlite3'); const d = new D(${JSON.stringify(file)}); d.prepare("INSERT INTO t (name) VALUES ('outside')").run(); d.close()`])
  const next = await Promise.race([stream.next(), new Promise((resolve) => setTimeout(() => resolve('nothing within 10 s'), 10_000))])
  t.match(next, { data: { seq: 1, table: 't', op: 'insert', id: 1 } })
})

t.test('a database holds at most CHANGES_MAX_SUBSCRIBERS streams: one more is 429 TOO_MANY_SUBSCRIBERS', async (t) => {
  const capped = await serve(t, { CHANGES_MAX_SUBSCRIBERS: '2' })
  const db = await withTable(capped)
  const first = await subscribe(capped.base, db, capped.token)
  const second = await subscribe(capped.base, db, capped.token)
  t.teardown(() => { first.close(); second.close() })
  t.equal(second.status, 200)
  const third = await subscribe(capped.base, db, capped.token)
  t.equal(third.status, 429, 'a third stream on the same database is refused')
  t.equal(JSON.parse(third.body as string).code, 'TOO_MANY_SUBSCRIBERS')
  t.equal(capped.app.changeFeed.subscribers, 2, 'and holds nothing')
  const elsewhere = await withTable(capped)
  const other = await subscribe(capped.base, elsewhere, capped.token)
  t.teardown(() => other.close())
  t.equal(other.status, 200, 'another database is not affected')
  first.close()
  for (let i = 0; i < 100 && capped.app.changeFeed.subscribers > 2; i++) await new Promise((resolve) => setTimeout(resolve, 20))
  const again = await subscribe(capped.base, db, capped.token)
  t.teardown(() => again.close())
  t.equal(again.status, 200, 'a closed stream frees its place')
})

import t from 'tap'
import { appendFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { keepAliveFrame } from '../../../lib/changes/frames.js'
import { createChangeHub, type HubOptions } from '../../../lib/changes/hub.js'
import type { Engine } from '../../../lib/engine/index.js'
import type { ChangeRow } from '../../../lib/engine/jobs/changes.js'
import { collector } from './sink-helper.js'

// The hub frames each page of changes once per tables filter and hands every subscriber of that filter the same
// frame; checks credentials once per (database, credential); sends keep-alives as one shared frame; and lets an idle
// feed whose file did not move go without reading. These tests drive it with a fake engine and collecting sinks.

/** A change table in memory: `commit` adds rows, the hub's jobs read it. */
function fakeEngine (tables = ['a', 'b', 'c']) {
  const rows: ChangeRow[] = []
  let reads = 0
  const run = (name: string, args: { after: number, limit: number }) => {
    if (name === 'changes.read' || name === 'changes.catchUp') {
      reads++
      return { changes: rows.filter((r) => r.seq > args.after).slice(0, args.limit), schemaVersion: 1 }
    }
    if (name === 'changes.bounds') return { first: 1, head: rows.length }
    if (name === 'changes.install') return { schemaVersion: 1, tables }
    return { pruned: 0 }
  }
  const engine = {
    timedNow: (_id: string, name: string, args: { after: number, limit: number }) => ({ result: run(name, args) }),
    timed: async (_id: string, name: string, args: { after: number, limit: number }) => ({ result: run(name, args) }),
    run: async (_id: string, name: string, args: { after: number, limit: number }) => run(name, args)
  }
  return {
    engine: engine as unknown as Engine,
    get reads () { return reads },
    commit (...tbls: string[]) {
      for (const tbl of tbls) rows.push({ seq: rows.length + 1, tbl, op: 'insert', id: rows.length + 1 })
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const log = { warn: () => {}, error: () => {}, info: () => {} }

function hubOf (engine: Engine, options: Partial<HubOptions> = {}) {
  const hub = createChangeHub({
    engine, log: log as never, retentionHours: 1, retentionCount: 1000, bufferBytes: 1 << 20, nameOf: () => 'db', allowed: () => true, ...options
  })
  t.teardown(() => hub.close())
  return hub
}

/** The (table, seq) of every change a sink received. */
const received = (sink: ReturnType<typeof collector>) =>
  [...sink.text().matchAll(/data: (\{.*\})\n/g)].map((m) => JSON.parse(m[1]) as { seq: number, table: string }).map((c) => `${c.table}${c.seq}`)

/** Waits until `done` holds, at most 10 s (a loaded machine is slow, never wrong). */
async function until (done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) await sleep(50)
}

t.test('each subscriber receives exactly its tables; one frame per filter is shared by all its subscribers', async (t) => {
  const fake = fakeEngine()
  const hub = hubOf(fake.engine)
  const subscribe = async (tables: string[] | undefined) => {
    const sink = collector()
    await hub.subscribe({ databaseId: 'db1', databaseName: 'db', tables, since: undefined, credential: 'c' }, () => sink)
    return sink
  }
  const all = [await subscribe(undefined), await subscribe(undefined)]
  const onlyA = [await subscribe(['a']), await subscribe(['A'])]
  const ab = [await subscribe(['a', 'b']), await subscribe(['b', 'a'])]
  const onlyC = await subscribe(['c'])
  await sleep(100) // catch-ups done: every subscriber is live
  fake.commit('a', 'b', 'c', 'a')
  hub.wake('db1')
  await until(() => received(onlyC).length > 0 && received(all[1]).length === 4)

  for (const sink of all) t.strictSame(received(sink), ['a1', 'b2', 'c3', 'a4'], 'no filter: every change')
  for (const sink of onlyA) t.strictSame(received(sink), ['a1', 'a4'], 'tables=a (a name matches case-insensitively)')
  for (const sink of ab) t.strictSame(received(sink), ['a1', 'b2', 'a4'], 'tables=a,b and tables=b,a')
  t.strictSame(received(onlyC), ['c3'])

  const page = (sink: ReturnType<typeof collector>) => sink.frames[sink.frames.length - 1]
  t.equal(page(all[0]), page(all[1]), 'the subscribers without a filter were sent the very same frame')
  t.equal(page(onlyA[0]), page(onlyA[1]), 'so were the two of tables=a')
  t.equal(page(ab[0]), page(ab[1]), 'and the two of tables=a,b, whatever the order they named them in')
  t.not(page(all[0]), page(onlyA[0]), 'each filter has its own frame')
  t.equal(page(all[0]).body.toString().split('\n\n').length - 1, 4, 'one frame carries the whole page')
  t.match(page(all[0]).chunk.toString(), /^[0-9a-f]+\r\nid: 1\n/, 'and is ready as an HTTP chunk')
})

t.test('a subscriber whose socket holds more than bufferBytes is cut with event: overflow; the others go on', async (t) => {
  const fake = fakeEngine()
  const hub = hubOf(fake.engine, { bufferBytes: 1000 })
  const slow = collector(5000)
  const fast = collector()
  await hub.subscribe({ databaseId: 'db1', databaseName: 'db', tables: undefined, since: '0', credential: 'c' }, () => fast)
  fake.commit('a')
  // the slow one is cut by its first frame (its socket already holds 5,000 bytes)
  await hub.subscribe({ databaseId: 'db1', databaseName: 'db', tables: undefined, since: '0', credential: 'c' }, () => slow)
  await until(() => slow.closed)
  t.match(slow.last?.body.toString(), /^event: overflow\ndata: \{"seq":\d+,/, 'its last frame is event: overflow')
  t.equal(hub.subscribers, 1, 'it holds no place any more')
  fake.commit('b')
  hub.wake('db1')
  await until(() => received(fast).length === 2)
  t.strictSame(received(fast), ['a1', 'b2'], 'the other subscriber is not affected')
})

t.test('credentials are checked once per database and credential; a revoked one ends its streams only', async (t) => {
  const fake = fakeEngine()
  const asked: string[] = []
  let revoked = ''
  const hub = hubOf(fake.engine, {
    checkMs: 50,
    allowed: (credential, databaseId) => {
      asked.push(`${databaseId}/${credential}`)
      return credential !== revoked
    }
  })
  const sinks = new Map<string, Array<ReturnType<typeof collector>>>()
  for (const [db, credential] of [['db1', 'k1'], ['db1', 'k2'], ['db2', 'k1']]) {
    const list = Array.from({ length: 20 }, () => collector())
    for (const sink of list) await hub.subscribe({ databaseId: db, databaseName: 'db', tables: undefined, since: undefined, credential }, () => sink)
    sinks.set(`${db}/${credential}`, list)
  }
  asked.length = 0
  await sleep(500)
  const checks = asked.length
  t.ok(checks > 0, 'checks ran')
  t.equal(asked.filter((a) => a === 'db1/k1').length * 3, checks, `each of the 3 (database, credential) pairs was asked alike (${checks} calls for 60 streams)`)

  revoked = 'k1'
  await until(() => sinks.get('db1/k1')?.every((s) => s.closed) === true && sinks.get('db2/k1')?.every((s) => s.closed) === true)
  for (const key of ['db1/k1', 'db2/k1']) {
    for (const sink of sinks.get(key) ?? []) t.equal(sink.last?.body.toString(), 'event: end\ndata: {"reason":"unauthorized"}\n\n', `${key} ended`)
  }
  t.ok(sinks.get('db1/k2')?.every((s) => !s.closed), 'the streams of the other credential go on')
  t.equal(hub.subscribers, 20)
})

t.test('keep-alives: idle subscribers all get the one shared comment frame', async (t) => {
  const fake = fakeEngine()
  const hub = hubOf(fake.engine, { keepAliveMs: 100, checkMs: 50 })
  const sinks = Array.from({ length: 5 }, () => collector())
  for (const [i, sink] of sinks.entries()) {
    await hub.subscribe({ databaseId: `db${i % 2}`, databaseName: 'db', tables: i === 4 ? ['a'] : undefined, since: undefined, credential: 'c' }, () => sink)
  }
  await until(() => sinks.every((s) => s.frames.filter((f) => f === keepAliveFrame).length >= 2))
  for (const sink of sinks) t.ok(sink.frames.filter((f) => f === keepAliveFrame).length >= 2, 'keep-alives came, each the shared frame')
  t.match(sinks[0].text(), /^: subscribed\n\n(: keep-alive\n\n)+$/, 'as SSE comments')
})

t.test('an idle feed reads the change table only when its file or WAL moved', async (t) => {
  const fake = fakeEngine()
  const dir = t.testdir()
  const file = join(dir, 'db.sqlite')
  writeFileSync(file, 'x')
  writeFileSync(`${file}-wal`, 'x')
  const hub = hubOf(fake.engine, { pollMs: 20, idlePollMs: 40, fileOf: () => file })
  const sink = collector()
  await hub.subscribe({ databaseId: 'db1', databaseName: 'db', tables: undefined, since: undefined, credential: 'c' }, () => sink)
  await sleep(2600) // past the 2 s a new feed polls actively
  const idleFrom = fake.reads
  await sleep(1000)
  t.ok(fake.reads - idleFrom <= 1, `an idle feed whose file did not move read ${fake.reads - idleFrom} times in a second (25 when every idle poll reads)`)

  // a commit from another process (no wake): the WAL grows
  fake.commit('a')
  appendFileSync(`${file}-wal`, 'frame')
  await until(() => received(sink).length === 1)
  t.strictSame(received(sink), ['a1'], 'the move is seen and the change sent')
})

t.test('a WAL removed or created empty (a connection closed or opened) is no reason to read', async (t) => {
  const fake = fakeEngine()
  const dir = t.testdir()
  const file = join(dir, 'db.sqlite')
  writeFileSync(file, 'x')
  writeFileSync(`${file}-wal`, 'frames')
  const hub = hubOf(fake.engine, { pollMs: 20, idlePollMs: 40, fileOf: () => file })
  await hub.subscribe({ databaseId: 'db1', databaseName: 'db', tables: undefined, since: undefined, credential: 'c' }, () => collector())
  await sleep(300)
  const from = fake.reads
  rmSync(`${file}-wal`)
  await sleep(300)
  writeFileSync(`${file}-wal`, '')
  await sleep(300)
  t.equal(fake.reads - from, 0, 'neither the removal nor the empty WAL made the feed read')
  appendFileSync(`${file}-wal`, 'a commit')
  await until(() => fake.reads > from)
  t.equal(fake.reads - from, 1, 'a WAL with frames did')
})

import t from 'tap'
import { createChangeHub } from '../../../lib/changes/hub.js'
import type { Engine } from '../../../lib/engine/index.js'
import { collector } from './sink-helper.js'

// Every write through the server wakes its database's feed, so the poll timer only has to find writes made outside
// it. An idle feed must not read its change table 20 times a second: with a thousand databases watched, that alone
// was 20,000 engine jobs a second on a server doing nothing.

function fakeEngine () {
  const reads: number[] = []
  let head = 0
  // changes.read and changes.bounds, the two jobs the hub runs inline when it can
  const read = (name: string, args: { after: number }) => name === 'changes.bounds'
    ? { result: { first: 1, head } }
    : { result: { changes: head > args.after ? [{ seq: head, tbl: 't', op: 'insert', id: head }] : [], schemaVersion: 1 } }
  const engine = {
    timedNow: (_id: string, name: string, args: { after: number }) => {
      if (name === 'changes.read') reads.push(Date.now())
      return read(name, args)
    },
    timed: async (_id: string, name: string, args: { after: number }) => read(name, args),
    run: async (_id: string, name: string, args: { after: number }) => {
      if (name === 'changes.install') return { schemaVersion: 1, tables: ['t'] }
      if (name === 'changes.catchUp') reads.push(Date.now()) // an idle feed's read, in a worker
      if (name === 'changes.bounds' || name === 'changes.read' || name === 'changes.catchUp') return read(name, args).result
      return { pruned: 0 }
    }
  }
  return { engine: engine as unknown as Engine, reads, commit: () => { head++ } }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

t.test('an idle feed polls at the idle rate; a wake reads at once and makes it poll fast for a while', async (t) => {
  const { engine, reads, commit } = fakeEngine()
  const log = { warn: () => {}, error: () => {}, info: () => {} }
  const hub = createChangeHub({ engine, log: log as never, retentionHours: 1, retentionCount: 1000, bufferBytes: 1 << 20, nameOf: () => 'db', allowed: () => true, pollMs: 20, idlePollMs: 60_000 })
  t.teardown(() => hub.close())
  const sink = collector()
  await hub.subscribe({ databaseId: 'db1', databaseName: 'db', tables: undefined, since: undefined, credential: 'c' }, () => sink)

  await sleep(1300) // the catch-up is done
  const idleFrom = reads.length
  await sleep(1000)
  t.ok(reads.length - idleFrom <= 1, `an idle feed read ${reads.length - idleFrom} times in a second at pollMs 20 (50 when every tick polls)`)

  commit()
  hub.wake('db1')
  await sleep(50)
  t.match(sink.text(), /id: 1\n/, 'a wake delivers the write at once, whatever the idle rate')
  const wokenFrom = reads.length
  await sleep(800)
  t.ok(reads.length - wokenFrom >= 3, 'after a write the feed polls at pollMs again')
})

t.test('a wake during a running poll is not lost: the feed polls once more after it', async (t) => {
  const { engine, commit } = fakeEngine()
  const slow = engine as unknown as { timedNow: unknown, timed: (...args: unknown[]) => Promise<unknown> }
  const timed = slow.timed
  // reads go through the (slow) worker path, so a wake can arrive while one is in flight
  slow.timedNow = () => undefined
  slow.timed = async (...args: unknown[]) => {
    const read = await timed(...args)
    await sleep(100) // the answer's way back: the read has already happened
    return read
  }
  const log = { warn: () => {}, error: () => {}, info: () => {} }
  const hub = createChangeHub({ engine, log: log as never, retentionHours: 1, retentionCount: 1000, bufferBytes: 1 << 20, nameOf: () => 'db', allowed: () => true, pollMs: 60_000, idlePollMs: 60_000 })
  t.teardown(() => hub.close())
  const sink = collector()
  await hub.subscribe({ databaseId: 'db1', databaseName: 'db', tables: undefined, since: undefined, credential: 'c' }, () => sink)
  await sleep(300) // the subscriber's catch-up is done
  hub.wake('db1') // a poll starts and reads nothing new
  await sleep(30)
  commit() // committed while that poll is in flight, past the point it read
  hub.wake('db1')
  await sleep(400)
  t.match(sink.text(), /id: 1\n/, 'the second wake was honoured after the first poll ended')
})

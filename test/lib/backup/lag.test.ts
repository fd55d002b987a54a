// The replication lag tracker: what Litestream's upload log lines mean for each database's lag.
import t from 'tap'
import { createLagTracker, uploadOf } from '../../../lib/backup/lag.js'

t.test('uploadOf reads the database file and the phase of Litestream 0.3.13 upload lines', async (t) => {
  t.same(uploadOf('time=2026-11-26T13:59:25.006Z level=INFO msg="write wal segment" db=/d/a.db replica=file position=1250/00000000:16512'), { file: '/d/a.db', done: false })
  t.same(uploadOf('time=2026-11-26T13:59:25.006Z level=INFO msg="wal segment written" db=/d/a.db replica=file position=1250/00000000:16512 elapsed=516µs sz=4120'), { file: '/d/a.db', done: true })
  t.same(uploadOf('level=INFO msg="snapshot written" db="/d/with space.db" replica=file'), { file: '/d/with space.db', done: true })
  t.same(uploadOf('level=INFO msg="write snapshot" db=/d/b.db replica=file'), { file: '/d/b.db', done: false })
  t.equal(uploadOf('level=INFO msg="sync: new generation" db=/d/a.db generation=1'), undefined)
  t.equal(uploadOf('level=INFO msg="initialized db" path=/d/a.db'), undefined)
})

t.test('lag: the oldest write not yet shipped, 0 once an upload that began after it finished', async (t) => {
  let clock = 1_000_000
  const lag = createLagTracker(() => clock)
  const delays: number[] = []
  lag.onDelay((s) => delays.push(s))
  t.same(lag.of('a'), { lagSeconds: 0, lastWriteAt: null, lastReplicatedAt: null }, 'never written: no lag')

  lag.written('a')
  clock += 500
  lag.written('a')
  clock += 1500
  t.equal(lag.of('a').lagSeconds, 2, 'measured from the first write not yet shipped')
  lag.written('b')
  clock += 1000
  t.same(lag.summary(1), { pending: 2, maxSeconds: 3, top: [['a', 3]] }, 'aggregates over every database, the top n by lag')

  lag.upload('a', false)
  clock += 100
  lag.written('a') // during the upload: may have missed it
  lag.upload('a', true)
  t.same(delays, [3.1], 'the shipped write\'s time to the replica is observed')
  t.equal(lag.of('a').lastReplicatedAt, new Date(clock).toISOString())
  clock += 400
  t.equal(lag.of('a').lagSeconds, 0.4, 'a write during an upload waits for the next one')
  lag.upload('a', false)
  lag.upload('a', true)
  t.equal(lag.of('a').lagSeconds, 0, 'shipped')
  t.equal(lag.summary(10).pending, 1, 'only b waits')

  lag.upload('b', false)
  lag.interrupted() // the replicator died mid-upload: b still waits
  clock += 1000
  t.equal(lag.of('b').lagSeconds, 2.5)
  lag.forget('b')
  t.same(lag.summary(10), { pending: 0, maxSeconds: 0, top: [] }, 'a deleted database is forgotten')
})

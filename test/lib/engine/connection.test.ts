import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import t from 'tap'
import { openConnection } from '../../../lib/engine/connection.js'
import { createConnectionPool } from '../../../lib/engine/connection-pool.js'

function tempDir (t: { teardown: (fn: () => void) => void }): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'litehouse-connection-'))
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }))
  return dir
}

t.test('a connection is WAL, synchronous NORMAL, foreign keys on, with a busy timeout', async (t) => {
  const connection = openConnection(path.join(tempDir(t), 'a.db'))
  t.teardown(() => connection.close())
  const { db } = connection
  t.equal(db.pragma('journal_mode', { simple: true }), 'wal')
  t.equal(db.pragma('synchronous', { simple: true }), 1, 'NORMAL')
  t.equal(db.pragma('foreign_keys', { simple: true }), 1)
  t.equal(db.pragma('busy_timeout', { simple: true }), 5000)
})

t.test('prepare() caches statements and resets their modes between uses', async (t) => {
  const connection = openConnection(path.join(tempDir(t), 'a.db'), { statementCacheSize: 2 })
  t.teardown(() => connection.close())
  const first = connection.prepare('SELECT 1 AS one')
  t.equal(connection.prepare('SELECT 1 AS one'), first, 'the same statement object comes back')
  first.pluck()
  t.equal(first.get(), 1)
  t.same(connection.prepare('SELECT 1 AS one').get(), { one: 1 }, 'pluck does not leak into the next use')
  connection.prepare('SELECT 2')
  connection.prepare('SELECT 3')
  t.not(connection.prepare('SELECT 1 AS one'), first, 'the cache is bounded: the oldest statement was dropped')
})

t.test('the pool keeps at most max connections, closing the least recently used', async (t) => {
  const dir = tempDir(t)
  const pool = createConnectionPool(2)
  t.teardown(() => pool.closeAll())
  const a = pool.acquire(path.join(dir, 'a.db'))
  const b = pool.acquire(path.join(dir, 'b.db'))
  t.equal(pool.acquire(path.join(dir, 'a.db')), a, 'an open connection is reused')
  pool.acquire(path.join(dir, 'c.db'))
  t.equal(pool.size, 2)
  t.ok(a.db.open, 'a was used recently')
  t.notOk(b.db.open, 'so b was closed instead')
  pool.close(path.join(dir, 'a.db'))
  t.notOk(a.db.open)
  t.equal(pool.size, 1)
  pool.closeAll()
  t.equal(pool.size, 0)
})

t.test('the inline lane\'s options: no busy wait, no checkpoint on commit', async (t) => {
  const connection = openConnection(path.join(tempDir(t), 'a.db'), { busyTimeoutMs: 0, autoCheckpoint: false })
  t.teardown(() => connection.close())
  t.equal(connection.db.pragma('busy_timeout', { simple: true }), 0)
  t.equal(connection.db.pragma('wal_autocheckpoint', { simple: true }), 0)
})

import Database from 'better-sqlite3'
import fs from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { buildEngine, childPids, sleep } from './helpers.js'

const databases = 2000
const bound = 256
const total = (counts: number[]) => counts.reduce((a, b) => a + b, 0)

t.test(`${databases} databases through 2 workers keep at most ${bound} connections open in the whole engine`, async (t) => {
  const { engine, register, dataDir } = buildEngine(t, { workers: 2, maxConnections: bound })
  // Copies of one WAL database: creating 2000 through SQLite costs seconds of fsync that prove nothing here.
  const template = path.join(dataDir, '.template')
  const db = new Database(template)
  db.pragma('journal_mode = WAL')
  db.exec("CREATE TABLE owner (name TEXT); INSERT INTO owner VALUES ('someone')")
  db.close()
  const ids = Array.from({ length: databases }, (_, i) => `db${i}`)
  for (const id of ids) fs.copyFileSync(template, register(id))
  await engine.run(ids[0], 'database.stats', {})

  let highest = 0
  let sampling = true
  const sampler = (async () => {
    while (sampling) {
      highest = Math.max(highest, total(await engine.connectionCounts()) + engine.inlineConnections())
      await sleep(20)
    }
  })()
  // Each database is touched once, all queued at the same time.
  const touched = await Promise.all(ids.map((id) => engine.run(id, 'database.stats', {})))
  sampling = false
  await sampler
  const counts = await engine.connectionCounts()

  t.ok(touched.every((stats) => stats.tableCount === 1), 'every database answered the first time')
  t.ok(highest <= bound, `never more than ${bound} connections in the engine (highest seen ${highest})`)
  t.equal(total(counts), bound, 'the workers filled the budget, so eviction really happened')
  t.ok(counts.every((count) => count > 0), 'both workers took databases')
  // Three descriptors per connection (database, -wal, -shm), plus the process's own few.
  for (const pid of childPids()) {
    const descriptors = fs.readdirSync(`/proc/${pid}/fd`).length
    t.ok(descriptors <= 3 * bound + 50, `worker ${pid} holds ${descriptors} file descriptors`)
  }

  // Every database still answers, whether its connection was evicted or not.
  const listed = await Promise.all(ids.map((id) => engine.run(id, 'database.tables', { counts: true })))
  t.ok(listed.every((tables) => tables.length === 1 && tables[0].rowCount === 1), 'every database answers again')
  t.ok(total(await engine.connectionCounts()) + engine.inlineConnections() <= bound)
  t.equal(engine.stats().openConnections, total(await engine.connectionCounts()) + engine.inlineConnections(), 'the budget knows every open connection')
})

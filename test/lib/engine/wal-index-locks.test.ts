import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { createJobRunner } from '../../../lib/engine/job-runner.js'

// A worker reads how much WAL is uncopied after each write. It used to open the -shm file and close it again, and
// closing any descriptor of a file drops every POSIX lock the process holds on it: this process's SQLite connection
// lost its hold on the wal-index. Another process closing its own connection then believed it was the last one,
// checkpointed and deleted the -wal and -shm under the live connection (a worker died of SIGBUS in the change-feed
// bench). Here the other process is a child that opens the database and closes it.

const betterSqlite = import.meta.resolve('better-sqlite3')

function openAndCloseElsewhere (file: string): void {
  execFileSync(process.execPath, ['--input-type=module', '-e', `
    const { default: Database } = await import(${JSON.stringify(betterSqlite)})
    const db = new Database(${JSON.stringify(file)})
    db.prepare('SELECT count(*) FROM t').get()
    db.close()
  `])
}

/**
 * Whether another process could take the wal-index's "in use" byte exclusively: SQLite's DMS lock, byte 128 of the
 * -shm file, which every process with a connection holds shared. Asked with python3's fcntl (Node has no lock API).
 */
function dmsLockFree (file: string): boolean | undefined {
  try {
    return execFileSync('python3', ['-c', `
import fcntl, os, sys
fd = os.open(sys.argv[1], os.O_RDWR)
try:
    fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, 128)
    print('free')
except OSError:
    print('held')
`, `${file}-shm`]).toString().trim() === 'free'
  } catch {
    return undefined
  }
}

t.test('reading the WAL size after a write keeps this process\'s locks on the wal-index', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'litehouse-wal-index-'))
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }))
  const file = join(dataDir, 'shop.db')
  const runner = createJobRunner({ dataDir, maxConnections: 4, maxQueryRows: 100 }, { connection: { autoCheckpoint: false } })
  t.teardown(() => runner.closeAll())

  const wrote = runner.run('database.exec', file, { sql: 'CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1)' })
  t.equal(wrote.ok, true, 'the write ran (and the runner read the WAL size after it)')
  t.ok(existsSync(`${file}-shm`), 'the wal-index exists while the connection is open')

  const free = dmsLockFree(file)
  if (free === undefined) t.comment('python3 is missing: the lock itself cannot be asked about')
  else t.equal(free, false, 'this process still holds its shared lock on the wal-index (no one may reset it)')
  openAndCloseElsewhere(file)
  t.ok(existsSync(`${file}-shm`), 'another process closing its connection did not take the wal-index for unused')
  t.ok(existsSync(`${file}-wal`), 'nor delete the WAL')
  const read = runner.run('query.run', file, { sql: 'SELECT n FROM t', allowWrite: false, databaseName: 'shop', principal: 'admin' })
  t.equal(read.ok, true, 'and this connection still reads')
})

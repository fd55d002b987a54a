/**
 * Issue #30's goal: one tenant's flood of large reads or heavy statements must not slow another tenant's light
 * requests, which the main thread serves. A long answer reaches the main thread as bytes on the answer pipe and leaves
 * as those bytes: the main thread never receives it as one message, parses it, joins it or holds it as a string. The
 * engine workers run at a lower priority than the main thread, so heavy statements take the CPU it leaves.
 */
import { ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { getPriority } from 'node:os'
import t from 'tap'
import { JsonText } from '../../lib/engine/json-rows.js'
import { loadConfig } from '../../fastify.config.js'
import { as, build, signIn, workspace } from '../helper.js'

const mib = 1024 * 1024

/** The engine's worker processes running under this test process now (children forked from worker.ts). */
function workerPids (): number[] {
  return readdirSync('/proc/self/task')
    .flatMap((tid) => readFileSync(`/proc/self/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number))
    .filter((pid) => { try { return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('worker.') } catch { return false } })
}

/** The largest message a worker sent the main thread, in characters of its JSON. */
let largestMessage = 0
const emit = ChildProcess.prototype.emit
ChildProcess.prototype.emit = function (this: ChildProcess, event: string | symbol, ...args: unknown[]) {
  if (event === 'message') largestMessage = Math.max(largestMessage, JSON.stringify(args[0]).length)
  return (emit as (...all: unknown[]) => boolean).apply(this, [event, ...args])
} as typeof emit
t.teardown(() => { ChildProcess.prototype.emit = emit })

t.test('a 20 MB record reaches the main thread as bytes, never as a message or a string on its heap', async (t) => {
  const { app } = await build(t)
  const admin = as(app, await signIn(app))
  const ws = workspace(admin, 'flood')
  const db = await ws.freshDatabase()
  await ws.sql(db, 'CREATE TABLE big (id INTEGER PRIMARY KEY, b BLOB)')
  await ws.sql(db, `INSERT INTO big VALUES (1, randomblob(${20 * mib}))`)
  const reader = as(app, await ws.keyFor(db, 'read'))

  // what the engine hands the route, and the main thread's heap when it does
  let delivered: unknown
  let heapGrowth = 0
  const timed = app.engine.timed
  app.engine.timed = (async (...args: Parameters<typeof timed>) => {
    const before = process.memoryUsage().heapUsed
    const outcome = await timed(...args)
    heapGrowth = process.memoryUsage().heapUsed - before
    delivered = (outcome.result as { row?: unknown }).row
    return outcome
  }) as typeof timed
  t.teardown(() => { app.engine.timed = timed })

  largestMessage = 0
  const res = await reader({ method: 'GET', url: `/api/databases/${db}/tables/big/records/1` })
  t.equal(res.statusCode, 200)
  const base64 = Math.ceil(20 * mib / 3) * 4
  t.equal(res.json().data.b.$base64.length, base64, 'the record arrives whole')
  t.equal(res.headers['content-length'], String(res.rawPayload.length), 'with its length known before sending')
  t.ok(largestMessage < 64 * 1024, `no message from a worker is long (largest ${largestMessage} characters; the record is ${base64})`)
  t.ok(delivered instanceof JsonText && delivered.pieces !== undefined && delivered.pieces.length > 1,
    'the row is the bytes the pipe brought, in the pieces its reads filled')
  t.ok(heapGrowth < 8 * mib, `the main thread's heap grew by ${(heapGrowth / mib).toFixed(1)} MiB for a ${(base64 / mib).toFixed(0)} MiB answer`)

  // the answers after it, in order, through both channels
  const small = await reader({ method: 'GET', url: `/api/databases/${db}/tables/big/records?limit=1&fields=id` })
  t.same(small.json().data, [{ id: 1 }])
})

t.test('engine workers run at ENGINE_WORKER_NICE (default 10) below the main thread', async (t) => {
  t.equal(loadConfig({ DATA_DIR: '/tmp/unused' }).engineWorkerNice, 10, 'the default is 10')
  const { app } = await build(t, { ENGINE_WORKER_NICE: '10' })
  const admin = as(app, await signIn(app))
  const ws = workspace(admin, 'nice')
  const db = await ws.freshDatabase()
  await ws.sql(db, 'SELECT 1')
  const pids = workerPids()
  t.equal(pids.length, 2, 'both workers found')
  const own = getPriority()
  for (const pid of pids) t.equal(getPriority(pid), own + 10, `worker ${pid} runs at niceness ${own + 10}`)
})

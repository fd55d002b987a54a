import t from 'tap'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { build } from '../helper.js'
import type { DatabaseRecord } from '../../lib/store/databases.js'

const database = { id: 'db_1', uuid: 'uuid-track', name: 'track' } as DatabaseRecord
const op = { tableName: 'items', operation: 'select' as const }
const outcome = (rows: number) => ({ rowCount: rows, sqlText: 'SELECT 1' })

t.test('track() answers a finished job at once and a running one with a promise, logging one event for each', async (t) => {
  const { app, dataDir } = await build(t)
  const failure = Object.assign(new Error('boom now'), { durationMs: 2 })

  const now = app.track(database, op, () => ({ result: 3, durationMs: 1 }), outcome)
  t.equal(now, 3, 'a job the inline lane finished: its result itself, not a promise')
  t.throws(() => app.track(database, op, () => { throw failure }, outcome), failure, 'a failure at once is thrown at once')

  const later = app.track(database, op, async () => ({ result: 5, durationMs: 1 }), outcome)
  t.ok(later instanceof Promise, 'a job in a worker: a promise')
  t.equal(await later, 5)
  await t.rejects(async () => await app.track(database, op, async () => { throw new Error('boom later') }, outcome), /boom later/)
  await t.rejects(async () => await app.track(database, op, async () => ({ result: 7, durationMs: 1 }), () => { throw new Error('bad outcome') }), /bad outcome/,
    'an outcome that throws fails the call')
  t.throws(() => app.track(database, op, () => ({ result: 9, durationMs: 1 }), () => { throw new Error('bad outcome now') }), /bad outcome now/)

  await app.analytics.flush()
  const file = new Database(join(dataDir, '_analytics.db'), { readonly: true })
  t.teardown(() => file.close())
  t.same(file.prepare('SELECT row_count, status, error_msg, duration_ms, database_id FROM _query_log ORDER BY id').all(), [
    { row_count: 3, status: 'ok', error_msg: null, duration_ms: 1, database_id: 'uuid-track' },
    { row_count: 0, status: 'error', error_msg: 'boom now', duration_ms: 2, database_id: 'uuid-track' },
    { row_count: 5, status: 'ok', error_msg: null, duration_ms: 1, database_id: 'uuid-track' },
    { row_count: 0, status: 'error', error_msg: 'boom later', duration_ms: 0, database_id: 'uuid-track' },
    { row_count: 0, status: 'error', error_msg: 'bad outcome', duration_ms: 0, database_id: 'uuid-track' },
    { row_count: 0, status: 'error', error_msg: 'bad outcome now', duration_ms: 0, database_id: 'uuid-track' }
  ], 'one event per call, in call order, failures with their message')
})

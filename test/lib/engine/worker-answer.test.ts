import t from 'tap'
import { answerOf } from '../../../lib/engine/worker-answer.js'

t.test('a worker answers a job\'s rows as JSON text beside the rest of its result', async (t) => {
  t.same(answerOf(4, { ok: true, value: { rows: [{ id: 1 }], sql: 'S' }, durationMs: 2 }),
    { type: 'done', id: 4, value: { sql: 'S' }, rows: { json: '[{"id":1}]', length: 1 }, durationMs: 2 })
  t.same(answerOf(5, { ok: true, value: { changes: 1 }, durationMs: 1 }), { type: 'done', id: 5, value: { changes: 1 }, rows: undefined, durationMs: 1 })
  const error = { statusCode: 404, code: 'TABLE_NOT_FOUND', message: 'x' }
  t.same(answerOf(6, { ok: false, error, durationMs: 3 }), { type: 'failed', id: 6, error, durationMs: 3 })
})

t.test('rows that cannot be written as JSON are answered as a 500, not thrown out of the worker', async (t) => {
  const answer = answerOf(7, { ok: true, value: { rows: [{ n: 1n }] }, durationMs: 2 })
  t.match(answer, { type: 'failed', id: 7, durationMs: 2, error: { statusCode: 500, code: 'INTERNAL_ERROR', message: /cannot be sent: .*BigInt/ } })
})

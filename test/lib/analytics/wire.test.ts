import t from 'tap'
import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads'
import type { StampedEvent } from '../../../lib/analytics/types.js'
import { decodeEvents, encodeEvents, type EventBatch } from '../../../lib/analytics/wire.js'
import { event } from './helper.js'

const stamped = (overrides: Partial<StampedEvent> = {}): StampedEvent => ({ ...event(), at: Date.parse('2026-11-20T10:00:00.123Z'), ...overrides })

t.test('events come back as they were sent, through a real message port', async (t) => {
  const events = [
    stamped(),
    stamped({ database: 'blog', databaseId: 'uuid-blog', tableName: null, statsOperation: 'raw_query', sqlText: 'SELECT 1', rowCount: 7, durationMs: 0.25 }),
    stamped({ status: 'error', errorMsg: 'no such table: nope', sqlText: null, at: 0 }),
    stamped({ database: '', sqlText: 'it\'s "quoted" ✓ \u0000', durationMs: NaN, rowCount: -1 })
  ]
  const batch = encodeEvents(events)
  const { port1, port2 } = new MessageChannel()
  port1.postMessage(batch, [batch.numbers.buffer])
  t.equal(batch.numbers.byteLength, 0, 'the numbers were moved, not copied')
  const received = receiveMessageOnPort(port2)?.message as EventBatch
  port1.close()
  t.same(decodeEvents(received), events.map((e) => ({ ...e, statsOperation: e.statsOperation })))
})

t.test('each distinct string crosses once per batch', async (t) => {
  const batch = encodeEvents(Array.from({ length: 100 }, (_, i) => stamped({ rowCount: i })))
  t.same(batch.strings.sort(), ['SELECT * FROM "items" WHERE "id" = ?', 'items', 'ok', 'select', 'shop', 'uuid-shop'])
  t.equal(batch.count, 100)
  t.same(decodeEvents(batch).map((e) => e.rowCount), Array.from({ length: 100 }, (_, i) => i))
})

t.test('a batch shorter than its count gives the events it holds; an empty batch gives none', async (t) => {
  const batch = encodeEvents([stamped(), stamped()])
  t.equal(decodeEvents({ ...batch, count: 5 }).length, 2)
  t.equal(decodeEvents({ ...batch, numbers: batch.numbers.slice(0, 15) }).length, 1)
  t.same(decodeEvents(encodeEvents([])), [])
})

import t from 'tap'
import { join } from 'node:path'
import { createWorkerClient } from '../../../lib/analytics/client.js'
import { schemaVersion } from '../../../lib/analytics/schema.js'
import { captureLogger, tempDir } from './helper.js'

t.test('the worker client answers requests, survives a worker crash and refuses work once closed', async t => {
  const { logger } = captureLogger()
  const client = createWorkerClient({ file: join(tempDir(t), '_analytics.db'), busyTimeoutMs: 50 }, logger)
  t.teardown(() => client.close())
  t.same(await client.request('open', undefined), { from: 0, to: schemaVersion })
  await client.request('snapshot', { databases: [{ id: 'u1', name: 'shop', sizeBytes: 1, tableCount: 1 }], timestamp: '2026-11-20T12:00:00.000Z' })

  // A large snapshot keeps the worker busy, so the request queued behind it is still pending at the crash.
  const many = Array.from({ length: 200_000 }, (_, i) => ({ id: `u${i}`, name: `db${i}`, sizeBytes: i, tableCount: 1 }))
  const busy = client.request('snapshot', { databases: many, timestamp: '2026-11-20T12:00:00.000Z' })
  const queued = client.request('size', { database: { id: 'u1', name: 'shop' } })
  await new Promise(resolve => setTimeout(resolve, 20))
  await client.terminate()
  await t.rejects(queued, /exited/, 'a request on the dead worker rejects')
  await busy.catch(() => {})
  t.equal((await client.request('size', { database: { id: 'u1', name: 'shop' } })).length, 1, 'a new worker opens the same file')

  await t.rejects(client.request('nope' as 'open', undefined), /not a function/, 'an unknown method is an error answer')
  await client.close()
  await t.rejects(client.request('size', { database: { id: 'u1', name: 'shop' } }), /closed/)
})

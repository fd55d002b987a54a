import Fastify from 'fastify'
import t from 'tap'
import { requestLogger } from '../../lib/request-logger.js'

/** A server logging through `requestLogger` into an array of parsed lines. */
async function serverAt (t: { teardown: (fn: () => unknown) => void }, level: string) {
  const lines: Array<Record<string, unknown>> = []
  const stream = { write: (line: string) => { lines.push(JSON.parse(line)) } }
  const app = Fastify({ logger: { level, stream }, childLoggerFactory: requestLogger, disableRequestLogging: true })
  app.get('/', async (request) => {
    request.log.info({ step: 1 }, 'info line')
    request.log.warn('warn line')
    request.log.child({ part: 'inner' }).error('child line')
    return { level: request.log.level }
  })
  app.get('/quiet', async (request) => ({ level: request.log.level }))
  t.teardown(() => app.close())
  return { app, lines }
}

t.test('lines at enabled levels carry the request id; disabled levels write nothing', async (t) => {
  const { app, lines } = await serverAt(t, 'warn')
  const res = await app.inject({ url: '/' })
  t.same(res.json(), { level: 'warn' })
  t.same(lines.map((l) => l.msg), ['warn line', 'child line'])
  t.ok(lines.every((l) => l.reqId === 'req-1'), 'every line names the request')
  t.equal(lines[1].part, 'inner', 'a child of the request logger keeps both bindings')
})

t.test('at info level the info line is written too, with its object', async (t) => {
  const { app, lines } = await serverAt(t, 'info')
  await app.inject({ url: '/' })
  t.match(lines[0], { msg: 'info line', step: 1, reqId: 'req-1', level: 30 })
  t.equal(lines.length, 3)
})

t.test('the level follows the parent until a line makes the child real', async (t) => {
  const { app } = await serverAt(t, 'error')
  t.same((await app.inject({ url: '/quiet' })).json(), { level: 'error' })
  app.log.level = 'debug'
  t.same((await app.inject({ url: '/quiet' })).json(), { level: 'debug' })
})

t.test('a route with its own log level gets a real child at once', async (t) => {
  const lines: Array<Record<string, unknown>> = []
  const app = Fastify({ logger: { level: 'error', stream: { write: (l: string) => { lines.push(JSON.parse(l)) } } }, childLoggerFactory: requestLogger, disableRequestLogging: true })
  app.get('/chatty', { logLevel: 'info' }, async (request) => {
    request.log.info('said')
    return {}
  })
  t.teardown(() => app.close())
  await app.inject({ url: '/chatty' })
  t.match(lines, [{ msg: 'said', reqId: 'req-1' }])
})

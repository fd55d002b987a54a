// Route schemas compiled on first use (lib/lazy-compile.ts): nothing is compiled before a route needs it, a validator's
// errors reach Fastify, the background pass compiles the rest and names what fails, and every schema of the whole app
// compiles (what Fastify checked at boot before).
import t from 'tap'
import { compilePending, lazily, pendingCompiles } from '../../lib/lazy-compile.js'
import { build } from '../helper.js'

t.test('a deferred compile runs once, on first use, and passes the errors on', async (t) => {
  let compiles = 0
  const compile = lazily((route: { limit: number }) => {
    compiles++
    const validate = Object.assign((value: number) => {
      validate.errors = value > route.limit ? [{ message: `over ${route.limit}` }] : null
      return value <= route.limit
    }, { errors: null as unknown })
    return validate
  })
  const validate = compile({ limit: 3 })
  t.equal(compiles, 0, 'registering a route compiles nothing')
  t.equal(validate(2), true)
  t.equal(validate.errors, null)
  t.equal(validate(5), false)
  t.same(validate.errors, [{ message: 'over 3' }], 'the compiled function\'s errors, where Fastify reads them')
  t.equal(compiles, 1, 'compiled once')
})

t.test('compilePending compiles what no request needed and reports what fails', async (t) => {
  let compiles = 0
  const compile = lazily((route: string) => {
    if (route === 'broken') throw new Error('schema is invalid: broken')
    compiles++
    return () => route
  })
  const first = compile('a')
  compile('b')
  compile('broken')
  first()
  t.equal(compiles, 1)
  const failures = await compilePending()
  t.equal(compiles, 2, 'the unused one is compiled in the background')
  t.same(failures, ['schema is invalid: broken'])
  t.equal(pendingCompiles(), 0)
})

t.test('the app starts with its schemas deferred, and every one of them compiles', async (t) => {
  const { app } = await build(t)
  t.ok(pendingCompiles() > 100, `${pendingCompiles()} validators and serializers left for later at ready`)
  const health = await app.inject('/api/health')
  t.equal(health.statusCode, 200, 'a route compiles what it needs on its first request')
  t.same(await compilePending(), [], 'no route schema fails to compile')
  t.equal(pendingCompiles(), 0)
})

t.test('listening starts the background pass', async (t) => {
  const { app } = await build(t)
  t.ok(pendingCompiles() > 0)
  await app.listen({ host: '127.0.0.1', port: 0 })
  t.teardown(() => app.close())
  while (pendingCompiles() > 0) await new Promise((resolve) => setTimeout(resolve, 20))
  t.pass('every schema compiled after listen, without a request')
})

// better-sqlite3 13 needs Node-API 10 (Node 22.14+); on an older Node it crashes with no message. Both ways in
// refuse such a Node with one line naming the version and exit 1, before any native module loads.
import t from 'tap'
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { atLeast, requiredNode, unsupportedNodeMessage } from '../../lib/runtime-check.js'
import { node20, projectRoot, runtime } from './runtimes.js'

t.test('versions are compared numerically, not as text', async (t) => {
  t.ok(atLeast('22.14.0'))
  t.ok(atLeast('v24.21.0'))
  t.ok(atLeast('23.0.0'))
  t.notOk(atLeast('22.13.9'))
  t.notOk(atLeast('20.19.5'))
  t.notOk(atLeast('9.99.99'))
  t.equal(unsupportedNodeMessage('24.21.0'), undefined)
  t.match(unsupportedNodeMessage('20.19.5'), `needs Node ${requiredNode} or newer`)
})

t.test('on Node 20 the app and the start script print one line and exit 1', async (t) => {
  const node = runtime(node20)
  const tsx = import.meta.resolve('tsx')
  const cases: Array<[string, string[]]> = [
    ['the app, as `fastify start` or an embedding loads it', ['--import', tsx, '--input-type=module', '-e', "await import('./app.ts')"]],
    ['the runtime guard the start script imports after its build', ['--import', tsx, join(projectRoot, 'lib', 'runtime.ts')]]
  ]
  for (const [what, args] of cases) {
    const run = spawnSync(node, args, { cwd: projectRoot, encoding: 'utf8', timeout: 60_000 })
    t.equal(run.status, 1, `${what}: exit 1 (signal ${run.signal})`)
    const lines = run.stderr.trim().split('\n')
    t.equal(lines.length, 1, `${what}: one line`)
    t.match(lines[0], `Litehouse needs Node ${requiredNode} or newer`, `${what}: names the version`)
    t.match(lines[0], 'this is Node 20.19.5')
  }
})

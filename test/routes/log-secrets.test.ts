// No secret reaches a log line: a change feed browser token travels in the URL (`?token=`, EventSource sends no
// headers), so the request's logged URL carries it censored.
import t from 'tap'
import { withoutUrlSecrets } from '../../app.js'
import { build } from '../helper.js'

t.test('withoutUrlSecrets censors every token parameter and keeps the rest', async (t) => {
  t.equal(withoutUrlSecrets('/api/databases/a/changes?token=abc.def&tables=x'), '/api/databases/a/changes?token=[redacted]&tables=x')
  t.equal(withoutUrlSecrets('/x?tables=t&token=s3cr3t'), '/x?tables=t&token=[redacted]')
  t.equal(withoutUrlSecrets('/api/health'), '/api/health')
})

t.test('a request with ?token= is logged without it', async (t) => {
  const { app, logs } = await build(t, { LOG_LEVEL: 'info' })
  const secret = 'lhct_secret_value_that_must_not_be_logged'
  await app.inject({ method: 'GET', url: `/api/databases/nope/changes?token=${secret}` })
  const text = logs.join('')
  t.match(text, /changes\?token=\[redacted\]/, 'the request line is there, censored')
  t.notMatch(text, secret, 'the token is in no log line')
})

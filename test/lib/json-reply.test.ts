import t from 'tap'
import { JsonRows, JsonText } from '../../lib/engine/json-rows.js'
import { stringifyReply } from '../../lib/json-reply.js'

t.test('stringifyReply writes JsonText members as their text, everything else as JSON.stringify does', async (t) => {
  const rows = [{ id: 1, note: 'a "quoted" \u2028 line', blob: { $base64: 'AAE=' } }, { id: 2, note: null, blob: null }]
  const meta = { limit: 50, offset: 0, hasMore: false }
  t.equal(stringifyReply({ data: new JsonRows(JSON.stringify(rows), 2), meta }), JSON.stringify({ data: rows, meta }), 'rows and meta')
  t.equal(stringifyReply({ data: new JsonText(JSON.stringify(rows[0])) }), JSON.stringify({ data: rows[0] }), 'one row')
  t.equal(stringifyReply({ 'we"ird': new JsonText('1'), skipped: undefined, fn: () => 1, n: 2 }), '{"we\\"ird":1,"n":2}',
    'keys are escaped; undefined and function members are left out, as JSON.stringify does')

  const plain = { data: { json: '{"x":1}', length: 1, $json: '2' }, meta: [1, 'two'] }
  t.equal(stringifyReply(plain), JSON.stringify(plain), 'an object that only looks like JsonText (a row with such columns) is data')
  for (const value of [null, 'text', 3, [new JsonText('1')], { statusCode: 404, code: 'NOT_FOUND', error: 'Not Found', message: 'x' }]) {
    t.equal(stringifyReply(value), JSON.stringify(value), `as JSON.stringify: ${JSON.stringify(value)}`)
  }
})

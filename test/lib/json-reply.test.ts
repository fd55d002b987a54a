import t from 'tap'
import { JsonRows, JsonText } from '../../lib/engine/json-rows.js'
import { BytesBody, stringifyReply } from '../../lib/json-reply.js'

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

t.test('a member holding bytes makes the reply those bytes, with the other members encoded around them', async (t) => {
  const rows = [{ id: 1, note: 'é "q"' }, { id: 2, note: null }]
  const text = JSON.stringify(rows)
  const bytes = Buffer.from(text)
  const pieces = [bytes.subarray(0, 3), bytes.subarray(3, 10), bytes.subarray(10)]
  const meta = { rowCount: 2 }
  const body = stringifyReply({ data: new JsonRows(pieces, 2), meta })
  t.ok(body instanceof BytesBody, 'a stream, not a string')
  if (!(body instanceof BytesBody)) return
  const expected = Buffer.from(JSON.stringify({ data: rows, meta }))
  t.equal(body.byteLength, expected.length, 'its length is known before sending')
  const sent: Buffer[] = []
  for await (const chunk of body) sent.push(chunk as Buffer)
  t.ok(Buffer.concat(sent).equals(expected), 'the bytes are the JSON of the object')
  t.ok(sent.some((chunk) => chunk === pieces[1]), 'the pieces are sent as they are, not copied')

  const one = new JsonRows(pieces, 2)
  t.same(one.toJSON(), rows, 'the text, when asked, is decoded from the bytes')
  const single = new JsonRows([Buffer.from('[{"a":'), Buffer.from('1}]')], 1).first()
  t.equal(single?.pieces !== undefined && Buffer.concat(single.pieces).toString(), '{"a":1}', 'the first of one row stays bytes')
})

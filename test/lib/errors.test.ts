import t from 'tap'
import { DatabaseNotFound, deserializeError, serializeError } from '../../lib/errors.js'

t.test('a typed error survives a trip across a process boundary', async (t) => {
  const original = new DatabaseNotFound('shop')
  const copy = deserializeError(serializeError(original))
  t.ok(copy instanceof DatabaseNotFound)
  t.same(serializeError(copy), { statusCode: 404, code: 'DATABASE_NOT_FOUND', message: "database 'shop' does not exist" })
})

t.test('an unknown code still keeps its status and message', async (t) => {
  const copy = deserializeError({ statusCode: 418, code: 'TEAPOT', message: 'short and stout' })
  t.same(serializeError(copy), { statusCode: 418, code: 'TEAPOT', message: 'short and stout' })
})

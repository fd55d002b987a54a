/**
 * Issue #30 item 2: one big value must not stall the main thread. A record's size is asked first (cheaply, without
 * loading it): a large record leaves the inline lane for a worker, and one whose reply would pass the result bound is
 * refused with 413 RESULT_TOO_LARGE, on reads, on pages that hold it, and on updates (before changing anything).
 */
import Database from 'better-sqlite3'
import t from 'tap'
import { inlineRowBytes } from '../../lib/engine/row-size.js'
import { maxResultBytes } from '../../lib/engine/result-bytes.js'
import { as, build, signIn, workspace } from '../helper.js'

const mib = 1024 * 1024

t.test('large records leave the inline lane; records past the result bound answer 413 and are never changed', async (t) => {
  const { app } = await build(t)
  const admin = as(app, await signIn(app))
  const ws = workspace(admin, 'big')
  const db = await ws.freshDatabase()
  await ws.sql(db, 'CREATE TABLE files (id INTEGER PRIMARY KEY, name TEXT, data BLOB)')
  await ws.sql(db, `INSERT INTO files VALUES (1, 'small', x'00ff'), (2, 'medium', zeroblob(${mib})),
    (3, 'huge', zeroblob(${30 * mib})), (4, 'wide', replace(hex(zeroblob(${mib})), '00', 'ab'))`)
  const reader = as(app, await ws.keyFor(db, 'read'))
  const writer = as(app, await ws.keyFor(db, 'write'))
  const records = `/api/databases/${db}/tables/files/records`
  const id = app.store.databases.findByName(db)?.id as string

  // the size check itself: only the small record is answered on the main thread
  const inline = (key: string) => app.engine.timedNow(id, 'records.get', { table: 'files', id: key }) !== undefined
  t.ok(inline('1'), 'a small record is read inline')
  t.notOk(inline('2'), `a record past ${inlineRowBytes} bytes goes to a worker`)
  t.notOk(inline('3'), 'so does one past the result bound')
  t.notOk(inline('4'), 'text counts as well as blobs')

  const medium = await reader({ method: 'GET', url: `${records}/2` })
  t.equal(medium.statusCode, 200, 'a large record under the bound is answered, by a worker')
  t.equal(medium.json().data.data.$base64.length, Math.ceil(mib / 3) * 4)
  t.equal((await reader({ method: 'GET', url: `${records}/4` })).json().data.name, 'wide')

  const huge = await reader({ method: 'GET', url: `${records}/3` })
  t.equal(huge.statusCode, 413, `a record whose reply passes ${maxResultBytes} bytes is refused`)
  t.equal(huge.json().code, 'RESULT_TOO_LARGE')
  t.ok(huge.body.length < 1000, 'with a short answer')

  const page = await reader({ method: 'GET', url: `${records}?limit=10` })
  t.equal(page.statusCode, 413, 'a page that holds it too')
  t.equal(page.json().code, 'RESULT_TOO_LARGE')
  const smaller = await reader({ method: 'GET', url: `${records}?limit=2` })
  t.equal(smaller.statusCode, 200, 'a page without it is answered')
  t.equal(smaller.json().data.length, 2)

  const patched = await writer({ method: 'PATCH', url: `${records}/3`, payload: { name: 'renamed' } })
  t.equal(patched.statusCode, 413, 'an update that would answer it is refused')
  t.equal(patched.json().code, 'RESULT_TOO_LARGE')
  const file = new Database(app.databaseFile(db), { readonly: true })
  t.teardown(() => file.close())
  t.equal(file.prepare('SELECT name FROM files WHERE id = 3').pluck().get(), 'huge', 'and changed nothing')

  const renamed = await writer({ method: 'PATCH', url: `${records}/2`, payload: { name: 'renamed' } })
  t.equal(renamed.statusCode, 200, 'a large record under the bound is updated by a worker')
  t.same([renamed.json().data.name, renamed.json().data.data.$base64.length], ['renamed', Math.ceil(mib / 3) * 4])
  t.equal((await writer({ method: 'PATCH', url: `${records}/1`, payload: { name: 'tiny' } })).json().data.name, 'tiny')
})

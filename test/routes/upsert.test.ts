import t from 'tap'
import { as, build, signIn, workspace } from '../helper.js'

const { app } = await build(t)
const admin = as(app, await signIn(app))
const { freshDatabase, keyFor, sql } = workspace(admin, 'upsert')

/** A database with `people (id INTEGER PRIMARY KEY, email TEXT UNIQUE, name TEXT, age INTEGER DEFAULT 7, team TEXT, seat INTEGER)`. */
async function withPeople (): Promise<string> {
  const db = await freshDatabase()
  await sql(db, 'CREATE TABLE people (id INTEGER PRIMARY KEY, email TEXT UNIQUE, name TEXT, age INTEGER DEFAULT 7, team TEXT, seat INTEGER, note TEXT)')
  await sql(db, 'CREATE UNIQUE INDEX people_seat ON people (team, seat)')
  await sql(db, 'CREATE UNIQUE INDEX people_note ON people (note) WHERE note IS NOT NULL')
  await sql(db, "INSERT INTO people (email, name, age, team, seat) VALUES ('a@x', 'Ann', 30, 'red', 1)")
  return db
}

const post = (db: string, query: string, payload: unknown, caller = admin) =>
  caller({ method: 'POST', url: `/api/databases/${db}/tables/people/records?${query}`, payload: payload as object })

t.test('POST ?onConflict inserts (201) or updates only the columns sent (200)', async (t) => {
  const db = await withPeople()
  const created = await post(db, 'onConflict=email', { email: 'b@x', name: 'Bob' })
  t.equal(created.statusCode, 201)
  t.strictSame(created.json().data, { id: 2, email: 'b@x', name: 'Bob', age: 7, team: null, seat: null, note: null })
  const updated = await post(db, 'onConflict=email', { email: 'a@x', name: 'Anna' })
  t.equal(updated.statusCode, 200)
  t.strictSame(updated.json().data, { id: 1, email: 'a@x', name: 'Anna', age: 30, team: 'red', seat: 1, note: null }, 'age, team and seat untouched')
  t.strictSame(await sql(db, 'SELECT count(*) AS n FROM people'), [{ n: 2 }])

  const byKey = await post(db, 'onConflict=id', { id: 2, age: 41 })
  t.equal(byKey.statusCode, 200)
  t.match(byKey.json().data, { id: 2, name: 'Bob', age: 41 }, 'the primary key is a conflict target too')
  const composite = await post(db, 'onConflict=seat,team', { team: 'red', seat: 1, name: 'Red one' })
  t.equal(composite.statusCode, 200)
  t.match(composite.json().data, { id: 1, name: 'Red one' }, 'a composite unique index, columns in any order')
})

t.test('merge=false keeps the stored record; an array answers 201 only when all were created', async (t) => {
  const db = await withPeople()
  const kept = await post(db, 'onConflict=email&merge=false', { email: 'a@x', name: 'Ignored' })
  t.equal(kept.statusCode, 200)
  t.match(kept.json().data, { id: 1, name: 'Ann' })
  const mixed = await post(db, 'onConflict=email', [{ email: 'a@x', age: 31 }, { email: 'c@x', name: 'Cy' }])
  t.equal(mixed.statusCode, 200)
  t.match(mixed.json().data, [{ id: 1, age: 31 }, { id: 2, email: 'c@x' }])
  const fresh = await post(db, 'onConflict=email&merge=false', [{ email: 'd@x' }, { email: 'e@x' }])
  t.equal(fresh.statusCode, 201)
  t.equal(fresh.json().data.length, 2)
  const onlyKey = await post(db, 'onConflict=email', { email: 'a@x' })
  t.equal(onlyKey.statusCode, 200, 'nothing to update: the stored record')
  t.match(onlyKey.json().data, { id: 1, age: 31 })
})

t.test('bad conflict targets are refused with the column named, and nothing is written', async (t) => {
  const db = await withPeople()
  const cases: Array<[string, unknown, number, string, RegExp]> = [
    ['onConflict=name', { name: 'x' }, 400, 'INVALID_ON_CONFLICT', /name/],
    ['onConflict=nope', { name: 'x' }, 400, 'INVALID_ON_CONFLICT', /'nope'/],
    ['onConflict=team', { team: 'red' }, 400, 'INVALID_ON_CONFLICT', /\(team\)/],
    ['onConflict=note', { note: 'x' }, 400, 'INVALID_ON_CONFLICT', /note/],
    ['onConflict=email,', { email: 'x' }, 400, 'INVALID_ON_CONFLICT', /''/],
    ['onConflict=email', { name: 'no email' }, 400, 'INVALID_VALUE', /'email'/],
    ['onConflict=email', [{ email: 'f@x' }, { email: 'g@x', nope: 1 }], 400, 'UNKNOWN_COLUMN', /nope/],
    ['onConflict=email', [{ email: 'f@x', seat: 1, team: 'red' }], 409, 'CONSTRAINT_VIOLATION', /UNIQUE/],
    ['merge=false', { email: 'x' }, 400, 'INVALID_ON_CONFLICT', /onConflict/]
  ]
  for (const [query, body, status, code, message] of cases) {
    const res = await post(db, query, body)
    t.equal(res.statusCode, status, query)
    t.match(res.json(), { code, message }, query)
  }
  t.strictSame(await sql(db, 'SELECT count(*) AS n FROM people'), [{ n: 1 }], 'nothing written')
  const reader = as(app, await keyFor(db, 'read'))
  t.equal((await post(db, 'onConflict=email', { email: 'a@x' }, reader)).json().code, 'INSUFFICIENT_SCOPE')
})

t.test('PUT creates the record under :id (201) or replaces it whole (200)', async (t) => {
  const db = await withPeople()
  const put = (id: string, payload: object, table = 'people') => admin({ method: 'PUT', url: `/api/databases/${db}/tables/${table}/records/${id}`, payload })
  const created = await put('10', { email: 'z@x', name: 'Zed' })
  t.equal(created.statusCode, 201)
  t.strictSame(created.json().data, { id: 10, email: 'z@x', name: 'Zed', age: 7, team: null, seat: null, note: null })
  const replaced = await put('1', { name: 'Only name', id: 1 })
  t.equal(replaced.statusCode, 200)
  t.strictSame(replaced.json().data, { id: 1, email: null, name: 'Only name', age: 7, team: null, seat: null, note: null }, 'unsent columns take their default')
  t.strictSame(await sql(db, 'SELECT count(*) AS n FROM people'), [{ n: 2 }])
  const mismatch = await put('1', { id: 2, name: 'x' })
  t.equal(mismatch.statusCode, 400)
  t.equal(mismatch.json().code, 'INVALID_VALUE')
  t.equal((await put('1', { email: 'z@x' })).json().code, 'CONSTRAINT_VIOLATION')
  t.equal((await put('1', { nope: 1 })).json().code, 'UNKNOWN_COLUMN')

  await sql(db, 'CREATE TABLE tags (slug TEXT PRIMARY KEY, label TEXT NOT NULL, n INTEGER GENERATED ALWAYS AS (length(label)))')
  t.equal((await put('red', { label: 'Red' }, 'tags')).statusCode, 201)
  const retagged = await put('red', { label: 'Crimson' }, 'tags')
  t.strictSame([retagged.statusCode, retagged.json().data], [200, { slug: 'red', label: 'Crimson', n: 7 }], 'a text key; generated columns are left to SQLite')
  t.equal((await put('red', {}, 'tags')).json().code, 'CONSTRAINT_VIOLATION', 'the whole record: NOT NULL without default')

  await sql(db, 'CREATE TABLE notes (body TEXT)')
  t.equal((await put('5', { body: 'five' }, 'notes')).statusCode, 201)
  t.strictSame(await sql(db, 'SELECT rowid, body FROM notes'), [{ rowid: 5, body: 'five' }], 'a rowid table gets the rowid')
  t.equal((await put('5', { body: 'FIVE' }, 'notes')).statusCode, 200)
})

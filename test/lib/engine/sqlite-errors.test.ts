import t from 'tap'
import { DatabaseNotFound } from '../../../lib/errors.js'
import { hideDataDir, isInside } from '../../../lib/engine/paths.js'
import { mapSqliteError } from '../../../lib/engine/sqlite-errors.js'

function sqliteError (code: string, message: string): Error {
  return Object.assign(new Error(message), { code })
}

t.test('SQLite and file system failures map to typed errors', async (t) => {
  const cases: Array<[string, string, object]> = [
    ['SQLITE_CONSTRAINT_UNIQUE', 'UNIQUE constraint failed: u.email', { code: 'CONSTRAINT_VIOLATION', statusCode: 409, message: 'UNIQUE constraint failed: u.email' }],
    // a lock held past the wait is the server's moment, not the client's SQL (it was a 400 SQL_ERROR)
    ['SQLITE_BUSY', 'database is locked', { code: 'DATABASE_BUSY', statusCode: 503, message: /locked .* retry shortly/ }],
    ['SQLITE_BUSY_SNAPSHOT', 'database is locked', { code: 'DATABASE_BUSY', statusCode: 503 }],
    ['SQLITE_LOCKED_SHAREDCACHE', 'database table is locked', { code: 'DATABASE_BUSY', statusCode: 503 }],
    ['SQLITE_CONSTRAINT_FOREIGNKEY', 'FOREIGN KEY constraint failed', { code: 'CONSTRAINT_VIOLATION', statusCode: 409 }],
    ['SQLITE_FULL', 'database or disk is full', { code: 'STORAGE_FULL', statusCode: 507 }],
    ['ENOSPC', 'no space left on device', { code: 'STORAGE_FULL', statusCode: 507 }],
    ['SQLITE_READONLY_DIRECTORY', 'attempt to write a readonly database', { code: 'STORAGE_READONLY', statusCode: 503 }],
    ['EROFS', 'read-only file system', { code: 'STORAGE_READONLY', statusCode: 503 }],
    ['EACCES', 'permission denied', { code: 'STORAGE_READONLY', statusCode: 503 }],
    ['SQLITE_ERROR', 'no such table: nope', { code: 'SQL_ERROR', statusCode: 400, message: 'no such table: nope' }],
    ['SQLITE_CORRUPT', 'database disk image is malformed', { code: 'DATABASE_UNAVAILABLE', statusCode: 503 }]
  ]
  for (const [code, message, expected] of cases) t.match(mapSqliteError(sqliteError(code, message)), expected, code)
})

t.test('during an import check, SQLite complaints mean the file is bad, but a full disk stays a full disk', async (t) => {
  const check = { importCheck: true }
  t.match(mapSqliteError(sqliteError('SQLITE_NOTADB', 'file is not a database'), check),
    { code: 'INVALID_DATABASE_FILE', statusCode: 400, message: 'file is not a database' })
  t.match(mapSqliteError(sqliteError('SQLITE_CORRUPT', 'database disk image is malformed'), check), { code: 'INVALID_DATABASE_FILE' })
  t.match(mapSqliteError(sqliteError('SQLITE_FULL', 'database or disk is full'), check), { code: 'STORAGE_FULL' })
})

t.test('SQLITE_FULL on a connection with a size quota is the quota (507 DATABASE_FULL), without one the disk', async (t) => {
  const full = () => sqliteError('SQLITE_FULL', 'database or disk is full')
  t.match(mapSqliteError(full(), { file: import.meta.filename, sizeLimit: 65536 }), { code: 'DATABASE_FULL', statusCode: 507, message: /65536 bytes/ })
  t.match(mapSqliteError(full(), { file: import.meta.filename }), { code: 'STORAGE_FULL', statusCode: 507 })
  t.match(mapSqliteError(sqliteError('ENOSPC', 'no space left on device'), { sizeLimit: 65536 }), { code: 'STORAGE_FULL' }, 'a real ENOSPC stays the disk')
})

t.test('typed and unknown errors pass through untouched', async (t) => {
  const typed = new DatabaseNotFound('x')
  t.equal(mapSqliteError(typed), typed)
  const plain = new TypeError('oops')
  t.equal(mapSqliteError(plain), plain)
  t.match(mapSqliteError('a string'), { message: 'a string' })
})

t.test('paths: inside the data directory, and hidden from messages', async (t) => {
  t.ok(isInside('/data', '/data/a.db'))
  t.ok(isInside('/data/', '/data/.tmp/x.db'))
  t.notOk(isInside('/data', '/data'))
  t.notOk(isInside('/data', '/data/../etc/passwd'))
  t.notOk(isInside('/data', '/database.db'), 'a sibling sharing the prefix is outside')
  t.notOk(isInside('/data', 'a.db'), 'relative paths are refused')
  t.equal(hideDataDir('unable to open database: /data/sub/x.db', '/data'), 'unable to open database: sub/x.db')
  t.equal(hideDataDir('cannot use /data', '/data'), 'cannot use .')
})

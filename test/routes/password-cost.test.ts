// PASSWORD_HASH_MEMORY_KIB: new admin password hashes are argon2id at that memory cost (64 MiB by default), a hash made
// at another cost still signs in, and a cost below 1 MiB stops the start naming the variable. The other tests run at
// 1 MiB (test/helper.ts): at the default a sign-in costs about 250 ms of CPU.
import t from 'tap'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { loadConfig } from '../../fastify.config.js'
import { adminCredentials, build, signIn, tempDir } from '../helper.js'

function storedHash (dataDir: string): string {
  const system = new Database(join(dataDir, '_system.db'), { readonly: true })
  try {
    return system.prepare('SELECT password_hash FROM admins').pluck().get() as string
  } finally {
    system.close()
  }
}

t.test('the default cost is argon2id at 64 MiB; a set one is used for new hashes, and older hashes still sign in', async (t) => {
  const dataDir = tempDir(t)
  const first = await build(t, { PASSWORD_HASH_MEMORY_KIB: '65536' }, dataDir)
  await signIn(first.app)
  t.match(storedHash(dataDir), /^\$argon2id\$v=19\$m=65536,p=4,t=3\$/, 'the default parameters')
  await first.app.close()

  const second = await build(t, { PASSWORD_HASH_MEMORY_KIB: '2048' }, dataDir)
  const login = await second.app.inject({ method: 'POST', url: '/api/admin/login', payload: adminCredentials })
  t.equal(login.statusCode, 200, 'a hash made at 64 MiB signs in on a server set to 2 MiB')
  const wrong = await second.app.inject({ method: 'POST', url: '/api/admin/login', payload: { ...adminCredentials, password: 'not the password' } })
  t.equal(wrong.statusCode, 401)
  const unknown = await second.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: 'nobody@example.com', password: 'whatever it is' } })
  t.equal(unknown.statusCode, 401, 'an unknown email is checked against the decoy of this cost')
  const other = await second.app.inject({
    method: 'POST', url: '/api/admin/setup', headers: { authorization: `Bearer ${login.json().data.token}` }, payload: { email: 'second@example.com', password: 'another long password' }
  })
  t.equal(other.statusCode, 201)
  const system = new Database(join(dataDir, '_system.db'), { readonly: true })
  t.match(system.prepare('SELECT password_hash FROM admins WHERE email = ?').pluck().get('second@example.com'), /^\$argon2id\$v=19\$m=2048,p=4,t=3\$/, 'the new admin at 2 MiB')
  system.close()
})

t.test('a cost below 1 MiB is refused at start, naming the variable', async (t) => {
  t.throws(() => loadConfig({ PASSWORD_HASH_MEMORY_KIB: '512' }), /PASSWORD_HASH_MEMORY_KIB/)
})

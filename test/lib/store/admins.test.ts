// The single-server admin store behind the AdminStore interface (its etcd twin is tested in
// test/cluster/shared-system.test.ts): only one first admin, unique emails without regard to case, a password
// change, and a delete that ends the admin's sessions at once, cached ones included.
import t from 'tap'
import { createSystemStore } from '../../../lib/store/index.js'
import { tempDir } from '../../helper.js'

t.test('admins in _system.db', async (t) => {
  const store = createSystemStore({ dataDir: tempDir(t), sessionTtlMs: 60_000 })
  t.teardown(() => { store.close() })
  const { admins, sessions } = store

  const first = await admins.createFirst('a@example.com', 'hash-a')
  t.equal(first?.email, 'a@example.com', 'the first admin')
  t.equal(await admins.createFirst('b@example.com', 'hash-b'), undefined, 'no second "first" admin')
  const b = await admins.create('b@example.com', 'hash-b')
  await t.rejects(admins.create('B@Example.com', 'hash'), { code: 'ADMIN_EXISTS' }, 'emails are unique without regard to case')
  t.equal(await admins.count(), 2)

  t.ok(await admins.setPassword(b.id, 'hash-b2'))
  t.equal((await admins.findByEmail('b@example.com'))?.passwordHash, 'hash-b2', 'the new hash is read')
  t.notOk(await admins.setPassword('adm_missing', 'x'), 'an unknown admin: false')

  const token = sessions.create(b.id, b.email).token
  const other = sessions.create(first!.id, first!.email).token
  t.equal(sessions.resolve(token)?.adminId, b.id, 'the session works (and is cached)')
  t.ok(await admins.remove(b.id))
  t.equal(sessions.resolve(token), undefined, 'a deleted admin\'s session ends at once')
  t.equal(sessions.resolve(other)?.adminId, first!.id, 'another admin\'s does not')
  t.equal(await admins.get(b.id), undefined)
  t.notOk(await admins.remove(b.id), 'deleting it again: false')
  t.equal(await admins.count(), 1)
})

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import t from 'tap'
import { createSystemStore } from '../../../lib/store/index.js'

function openStore (t: { teardown: (fn: () => void) => void }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'litehouse-store-'))
  const store = createSystemStore({ dataDir, sessionTtlMs: 60_000 })
  t.teardown(() => {
    store.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })
  return store
}

const actor = { type: 'admin' as const, id: null }
const names = (store: ReturnType<typeof openStore>) => store.activity.list(10, 0).rows.map((e) => e.database)

t.test('a rename changes the registry and the activity entries together', async (t) => {
  const store = openStore(t)
  const shop = store.databases.create('shop', null)
  store.activity.add({ action: 'database.create', actor, database: { id: shop.id, name: 'shop' } })
  store.renameDatabase(shop, 'store')
  t.equal(store.databases.findById(shop.id)?.name, 'store')
  t.same(names(store), ['store'])
})

t.test('a rename that fails in the registry leaves the activity entries as they were', async (t) => {
  const store = openStore(t)
  const shop = store.databases.create('shop', null)
  store.databases.create('taken', null)
  store.activity.add({ action: 'database.create', actor, database: { id: shop.id, name: 'shop' } })
  t.throws(() => store.renameDatabase(shop, 'taken'), { code: 'DATABASE_EXISTS' })
  t.equal(store.databases.findById(shop.id)?.name, 'shop')
  t.same(names(store), ['shop'], 'one transaction: the activity update was rolled back')
})

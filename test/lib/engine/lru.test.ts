import t from 'tap'
import { Lru } from '../../../lib/engine/lru.js'

t.test('the least recently used entry is evicted first, and told about it', async (t) => {
  const evicted: string[] = []
  const lru = new Lru<string, number>(2, (key) => evicted.push(key))
  lru.set('a', 1)
  lru.set('b', 2)
  t.equal(lru.get('a'), 1, 'reading a makes b the oldest')
  lru.set('c', 3)
  t.same(evicted, ['b'])
  t.equal(lru.size, 2)
  t.notOk(lru.has('b'))
  t.ok(lru.delete('a'))
  t.notOk(lru.delete('a'))
  t.same(evicted, ['b', 'a'], 'delete also releases the value')
  lru.set('c', 4)
  t.same(evicted, ['b', 'a', 'c'], 'replacing a value releases the old one')
  lru.clear()
  t.same(evicted, ['b', 'a', 'c', 'c'])
  t.equal(lru.size, 0)
})

t.test('an LRU needs room for one entry', async (t) => {
  t.throws(() => new Lru(0), RangeError)
})

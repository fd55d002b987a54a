// Which node a request belongs to, from the URL alone: a database's routes go to its owner, creates and imports to
// the least-loaded node, the rest stay where they arrived.
import t from 'tap'
import { routeTarget } from '../../lib/cluster/route-target.js'

t.test('database routes, creates and the rest', async (t) => {
  t.same(routeTarget('GET', '/api/databases/shop/tables/t/records?limit=5'), { kind: 'database', name: 'shop' })
  t.same(routeTarget('DELETE', '/api/databases/shop'), { kind: 'database', name: 'shop' })
  t.same(routeTarget('POST', '/api/databases/shop/move'), { kind: 'database', name: 'shop' })
  t.same(routeTarget('GET', '/api/databases/my%2Ddb/changes'), { kind: 'database', name: 'my-db' })
  t.same(routeTarget('POST', '/api/databases'), { kind: 'create' })
  t.same(routeTarget('POST', '/api/databases?x=1'), { kind: 'create' })
  t.same(routeTarget('POST', '/api/databases/import'), { kind: 'create' })
  t.same(routeTarget('GET', '/api/databases?limit=5'), { kind: 'local' })
  t.same(routeTarget('POST', '/api/databases/restore'), { kind: 'local' })
  t.same(routeTarget('GET', '/api/databasesx'), { kind: 'local' })
  t.same(routeTarget('GET', '/api/databases/%E0%A4%A'), { kind: 'local' })
  t.same(routeTarget('GET', '/api/cluster'), { kind: 'local' })
  t.same(routeTarget('POST', '/api/admin/login'), { kind: 'local' })
})

// lib/client/service-types.ts is generated (npm run client:types) and committed, so the typed client needs no build
// step: this fails as soon as a route's schema changes without the file being regenerated.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { serviceDocument } from '../../lib/cli/service-document.js'
import { serviceTypesSource } from '../../lib/client/generate.js'

t.test('the committed service types match the routes (else: npm run client:types)', async (t) => {
  const committed = readFileSync(join(import.meta.dirname, '..', '..', 'lib', 'client', 'service-types.ts'), 'utf8')
  const fresh = await serviceTypesSource(await serviceDocument())
  t.ok(committed === fresh, 'lib/client/service-types.ts is stale: run `npm run client:types` and commit it')
})

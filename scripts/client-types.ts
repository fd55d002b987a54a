// `npm run client:types`: regenerates lib/client/service-types.ts, the typed client's view of the service, from the route schemas.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { serviceDocument } from '../lib/cli/service-document.js'
import { serviceTypesSource } from '../lib/client/generate.js'

const out = join(import.meta.dirname, '..', 'lib', 'client', 'service-types.ts')
writeFileSync(out, await serviceTypesSource(await serviceDocument()))
console.log(`wrote ${out}`)

// Writes openapi.json from the route schemas without listening on a port (as `litehouse openapi --out` does).
import { writeFileSync } from 'node:fs'
import { serviceDocument } from '../lib/cli/service-document.js'

const out = process.argv[2] ?? 'openapi.json'
writeFileSync(out, JSON.stringify(await serviceDocument(), null, 2) + '\n')
console.log(`wrote ${out}`)

// docs/configuration.md must list every setting the server reads, with its real default: it is generated from the
// schema, and this test fails when a setting was added or changed without `npm run docs:config`.
import { readFileSync } from 'node:fs'
import t from 'tap'
import { ConfigSchema } from '../fastify.config.js'
import { configurationPage } from '../lib/docs/configuration.js'

const committed = readFileSync(new URL('../docs/configuration.md', import.meta.url), 'utf8')

t.test('docs/configuration.md is the page the settings schema gives (run npm run docs:config)', async (t) => {
  // ENGINE_WORKERS' default follows the machine's cores: compare the rest of its row only
  const machineFree = (page: string) => page.replace(/(\| `ENGINE_WORKERS` \| )\d+/, '$1N')
  t.equal(machineFree(committed), machineFree(configurationPage()))
})

t.test('every setting has a row and a meaning', async (t) => {
  for (const [name, schema] of Object.entries(ConfigSchema.properties as Record<string, { description?: string }>)) {
    t.match(committed, `| \`${name}\` |`, `${name} is documented`)
    t.ok((schema.description ?? '').length > 10, `${name} says what it does`)
  }
})

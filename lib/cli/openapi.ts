import type { Command } from './command.js'
import { emit } from './output.js'
import { serviceDocument } from './service-document.js'

export const openapi: Command = {
  words: 'openapi',
  summary: 'write the service\'s OpenAPI document',
  usage: `litehouse openapi [--out FILE]

Writes the OpenAPI document of the whole service, built from the route schemas
(no server and no data directory needed).
  --out FILE       write it to FILE instead of stdout`,
  options: { out: { type: 'string' } },
  positionals: [],
  async run ({ values }) {
    await emit(values.out as string | undefined, JSON.stringify(await serviceDocument(), null, 2))
    return 'done'
  }
}

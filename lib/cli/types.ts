import { DatabaseNameSchema } from '../../schemas/common.js'
import { checkAgainst } from './args.js'
import type { Command } from './command.js'
import { emit } from './output.js'
import { targetOptions, targetUsage, withTarget } from './target.js'

/** TypeScript types (openapi-typescript's `paths`, `components`) of one database's OpenAPI document. */
export async function databaseTypes (db: string, document: unknown): Promise<string> {
  const { default: openapiTS, astToString } = await import('openapi-typescript') // large: loaded only when used
  // a database without tables has no paths: an empty interface, not Record<string, never>, whose index signature
  // would turn every service route to never when the client joins the two
  const source = astToString(await openapiTS(document as never)).replace('export type paths = Record<string, never>;', 'export interface paths {}')
  return `// Types of database '${db}' from GET /api/databases/${db}/openapi.json, written by \`litehouse types ${db}\`.\n` +
    '// Regenerate after a schema change; use with createLitehouseClient<paths>() from litehouse/client.\n\n' + source
}

export const types: Command = {
  words: 'types',
  summary: 'write TypeScript types for one database\'s tables',
  usage: `litehouse types <db> [--out FILE] [--url URL | --data-dir DIR]

Writes TypeScript types (openapi-typescript) for the tables of <db>, from its own OpenAPI
document: records routes typed by each table's columns. Pass them to the typed client:
createLitehouseClient<paths>({ url, token }) from litehouse/client.
  --out FILE       write them to FILE instead of stdout (e.g. src/litehouse-mydb.ts)
With --url, LITEHOUSE_TOKEN may be an API key of <db>.

${targetUsage}`,
  options: { ...targetOptions, out: { type: 'string' } },
  positionals: ['db'],
  async run ({ values, positionals }) {
    const db = checkAgainst(DatabaseNameSchema, positionals[0], '<db>')
    const document = await withTarget(values, (target) => target.call('GET', `/api/databases/${db}/openapi.json`))
    await emit(values.out as string | undefined, await databaseTypes(db, document))
    return 'done'
  }
}

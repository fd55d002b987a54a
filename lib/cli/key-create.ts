import { CreateKeyBody } from '../../schemas/keys.js'
import { DatabaseNameSchema } from '../../schemas/common.js'
import { checkAgainst } from './args.js'
import { UsageError, type Command } from './command.js'
import { printJson } from './output.js'
import { targetOptions, targetUsage, withTarget } from './target.js'

export const keyCreate: Command = {
  words: 'key create',
  summary: 'create an API key for a database (the raw key is printed only this once)',
  usage: `litehouse key create <db> --scope read|write [--label LABEL] [--url URL | --data-dir DIR]

Creates an API key and prints it as JSON; its "key" member is the raw key, shown only this once.
  <db>             the database the key opens
  --scope SCOPE    read (GET routes only) or write (everything on that database)
  --label LABEL    what the key is for (default: "litehouse cli")

${targetUsage}`,
  options: { ...targetOptions, scope: { type: 'string' }, label: { type: 'string' } },
  positionals: ['db'],
  async run ({ values, positionals }) {
    const db = checkAgainst(DatabaseNameSchema, positionals[0], '<db>')
    if (values.scope !== 'read' && values.scope !== 'write') throw new UsageError(values.scope === undefined ? 'missing --scope read|write' : '--scope must be read or write')
    const body = checkAgainst(CreateKeyBody, { label: values.label ?? 'litehouse cli', scope: values.scope }, 'key')
    await printJson(await withTarget(values, (target) => target.call('POST', `/api/databases/${db}/keys`, body)))
    return 'done'
  }
}

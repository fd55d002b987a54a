import { RestoreBody } from '../../schemas/backups.js'
import { DatabaseNameSchema } from '../../schemas/common.js'
import { checkAgainst } from './args.js'
import type { Command } from './command.js'
import { printJson } from './output.js'
import { targetOptions, targetUsage, withTarget } from './target.js'

export const restore: Command = {
  words: 'restore',
  summary: 'restore a database from its backup, in place or into a new database',
  usage: `litehouse restore <db> [--at TIMESTAMP] [--target NAME] [--url URL | --data-dir DIR]

Restores <db> from its backup and prints the restored database as JSON.
  --at TIMESTAMP   the instant to restore, RFC 3339 (2026-11-26T14:00:00Z); default: the latest state
  --target NAME    restore into a new database NAME and leave <db> as it is; default: in place
Needs backups turned on (BACKUP_URL, docs/backups.md).

${targetUsage}`,
  options: { ...targetOptions, at: { type: 'string' }, target: { type: 'string' } },
  positionals: ['db'],
  async run ({ values, positionals }) {
    const db = checkAgainst(DatabaseNameSchema, positionals[0], '<db>')
    const body = checkAgainst(RestoreBody, {
      ...(values.at !== undefined ? { timestamp: values.at } : {}),
      ...(values.target !== undefined ? { target: values.target } : {})
    }, 'restore', { timestamp: '--at' })
    await printJson(await withTarget(values, (target) => target.call('POST', `/api/databases/${db}/restore`, body)))
    return 'done'
  }
}

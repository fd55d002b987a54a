import { DatabaseNameSchema } from '../../schemas/common.js'
import { checkAgainst } from './args.js'
import type { Command } from './command.js'
import { printJson } from './output.js'
import { targetOptions, targetUsage, withTarget } from './target.js'

export const backup: Command = {
  words: 'backup',
  summary: 'take a snapshot of a database now, or list its snapshots',
  usage: `litehouse backup <db> [--list] [--url URL | --data-dir DIR]

Takes a snapshot of <db> now and prints it as JSON; with --list, prints its snapshots and
the window a restore can reach instead. Needs backups turned on (BACKUP_URL, docs/backups.md):
on the server for --url, in this environment for --data-dir.

${targetUsage}`,
  options: { ...targetOptions, list: { type: 'boolean' } },
  positionals: ['db'],
  async run ({ values, positionals }) {
    const db = checkAgainst(DatabaseNameSchema, positionals[0], '<db>')
    const path = `/api/databases/${db}/backups`
    await printJson(await withTarget(values, (target) => values.list === true ? target.call('GET', path) : target.call('POST', path)))
    return 'done'
  }
}

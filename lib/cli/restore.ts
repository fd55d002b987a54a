import { RestoreBody, RestoreDeletedBody } from '../../schemas/backups.js'
import { DatabaseNameSchema } from '../../schemas/common.js'
import { checkAgainst } from './args.js'
import { UsageError, type Command, type Values } from './command.js'
import { printJson } from './output.js'
import { targetOptions, targetUsage, withTarget } from './target.js'

/** Body members only when their flag was given. */
function given (members: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(members).filter(([, value]) => value !== undefined))
}

/** `restore <db>`: in place or into --target. */
function restoreLive (db: string, values: Values): { path: string, body: unknown } {
  if (values['deleted-at'] !== undefined) throw new UsageError('--deleted-at needs --deleted')
  const body = checkAgainst(RestoreBody, given({ timestamp: values.at, target: values.target }), 'restore', { timestamp: '--at' })
  return { path: `/api/databases/${db}/restore`, body }
}

/** `restore <name> --deleted --target NEW`: a deleted database back under a new name. */
function restoreDeleted (name: string, values: Values): { path: string, body: unknown } {
  if (values.target === undefined) throw new UsageError('--deleted needs --target NAME, the new database')
  const body = checkAgainst(RestoreDeletedBody, given({ name, target: values.target, deletedAt: values['deleted-at'], timestamp: values.at }),
    'restore', { timestamp: '--at', deletedAt: '--deleted-at' })
  return { path: '/api/databases/restore', body }
}

export const restore: Command = {
  words: 'restore',
  summary: 'restore a database from its backup: in place, into a new database, or a deleted one',
  usage: `litehouse restore <db> [--at TIMESTAMP] [--target NAME] [--url URL | --data-dir DIR]
       litehouse restore <name> --deleted --target NAME [--deleted-at TIMESTAMP] [--at TIMESTAMP] [...]

Restores a database from its backup and prints the restored database as JSON.
  --at TIMESTAMP          the instant to restore, RFC 3339 (2026-11-26T14:00:00Z);
                          default: the latest state (for --deleted: just before the delete)
  --target NAME           restore into a new database NAME; default: <db> in place
  --deleted               <name> is a deleted database: bring it back as --target
  --deleted-at TIMESTAMP  which deletion of <name> (default: the latest)
Needs backups turned on (BACKUP_URL, docs/backups.md).

${targetUsage}`,
  options: { ...targetOptions, at: { type: 'string' }, target: { type: 'string' }, deleted: { type: 'boolean' }, 'deleted-at': { type: 'string' } },
  positionals: ['db'],
  async run ({ values, positionals }) {
    const db = checkAgainst(DatabaseNameSchema, positionals[0], '<db>')
    const { path, body } = values.deleted === true ? restoreDeleted(db, values) : restoreLive(db, values)
    await printJson(await withTarget(values, (target) => target.call('POST', path, body)))
    return 'done'
  }
}

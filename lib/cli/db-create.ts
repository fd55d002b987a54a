import { CreateDatabaseBody } from '../../schemas/databases.js'
import { checkAgainst } from './args.js'
import type { Command } from './command.js'
import { printJson } from './output.js'
import { targetOptions, targetUsage, withTarget } from './target.js'

export const dbCreate: Command = {
  words: 'db create',
  summary: 'create a database',
  usage: `litehouse db create <name> [--group GROUP] [--url URL | --data-dir DIR]

Creates an empty database and prints it as JSON.
  <name>           lowercase letters, digits, _ and -; 64 at most
  --group GROUP    a label organising databases in the dashboard

${targetUsage}`,
  options: { ...targetOptions, group: { type: 'string' } },
  positionals: ['name'],
  async run ({ values, positionals }) {
    const body = checkAgainst(CreateDatabaseBody, { name: positionals[0], ...(values.group !== undefined ? { group: values.group } : {}) }, 'database', { name: '<name>' })
    await printJson(await withTarget(values, (target) => target.call('POST', '/api/databases', body)))
    return 'done'
  }
}

import { CredentialsSchema } from '../../schemas/admin.js'
import { checkAgainst } from './args.js'
import { UsageError, type Command } from './command.js'
import { printJson } from './output.js'
import { targetOptions, targetUsage, withTarget } from './target.js'

export const adminCreate: Command = {
  words: 'admin create',
  summary: 'create an admin (the first one, or another)',
  usage: `litehouse admin create --email EMAIL [--password PASSWORD] [--url URL | --data-dir DIR]

Creates an admin and prints it as JSON.
  --email EMAIL        the admin's email
  --password PASSWORD  8 characters or more; better from LITEHOUSE_ADMIN_PASSWORD, which
                       no process listing shows

On a data directory this works whether or not an admin exists, and creates the directory
if it does not exist yet. On a running server (--url) the first admin needs nothing; a
further one needs an admin session in LITEHOUSE_TOKEN or the server's BOOTSTRAP_KEY in
LITEHOUSE_BOOTSTRAP_KEY.

${targetUsage}`,
  options: { ...targetOptions, email: { type: 'string' }, password: { type: 'string' } },
  positionals: [],
  async run ({ values }) {
    if (values.email === undefined) throw new UsageError('missing --email')
    if (values.password === undefined && !process.env.LITEHOUSE_ADMIN_PASSWORD) throw new UsageError('missing --password (or LITEHOUSE_ADMIN_PASSWORD)')
    const body = checkAgainst(CredentialsSchema, {
      email: values.email,
      password: values.password ?? process.env.LITEHOUSE_ADMIN_PASSWORD
    }, 'admin')
    const bootstrapKey = process.env.LITEHOUSE_BOOTSTRAP_KEY
    const headers: Record<string, string> = bootstrapKey ? { 'x-bootstrap-key': bootstrapKey } : {}
    await printJson(await withTarget(values, (target) => target.call('POST', '/api/admin/setup', body, headers), true))
    return 'done'
  }
}

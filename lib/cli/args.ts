import { parseArgs } from 'node:util'
import { Value } from '@sinclair/typebox/value'
import { FormatRegistry, type TSchema } from '@sinclair/typebox'
import { UsageError, type Command, type CommandInput } from './command.js'

// The formats the route schemas use, as the server's Ajv checks them (ajv-formats' fast email, RFC 3339 date-time);
// the server checks again, so these only spare a round trip for plainly wrong input.
const formats: Record<string, (value: string) => boolean> = {
  email: (value) => /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i.test(value),
  'date-time': (value) => /^\d{4}-\d\d-\d\d[Tt ]\d\d:\d\d:\d\d(\.\d+)?([Zz]|[+-]\d\d:\d\d)$/.test(value) && !Number.isNaN(Date.parse(value))
}
for (const [name, check] of Object.entries(formats)) {
  if (!FormatRegistry.Has(name)) FormatRegistry.Set(name, check)
}

/** The flags every command takes besides its own. */
const helpOption = { help: { type: 'boolean', short: 'h' } } as const

/** Whether the arguments ask for help (`--help` or `-h` anywhere). */
export function wantsHelp (argv: string[]): boolean {
  return argv.includes('--help') || argv.includes('-h')
}

/** Parses `argv` against the command's flags and positionals; anything unknown, missing or extra is a UsageError. */
export function parseCommandArgs (command: Command, argv: string[]): CommandInput {
  let parsed
  try {
    parsed = parseArgs({ args: argv, options: { ...command.options, ...helpOption }, allowPositionals: true, strict: true })
  } catch (err) {
    throw new UsageError((err as Error).message)
  }
  const { positionals } = parsed
  if (positionals.length < command.positionals.length) {
    throw new UsageError(`missing <${command.positionals[positionals.length]}>`)
  }
  if (positionals.length > command.positionals.length) {
    throw new UsageError(`unexpected argument '${positionals[command.positionals.length]}'`)
  }
  return { values: parsed.values as CommandInput['values'], positionals }
}

/**
 * Checks a request body (or argument) against the route's own TypeBox schema before anything is opened, so a
 * value the API would refuse is a usage error that touches nothing. `flags` names the flag of a body member
 * where it is not `--member`.
 */
export function checkAgainst<T> (schema: TSchema, value: T, what: string, flags: Record<string, string> = {}): T {
  const first = Value.Errors(schema, value).First()
  if (first === undefined) return value
  const member = first.path.slice(1)
  const where = first.path === '' ? what : flags[member] ?? `--${member}`
  const description = (first.schema as { description?: string }).description
  throw new UsageError(`${where}: ${first.message}${description !== undefined ? ` (${description})` : ''}`)
}

// `litehouse …` (bin/litehouse.mjs): one command per file in this folder, thin over the app's own routes and schemas.
import { parseCommandArgs, wantsHelp } from './args.js'
import { CommandFailed, UsageError, type Command } from './command.js'
import { adminCreate } from './admin-create.js'
import { backup } from './backup.js'
import { dbCreate } from './db-create.js'
import { keyCreate } from './key-create.js'
import { openapi } from './openapi.js'
import { restore } from './restore.js'
import { serve } from './serve.js'
import { types } from './types.js'

export const commands: Command[] = [serve, adminCreate, dbCreate, keyCreate, openapi, types, backup, restore]

/** Exit codes: ok, failure (the command ran and did not succeed), usage (nothing was done). */
export const exitCodes = { ok: 0, failure: 1, usage: 2 } as const

export const generalUsage = `Usage: litehouse <command> [arguments] [--help]

Commands:
${commands.map((c) => `  ${c.words.padEnd(14)} ${c.summary}`).join('\n')}

Commands that read or change data talk to a running server with --url (token in
LITEHOUSE_TOKEN), or open the data directory of a stopped one (--data-dir). See
\`litehouse <command> --help\` and docs/cli.md. Exit codes: 0 ok, 1 failure, 2 usage.`

/** The command `argv` starts with, and the arguments after its words. */
function resolve (argv: string[]): { command: Command, rest: string[] } | undefined {
  for (const command of commands) {
    const words = command.words.split(' ')
    if (words.every((word, i) => argv[i] === word)) return { command, rest: argv.slice(words.length) }
  }
  return undefined
}

function usageOf (command: Command): string {
  return `Usage: ${command.usage}\n`
}

/** Runs one command line; resolves to the exit code, or to 'serving' while `serve` keeps the process up. */
export async function run (argv: string[]): Promise<number | 'serving'> {
  if (argv.length === 0) {
    process.stderr.write(generalUsage + '\n')
    return exitCodes.usage
  }
  const found = resolve(argv)
  // `litehouse --help`, `litehouse help`, `litehouse key --help`: the list of commands
  if (found === undefined && (argv[0] === 'help' || wantsHelp(argv))) {
    process.stdout.write(generalUsage + '\n')
    return exitCodes.ok
  }
  if (found === undefined) {
    process.stderr.write(`litehouse: unknown command '${argv.slice(0, 2).join(' ')}'\n\n${generalUsage}\n`)
    return exitCodes.usage
  }
  const { command, rest } = found
  if (wantsHelp(rest)) {
    process.stdout.write(usageOf(command))
    return exitCodes.ok
  }
  try {
    const outcome = await command.run(parseCommandArgs(command, rest))
    return outcome === 'serving' ? 'serving' : exitCodes.ok
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`litehouse ${command.words}: ${err.message}\n\n${usageOf(command)}`)
      return exitCodes.usage
    }
    process.stderr.write(`litehouse ${command.words}: ${err instanceof CommandFailed ? err.message : (err as Error).stack ?? String(err)}\n`)
    return exitCodes.failure
  }
}

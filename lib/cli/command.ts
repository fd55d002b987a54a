import type { ParseArgsOptionsConfig } from 'node:util'

/** A wrong or missing argument: the command prints its usage and exits 2 before touching any data. */
export class UsageError extends Error {}

/** A command that ran and failed (the API refused, the server is unreachable): exit 1 with this message. */
export class CommandFailed extends Error {}

export type Values = Record<string, string | boolean | undefined>

export interface CommandInput {
  values: Values
  positionals: string[]
}

/** What `run` resolves to: done (exit 0), or still serving (the process stays up until a signal). */
export type Outcome = 'done' | 'serving'

/** One CLI command: its words (`key create`), its usage text and flags, and what it does. */
export interface Command {
  words: string
  summary: string
  /** The lines after `Usage:`, flags and notes included. */
  usage: string
  options: ParseArgsOptionsConfig
  /** Names of the required positional arguments, in order. */
  positionals: string[]
  run (input: CommandInput): Promise<Outcome>
}

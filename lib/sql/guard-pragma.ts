import { ForbiddenStatement } from '../errors.js'
import type { Token } from './tokenize.js'

// Pragmas whose argument names what to read, not a new setting.
const readsWithArgument = new Set([
  'table_info', 'table_xinfo', 'table_list', 'index_info', 'index_xinfo', 'index_list',
  'foreign_key_list', 'foreign_key_check', 'integrity_check', 'quick_check'
])

// Settings stored in the database file itself, and maintenance actions: nothing that
// changes how the pooled connection behaves for the next request.
const assignable = new Set(['user_version', 'application_id', 'optimize', 'incremental_vacuum', 'wal_checkpoint'])

/**
 * Refuses a PRAGMA that sets anything outside the allowlist. This must run before the
 * statement is prepared: SQLite applies many pragmas (foreign_keys, writable_schema,
 * case_sensitive_like, ...) while compiling them, not when they run.
 * `statement` starts at the PRAGMA keyword.
 */
export function checkPragma (statement: Token[]): void {
  // PRAGMA [schema.]name [= value | (value)]
  let rest = statement.slice(1)
  if (rest[1]?.kind === 'punct' && rest[1].value === '.') rest = rest.slice(2)
  const name = rest[0]
  if (name === undefined || rest.length === 1) return
  const lower = name.value.toLowerCase()
  if (readsWithArgument.has(lower) || assignable.has(lower)) return
  throw new ForbiddenStatement(`PRAGMA ${name.value} cannot be set through the API`)
}

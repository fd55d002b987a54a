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

// Pragmas whose answer holds the server's absolute file paths (issue #30, item 10).
const pathPragmas = new Set(['database_list'])

/** Whether `statement` (starting at PRAGMA) reads a pragma whose `file` column the job must answer without server paths. */
export function readsPaths (statement: Token[]): boolean {
  let rest = statement.slice(1)
  if (rest[1]?.kind === 'punct' && rest[1].value === '.') rest = rest.slice(2)
  return rest[0] !== undefined && pathPragmas.has(rest[0].value.toLowerCase())
}

/**
 * Refuses the table-valued form of those pragmas (`SELECT ... FROM pragma_database_list`) to API keys: any expression
 * over it (substr, hex, a view) could carry the path out, so its answer cannot be cleaned the way the plain PRAGMA's
 * is. A string counts too: SQLite takes `FROM 'name'` as a table name.
 */
export function checkPathFunctions (tokens: Token[], principal: 'admin' | 'key'): void {
  if (principal === 'admin') return
  for (const token of tokens) {
    if (token.kind !== 'word' && token.kind !== 'ident' && token.kind !== 'string') continue
    const lower = token.value.toLowerCase()
    if (lower.startsWith('pragma_') && pathPragmas.has(lower.slice('pragma_'.length))) {
      throw new ForbiddenStatement(`${token.value} is not available to API keys (it shows server paths): use PRAGMA ${lower.slice('pragma_'.length)}`)
    }
  }
}

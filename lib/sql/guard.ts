import type { Statement } from 'better-sqlite3'
import { DatabaseReadonly, ForbiddenStatement, InsufficientScope, InvalidRequest, MultipleStatements } from '../errors.js'
import { checkAttach } from './guard-attach.js'
import { checkPathFunctions, checkPragma, readsPaths } from './guard-pragma.js'
import { isKeyword, splitStatements, tokenize, type Token } from './tokenize.js'
import type { BindParams } from './values.js'

/** Who runs a raw statement, and what they may do. */
export interface StatementPolicy {
  /** False on a readonly database or for a read key: only statements SQLite calls read-only run. */
  allowWrite: boolean
  /** The error a refused write answers with (default DATABASE_READONLY). */
  deniedCode?: 'DATABASE_READONLY' | 'INSUFFICIENT_SCOPE'
  databaseName: string
  principal: 'admin' | 'key'
  /** Absolute path of the data directory, where ATTACH may reach hosted databases. */
  dataDir: string
}

export interface InspectedStatement {
  stmt: Statement
  /** The statement's first keyword (after EXPLAIN [QUERY PLAN]), upper case: SELECT, ATTACH, ... */
  kind: string
  /** Every placeholder is numbered (`?1`, `?2`): better-sqlite3 binds those by name, not position. */
  numberedParams: boolean
  /** `PRAGMA database_list`: its `file` column holds server paths, answered as bare file names (issue #30, item 10). */
  filePaths: boolean
  /** The statement is an INSERT or REPLACE (after any WITH clause): only such a statement sets lastInsertRowid. */
  inserts: boolean
}

const transactionControl = new Set(['BEGIN', 'COMMIT', 'END', 'ROLLBACK', 'SAVEPOINT', 'RELEASE'])

/**
 * Decides whether one raw SQL statement may run, and prepares it. Read-only is SQLite's own
 * verdict on the prepared statement (`stmt.readonly`), never a keyword list; the token checks
 * cover what preparing alone would already do (PRAGMA settings apply at compile time) and
 * what reaches outside the database (ATTACH, VACUUM INTO, load_extension).
 */
export function inspectStatement (prepare: (sql: string) => Statement, sql: string, params: BindParams | undefined, policy: StatementPolicy): InspectedStatement {
  const tokens = tokenize(sql)
  const statements = splitStatements(tokens).map(withoutExplain)
  if (statements.length === 0) throw new InvalidRequest('the SQL statement is empty')

  const first = statements[0]
  const kind = first.length > 0 ? first[0].value.toUpperCase() : 'EXPLAIN'
  if (first[0]?.kind === 'word' && transactionControl.has(kind)) {
    throw new InvalidRequest('transactions span one request: send one statement, or use the records API for batches')
  }
  refuseOutsideReach(tokens, statements)
  checkPathFunctions(tokens, policy.principal)
  if (isKeyword(first[0], 'ATTACH')) checkAttach(first, params, policy)

  const stmt = prepareOne(prepare, sql)
  if (!stmt.readonly && !policy.allowWrite) {
    if (policy.deniedCode === 'INSUFFICIENT_SCOPE') throw new InsufficientScope('read-only API keys can only run statements that read')
    throw new DatabaseReadonly(policy.databaseName)
  }
  if (!stmt.readonly && policy.principal === 'key' && namesChangeFeed(tokens)) {
    throw new ForbiddenStatement('the change feed\'s internal table and triggers (_litehouse_changes*) cannot be changed with an API key')
  }
  const placeholders = first.filter((token) => token.kind === 'param')
  const verb = mainVerb(first)
  return {
    stmt,
    kind,
    numberedParams: placeholders.length > 0 && placeholders.every((token) => /^\?\d+$/.test(token.value)),
    filePaths: isKeyword(first[0], 'PRAGMA') && readsPaths(first),
    inserts: verb === 'INSERT' || verb === 'REPLACE'
  }
}

const verbs = new Set(['SELECT', 'VALUES', 'INSERT', 'REPLACE', 'UPDATE', 'DELETE'])

/** The statement's verb: its first keyword, or after `WITH`, the first verb outside the parentheses of its tables. */
function mainVerb (statement: Token[]): string {
  const first = statement[0]?.value.toUpperCase() ?? ''
  if (first !== 'WITH' || statement[0].kind !== 'word') return first
  let depth = 0
  for (const token of statement) {
    if (token.kind === 'punct' && token.value === '(') depth++
    else if (token.kind === 'punct' && token.value === ')') depth--
    else if (depth === 0 && token.kind === 'word' && verbs.has(token.value.toUpperCase())) return token.value.toUpperCase()
  }
  return first
}

/** Whether a statement names the change feed's capture (lib/engine/jobs/changes.ts), which a key must not write or drop. */
function namesChangeFeed (tokens: Token[]): boolean {
  return tokens.some((t) => (t.kind === 'word' || t.kind === 'ident' || t.kind === 'string') && t.value.toLowerCase().startsWith('_litehouse_changes'))
}

/** EXPLAIN compiles its statement, so it gets the same checks. */
function withoutExplain (statement: Token[]): Token[] {
  if (!isKeyword(statement[0], 'EXPLAIN')) return statement
  return isKeyword(statement[1], 'QUERY') && isKeyword(statement[2], 'PLAN') ? statement.slice(3) : statement.slice(1)
}

function refuseOutsideReach (tokens: Token[], statements: Token[][]): void {
  if (tokens.some((t) => (t.kind === 'word' || t.kind === 'ident') && t.value.toLowerCase() === 'load_extension')) {
    throw new ForbiddenStatement('load_extension is not available')
  }
  for (const statement of statements) {
    if (isKeyword(statement[0], 'PRAGMA')) checkPragma(statement)
    if (isKeyword(statement[0], 'VACUUM') && statement.some((t) => isKeyword(t, 'INTO'))) {
      throw new ForbiddenStatement('VACUUM INTO is not available: use the export endpoint')
    }
  }
}

function prepareOne (prepare: (sql: string) => Statement, sql: string): Statement {
  try {
    return prepare(sql)
  } catch (err) {
    if (err instanceof RangeError && err.message.includes('more than one statement')) throw new MultipleStatements()
    if (err instanceof RangeError && err.message.includes('no statements')) throw new InvalidRequest('the SQL statement is empty')
    throw err
  }
}

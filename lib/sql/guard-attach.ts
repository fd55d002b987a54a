import { realpathSync, statSync } from 'node:fs'
import { basename, dirname, resolve } from 'node:path'
import { ForbiddenStatement } from '../errors.js'
import { isKeyword, type Token } from './tokenize.js'
import type { BindParams } from './values.js'

/** Who runs the ATTACH, and where hosted databases live. */
export interface AttachPolicy {
  principal: 'admin' | 'key'
  dataDir: string
}

// Hosted database files; `_system.db` and `_analytics.db` never match.
const hostedFileName = /^[a-z0-9][a-z0-9_-]*\.db$/

/**
 * Checks `ATTACH [DATABASE] file AS schema`, `statement` starting at ATTACH. Everyone may
 * attach a new empty database ('' or ':memory:'); only admins may attach a file, and only an
 * existing hosted database directly inside the data directory.
 */
export function checkAttach (statement: Token[], params: BindParams | undefined, policy: AttachPolicy): void {
  const at = isKeyword(statement[1], 'DATABASE') ? 2 : 1
  const operand = statement[at]
  if (operand === undefined || (operand.kind !== 'string' && operand.kind !== 'param') || !isKeyword(statement[at + 1], 'AS')) {
    throw new ForbiddenStatement('ATTACH takes its file as one string literal or one bound parameter')
  }
  const schema = statement.slice(at + 2)
  if (schema.length !== 1) {
    throw new ForbiddenStatement(schema.some((t) => isKeyword(t, 'KEY')) ? 'ATTACH ... KEY is not accepted' : 'ATTACH ... AS takes one schema name')
  }
  const file = operand.kind === 'string' ? operand.value : boundValue(operand.value, params)
  if (typeof file !== 'string') throw new ForbiddenStatement('the ATTACH file must be a string')
  if (file === '' || file === ':memory:') return
  if (policy.principal !== 'admin') throw new ForbiddenStatement("API keys may only ATTACH ':memory:' databases")
  if (/^file:/i.test(file)) throw new ForbiddenStatement('ATTACH does not accept URI filenames')
  if (!isHostedDatabaseFile(file, policy.dataDir)) {
    throw new ForbiddenStatement('ATTACH may only name an existing hosted database in the data directory')
  }
}

/** The value a parameter token gets bound to. The file operand is always the first parameter. */
function boundValue (token: string, params: BindParams | undefined): unknown {
  if (params === undefined) return undefined
  if (Array.isArray(params)) {
    if (token === '?') return params[0]
    return token.startsWith('?') ? params[Number(token.slice(1)) - 1] : undefined
  }
  const name = token.slice(1)
  return !token.startsWith('?') && Object.hasOwn(params, name) ? params[name] : undefined
}

function isHostedDatabaseFile (file: string, dataDir: string): boolean {
  const dir = resolve(dataDir)
  const target = resolve(dir, file)
  if (dirname(target) !== dir || !hostedFileName.test(basename(target))) return false
  try {
    // A symlink must not lead outside either.
    const real = realpathSync(target)
    return dirname(real) === realpathSync(dir) && hostedFileName.test(basename(real)) && statSync(real).isFile()
  } catch {
    return false
  }
}

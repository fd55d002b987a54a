import { cutMarker } from './stored-text.js'

/**
 * A query's pattern: its SQL with every literal replaced by `?`, so that `WHERE id = 5` and `WHERE id = 6` group
 * together (CONTRACT.md "Analytics at constant cost"). Numbers (also negative, decimal, exponent, hex), strings,
 * blobs (X'..') become `?`; an `IN (…)` list of literals and placeholders becomes `IN (?)`; whitespace runs and
 * comments (line and block: a tracing tag in each request would make a pattern per request) become one space, but
 * the marker of a text cut at `maxStoredText` stays. Identifiers (also quoted ones and names holding digits) and
 * parameters (`?1`, `:x`, `@x`, `$x`) stay.
 */
export const otherPattern = '(other)'

// After one of these (or at the start) a '-' before a number is a sign, not a subtraction.
const signContext = new Set(['', '(', ',', '=', '<', '>', '!', '+', '-', '*', '/', '%', '|', '&', '~'])
const signKeywords = new Set(['select', 'where', 'and', 'or', 'not', 'when', 'then', 'else', 'values', 'by', 'limit',
  'offset', 'between', 'is', 'like', 'in', 'return', 'set', 'on', 'having', 'case'])

function isWordChar (c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c === '_' || c === '$' || c > '\u007f'
}

function isDigit (c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9'
}

/** End (exclusive) of the quoted run starting at `i` with `quote`; a doubled quote is an escaped one. */
function quotedEnd (sql: string, i: number, quote: string): number {
  let j = i + 1
  while (j < sql.length) {
    if (sql[j] === quote) {
      if (sql[j + 1] === quote) { j += 2; continue }
      return j + 1
    }
    j++
  }
  return sql.length
}

function numberEnd (sql: string, i: number): number {
  let j = i
  if (sql[j] === '0' && (sql[j + 1] === 'x' || sql[j + 1] === 'X')) {
    j += 2
    while (j < sql.length && /[0-9a-fA-F]/.test(sql[j])) j++
    return j
  }
  while (isDigit(sql[j]) || sql[j] === '.') j++
  if ((sql[j] === 'e' || sql[j] === 'E') && (isDigit(sql[j + 1]) || ((sql[j + 1] === '+' || sql[j + 1] === '-') && isDigit(sql[j + 2])))) {
    j += 2
    while (isDigit(sql[j])) j++
  }
  return j
}

export function normalizeSql (sql: string): string {
  // a text cut by `boundedText` keeps its marker as written: its digits are not a literal
  if (sql.endsWith(cutMarker)) return normalizeSql(sql.slice(0, -cutMarker.length)) + cutMarker
  const out: string[] = [] // tokens; whitespace is re-added as single spaces
  let space = false
  const push = (token: string): void => {
    if (space && out.length > 0) out.push(' ')
    space = false
    out.push(token)
  }
  const lastToken = (): string => {
    for (let k = out.length - 1; k >= 0; k--) if (out[k] !== ' ') return out[k]
    return ''
  }
  let i = 0
  while (i < sql.length) {
    const c = sql[i]
    if (c === ' ' || c === '\n' || c === '\t' || c === '\r' || c === '\f') { space = true; i++; continue }
    if (c === '\'') { i = quotedEnd(sql, i, '\''); push('?'); continue }
    if ((c === 'x' || c === 'X') && sql[i + 1] === '\'' && !isWordChar(lastToken().slice(-1) ?? '')) {
      i = quotedEnd(sql, i + 1, '\''); push('?'); continue
    }
    if (c === '"' || c === '`') { const end = quotedEnd(sql, i, c); push(sql.slice(i, end)); i = end; continue }
    if (c === '[') { const end = sql.indexOf(']', i); const stop = end < 0 ? sql.length : end + 1; push(sql.slice(i, stop)); i = stop; continue }
    if (isDigit(c) || (c === '.' && isDigit(sql[i + 1]))) { i = numberEnd(sql, i); push('?'); continue }
    if (c === '-' && sql[i + 1] === '-') { const end = sql.indexOf('\n', i); i = end < 0 ? sql.length : end; space = true; continue }
    if (c === '/' && sql[i + 1] === '*') { const end = sql.indexOf('*/', i + 2); i = end < 0 ? sql.length : end + 2; space = true; continue }
    if (c === '-' && (isDigit(sql[i + 1]) || (sql[i + 1] === '.' && isDigit(sql[i + 2])))) {
      const prev = lastToken()
      if (signContext.has(prev) || signKeywords.has(prev.toLowerCase())) { i = numberEnd(sql, i + 1); push('?'); continue }
    }
    if (c === '?' || c === ':' || c === '@' || c === '$') {
      let j = i + 1
      while (j < sql.length && isWordChar(sql[j])) j++
      push(sql.slice(i, j)); i = j; continue
    }
    if (isWordChar(c)) {
      let j = i + 1
      while (j < sql.length && isWordChar(sql[j])) j++
      push(sql.slice(i, j)); i = j; continue
    }
    push(c); i++
  }
  return collapseInLists(out)
}

const isValueToken = (t: string): boolean => t === '?' || /^[?:@$]/.test(t)

/** `IN ( v , v , … )` where every v is a literal or a parameter becomes `IN (?)`. */
function collapseInLists (tokens: string[]): string {
  const result: string[] = []
  let i = 0
  while (i < tokens.length) {
    const t = tokens[i]
    result.push(t)
    i++
    if (t.toLowerCase() !== 'in') continue
    let j = i
    if (tokens[j] === ' ') j++
    if (tokens[j] !== '(') continue
    let k = j + 1
    let values = 0
    let ok = true
    while (k < tokens.length && tokens[k] !== ')') {
      const tk = tokens[k]
      if (tk === ' ' || tk === ',') { k++; continue }
      if (!isValueToken(tk)) { ok = false; break }
      values++
      k++
    }
    if (!ok || values === 0 || tokens[k] !== ')') continue
    result.push(...tokens.slice(i, j), '(', '?', ')')
    i = k + 1
  }
  return result.join('')
}

/**
 * A tokenizer for SQLite's SQL that is just good enough to tell keywords and identifiers
 * apart from string literals, quoted identifiers and comments, so the statement guard is
 * not fooled by `'load_extension'` in a string or `INTO` in a comment.
 */
export type TokenKind =
  | 'word' // bare keyword or identifier
  | 'ident' // quoted identifier: "x", [x], `x`
  | 'string' // 'x'
  | 'blob' // x'00'
  | 'number'
  | 'param' // ?, ?1, :name, @name, $name
  | 'punct'

export interface Token {
  kind: TokenKind
  /** The source text of the token. */
  text: string
  /** Unquoted content for strings and quoted identifiers; the text otherwise. */
  value: string
}

// Sticky patterns, each run at the current position once the first character chose it.
const word = /[A-Za-z_\u0080-\uffff][A-Za-z0-9_$\u0080-\uffff]*/y
const param = /\?[0-9]*|[:@$][A-Za-z0-9_$\u0080-\uffff]+/y
const number = /0[xX][0-9A-Fa-f_]*|(?:[0-9][0-9_]*(?:\.[0-9_]*)?|\.[0-9][0-9_]*)(?:[eE][+-]?[0-9_]*)?/y
const closers: Record<string, string> = { "'": "'", '"': '"', '`': '`', '[': ']' }

// Character classes by UTF-16 code; SQLite skips exactly space, \t, \n, \v, \f and \r.
const isSpace = (c: number): boolean => c === 32 || (c >= 9 && c <= 13)
const isDigit = (c: number): boolean => c >= 48 && c <= 57
const isWordStart = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c >= 0x80
const isWordPart = (c: number): boolean => isWordStart(c) || isDigit(c) || c === 36

export function tokenize (sql: string): Token[] {
  const tokens: Token[] = []
  let i = 0

  function advance (pattern: RegExp): void {
    pattern.lastIndex = i
    i = pattern.test(sql) ? pattern.lastIndex : i + 1
  }

  /** Reads a quoted run opening at `i`; a doubled closer stands for itself (not inside [...]). */
  function quoted (open: string): string {
    const close = closers[open]
    let value = ''
    let from = i + 1
    for (;;) {
      const end = sql.indexOf(close, from)
      if (end === -1) {
        i = sql.length
        return value + sql.slice(from)
      }
      value += sql.slice(from, end)
      if (open !== '[' && sql[end + 1] === close) {
        value += close
        from = end + 2
        continue
      }
      i = end + 1
      return value
    }
  }

  function push (kind: TokenKind, start: number, value = sql.slice(start, i)): void {
    tokens.push({ kind, text: sql.slice(start, i), value })
  }

  while (i < sql.length) {
    const c = sql[i]
    const code = sql.charCodeAt(i)
    const next = sql.charCodeAt(i + 1) // NaN past the end: no class matches it
    const start = i
    if (isSpace(code)) {
      i++
    } else if (c === '-' && next === 45) {
      const end = sql.indexOf('\n', i)
      i = end === -1 ? sql.length : end + 1
    } else if (c === '/' && next === 42) {
      const end = sql.indexOf('*/', i + 2)
      i = end === -1 ? sql.length : end + 2
    } else if ((c === 'x' || c === 'X') && next === 39) {
      i++
      push('blob', start, quoted("'"))
    } else if (c === "'" || c === '"' || c === '`' || c === '[') {
      push(c === "'" ? 'string' : 'ident', start, quoted(c))
    } else if (c === '?' || ((c === ':' || c === '@' || c === '$') && isWordPart(next))) {
      advance(param)
      push('param', start)
    } else if (isDigit(code) || (c === '.' && isDigit(next))) {
      advance(number)
      push('number', start)
    } else if (isWordStart(code)) {
      advance(word)
      push('word', start)
    } else {
      i++
      push('punct', start)
    }
  }
  return tokens
}

/** Splits tokens into statements at `;` (trigger bodies split too; callers only look at statement starts). */
export function splitStatements (tokens: Token[]): Token[][] {
  const statements: Token[][] = []
  let current: Token[] = []
  for (const token of tokens) {
    if (token.kind === 'punct' && token.value === ';') {
      if (current.length > 0) statements.push(current)
      current = []
    } else {
      current.push(token)
    }
  }
  if (current.length > 0) statements.push(current)
  return statements
}

/** Whether the token is the keyword `word` (case-insensitive). */
export function isKeyword (token: Token | undefined, word: string): boolean {
  return token !== undefined && token.kind === 'word' && token.value.toUpperCase() === word
}

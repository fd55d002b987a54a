// only to label a statement that failed before SQLite could say whether it returns rows (as routes/query.ts does)
const looksLikeRead = /^\s*(select|with|pragma|explain|values)\b/i

/** The analytics operation of a raw statement that did not run: a read's label when it looks like one. */
export function guessedOperation (sql: string): 'select' | 'update' {
  return looksLikeRead.test(sql) ? 'select' : 'update'
}

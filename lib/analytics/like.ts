/** The LIKE pattern matching values that start with `term`, with `%`, `_` and `\` escaped (use `ESCAPE '\'`). */
export function prefixPattern (term: string): string {
  return term.replace(/[\\%_]/g, c => `\\${c}`) + '%'
}

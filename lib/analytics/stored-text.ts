/**
 * What analytics keeps of a statement's text and error (issue #30, item 5). A read key's 300 failing requests of
 * `SELEC <i> '…190 KB…'` grew `_analytics.db` by 193 MB in 3 s: each whole text was kept twice (the log and the per-day
 * patterns), for 30 days. Texts are now cut at `maxStoredText` characters with a constant marker (so cut texts still
 * group), and a failed statement is kept as its pattern: literals become `?`, so failures that differ only in their
 * values (the usual flood) share one per-day pattern row and each log row holds a few bytes. All of it costs O(cap),
 * whatever the size of the text: it runs on the main thread, for every event it changes.
 */
export const maxStoredText = 4096
export const cutMarker = ' /* …cut at 4096 characters */'

/** `text` itself, or its first `maxStoredText` characters and the marker. */
export function boundedText (text: string): string {
  return text.length > maxStoredText ? text.slice(0, maxStoredText) + cutMarker : text
}

// String literals (closed or cut off), blob literals, hex and decimal numbers; `\b` keeps digits inside names (t1).
const literal = /[xX]'[^']*'?|'(?:[^']|'')*'?|\b0[xX][0-9A-Fa-f]+\b|\b\d+(?:\.\d*)?(?:[eE][+-]?\d+)?\b/g

/** The statement with its literals as `?`, from its first `maxStoredText` characters (then with the marker). */
export function failedPattern (text: string): string {
  const head = text.length > maxStoredText ? text.slice(0, maxStoredText) : text
  const pattern = head.replace(literal, '?')
  return text.length > maxStoredText ? pattern + cutMarker : pattern
}

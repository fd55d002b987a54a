import type { Rng } from './prng.js'
import { deepArray, deepObject, raw, type RawJson } from './json-text.js'

/** The hostile values every generator draws from, by family. */

export const sqlFragments = [
  "'; DROP TABLE items; --", '" OR 1=1 --', "' OR '1'='1", '1; DELETE FROM items', 'items; DROP TABLE items',
  ') UNION SELECT name, sql FROM sqlite_master --', '*/', '/*', '--', '\\', '?', '?1', ':name', '@a', '$1', '%', '_',
  'items"--', '[items]', '`items`', "x' || (SELECT group_concat(key_hash) FROM api_keys) || '",
  "'); ATTACH DATABASE '_system.db' AS s; --", 'rowid', 'oid', '_rowid_', 'sqlite_master', 'sqlite_schema',
  'sqlite_temp_master', 'main.items', 'temp.x', "title'", 'title"', 'title`', 'title]', 'NULL', 'null', 'true'
]

export const pathFragments = [
  '../', '..', '.', '..%2f', '%2e%2e/', '%2e%2e%2f', '..\\', '..%5c', '/etc/passwd', '../../_system.db', '_system',
  '_analytics', '_system.db', '../alpha', './alpha', 'alpha/../beta', 'alpha%2f..%2fbeta', '%00', 'file:alpha.db?mode=rwc',
  ':memory:', '//', '~', 'C:\\Windows', '\\\\server\\share', 'con', 'nul', 'aux'
]

export const unicodeStrings = [
  '\u202Eevil\u202C', 'مرحبا بالعالم', 'שלום', '😀', '🏳️‍🌈', '👩‍👩‍👧‍👦', 'e\u0301', 'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇', '\uFEFFalpha',
  '\uD800', '\uDFFF', 'a\uD83Db', '\u200D', '\u200B', 'ａｌｐｈａ', 'ALPHA', 'ı', 'İ', 'ß', 'ǅ', '\u2028\u2029',
  '𝕒𝕝𝕡𝕙𝕒', '\u0000', 'a\u0000b', 'alpha\u0000', '\r\n', '\t', '\u001b[31mred', '\u007f', '\u0085', '\uFFFF', '\uFFFE'
]

export const numericStrings = [
  'NaN', 'Infinity', '-Infinity', '-0', '0', '1e308', '-1e308', '1e400', '9223372036854775807', '9223372036854775808',
  '-9223372036854775809', '18446744073709551616', '0x10', '1_000', ' 1', '1 ', '1.0', '1.5', '-1', '+1', '', '00', '1e-400',
  '4294967296', '2147483648', '9007199254740993', '.5', '5.', '0b1', '0o7'
]

export const injectionStrings = [
  '<script>alert(1)</script>', '{{7*7}}', '${7*7}', '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty',
  'javascript:alert(1)', '%s%s%s%n', '%x', '{0}', 'a@b.c', '@', 'x@y', 'http://x', 'https://evil.example', '*',
  'admin@example.com', 'Bearer x', 'lh_', 'apk_', 'db_', 'adm_'
]

/** A very long string; `unit` is repeated up to about `chars` characters. */
export function huge (rng: Rng, chars = 100_000): string {
  const unit = rng.pick(['A', '😀', '\u0000', "'", '%', 'é', '\uD800', 'ab', ' ', '/'])
  return unit.repeat(Math.ceil(chars / unit.length))
}

/** One hostile string of any family (sometimes two joined), never a real resource name on purpose. */
export function hostileString (rng: Rng, options: { allowHuge?: boolean } = {}): string {
  const family = rng.int(0, options.allowHuge === false ? 5 : 6)
  let value: string
  switch (family) {
    case 0: value = rng.pick(sqlFragments); break
    case 1: value = rng.pick(pathFragments); break
    case 2: value = rng.pick(unicodeStrings); break
    case 3: value = rng.pick(numericStrings); break
    case 4: value = rng.pick(injectionStrings); break
    case 5: value = randomText(rng, rng.int(0, 40)); break
    default: value = huge(rng, rng.pick([100_000, 70_000, 1025, 257, 65]))
  }
  if (family < 5 && rng.chance(0.2)) value += hostileString(rng, { allowHuge: false })
  return value
}

/** Random characters from a hostile alphabet. */
export function randomText (rng: Rng, length: number): string {
  const alphabet = ['a', 'Z', '0', '_', '-', ' ', "'", '"', ';', '%', '/', '\\', '.', '\u0000', 'é', '😀', '\uD800', '\n', '*', '?', ':', '(', ')', ',']
  let out = ''
  for (let i = 0; i < length; i++) out += rng.pick(alphabet)
  return out
}

/** Hostile numbers as JSON text: what JSON.parse turns into Infinity, -0, an imprecise integer, ... */
export function hostileNumber (rng: Rng): number | RawJson {
  return rng.pick<number | RawJson>([
    1e308, -1e308, -0, 2 ** 63, -(2 ** 63), 2 ** 53 + 2, 5e-324, 0.1, -1, 0, 1, 1000, 1001, 2 ** 31, 2 ** 32,
    raw('1e400'), raw('-1e400'), raw('1e-400'), raw('123456789012345678901234567890'), raw('-0.0'), raw('9223372036854775807'),
    raw('9223372036854775808'), raw('1.7976931348623157e309'), raw('0.00000000000000000000000000001')
  ])
}

/** Any JSON value, hostile: used where the schema says nothing (record members) or to replace one it does. */
export function hostileValue (rng: Rng, depth = 0): unknown {
  switch (rng.int(0, depth > 2 ? 4 : 8)) {
    case 0: return hostileString(rng, { allowHuge: rng.chance(0.2) })
    case 1: return hostileNumber(rng)
    case 2: return rng.pick([true, false, null])
    case 3: return rng.pick(numericStrings)
    case 4: return { $base64: rng.pick(['', 'AAAA', '!!notbase64', 'QUJD', '=', 'a'.repeat(1001)]) }
    case 5: return Array.from({ length: rng.int(0, 3) }, () => hostileValue(rng, depth + 1))
    case 6: return Object.fromEntries(Array.from({ length: rng.int(0, 3) }, () => [hostileString(rng, { allowHuge: false }), hostileValue(rng, depth + 1)]))
    case 7: return rng.chance(0.5) ? deepArray(10_000) : deepObject(rng.pick([100, 1000, 10_000]))
    default: return raw(rng.pick(['{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"x":1}}}', '{"a":1,"a":2}']))
  }
}

/** Bodies that are not valid JSON, or not JSON at all, whatever the content type says. */
export function brokenJsonText (rng: Rng): string | Buffer {
  return rng.pick<string | Buffer>([
    '{', '}', '{"a":}', "{'a':1}", '[1,]', 'NaN', '{"a":NaN}', '{} x', '{"a":1}}', '\uFEFF{}', '{"a":"\\x00"}', '{"a":"\\ud800"',
    '"unterminated', '{"a" 1}', '[' .repeat(10_000), '{"a":' .repeat(10_000), 'undefined', '{a:1}', '/* c */ {}', '{"a":01}',
    Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]), Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d])
  ])
}

export const contentTypes = [
  'application/json', 'application/json; charset=utf-8', 'application/json; charset=latin1', 'text/plain',
  'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'multipart/form-data', 'application/octet-stream',
  'application/vnd.api+json', 'APPLICATION/JSON', 'application/json;;;', 'a/b/c', 'text/html', 'application/xml', '*/*'
]

/** An Authorization header that identifies nobody. */
export function garbageAuthorization (rng: Rng, realTokens: string[]): string {
  const real = realTokens.length > 0 ? rng.pick(realTokens) : 'x'
  return rng.pick([
    'Bearer garbage', 'Bearer ', 'Bearer', 'Basic YWRtaW46cGFzcw==', `Bearer ${hostileString(rng, { allowHuge: false })}`,
    `Bearer lh_${'A'.repeat(40)}`, `Bearer lh_${randomText(rng, 40)}`, `Bearer ${real.slice(0, -1)}`, `Bearer ${real}x`,
    `Bearer ${real.slice(1)}`, 'Bearer null', 'Bearer undefined', `Bearer ${'a'.repeat(300)}`, `Bearer ${huge(rng, 9000)}`,
    `Token ${real}`, `Bearer\t${real}x`, `Bearer ${real.toUpperCase()}X`, 'Bearer ../../_system.db', "Bearer ' OR 1=1 --"
  ])
}

/** Encodes a string for a URL, including lone surrogates (which encodeURIComponent refuses). */
export function encodeSegment (value: string): string {
  let out = ''
  for (const ch of value) {
    const code = ch.codePointAt(0) as number
    if (code >= 0xd800 && code <= 0xdfff) {
      out += `%${(0xe0 | (code >> 12)).toString(16).toUpperCase()}%${(0x80 | ((code >> 6) & 0x3f)).toString(16).toUpperCase()}%${(0x80 | (code & 0x3f)).toString(16).toUpperCase()}`
    } else {
      out += encodeURIComponent(ch)
    }
  }
  return out
}

/** A path segment as a client might send it: encoded, raw, double-encoded or with broken escapes. */
export function pathSegment (rng: Rng, value: string): string {
  switch (rng.int(0, 9)) {
    case 0: return value.replace(/[?#]/g, (c) => encodeURIComponent(c)) // raw: slashes and dots stay as they are
    case 1: return encodeSegment(encodeSegment(value))
    case 2: return encodeSegment(value) + rng.pick(['%', '%Z', '%E0%A4%A', '%ED%A0%80', '%00', '%2F', '%5C', '/', '/.', '/..', ';x=1'])
    default: return encodeSegment(value)
  }
}

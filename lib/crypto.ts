import { createHash, hash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const BASE32 = '0123456789abcdefghjkmnpqrstvwxyz'

/** Uniform random characters from `alphabet` (rejection sampling keeps it unbiased). */
function randomString (alphabet: string, length: number): string {
  const limit = 256 - (256 % alphabet.length)
  let out = ''
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit && out.length < length) out += alphabet[byte % alphabet.length]
    }
  }
  return out
}

export const API_KEY_PREFIX = 'lh_'

// one-shot: every authenticated request hashes its credential, and a Hash object costs five times as much
export const sha256 = (value: string): string => hash('sha256', value, 'hex')
export const newSessionToken = (): string => randomBytes(32).toString('base64url')
export const newApiKey = (): string => API_KEY_PREFIX + randomString(BASE62, 40)
export const newId = (prefix: 'adm_' | 'db_' | 'apk_'): string => prefix + randomString(BASE32, 24)
export const newUuid = (): string => randomUUID()

/** Constant-time comparison of two secrets of any length. */
export function safeEqual (a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest()
  const right = createHash('sha256').update(b).digest()
  return timingSafeEqual(left, right)
}

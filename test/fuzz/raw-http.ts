import net from 'node:net'
import type { Operation } from './openapi.js'
import { caseRng } from './prng.js'
import { hostileString, pathFragments, randomText } from './hostile.js'
import { realTokens, tokenOf, type World } from './world.js'

/**
 * Requests written byte for byte to a socket: what inject cannot send because its URL parser
 * normalises paths (`..`, `%2e%2e`, `\`) and its headers are never malformed. Only credentials
 * that can change nothing are used (none, garbage, read keys), so the snapshot must not move
 * whatever route a raw path reaches.
 */

export interface RawCase {
  n: number
  text: Buffer
  /** For the failure message. */
  summary: string
  /** The request announces more body than it sends: the server rightly waits for the rest. */
  incomplete: boolean
}

export interface RawAnswer {
  status: number
  headers: Record<string, string>
  body: string
}

const methods = ['GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'OPTIONS', 'HEAD', 'get', 'G ET', 'CONNECT', 'TRACE', 'PROPFIND']

const rawSegments = [
  ...pathFragments, '..', '.', '%2e%2e', '%2E%2E', '..%2F..%2F', '..\\..\\', '%252e%252e', '%c0%ae%c0%ae', '.%2e', '%2e.',
  '..;', ';', '%00', '%', '%ZZ', '%ED%A0%80', '~', '*', '', '//', 'alpha%2F..%2Fbeta', 'ALPHA', 'alpha.', 'alpha ', 'alpha%20'
]

/** Files whose content must never come back, whatever the path. */
export const secrets = [/root:x:0:0/, /"name":\s*"litehouse"/, /CREATE TABLE api_keys/, /CREATE TABLE sessions/, /BEGIN [A-Z ]*PRIVATE KEY/]

export function rawCase (seed: number, n: number, world: World, operations: Operation[]): RawCase {
  const rng = caseRng(seed, 'http', n)
  const op = rng.pick(operations)
  const path = op.path.replace(/\{[^}]+\}/g, () => rng.chance(0.5) ? rng.pick(rawSegments) : rng.pick(['alpha', 'beta', 'items', '1']))
  const prefix = rng.pick(['', '', '', '/..', '/.', '/%2e%2e', '//', '/assets/..', '/assets/%2e%2e%2f..'])
  const target = rng.chance(0.15) ? rng.pick(['/../../etc/passwd', '/%2e%2e/%2e%2e/package.json', '/..%5c..%5cpackage.json', '/assets/..%2f..%2fpackage.json',
    '/assets/../../package.json', '/../data/_system.db', '/..%2f_system.db', '*', 'http://evil.example/api/health', '/api/health?x=' + randomText(rng, 10)])
    : prefix + path
  const method = rng.chance(0.85) ? op.method : rng.pick(methods)
  const credential = rng.pick(['none', 'garbage', 'alphaRead', 'betaRead'] as const)
  const lines = [`${method} ${target} ${rng.chance(0.95) ? 'HTTP/1.1' : rng.pick(['HTTP/1.0', 'HTTP/2', 'HTTP/9.9', ''])}`]
  if (rng.chance(0.95)) lines.push('Host: 127.0.0.1')
  if (credential === 'garbage') lines.push(`Authorization: ${rng.pick(['Bearer ', 'Bearer x', `Bearer ${rng.pick(realTokens(world)).slice(0, -2)}`, 'Basic', '\u00ff\u00fe'])}`)
  else if (credential !== 'none') lines.push(`Authorization: Bearer ${tokenOf(world, credential)}`)
  const body = rng.chance(0.5) ? Buffer.from(JSON.stringify({ sql: 'SELECT 1', name: hostileString(rng, { allowHuge: false }) })) : Buffer.alloc(0)
  const variant = rng.int(0, 12)
  switch (variant) {
    case 0: lines.push('Content-Length: 5', 'Content-Length: 6'); break
    case 1: lines.push('Transfer-Encoding: chunked', `Content-Length: ${body.length}`); break
    case 2: lines.push('Transfer-Encoding: chunked, identity'); break
    case 3: lines.push(`X-Big: ${'a'.repeat(rng.pick([8000, 17000, 70000]))}`); break
    case 4: lines.push('Bad Header: x'); break
    case 5: lines.push(`X-Ctl: a\u0001b`); break
    case 6: lines.push(`Content-Length: ${body.length + 10}`); break
    case 7: lines.push('Content-Length: -1'); break
    case 8: lines.push(`X-Request-Id: ${'\u00ff'.repeat(10)}${randomText(rng, 5).replace(/[\r\n\0]/g, '')}`); break
    default: if (body.length > 0) lines.push(`Content-Length: ${body.length}`)
  }
  if (body.length > 0 && rng.chance(0.8)) lines.push(`Content-Type: ${rng.pick(['application/json', 'text/plain', 'multipart/form-data'])}`)
  lines.push('Connection: close')
  const text = Buffer.concat([Buffer.from(lines.join('\r\n') + '\r\n\r\n', 'latin1'), body])
  return { n, text, summary: JSON.stringify(text.toString('latin1').slice(0, 300)), incomplete: variant === 6 }
}

/** Writes the request and reads the answer until the server closes the connection. */
export function sendRaw (port: number, text: Buffer, timeoutMs: number): Promise<RawAnswer | { error: string }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text))
    const timer = setTimeout(() => { socket.destroy(); resolve({ error: `no answer within ${timeoutMs} ms` }) }, timeoutMs)
    socket.on('data', (chunk) => chunks.push(chunk))
    socket.on('error', () => {}) // a reset after the answer is the server closing: judged on what arrived
    socket.on('close', () => {
      clearTimeout(timer)
      const raw = Buffer.concat(chunks).toString('latin1')
      const end = raw.indexOf('\r\n\r\n')
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(raw)
      if (!status || end === -1) {
        resolve(raw.length === 0 ? { status: 0, headers: {}, body: '' } : { error: `not an HTTP answer: ${JSON.stringify(raw.slice(0, 200))}` })
        return
      }
      const headers: Record<string, string> = {}
      for (const line of raw.slice(0, end).split('\r\n').slice(1)) {
        const colon = line.indexOf(':')
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
      }
      let body = raw.slice(end + 4)
      if (/chunked/i.test(headers['transfer-encoding'] ?? '')) body = dechunk(body)
      resolve({ status: Number(status[1]), headers, body: Buffer.from(body, 'latin1').toString('utf8') })
    })
  })
}

function dechunk (text: string): string {
  let out = ''
  let rest = text
  for (;;) {
    const eol = rest.indexOf('\r\n')
    if (eol === -1) return out
    const size = parseInt(rest.slice(0, eol), 16)
    if (!(size > 0)) return out
    out += rest.slice(eol + 2, eol + 2 + size)
    rest = rest.slice(eol + 2 + size + 2)
  }
}

/** What a raw answer must satisfy: no 5xx, JSON errors with a code, no file or path leaked. */
export function checkRawAnswer (answer: RawAnswer, dataDir: string): string[] {
  const problems: string[] = []
  if (answer.status === 0) return problems // closed without an answer: allowed for unparsable requests
  if (answer.status >= 500) problems.push(`answered ${answer.status}`)
  if (answer.status >= 400) {
    try {
      const body = JSON.parse(answer.body) as { code?: unknown }
      if (typeof body.code !== 'string') problems.push(`the ${answer.status} error body has no string code: ${answer.body.slice(0, 160)}`)
    } catch {
      if (answer.body.length > 0) problems.push(`the ${answer.status} body is not JSON: ${answer.body.slice(0, 160)}`)
    }
  }
  for (const secret of secrets) if (secret.test(answer.body)) problems.push(`the body holds a file it must never serve (${secret})`)
  if (answer.body.includes(dataDir)) problems.push('the body names the server data directory')
  return problems
}

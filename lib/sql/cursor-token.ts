import { createHash } from 'node:crypto'
import { InvalidCursor } from '../errors.js'
import type { CursorValue } from './keyset.js'

/** What a cursor belongs to: a page of another table, sort, filter or search cannot continue from it. */
export interface CursorScope {
  table: string
  sort?: string
  filter?: string
  search?: string
}

const digest = (text: string, length: number): string => createHash('sha256').update(text).digest('base64url').slice(0, length)
const scopeOf = (scope: CursorScope): string => digest(JSON.stringify([scope.table, scope.sort ?? '', scope.filter ?? '', scope.search ?? '']), 16)

/**
 * An opaque cursor: the position of the last row of a page (its sort values and key) and the scope it belongs to,
 * base64url JSON followed by a checksum. The checksum catches a cursor that was cut or edited; a forged one can
 * only name a position the caller could ask for with a filter, since every value is bound, never spliced.
 */
export function encodeCursor (scope: CursorScope, position: CursorValue[]): string {
  const body = Buffer.from(JSON.stringify({ s: scopeOf(scope), p: position })).toString('base64url')
  return `${body}.${digest(body, 16)}`
}

/** The position a cursor holds, once it is proven intact and of this scope; otherwise 400 INVALID_CURSOR. */
export function decodeCursor (cursor: string, scope: CursorScope): unknown[] {
  const [body, check, ...rest] = cursor.split('.')
  if (body === undefined || check === undefined || rest.length > 0 || digest(body, 16) !== check) {
    throw new InvalidCursor('the cursor is malformed or was altered: use meta.nextCursor as it was given')
  }
  let payload: { s?: unknown, p?: unknown }
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
  } catch {
    throw new InvalidCursor('the cursor is malformed or was altered: use meta.nextCursor as it was given')
  }
  if (payload.s !== scopeOf(scope)) throw new InvalidCursor('the cursor belongs to another table, sort, filter or search: send the same ones as the page it came from')
  if (!Array.isArray(payload.p)) throw new InvalidCursor('the cursor is malformed')
  return payload.p
}

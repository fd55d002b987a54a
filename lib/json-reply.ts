import { JsonText, type Rows } from './engine/json-rows.js'

/**
 * The reply serializer of routes that answer rows from the engine: JSON.stringify, except that a top-level member
 * holding JsonText (rows a worker already wrote as JSON) is written as its text, not parsed and written again.
 */
export function stringifyReply (payload: unknown): string {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload) || !Object.values(payload).some((value) => value instanceof JsonText)) {
    return JSON.stringify(payload)
  }
  const members: string[] = []
  for (const [key, value] of Object.entries(payload)) {
    const text = value instanceof JsonText ? value.json : JSON.stringify(value)
    if (text !== undefined) members.push(`${JSON.stringify(key)}:${text}`)
  }
  return `{${members.join(',')}}`
}

/**
 * Rows as a route's reply member. The response schema types that member as an array, which is what the client
 * receives: `stringifyReply` writes JsonRows as the array they hold. Only for routes whose serializer it is.
 */
export const replyRows = <R>(rows: Rows<R>): R[] => rows as R[]

/** One row as a reply member (@see replyRows). */
export const replyRow = <R>(row: R | JsonText | undefined): R => row as R

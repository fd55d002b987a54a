import { Type } from '@sinclair/typebox'
import { Data } from './common.js'

export const ChangesQuery = Type.Object({
  tables: Type.Optional(Type.String({ maxLength: 4096, description: 'comma-separated tables to watch (default: every table)' })),
  since: Type.Optional(Type.String({ maxLength: 32, description: 'resume after this change seq (exclusive); the Last-Event-ID header does the same' })),
  token: Type.Optional(Type.String({ maxLength: 256, description: 'a token from POST .../changes/token, for clients that cannot send headers (EventSource)' }))
})

export const ChangesStream = {
  description: 'server-sent events: one `data: { seq, table, op, id }` per committed row change, with `id: seq`; ' +
    'comments as keep-alives every 15 s; a final `event: overflow` (too slow a reader) or `event: end` (database deleted or renamed, ' +
    'credential revoked, server shutting down) before the server closes the stream',
  content: { 'text/event-stream': { schema: Type.String() } }
}

export const ChangesTokenResponse = Data(Type.Object({
  token: Type.String({ description: 'pass as ?token= to GET .../changes' }),
  expiresAt: Type.String({ format: 'date-time' })
}))

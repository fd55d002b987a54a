import { randomBytes } from 'node:crypto'

/** How long a change feed token opens a subscription (CONTRACT: 60 s). */
export const tokenTtlMs = 60_000

export interface TokenGrant {
  databaseId: string
  /** The bearer credential that asked for the token: the subscription is re-checked against it. */
  credential: string
  expiresAt: number
}

/**
 * Short-lived tokens for browsers, whose EventSource cannot send an Authorization header: each stands for the
 * credential that asked for it, on one database, for 60 s. Kept in memory: a restart invalidates them, which only
 * means asking for a new one.
 */
export function createTokenStore (now: () => number = Date.now) {
  const grants = new Map<string, TokenGrant>()

  function sweep (): void {
    const t = now()
    for (const [token, grant] of grants) if (grant.expiresAt <= t) grants.delete(token)
  }

  return {
    issue (databaseId: string, credential: string): { token: string, expiresAt: number } {
      sweep()
      const token = randomBytes(24).toString('base64url')
      const expiresAt = now() + tokenTtlMs
      grants.set(token, { databaseId, credential, expiresAt })
      return { token, expiresAt }
    },
    /** The grant of a live token, undefined for an unknown or expired one. */
    redeem (token: string): TokenGrant | undefined {
      const grant = grants.get(token)
      if (grant === undefined || grant.expiresAt <= now()) return undefined
      return grant
    }
  }
}

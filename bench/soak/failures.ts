export interface Failure {
  /** HTTP status, or what went wrong when there was no answer. */
  status: string
  /** Which operation of the mix or of the churn failed. */
  kind: string
  /** The start of the answer's body (or of the error message). */
  body: string
  count: number
}

export interface FailureLog {
  note: (status: number | string, kind: string, body: string) => void
  /** The distinct failures kept, in the order they first happened. */
  list: () => Failure[]
}

const snippetLength = 240

/** Keeps the first `keep` distinct failures and counts repeats of those, so a failed soak says why it failed. */
export function createFailureLog (keep = 8): FailureLog {
  const seen = new Map<string, Failure>()
  return {
    note (status, kind, body) {
      const snippet = body.replace(/\s+/g, ' ').slice(0, snippetLength)
      const id = `${status}\n${kind}\n${snippet}`
      const known = seen.get(id)
      if (known) known.count++
      else if (seen.size < keep) seen.set(id, { status: String(status), kind, body: snippet, count: 1 })
    },
    list: () => [...seen.values()]
  }
}

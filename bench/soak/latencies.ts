export interface KindStats {
  kind: string
  calls: number
  failed: number
  /** Milliseconds. */
  p50: number
  p99: number
  max: number
}

export interface LatencyLog {
  record: (kind: string, ms: number, ok: boolean) => void
  /** One row per kind: the kinds given at creation first, in their order, then any others as they came. */
  stats: () => KindStats[]
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]

/** Every call's latency by kind (operation of the mix, or churn call), to tell which kind is slow or failing. */
export function createLatencyLog (known: string[] = []): LatencyLog {
  const kinds = new Map<string, { ms: number[], failed: number }>(known.map((kind) => [kind, { ms: [], failed: 0 }]))
  return {
    record (kind, ms, ok) {
      let entry = kinds.get(kind)
      if (!entry) kinds.set(kind, entry = { ms: [], failed: 0 })
      entry.ms.push(ms)
      if (!ok) entry.failed++
    },
    stats: () => [...kinds].map(([kind, { ms, failed }]) => {
      const sorted = Array.from(Float64Array.from(ms).sort())
      return { kind, calls: sorted.length, failed, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted[sorted.length - 1] }
    })
  }
}

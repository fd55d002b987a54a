/**
 * A small seeded PRNG (sfc32, seeded through splitmix32) so every fuzz case is reproducible from
 * `seed` and its case number alone: case n draws from its own stream, whatever ran before it.
 */
export interface Rng {
  /** A float in [0, 1). */
  next: () => number
  /** An integer in [min, max], both included. */
  int: (min: number, max: number) => number
  /** true with probability p. */
  chance: (p: number) => boolean
  pick: <T>(items: readonly T[]) => T
  /** `count` distinct items (fewer if there are not that many), in random order. */
  sample: <T>(items: readonly T[], count: number) => T[]
}

function splitmix32 (state: number): () => number {
  return () => {
    state = (state + 0x9e3779b9) | 0
    let z = state
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b)
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35)
    return (z ^ (z >>> 16)) >>> 0
  }
}

export function createRng (seed: number): Rng {
  const init = splitmix32(seed >>> 0)
  let a = init()
  let b = init()
  let c = init()
  let d = init()
  function nextUint (): number {
    const t = (((a + b) | 0) + d) | 0
    d = (d + 1) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    c = (c + t) | 0
    return t >>> 0
  }
  for (let i = 0; i < 12; i++) nextUint()
  const next = (): number => nextUint() / 4294967296
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1))
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list')
      return items[int(0, items.length - 1)]
    },
    sample: (items, count) => {
      const copy = [...items]
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(0, i)
        ;[copy[i], copy[j]] = [copy[j], copy[i]]
      }
      return copy.slice(0, count)
    }
  }
}

/** The stream of case `n` of a run: independent of every other case, so one case replays alone. */
export function caseRng (seed: number, stream: string, n: number): Rng {
  let h = seed >>> 0
  for (const ch of `${stream}:${n}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0
  return createRng(h)
}

/** A fresh seed when none is given: printed by every run so a failure can be replayed. */
export function randomSeed (): number {
  return Math.floor(Math.random() * 2 ** 32) >>> 0
}

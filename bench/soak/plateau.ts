/** Largest growth of the memory from the middle third of the soak to its last third that still counts as a plateau. */
export const maxGrowth = 0.10

export const plateauRule = 'RSS plateaus when the mean of the last third of the windows is less than ' +
  `${maxGrowth * 100} % above the mean of the middle third (the first third is warm-up: caches and connections filling)`

export interface Plateau {
  /** False when there are too few windows (or no RSS figures) to tell. */
  judged: boolean
  ok: boolean
  middleBytes?: number
  lastBytes?: number
  /** last / middle - 1 */
  growth?: number
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length

/** Applies `plateauRule` to the RSS of each window, in order. */
export function judgePlateau (rssBytes: Array<number | undefined>): Plateau {
  const third = Math.floor(rssBytes.length / 3)
  if (third < 1 || rssBytes.some((bytes) => bytes === undefined)) return { judged: false, ok: true }
  const values = rssBytes as number[]
  const lastBytes = mean(values.slice(values.length - third))
  const middleBytes = mean(values.slice(values.length - 2 * third, values.length - third))
  const growth = lastBytes / middleBytes - 1
  return { judged: true, ok: growth < maxGrowth, middleBytes, lastBytes, growth }
}

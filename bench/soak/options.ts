/** What `npm run soak -- --name=value ...` can change. */
export interface SoakOptions {
  /** Length of the soak at the target rate. */
  minutes: number
  /** Seconds per measured window; each is its own autocannon run with its own figures. */
  windowS: number
  databases: number
  connections: number
  /** Unmeasured seconds of the mix flat out before the peak is measured. */
  warmupS: number
  /** Seconds of the mix flat out whose req/s is taken as the peak. */
  peakS: number
}

/** Share of the measured peak the soak runs at, in percent. */
export const loadPercent = 70

const defaults: SoakOptions = { minutes: 10, windowS: 30, databases: 200, connections: 10, warmupS: 5, peakS: 20 }
const flags: Record<string, keyof SoakOptions> = {
  minutes: 'minutes', window: 'windowS', databases: 'databases', connections: 'connections', warmup: 'warmupS', peak: 'peakS'
}

export function parseOptions (argv: string[]): SoakOptions {
  const options = { ...defaults }
  for (const arg of argv) {
    const flag = /^--(\w+)=(\d+(?:\.\d+)?)$/.exec(arg)
    const key = flag && flags[flag[1]]
    if (!key) throw new Error(`unknown option ${arg} (use --minutes= --window= --databases= --connections= --warmup= --peak=)`)
    options[key] = Number(flag[2])
  }
  if (options.windowS < 5) throw new Error('--window is at least 5 seconds')
  if (options.minutes * 60 < options.windowS) throw new Error('--minutes must cover at least one window')
  if (!Number.isInteger(options.databases) || options.databases < 1 || options.databases > 99_999) throw new Error('--databases is 1 to 99999')
  if (!Number.isInteger(options.connections) || options.connections < 1) throw new Error('--connections is a whole number, at least 1')
  if (options.peakS < 2) throw new Error('--peak is at least 2 seconds')
  return options
}

/** Number of windows the soak runs: the minutes rounded to whole windows. */
export const windowCount = (options: SoakOptions) => Math.max(1, Math.round(options.minutes * 60 / options.windowS))

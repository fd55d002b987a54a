import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type ConsoleMessage, type Page } from 'playwright-core'
import { toolEnv } from '../../tool-env.js'

export const projectRoot = fileURLToPath(new URL('../../../', import.meta.url))
export const chromiumPath = '/usr/bin/chromium'
export const screenshotDir = join(projectRoot, 'test-artifacts', 'screenshots')

function newestMtime (dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, { recursive: true })) newest = Math.max(newest, statSync(join(dir, String(entry))).mtimeMs)
  return newest
}

/**
 * Runs `build` holding a lock shared by every test process of this checkout: tap runs test files in parallel, and
 * two vite builds at once (or one emptying web/dist while another test's server serves it) break both tests.
 */
function withBuildLock (build: () => void): void {
  const lock = join(tmpdir(), `litehouse-web-build-${createHash('sha1').update(projectRoot).digest('hex').slice(0, 12)}.lock`)
  const deadline = Date.now() + 300_000
  for (;;) {
    try {
      mkdirSync(lock)
      break
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      // a lock older than any build was left by a killed run
      if (Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 240_000) rmSync(lock, { recursive: true, force: true })
      if (Date.now() > deadline) throw new Error(`another test has held ${lock} for 5 minutes`)
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200) // a synchronous sleep: the callers build synchronously
    }
  }
  try {
    build()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

/** Builds web/dist when it is missing or older than its sources; parallel test files build it once. */
export function buildWebIfStale (): void {
  withBuildLock(buildIfStale)
}

function buildIfStale (): void {
  const index = join(projectRoot, 'web', 'dist', 'index.html')
  const sources = Math.max(newestMtime(join(projectRoot, 'web', 'src')), statSync(join(projectRoot, 'web', 'index.html')).mtimeMs)
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return
  const vite = join(projectRoot, 'node_modules', '.bin', 'vite')
  const result = spawnSync(vite, ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { cwd: projectRoot, env: toolEnv(), encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`vite build failed:\n${result.stdout}\n${result.stderr}`)
}

export interface RunningServer {
  url: string
  output: () => string
  stop: () => Promise<void>
}

/** Starts the real server as a child process on 127.0.0.1 with an ephemeral port. */
export async function startServer (env: Record<string, string>): Promise<RunningServer> {
  const script = join(projectRoot, 'test', 'e2e', 'dashboard', 'server.ts')
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: projectRoot,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start within 120 s:\n${output}`)), 120_000) // a busy shared machine
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const found = /LISTENING (\S+)/.exec(output)
      if (found) { clearTimeout(timer); resolve(found[1]) }
    })
    child.stderr!.on('data', (chunk: Buffer) => { output += chunk.toString() })
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`server exited with ${code}:\n${output}`)) })
  })
  return {
    url,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    }
  }
}

export async function launchBrowser (): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync']
  })
}

export interface ConsoleWatch {
  errors: string[]
  /** Runs `action` during which HTTP error statuses in `statuses` are expected and not counted. */
  expectingHttpErrors: <T>(statuses: number[], action: () => Promise<T>) => Promise<T>
}

/** Collects console errors and uncaught page errors; failed-resource messages count unless expected. */
export function watchConsole (page: Page): ConsoleWatch {
  const errors: string[] = []
  let allowed: number[] = []
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return
    const text = message.text()
    const status = /status of (\d{3})/.exec(text)
    if (status && allowed.includes(Number(status[1]))) return
    errors.push(`${text} (${message.location().url})`)
  })
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`))
  return {
    errors,
    async expectingHttpErrors (statuses, action) {
      allowed = statuses
      try {
        return await action()
      } finally {
        // Console events arrive a moment after the response that caused them.
        await page.waitForTimeout(150)
        allowed = []
      }
    }
  }
}

/** Empties the screenshot folder, so a run's pictures (and failure shots) are its own. */
export function clearScreenshots (): void {
  rmSync(screenshotDir, { recursive: true, force: true })
  mkdirSync(screenshotDir, { recursive: true })
}

export async function screenshot (page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true })
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.waitForTimeout(120)
  // Toasts come and go with timing; leaving them out keeps the pictures comparable run to run.
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), style: '.toasts { display: none !important; }' })
}

/** Polls until `check` holds, for state the page reaches after a request. */
export async function until (check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (await check()) return
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** A dashboard test's surroundings: a server on a fresh data directory, and a browser. */
export interface DashboardRun { work: string, server: RunningServer, base: string, browser: Browser }

/**
 * Builds the dashboard if stale, starts a server on a fresh directory (`env` given that directory) and a browser;
 * all stopped and removed when `t` ends.
 */
export async function startDashboardRun (
  t: { teardown: (fn: () => unknown) => void }, prefix: string, env: (work: string) => Record<string, string> = () => ({})
): Promise<DashboardRun> {
  buildWebIfStale()
  const work = mkdtempSync(join(tmpdir(), prefix))
  let server: RunningServer | undefined
  let browser: Browser | undefined
  t.teardown(async () => {
    await browser?.close()
    await server?.stop()
    rmSync(work, { recursive: true, force: true })
  })
  server = await startServer({ DATA_DIR: join(work, 'data'), ENGINE_WORKERS: '1', ...env(work) })
  browser = await launchBrowser()
  return { work, server, base: server.url, browser }
}

/** A desktop-sized page with a timeout a busy 2-core machine meets. */
export async function openPage (browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage()
  page.setDefaultTimeout(15_000)
  return page
}

// The dashboard's Backups panel in a real browser (Debian's Chromium through playwright-core) against the real
// server with backups on (file:// replica, real Litestream): where the replica stands, the restore window and
// snapshots, snapshot now, restore to an instant as a new database, an instant outside the window refused in the
// form, and a restore in place after typing the name.
import t from 'tap'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { chromiumPath, openPage, screenshot, startDashboardRun, until, watchConsole } from './dashboard/harness.js'

t.setTimeout(300_000)
const admin = { email: 'admin@example.com', password: 'correct horse battery' }
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

if (!existsSync(chromiumPath)) {
  t.plan(0, 'chromium not installed at /usr/bin/chromium: browser tests skipped (apt-get install chromium)')
} else {
  await walk()
}

async function walk (): Promise<void> {
  const { base, browser } = await startDashboardRun(t, 'litehouse-dashboard-backups-', (dir: string) => ({
    BACKUP_URL: `file://${join(dir, 'replica')}`,
    BACKUP_SYNC_MS: '100'
  }))
  const api = async (method: string, path: string, token?: string, body?: unknown) => {
    const res = await fetch(base + path, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
    return { status: res.status, body: await res.json() as any } // eslint-disable-line @typescript-eslint/no-explicit-any
  }
  await api('POST', '/api/admin/setup', undefined, admin)
  const token: string = (await api('POST', '/api/admin/login', undefined, admin)).body.data.token
  const sql = async (db: string, text: string) => (await api('POST', `/api/databases/${db}/query`, token, { sql: text })).body.data
  const count = async (db: string): Promise<number> => (await sql(db, 'SELECT count(*) AS n FROM t'))[0].n
  await api('POST', '/api/databases', token, { name: 'shop' })
  await sql('shop', 'CREATE TABLE t (n INTEGER)')
  await sql('shop', 'INSERT INTO t VALUES (1), (2), (3)')
  // Litestream's times are whole seconds: the first state is kept over a whole second before the next writes
  await sleep(2100)
  const past = Date.now() - 600
  await sleep(1100)
  await sql('shop', 'INSERT INTO t VALUES (4), (5)')
  const wrote = Date.now()
  let last: unknown
  await until(async () => {
    last = (await api('GET', '/api/databases/shop/backups', token)).body
    const window = (last as { data?: { window: { to: string } | null } }).data?.window
    return window !== null && window !== undefined && Date.parse(window.to) >= wrote - 1000
  }, 'the replica has the last writes', 30_000).catch((err: Error) => { throw new Error(`${err.message}: ${JSON.stringify(last)}`) })

  const page = await openPage(browser)
  await page.setViewportSize({ width: 1280, height: 900 })
  const watch = watchConsole(page)
  await page.goto(base)
  await page.evaluate((value) => sessionStorage.setItem('litehouse.token', value), token)
  await page.goto(`${base}/databases/shop`)
  await page.getByRole('navigation', { name: 'Database sections' }).getByRole('link', { name: 'Backups' }).click()
  t.equal(new URL(page.url()).pathname, '/databases/shop/backups', 'the Backups tab has its own address')

  await t.test('the replica\'s state, the window and the snapshots', async (t) => {
    const stats = page.getByRole('definition').first()
    await stats.waitFor()
    t.equal((await stats.textContent())?.trim(), 'OK', 'backups are OK')
    await page.getByText('Replication lag').waitFor()
    await page.getByTestId('restore-window').waitFor()
    t.match(await page.getByTestId('restore-window').textContent(), /Any instant from .+ to .+/, 'the restore window is shown')
    const rows = page.getByRole('region', { name: 'Snapshots' }).locator('tbody tr')
    t.ok(await rows.count() >= 1, 'snapshots are listed')
    await screenshot(page, 'database-backups')

    const before = await rows.count()
    await page.getByRole('button', { name: 'Snapshot now' }).click()
    await until(async () => await rows.count() > before, 'the new snapshot is listed', 30_000)
    t.pass('snapshot now adds a snapshot to the list')
  })

  // the instant as the browser's local time, as the time picker takes it
  // (no named function inside: tsx compiles the tests keeping names, through a helper the page does not have)
  const local = (ms: number) => page.evaluate((at) => {
    const d = new Date(at)
    const [month, day, hours, minutes, seconds] = [d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()]
      .map((n) => String(n).padStart(2, '0'))
    return `${d.getFullYear()}-${month}-${day}T${hours}:${minutes}:${seconds}`
  }, ms)

  await t.test('an instant outside the window is refused in the form', async (t) => {
    await page.getByRole('button', { name: 'An instant…' }).click()
    await page.getByLabel('Instant').fill(await local(Date.parse('2001-01-01T00:00:00Z')))
    await page.getByText('Outside the restore window').waitFor()
    t.ok(await page.getByRole('button', { name: 'Restore as new database' }).isDisabled(), 'restore is disabled')
  })

  await t.test('restore to an instant as a new database', async (t) => {
    await page.getByLabel('Instant').fill(await local(past))
    await page.getByLabel('Name').fill('shop-past')
    await page.getByRole('button', { name: 'Restore as new database' }).click()
    await page.waitForURL(/\/databases\/shop-past$/, { timeout: 60_000 })
    t.equal(await count('shop-past'), 3, 'the new database holds the rows of that instant')
    t.equal(await count('shop'), 5, 'the source is untouched')
  })

  await t.test('restore in place asks for the name, then replaces the database', async (t) => {
    await page.goto(`${base}/databases/shop/backups`)
    await page.getByRole('button', { name: 'An instant…' }).click()
    await page.getByLabel('Instant').fill(await local(past))
    await page.getByRole('button', { name: 'This database (replace)' }).click()
    await page.getByRole('button', { name: 'Restore in place…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Restore shop in place' })
    t.ok(await dialog.getByRole('button', { name: 'Restore in place' }).isDisabled(), 'not before the name is typed')
    await dialog.getByRole('textbox').fill('shop')
    await dialog.getByRole('button', { name: 'Restore in place' }).click()
    await dialog.waitFor({ state: 'detached', timeout: 60_000 })
    t.equal(await count('shop'), 3, 'the database is back at that instant')
  })

  t.same(watch.errors, [], 'no console errors')
}

// The analytics pages in a real browser (Debian's Chromium through playwright-core) against the real server:
// the top-queries table and a database's patterns show p95 and errors, and the patterns sort by them (issue #24).
import tap, { type Test } from 'tap'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator } from 'playwright-core'
import { chromiumPath, openPage, screenshot, startDashboardRun, until } from './dashboard/harness.js'

if (!existsSync(chromiumPath)) tap.plan(0, 'chromium not installed at /usr/bin/chromium: browser tests skipped')
else await tap.test('top queries and a database\'s patterns show p95 and errors and sort by them', walk)

async function walk (t: Test): Promise<void> {
  const { base, browser } = await startDashboardRun(t, 'litehouse-analytics-web-', () => ({ ANALYTICS_FLUSH_MS: '100' }))
  const call = async (method: string, path: string, body?: unknown, token?: string): Promise<{ status: number, body: any }> => {
    const res = await fetch(base + path, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
    return { status: res.status, body: await res.json() }
  }
  const admin = { email: 'admin@example.com', password: 'correct horse battery' }
  t.equal((await call('POST', '/api/admin/setup', admin)).status, 201)
  const token = (await call('POST', '/api/admin/login', admin)).body.data.token as string
  t.equal((await call('POST', '/api/databases', { name: 'shop' }, token)).status, 201)
  const sql = async (text: string): Promise<number> => (await call('POST', '/api/databases/shop/query', { sql: text }, token)).status
  t.equal(await sql('CREATE TABLE items (id INTEGER PRIMARY KEY, v)'), 200)
  // most calls: a failing statement; slowest: a counting CTE
  for (let i = 0; i < 7; i++) t.equal(await sql(`SELECT * FROM missing WHERE id = ${i}`), 400)
  for (let i = 0; i < 3; i++) t.equal(await sql(`SELECT * FROM items WHERE id = ${i}`), 200)
  const slow = 'WITH RECURSIVE n (x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 300000) SELECT COUNT(*) FROM n'
  t.equal(await sql(slow), 200)
  await until(async () => ((await call('GET', '/api/analytics/shop/patterns?range=24h', undefined, token)).body.meta?.total ?? 0) >= 3, 'the flush')

  const page = await openPage(browser)
  await page.goto(base)
  await page.evaluate((value) => sessionStorage.setItem('litehouse.token', value), token)
  const cellsOf = async (table: Locator, column: string): Promise<string[]> => {
    const headers = (await table.locator('thead th').allTextContents()).map(s => s.trim())
    const index = headers.indexOf(column)
    if (index < 0) return [] // not rendered (yet): a new sort is loading
    return (await table.locator(`tbody tr > :nth-child(${index + 1})`).allTextContents()).map(s => s.trim())
  }

  await page.goto(`${base}/analytics`)
  const top = page.getByRole('region', { name: 'Top queries' })
  await top.getByRole('link', { name: 'shop' }).waitFor()
  t.same(await cellsOf(top.locator('table'), 'Errors'), ['7'], 'top queries show each pattern\'s errors')
  t.match((await cellsOf(top.locator('table'), 'P95'))[0], /\d ms$/, 'and its p95')
  await screenshot(page, 'analytics-p95-errors')

  await page.goto(`${base}/databases/shop/analytics`)
  const patterns = page.getByRole('region', { name: 'Top patterns' })
  const table = patterns.locator('table')
  await table.waitFor()
  const firstPattern = async (): Promise<string> => (await table.locator('tbody tr').first().locator('code').textContent()) ?? ''
  t.equal(await firstPattern(), 'SELECT * FROM missing WHERE id = ?', 'sorted by calls at first')
  await patterns.getByRole('button', { name: 'P95' }).click()
  await until(async () => (await firstPattern()).startsWith('WITH RECURSIVE'), 'the slowest pattern first')
  t.pass('sorted by p95, the slowest pattern comes first')
  const p95 = await cellsOf(table, 'P95')
  const ms = (text: string): number => Number(text.replace(/[^\d.]/g, '')) * (text.endsWith(' s') ? 1000 : 1)
  t.ok(p95.every((v, i) => i === 0 || ms(v) <= ms(p95[i - 1])), `p95 descending: ${p95.join(', ')}`)
  await patterns.getByRole('button', { name: 'Errors' }).click()
  await until(async () => (await cellsOf(table, 'Errors'))[0] === '7', 'the failing pattern first')
  t.equal(await firstPattern(), 'SELECT * FROM missing WHERE id = ?', 'sorted by errors')
  await screenshot(page, 'database-patterns-p95')

  // a big server: top queries have one item per database, 52 here; the table shows the 50 with the most calls and
  // says so (a search for SELECT, whose answer is not cached yet)
  for (let i = 0; i < 51; i++) {
    t.equal((await call('POST', '/api/databases', { name: `tenant${i}` }, token)).status, 201)
    t.equal((await call('POST', `/api/databases/tenant${i}/query`, { sql: 'SELECT 1' }, token)).status, 200)
  }
  await until(async () => ((await call('GET', '/api/analytics/tenant50/patterns?range=24h', undefined, token)).body.meta?.total ?? 0) >= 1, 'the flush')
  await page.goto(`${base}/analytics`)
  await top.getByRole('link', { name: 'shop' }).waitFor()
  await top.getByRole('searchbox').fill('SELECT')
  await until(async () => await top.locator('tbody tr').count() === 50, '50 rows')
  t.equal((await top.locator('tbody tr').first().locator('a').textContent())?.trim(), 'shop', 'the most calls first')
  t.ok(await top.getByText('The 50 databases with the most calls; search to find others.').isVisible(), 'the table says it shows the first 50')
}

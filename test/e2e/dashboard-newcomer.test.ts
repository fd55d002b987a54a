// The dashboard bugs a newcomer hit (issue #28, item 7), each in a real browser against the real server: signed in
// right after setup, a new record shown even when the page shows other rows, the records view (filter, sort,
// search, page) kept in the URL through a reload and the back button, and a clear page for a missing database.
import t, { type Test } from 'tap'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { chromiumPath, type ConsoleWatch, openPage, screenshot, startDashboardRun, until, watchConsole } from './dashboard/harness.js'
import { apiAs, seedItems, setUpAdmin } from './dashboard/session.js'

if (!existsSync(chromiumPath)) {
  t.plan(0, 'chromium not installed at /usr/bin/chromium: browser tests skipped (apt-get install chromium)')
} else {
  await run()
}

async function run (): Promise<void> {
  const { base, browser } = await startDashboardRun(t, 'litehouse-newcomer-')
  const page = await openPage(browser)
  const watch = watchConsole(page)

  const steps: Array<[string, (t: Test) => Promise<void>]> = [
    ['signed in right after setup', (t) => signedInAfterSetup(t, page, base)],
    ['a new record is shown when the page shows other rows', (t) => newRecordShown(t, page, base)],
    ['filters, sort and search are kept in the URL', (t) => viewInUrl(t, page, base)],
    ['a missing database or table shows a not-found page without tabs', (t) => missingDatabase(t, page, base, watch)]
  ]
  for (const [name, step] of steps) {
    await t.test(name, async (t) => {
      try {
        await step(t)
      } catch (err) {
        await screenshot(page, `failed-newcomer-${name.replace(/\W+/g, '-')}`).catch(() => {})
        throw err
      }
    })
  }
  t.same(watch.errors, [], 'no console errors')
}

/** The text of column `index` (0-based) in every data row of the records grid, pinned rows included. */
async function gridColumn (page: Page, index: number): Promise<string[]> {
  return (await page.locator(`.records-grid tbody tr:not(.editing) td:nth-child(${index + 1})`).allTextContents()).map((s) => s.trim())
}

function range (from: number, to: number): string[] {
  return Array.from({ length: to - from + 1 }, (_, i) => String(from + i))
}

async function token (page: Page): Promise<string> {
  return (await page.evaluate(() => sessionStorage.getItem('litehouse.token'))) ?? ''
}

async function signedInAfterSetup (t: Test, page: Page, base: string): Promise<void> {
  const session = await setUpAdmin(page, base)
  t.equal(new URL(page.url()).pathname, '/databases', 'setup lands on the databases page')
  t.equal(await page.getByRole('heading', { name: 'Sign in' }).count(), 0, 'no second sign-in')
  t.equal((await apiAs(base, session)('GET', '/api/admin/me')).body.data.email, 'admin@example.com', 'the saved session is the new admin\'s')
  await seedItems(apiAs(base, session), 'shop', 30)
}

async function addRecord (page: Page, values: Record<string, string>): Promise<void> {
  await page.getByRole('button', { name: 'Add record' }).click()
  const row = page.locator('tr.editing')
  for (const [column, value] of Object.entries(values)) await row.getByLabel(column, { exact: true }).fill(value)
  await row.getByRole('button', { name: 'Save' }).click()
  await row.waitFor({ state: 'detached' })
}

async function newRecordShown (t: Test, page: Page, base: string): Promise<void> {
  await page.goto(`${base}/databases/shop/tables/items?limit=25`)
  await until(async () => (await gridColumn(page, 0)).length === 25, 'the first page')
  await addRecord(page, { name: 'Newcomer', n: '99' })
  const added = page.locator('.records-grid tr.row-added')
  await added.waitFor()
  t.same((await added.locator('td').allTextContents()).slice(0, 3), ['31', 'Newcomer', '99'], 'record 31 (page 2) is shown, pinned at the top')
  t.match(await added.textContent(), /new/, 'marked new')
  t.match(await page.locator('.records > .note').allTextContents(), [/A new record is shown at the top/], 'a note says why it is there')
  await until(async () => (await gridColumn(page, 0)).length === 26, 'the reloaded page')
  t.same((await gridColumn(page, 0)).slice(0, 3), ['31', '1', '2'], 'above the page it was not on')
  await screenshot(page, 'records-new-pinned')

  // On the page it belongs to, the record takes its place and is not pinned twice.
  await page.goto(`${base}/databases/shop/tables/items?sort=-n&limit=25`)
  await until(async () => (await gridColumn(page, 0))[0] === '31', 'sorted by n descending')
  await addRecord(page, { name: 'Top', n: '1000' })
  // pinned until the page reloads (a moment), then in its place: 25 rows, none of them pinned
  await until(async () => (await gridColumn(page, 0)).length === 25 && (await gridColumn(page, 0))[0] === '32', 'record 32 first')
  t.equal(await page.locator('.records-grid tr.row-added').count(), 0, 'a record on the page is not pinned')
  t.same((await gridColumn(page, 0)).slice(0, 3), ['32', '31', '30'], 'in its sorted place')
}

/** The same-document history steps the back button takes. */
async function back (page: Page): Promise<void> {
  await page.evaluate(() => history.back())
}

async function viewInUrl (t: Test, page: Page, base: string): Promise<void> {
  const table = `${base}/databases/shop/tables/items`
  await page.goto(table)
  await until(async () => (await gridColumn(page, 0)).length === 32, 'every record')

  await page.getByRole('button', { name: 'Filters', exact: true }).click()
  const condition = page.getByRole('form', { name: 'Filters' }).getByRole('group', { name: 'Condition 1' })
  await condition.getByLabel('Column').selectOption('n')
  await condition.getByLabel('Operator').selectOption('gt')
  await condition.getByLabel('Value').fill('25')
  await page.getByRole('button', { name: 'Apply filters' }).click()
  await until(async () => (await gridColumn(page, 0)).length === 7, 'n > 25')
  t.equal(new URL(page.url()).searchParams.get('filter'), '{"n__gt":25}', 'the filter is in the URL, as the API takes it')

  const header = page.getByRole('columnheader', { name: /^n integer/i })
  await header.getByRole('button').click()
  await until(async () => (await header.getAttribute('aria-sort')) === 'ascending', 'ascending')
  await header.getByRole('button').click()
  await until(async () => (await gridColumn(page, 0)).join() === '32,31,30,29,28,27,26', 'descending by n')
  t.equal(new URL(page.url()).searchParams.get('sort'), '-n', 'the sort is in the URL')

  await page.reload()
  await until(async () => (await gridColumn(page, 0)).join() === '32,31,30,29,28,27,26', 'the same rows after a reload')
  t.equal(await header.getAttribute('aria-sort'), 'descending', 'a reload keeps the sort')
  const filters = page.locator('button[aria-controls="filter-panel"]')
  t.equal((await filters.textContent())?.trim(), 'Filters1', 'and the filter')
  await filters.click()
  t.equal(await condition.getByLabel('Value').inputValue(), '25', 'the filter builder shows the filter from the URL')
  t.equal(await condition.getByLabel('Operator').inputValue(), 'gt', 'with its operator')

  await back(page)
  await until(async () => (await gridColumn(page, 0)).join() === range(26, 32).join(), 'back to ascending')
  t.equal(await header.getAttribute('aria-sort'), 'ascending', 'back undoes the second sort click')
  await back(page)
  await until(async () => (await header.getAttribute('aria-sort')) === 'none', 'back to unsorted')
  await until(async () => (await gridColumn(page, 0)).join() === range(26, 32).join(), 'still filtered')
  t.equal(new URL(page.url()).searchParams.get('filter'), '{"n__gt":25}', 'back undoes the first sort click, the filter stays')
  await back(page)
  await until(async () => (await gridColumn(page, 0)).length === 32, 'back to every record')
  t.equal(new URL(page.url()).search, '', 'the plain table URL again')

  await page.getByLabel('Search').fill('item 2')
  await until(async () => (await gridColumn(page, 0)).join() === ['2', ...range(20, 29)].join(), 'search results')
  await until(async () => new URL(page.url()).searchParams.get('search') === 'item 2', 'search in the URL')
  await page.reload()
  await until(async () => (await gridColumn(page, 0)).length === 11, 'the search after a reload')
  t.equal(await page.getByLabel('Search').inputValue(), 'item 2', 'a reload keeps the search box')

  await page.goto(`${table}?limit=25`)
  await until(async () => (await gridColumn(page, 0)).length === 25, 'page 1')
  await page.getByRole('button', { name: 'Next →' }).click()
  await until(async () => (await gridColumn(page, 0)).join() === range(26, 32).join(), 'page 2')
  t.equal(new URL(page.url()).searchParams.get('offset'), '25', 'the page is in the URL')
  await back(page)
  await until(async () => (await gridColumn(page, 0)).join() === range(1, 25).join(), 'back to page 1')
  t.pass('back returns to the previous page of records')
  t.ok(await token(page), 'still signed in')
}

async function missingDatabase (t: Test, page: Page, base: string, watch: ConsoleWatch): Promise<void> {
  await watch.expectingHttpErrors([404], async () => {
    await page.goto(`${base}/databases/nope/tables/items`)
    await page.getByRole('heading', { name: 'Database not found' }).waitFor()
  })
  t.match(await page.locator('main').textContent(), /No database is named “nope”/, 'names the missing database')
  t.equal(await page.getByRole('navigation', { name: 'Database sections' }).count(), 0, 'no database tabs')
  t.equal(await page.locator('.records-grid').count(), 0, 'no records grid')
  t.equal(await page.title(), 'Database not found · Litehouse', 'the title says so')
  await screenshot(page, 'database-not-found')
  await page.getByRole('link', { name: 'Go to databases' }).click()
  await page.getByRole('link', { name: 'shop', exact: true }).waitFor()
  t.pass('a link leads back to the databases')

  await watch.expectingHttpErrors([404], async () => {
    await page.goto(`${base}/databases/shop/tables/nope`)
    await page.getByText('No table is named “nope” in shop.').waitFor()
  })
  t.equal(await page.getByRole('navigation', { name: 'Table views' }).count(), 0, 'a missing table: no Records/Structure tabs')
  await page.getByRole('link', { name: 'Show the tables of shop' }).click()
  await page.getByText('items', { exact: true }).first().waitFor()
  t.pass('a link leads to the database\'s tables')
}

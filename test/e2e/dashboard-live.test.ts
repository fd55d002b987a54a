// The records page's live view (issue #26, item 4) in a real browser: with Live on, rows written by others (the
// records API, raw SQL) appear, change and go without a reload, over EventSource with a change feed token.
import t, { type Test } from 'tap'
import { existsSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { chromiumPath, type ConsoleWatch, openPage, screenshot, startDashboardRun, until, watchConsole } from './dashboard/harness.js'
import { apiAs, seedItems, setUpAdmin } from './dashboard/session.js'

if (!existsSync(chromiumPath)) {
  t.plan(0, 'chromium not installed at /usr/bin/chromium: browser tests skipped (apt-get install chromium)')
} else {
  await run()
}

/** The text of column `index` (0-based) in every data row of the records grid, pinned rows included. */
async function gridColumn (page: Page, index: number): Promise<string[]> {
  return (await page.locator(`.records-grid tbody tr:not(.editing) td:nth-child(${index + 1})`).allTextContents()).map((s) => s.trim())
}

async function run (): Promise<void> {
  const { base, browser } = await startDashboardRun(t, 'litehouse-live-')
  const page = await openPage(browser)
  const watch = watchConsole(page)
  await t.test('rows written elsewhere appear, change and go', async (t) => {
    try {
      await follow(t, page, base, watch)
    } catch (err) {
      await screenshot(page, 'failed-records-live').catch(() => {})
      throw err
    }
  })
  t.same(watch.errors, [], 'no console errors')
}

async function follow (t: Test, page: Page, base: string, watch: ConsoleWatch): Promise<void> {
  const feedUrls: string[] = []
  page.on('request', (request) => { if (/\/changes\?/.test(request.url())) feedUrls.push(request.url()) })

  const api = apiAs(base, await setUpAdmin(page, base))
  await seedItems(api, 'shop', 30)
  const records = '/api/databases/shop/tables/items/records'

  // a view has no triggers, so nothing to follow: no Live button
  t.equal((await api('POST', '/api/databases/shop/query', { sql: 'CREATE VIEW big AS SELECT * FROM items WHERE n > 20' })).status, 200, 'a view is created')
  await page.goto(`${base}/databases/shop/tables/big?live=1`)
  await until(async () => (await gridColumn(page, 0)).length === 10, 'the view\'s rows')
  t.equal(await page.getByRole('button', { name: 'Live', exact: true }).count(), 0, 'a view offers no live view')
  t.equal(await page.locator('.live-log').count(), 0, 'and ?live=1 does not subscribe to it')

  await page.goto(`${base}/databases/shop/tables/items?limit=25`)
  await until(async () => (await gridColumn(page, 0)).length === 25, 'the first page')
  const liveButton = page.getByRole('button', { name: 'Live', exact: true })
  await liveButton.click()
  await page.getByText('Live: changes appear as they are committed').waitFor()
  t.equal(await liveButton.getAttribute('aria-pressed'), 'true', 'the Live button is pressed')
  t.equal(new URL(page.url()).searchParams.get('live'), '1', 'live is part of the URL')
  t.ok(feedUrls.length > 0 && feedUrls.every((u) => /[?&]token=/.test(u) && /[?&]tables=items/.test(u)),
    'EventSource subscribes with a change feed token, to this table only')

  // A record inserted elsewhere (page 2 of this view) appears, pinned on top and marked new.
  t.equal((await api('POST', records, { name: 'from the API', n: 500 })).status, 201, 'the API answers POST with 201')
  const pinned = page.locator('.records-grid tr.row-added')
  await until(async () => (await pinned.count()) === 1, 'the inserted row')
  t.same((await pinned.locator('td').allTextContents()).slice(0, 3), ['31', 'from the API', '500'], 'a record inserted through the API appears')
  await page.locator('.live-changes li', { hasText: /insert\s+record 31/ }).waitFor()
  t.pass('the change is listed in the live log')

  t.equal((await api('POST', '/api/databases/shop/query', { sql: "INSERT INTO items (name, n) VALUES ('from raw SQL', 501)" })).status, 200, 'the API answers POST with 200')
  await until(async () => (await pinned.count()) === 2, 'the row inserted by raw SQL')
  t.same((await gridColumn(page, 1)).slice(0, 2), ['from raw SQL', 'from the API'], 'a raw-SQL insert appears too, newest first')

  // Changes to rows of the page and to pinned rows show; deleted rows go.
  t.equal((await api('PATCH', `${records}/2`, { name: 'renamed' })).status, 200, 'the API answers PATCH with 200')
  await until(async () => (await gridColumn(page, 1)).includes('renamed'), 'the updated row')
  t.pass('an update to a row on the page shows')
  t.equal((await api('PATCH', `${records}/31`, { n: 600 })).status, 200, 'the API answers PATCH with 200')
  await until(async () => (await pinned.last().locator('td').nth(2).textContent()) === '600', 'the updated pinned row')
  t.pass('an update to a pinned row shows')
  t.equal((await api('DELETE', `${records}/3`)).status, 200, 'the API answers DELETE with 200')
  t.equal((await api('DELETE', `${records}/32`)).status, 200, 'the API answers DELETE with 200')
  await until(async () => {
    const ids = await gridColumn(page, 0)
    return !ids.includes('3') && !ids.includes('32') && ids.length === 26
  }, 'the deleted rows gone')
  t.same((await gridColumn(page, 0)).slice(0, 4), ['31', '1', '2', '4'], 'deleted rows disappear, pinned or not')
  await screenshot(page, 'records-live')

  // A reload keeps following; turning Live off stops.
  await page.reload()
  await page.getByText('Live: changes appear as they are committed').waitFor()
  t.equal((await api('POST', records, { name: 'after reload', n: 502 })).status, 201, 'the API answers POST with 201')
  await until(async () => (await gridColumn(page, 1)).includes('after reload'), 'the row inserted after a reload')
  t.pass('a reload with ?live=1 follows again')

  await liveButton.click()
  await page.locator('.live-log').waitFor({ state: 'detached' })
  t.equal(new URL(page.url()).searchParams.get('live'), null, 'live off leaves the URL')
  t.equal((await api('POST', records, { name: 'not followed', n: 503 })).status, 201, 'the API answers POST with 201')
  await page.waitForTimeout(1000) // nothing should arrive: a bounded wait for an absence
  t.notOk((await gridColumn(page, 1)).includes('not followed'), 'with Live off the grid does not change by itself')

  // The server ends the stream when the database is renamed: the page says so instead of retrying for ever.
  await liveButton.click()
  await page.getByText('Live: changes appear as they are committed').waitFor()
  // a reconnection or reload racing the rename may find `shop` gone (404): the page shows that, it is not a fault
  await watch.expectingHttpErrors([404], async () => {
    t.equal((await api('PATCH', '/api/databases/shop', { name: 'store' })).status, 200, 'the API answers PATCH with 200')
    await page.getByText('The change feed ended (renamed)').waitFor()
  })
  t.pass('a renamed database ends the live view with its reason')
}

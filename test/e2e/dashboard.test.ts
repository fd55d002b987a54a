// The admin dashboard in a real browser (Debian's Chromium through playwright-core) against the
// real server: first-run setup to delete, every main page screenshotted to test-artifacts/screenshots.
import t, { type Test } from 'tap'
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import {
  buildWebIfStale, chromiumPath, clearScreenshots, launchBrowser, projectRoot, screenshot, startServer, until, watchConsole,
  type ConsoleWatch, type RunningServer
} from './dashboard/harness.js'

const email = 'admin@example.com'
const password = 'correct horse battery'
const chinook = join(projectRoot, 'test', 'fixtures', 'chinook.sqlite')

const missingApp = ['app.ts', 'fastify.config.ts'].filter((f) => !existsSync(join(projectRoot, f)))

if (!existsSync(chromiumPath)) {
  t.plan(0, 'chromium not installed at /usr/bin/chromium: browser tests skipped (apt-get install chromium)')
} else if (missingApp.length > 0) {
  t.plan(0, `${missingApp.join(' and ')} not written yet: the dashboard test needs the real server`)
} else {
  await walk()
}

async function walk (): Promise<void> {
  buildWebIfStale()
  clearScreenshots()
  const work = mkdtempSync(join(tmpdir(), 'litehouse-dashboard-'))
  const importFile = join(work, 'chinook-upload.sqlite')
  copyFileSync(chinook, importFile)

  let server: RunningServer | undefined
  let browser: Browser | undefined
  t.teardown(async () => {
    await browser?.close()
    await server?.stop()
    rmSync(work, { recursive: true, force: true })
  })

  server = await startServer({
    DATA_DIR: join(work, 'data'),
    ANALYTICS_FLUSH_MS: '200',
    SNAPSHOT_INTERVAL_MS: '1000',
    ENGINE_WORKERS: '1'
  })
  const base = server.url
  browser = await launchBrowser()
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true })
  const page = await context.newPage()
  // Generous for a busy 2-core machine; a missing API area still fails its step quickly enough.
  page.setDefaultTimeout(10_000)
  const watch = watchConsole(page)

  // Each step is a subtest: when an API area is missing its step fails and the walk goes on.
  const steps: Array<[string, (t: Test) => Promise<void>]> = [
    ['first-run setup signs in', (t) => setupAndSignIn(t, page, base)],
    ['create a database in a group', (t) => createDatabase(t, page)],
    ['create a table', (t) => createTable(t, page)],
    ['add, edit and delete records in the grid', (t) => editRecords(t, page, watch)],
    ['typed values: booleans, JSON and floats as values, the key read-only in Edit', (t) => typedValues(t, page, base)],
    ['filter with every operator, sort and search', (t) => filterAndSort(t, page)],
    ['alter the table structure', (t) => alterTable(t, page)],
    ['run SQL with parameters and see SQLite errors', (t) => runSql(t, page, watch)],
    ['create, rotate and revoke an API key', (t) => manageKeys(t, page, base)],
    ['import and export a database file', (t) => importAndExport(t, page, importFile)],
    ['history routing and JSON 404s', (t) => routing(t, page, base)],
    ['analytics pages show the recorded queries', (t) => analytics(t, page)],
    ['activity log and settings', (t) => activityAndSettings(t, page)],
    ['the cluster page says cluster mode is off', (t) => clusterOff(t, page, watch)],
    ['readonly, CORS, rename and delete', (t) => renameAndDelete(t, page)],
    ['narrow screen and keyboard', (t) => narrowScreen(t, page)],
    ['sign out', (t) => signOut(t, page, base)]
  ]
  for (const [name, step] of steps) {
    await t.test(name, async (t) => {
      try {
        await step(t)
      } catch (err) {
        await screenshot(page, `failed-${name.replace(/\W+/g, '-')}`).catch(() => {})
        throw err
      }
    })
  }

  t.same(watch.errors, [], 'no console errors during the walk')
}

async function heading (page: Page, name: string): Promise<void> {
  await page.getByRole('heading', { name, exact: true }).first().waitFor()
}

async function texts (page: Page, selector: string): Promise<string[]> {
  return (await page.locator(selector).allTextContents()).map((s) => s.trim())
}

/** The text of column `index` (0-based) in every data row of the records grid. */
async function gridColumn (page: Page, index: number): Promise<string[]> {
  return texts(page, `.records-grid tbody tr:not(.editing) td:nth-child(${index + 1})`)
}

async function setupAndSignIn (t: Test, page: Page, base: string): Promise<void> {
  await page.goto(base)
  await heading(page, 'Welcome')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Repeat password').fill(password)
  await screenshot(page, 'setup')
  await page.getByRole('button', { name: 'Create admin account' }).click()

  // signed in at once: no second form (issue #28)
  await heading(page, 'Databases')
  t.equal(new URL(page.url()).pathname, '/databases', 'lands on the databases page')
  t.ok(await page.evaluate(() => sessionStorage.getItem('litehouse.token')), 'the session token is kept in sessionStorage')
}

async function createDatabase (t: Test, page: Page): Promise<void> {
  await page.getByRole('button', { name: 'New database' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'New database' })
  await dialog.getByLabel('Name').fill('shop')
  await dialog.getByLabel('Group').fill('demo')
  await dialog.getByRole('button', { name: 'Create database' }).click()
  await dialog.waitFor({ state: 'detached' })
  const group = page.getByRole('region', { name: /demo/ })
  await group.getByRole('link', { name: 'shop' }).waitFor()
  t.pass('shop is listed under the demo group')
}

async function createTable (t: Test, page: Page): Promise<void> {
  await page.getByRole('link', { name: 'shop', exact: true }).click()
  await heading(page, 'shop')
  await page.getByRole('button', { name: 'New table' }).click()
  const dialog = page.getByRole('dialog', { name: 'New table' })
  await dialog.getByLabel('Table name').fill('products')
  const column = (n: number) => dialog.getByRole('group', { name: `Column ${n}` })
  await column(2).getByLabel('Name').fill('name')
  await column(2).getByLabel('Not null').check()
  await dialog.getByRole('button', { name: '+ Add column' }).click()
  await column(3).getByLabel('Name').fill('price')
  await column(3).getByLabel('Type').selectOption('real')
  await dialog.getByRole('button', { name: '+ Add column' }).click()
  await column(4).getByLabel('Name').fill('qty')
  await column(4).getByLabel('Type').selectOption('integer')
  await dialog.getByRole('button', { name: 'Create table' }).click()
  await dialog.waitFor({ state: 'detached' })
  await page.getByRole('heading', { name: 'products' }).waitFor()
  t.match(new URL(page.url()).pathname, /\/databases\/shop\/tables\/products$/, 'opens the new table')
  await page.locator('.records-grid thead').waitFor()
  t.same(await texts(page, '.records-grid thead .sort-button > span:first-child'), ['id', 'name', 'price', 'qty'], 'grid shows the columns')
}

async function addRecord (page: Page, values: Record<string, string>): Promise<void> {
  await page.getByRole('button', { name: 'Add record' }).click()
  const row = page.locator('tr.editing')
  for (const [column, value] of Object.entries(values)) await row.getByLabel(column, { exact: true }).fill(value)
  await row.getByRole('button', { name: 'Save' }).click()
  await row.waitFor({ state: 'detached' })
}

async function editRecords (t: Test, page: Page, watch: ConsoleWatch): Promise<void> {
  await addRecord(page, { name: 'Apple', price: '1.5', qty: '10' })
  await addRecord(page, { name: 'Banana', price: '0.25', qty: '100' })
  await addRecord(page, { name: 'Cherry', price: '7', qty: '5' })
  await addRecord(page, { name: 'Durian', price: '12', qty: '1' })
  await until(async () => (await gridColumn(page, 1)).length === 4, 'four records')
  t.same(await gridColumn(page, 1), ['Apple', 'Banana', 'Cherry', 'Durian'], 'records added through the grid')
  t.same(await gridColumn(page, 0), ['1', '2', '3', '4'], 'ids come from auto-increment')

  await watch.expectingHttpErrors([409], async () => {
    await page.getByRole('button', { name: 'Add record' }).click()
    const row = page.locator('tr.editing')
    await row.getByLabel('price', { exact: true }).fill('3')
    await row.getByRole('button', { name: 'Save' }).click()
    await page.locator('tr.editing-error [role=alert]').waitFor()
    t.match(await page.locator('tr.editing-error').textContent(), /NOT NULL/i, 'a constraint violation shows SQLite\'s message')
    await row.getByRole('button', { name: 'Cancel' }).click()
  })

  await page.getByRole('button', { name: 'Edit record 2' }).click()
  const editing = page.locator('tr.editing')
  t.equal(await editing.getByLabel('name', { exact: true }).inputValue(), 'Banana', 'edit row holds the stored values')
  await editing.getByLabel('price', { exact: true }).fill('0.5')
  await editing.getByRole('button', { name: 'Save' }).click()
  await editing.waitFor({ state: 'detached' })
  await until(async () => (await gridColumn(page, 2))[1] === '0.5', 'edited price')
  t.pass('record 2 edited in place')

  await page.getByRole('button', { name: 'Delete record 4' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete record' })
  await dialog.getByRole('button', { name: 'Delete record' }).click()
  await dialog.waitFor({ state: 'detached' })
  await until(async () => (await gridColumn(page, 1)).length === 3, 'three records')
  t.same(await gridColumn(page, 1), ['Apple', 'Banana', 'Cherry'], 'record 4 deleted')
  t.match(await page.locator('.pager-range').textContent(), /1–3 of 3/, 'pager shows the server total')
  await screenshot(page, 'table-records')
}

async function typedValues (t: Test, page: Page, base: string): Promise<void> {
  const token = await page.evaluate(() => sessionStorage.getItem('litehouse.token'))
  const api = async (method: string, path: string, body?: unknown): Promise<any> => { // eslint-disable-line @typescript-eslint/no-explicit-any
    const res = await fetch(`${base}/api/databases/shop${path}`, {
      method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body)
    })
    return res.json()
  }
  await api('POST', '/tables', {
    name: 'flags',
    columns: [{ name: 'id', type: 'integer', primary_key: true }, { name: 'done', type: 'boolean' }, { name: 'tags', type: 'json' }, { name: 'amount', type: 'real' }]
  })
  await api('POST', '/tables/flags/records', { done: true, tags: ['a', 'b'], amount: 42.900000000000006 })
  const previous = page.url()
  await page.goto(`${base}/databases/shop/tables/flags`)
  await until(async () => (await gridColumn(page, 0)).length === 1, 'the record')
  t.same([(await gridColumn(page, 1))[0], (await gridColumn(page, 2))[0], (await gridColumn(page, 3))[0]], ['true', '["a","b"]', '42.9'],
    'a boolean as true, JSON as JSON, a float without binary noise')

  await page.getByRole('button', { name: 'Edit record 1' }).click()
  const editing = page.locator('tr.editing')
  t.ok(await editing.getByLabel('id', { exact: true }).evaluate((input: HTMLInputElement) => input.readOnly), 'the primary key is read-only')
  t.equal(await editing.getByLabel('tags', { exact: true }).inputValue(), '["a","b"]', 'JSON is edited as JSON')
  await editing.getByLabel('done', { exact: true }).fill('false')
  await editing.getByLabel('tags', { exact: true }).fill('{"k":1}')
  await editing.getByRole('button', { name: 'Save' }).click()
  await editing.waitFor({ state: 'detached' })
  await until(async () => (await gridColumn(page, 1))[0] === 'false', 'the saved boolean')
  t.strictSame((await api('GET', '/tables/flags/records/1')).data, { id: 1, done: false, tags: { k: 1 }, amount: 42.900000000000006 },
    'saved as a boolean and a JSON object')
  await screenshot(page, 'typed-values')
  await api('DELETE', '/tables/flags') // the walk goes on with products alone
  await page.goto(previous)
}

async function filterAndSort (t: Test, page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Filters', exact: true }).click()
  const builder = page.getByRole('form', { name: 'Filters' })
  const condition = builder.getByRole('group', { name: 'Condition 1' })
  const cases: Array<[string, string, string, string[]]> = [
    ['price', 'eq', '7', ['Cherry']],
    ['price', 'ne', '7', ['Apple', 'Banana']],
    ['qty', 'gt', '10', ['Banana']],
    ['qty', 'gte', '10', ['Apple', 'Banana']],
    ['price', 'lt', '1.5', ['Banana']],
    ['price', 'lte', '1.5', ['Apple', 'Banana']],
    ['name', 'in', 'Apple, Cherry', ['Apple', 'Cherry']],
    ['name', 'like', '%an%', ['Banana']],
    ['name', 'glob', 'C*', ['Cherry']]
  ]
  for (const [column, op, value, expected] of cases) {
    await condition.getByLabel('Column').selectOption(column)
    await condition.getByLabel('Operator').selectOption(op)
    await condition.getByLabel('Value').fill(value)
    await builder.getByRole('button', { name: 'Apply filters' }).click()
    await until(async () => JSON.stringify(await gridColumn(page, 1)) === JSON.stringify(expected), `${column}__${op}`)
    t.pass(`${column}__${op} ${value} → ${expected.join(', ')}`)
  }
  await builder.getByRole('button', { name: 'Clear filters' }).click()
  await until(async () => (await gridColumn(page, 1)).length === 3, 'filters cleared')
  await page.getByRole('button', { name: 'Filters', exact: true }).click()

  const priceHeader = page.getByRole('columnheader', { name: /price/ })
  await priceHeader.getByRole('button').click()
  await until(async () => (await gridColumn(page, 1)).join() === 'Banana,Apple,Cherry', 'ascending price')
  t.equal(await priceHeader.getAttribute('aria-sort'), 'ascending', 'header announces the sort')
  await priceHeader.getByRole('button').click()
  await until(async () => (await gridColumn(page, 1)).join() === 'Cherry,Apple,Banana', 'descending price')
  t.equal(await priceHeader.getAttribute('aria-sort'), 'descending', 'second click sorts descending')
  await priceHeader.getByRole('button').click()

  await page.getByLabel('Search').fill('NAN')
  await until(async () => (await gridColumn(page, 1)).join() === 'Banana', 'search result')
  t.pass('search matches text columns case-insensitively')
  await page.getByLabel('Search').fill('')
  await until(async () => (await gridColumn(page, 1)).length === 3, 'search cleared')
}

async function alterTable (t: Test, page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Table views' }).getByRole('link', { name: 'Structure' }).click()
  await heading(page, 'Columns')
  const add = page.locator('form', { has: page.getByRole('heading', { name: 'Add columns' }) })
  await add.getByRole('group', { name: 'Column 1' }).getByLabel('Name').fill('sku')
  await add.getByRole('button', { name: 'Add columns' }).click()
  await page.getByRole('rowheader', { name: 'sku' }).waitFor()
  const rename = page.locator('form', { has: page.getByRole('heading', { name: 'Rename column' }) })
  await rename.getByLabel('Column').selectOption('qty')
  await rename.getByLabel('New name').fill('quantity')
  await rename.getByRole('button', { name: 'Rename column' }).click()
  await page.getByRole('rowheader', { name: 'quantity' }).waitFor()
  const drop = page.locator('form', { has: page.getByRole('heading', { name: 'Drop columns' }) })
  await drop.getByLabel('sku').check()
  await drop.getByRole('button', { name: 'Drop selected columns' }).click()
  await page.getByRole('rowheader', { name: 'sku' }).waitFor({ state: 'detached' })
  t.same(await texts(page, '.card-flush table tbody th'), ['id', 'name', 'price', 'quantity'], 'column added, renamed and dropped')
  await screenshot(page, 'table-structure')
}

async function runSql (t: Test, page: Page, watch: ConsoleWatch): Promise<void> {
  await page.getByRole('link', { name: 'SQL console' }).click()
  const sql = page.getByLabel('SQL', { exact: true })
  await sql.fill('SELECT name, price FROM products WHERE price > ? ORDER BY price')
  await page.getByLabel(/Parameters/).fill('[1]')
  await page.getByRole('button', { name: 'Run' }).click()
  const result = page.locator('.sql-result')
  await result.locator('table').waitFor()
  t.same(await texts(page, '.sql-result thead th'), ['name', 'price'], 'result columns from meta.columns')
  t.same(await texts(page, '.sql-result tbody td:first-child'), ['Apple', 'Cherry'], 'positional parameter bound')
  t.match(await result.locator('.timing').textContent(), /\d(\.\d+)? (ms|s)$/, 'timing measured in the browser')
  await screenshot(page, 'sql-console')

  await sql.fill('UPDATE products SET quantity = quantity + 1 WHERE name = :name')
  await page.getByLabel(/Parameters/).fill('{"name": "Apple"}')
  await page.getByRole('button', { name: 'Run' }).click()
  await until(async () => /1 row changed/.test(await result.locator('.card-title').textContent() ?? ''), 'changes')
  t.pass('a write reports its changes, with named parameters')

  await watch.expectingHttpErrors([400], async () => {
    await sql.fill('SELECT * FROM no_such_table')
    await page.getByLabel(/Parameters/).fill('')
    await page.getByRole('button', { name: 'Run' }).click()
    await result.getByRole('alert').waitFor()
  })
  t.match(await result.getByRole('alert').textContent(), /no such table: no_such_table/, 'SQLite\'s own message is shown')
}

async function manageKeys (t: Test, page: Page, base: string): Promise<void> {
  const works = async (key: string): Promise<number> =>
    (await fetch(`${base}/api/databases/shop`, { headers: { authorization: `Bearer ${key}` } })).status

  await page.getByRole('link', { name: 'API keys' }).click()
  await page.getByLabel('Label').fill('reporting')
  await page.getByLabel('Scope').selectOption('read')
  await page.getByRole('button', { name: 'Create key' }).click()
  const revealed = page.getByLabel('Raw API key')
  await revealed.waitFor()
  const first = await revealed.inputValue()
  t.match(first, /^lh_[A-Za-z0-9]{40}$/, 'the raw key is revealed once')
  t.equal(await works(first), 200, 'the revealed key works')
  const row = page.getByRole('row', { name: /reporting/ })
  await row.waitFor()
  t.match(await row.textContent(), new RegExp(`read.*${first.slice(0, 7)}…`), 'the list shows scope and prefix only')
  t.notOk((await page.locator('table').textContent())?.includes(first), 'the raw key is not in the list')
  await screenshot(page, 'api-keys')
  await page.getByRole('button', { name: 'I have stored it' }).click()

  await page.getByRole('button', { name: 'Rotate key reporting' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Rotate key' }).click()
  await until(async () => (await revealed.count()) === 1 && (await revealed.inputValue()) !== first, 'rotated key')
  const second = await revealed.inputValue()
  t.equal(await works(first), 401, 'the old key stops working on rotation')
  t.equal(await works(second), 200, 'the new key works')

  await page.getByRole('button', { name: 'Revoke key reporting' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke key' }).click()
  await row.waitFor({ state: 'detached' })
  t.equal(await works(second), 401, 'a revoked key is refused')
}

async function importAndExport (t: Test, page: Page, importFile: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Sections', exact: true }).getByRole('link', { name: 'Databases' }).click()
  await page.getByRole('button', { name: 'Import' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Import a database' })
  await dialog.getByLabel('SQLite file').setInputFiles(importFile)
  t.equal(await dialog.getByLabel('Name').inputValue(), 'chinook-upload', 'name suggested from the file name')
  await dialog.getByLabel('Name').fill('chinook')
  await dialog.getByRole('button', { name: 'Import' }).click()
  await dialog.waitFor({ state: 'detached', timeout: 15_000 })
  const link = page.getByRole('link', { name: 'chinook', exact: true })
  await link.waitFor()
  const row = page.getByRole('row', { name: /chinook/ })
  t.equal((await row.locator('td').nth(1).textContent())?.trim(), '11', 'table count of the imported file')
  await screenshot(page, 'databases')

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export chinook' }).click()
  ])
  t.equal(download.suggestedFilename(), 'chinook.db', 'downloaded as <name>.db')
  const saved = await download.path()
  const bytes = readFileSync(saved)
  t.equal(bytes.subarray(0, 16).toString('latin1'), 'SQLite format 3\0', 'the export is a SQLite file')

  await link.click()
  await page.locator('.table-item').first().waitFor()
  t.ok((await texts(page, '.table-name')).includes('Album'), 'imported tables are listed')
  t.ok((await texts(page, '.chip')).some((c) => /^AlbumId\s+integer/i.test(c)), 'with their column types')
  await screenshot(page, 'database-tables')
}

async function routing (t: Test, page: Page, base: string): Promise<void> {
  await page.goto(`${base}/databases/chinook/tables/Album`)
  await page.locator('.records-grid tbody tr').first().waitFor()
  t.match(await page.locator('.pager-range').textContent(), /of 347/, 'a deep link loads after a full reload')
  const res = await fetch(`${base}/api/no-such-route`)
  t.equal(res.status, 404, 'unknown API routes are 404')
  t.equal((await res.json() as { code: string }).code, 'ROUTE_NOT_FOUND', 'and stay JSON')
}

async function analytics (t: Test, page: Page): Promise<void> {
  await page.waitForTimeout(1000) // analytics flushes (ANALYTICS_FLUSH_MS=200) and snapshots (1 s); the overview is cached once read
  await page.getByRole('navigation', { name: 'Sections', exact: true }).getByRole('link', { name: 'Analytics' }).click()
  await heading(page, 'Analytics')
  const queries = page.locator('.stat', { hasText: 'Queries' }).locator('dd')
  await queries.waitFor()
  t.ok(Number((await queries.textContent())?.replace(/\D/g, '')) > 0, 'overview counts queries')
  await page.getByRole('img', { name: 'Queries and errors' }).waitFor()
  t.ok(await page.locator('.bar').count() > 0, 'volume chart draws bars')
  await page.getByRole('region', { name: 'Top queries' }).getByRole('link', { name: 'shop' }).waitFor()
  await page.getByRole('region', { name: 'Recent errors' }).getByText(/no such table/).first().waitFor()
  t.pass('top queries and recent errors are listed')
  await screenshot(page, 'analytics')
  for (const range of ['7 days', '30 days']) {
    await page.getByRole('button', { name: range }).click()
    await until(async () => (await page.getByRole('button', { name: range }).getAttribute('aria-pressed')) === 'true', range)
    await page.getByRole('img', { name: 'Queries and errors' }).waitFor()
  }
  t.pass('7d and 30d ranges load')

  await page.getByRole('link', { name: 'Details for shop' }).click()
  await heading(page, 'Top patterns')
  await page.getByRole('img', { name: 'Storage of shop' }).waitFor()
  const log = page.getByRole('region', { name: 'Query log' })
  await log.locator('tbody tr').first().waitFor()
  t.ok(await log.locator('tbody tr').count() > 0, 'the query log lists entries')
  await screenshot(page, 'database-analytics')
  await log.getByRole('searchbox').fill('zzz-nothing')
  await log.getByText('No queries logged in this range').waitFor()
  t.pass('query log search narrows the list')
}

async function clusterOff (t: Test, page: Page, watch: ConsoleWatch): Promise<void> {
  // GET /api/cluster answers 404 CLUSTER_DISABLED on a single server: the page turns it into its explanation
  await watch.expectingHttpErrors([404], async () => {
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Cluster' }).click()
    await heading(page, 'Cluster')
    await page.getByText('Cluster mode is off').waitFor()
  })
  t.pass('a single server explains how to turn cluster mode on')
  await screenshot(page, 'cluster-off')
}

async function activityAndSettings (t: Test, page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Activity' }).click()
  await heading(page, 'Activity')
  await page.locator('table.activity tbody tr').first().waitFor()
  const actions = await texts(page, 'table.activity tbody td:nth-child(2)')
  for (const action of ['admin.setup', 'admin.login', 'database.create', 'database.import', 'key.create']) {
    t.ok(actions.includes(action), `activity lists ${action}`)
  }
  await screenshot(page, 'activity')

  await page.getByRole('link', { name: 'Settings' }).click()
  await heading(page, 'Settings')
  const zone = page.getByLabel('Time zone')
  await zone.waitFor()
  t.equal(await zone.inputValue(), 'UTC', 'default time zone')
  await zone.fill('Europe/Paris')
  await page.getByRole('button', { name: 'Save settings' }).click()
  await page.getByText('Settings saved').waitFor()
  await page.reload()
  await until(async () => (await page.getByLabel('Time zone').inputValue()) === 'Europe/Paris', 'saved zone')
  t.pass('settings are saved')
  await screenshot(page, 'settings')
}

async function renameAndDelete (t: Test, page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Sections', exact: true }).getByRole('link', { name: 'Databases' }).click()
  await page.getByRole('link', { name: 'shop', exact: true }).click()
  await page.getByRole('navigation', { name: 'Database sections' }).getByRole('link', { name: 'Settings' }).click()

  const readonly = page.getByRole('switch', { name: /Read-only/ })
  await readonly.check()
  await page.locator('.meta-line .badge', { hasText: 'read-only' }).waitFor()
  await readonly.uncheck()
  await page.locator('.meta-line .badge', { hasText: 'read-only' }).waitFor({ state: 'detached' })
  t.pass('readonly toggles on and off')

  await page.getByLabel('Add origin').fill('https://app.example.com')
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await page.getByRole('button', { name: 'Save origins' }).click()
  await page.getByText('CORS origins saved').waitFor()
  await page.reload()
  await page.locator('.origin-list', { hasText: 'https://app.example.com' }).waitFor()
  t.pass('CORS origins are saved')

  await page.locator('form', { has: page.getByRole('heading', { name: 'Rename' }) }).getByLabel('Name').fill('store')
  await page.getByRole('button', { name: 'Rename database' }).click()
  await heading(page, 'store')
  t.match(new URL(page.url()).pathname, /^\/databases\/store\/settings$/, 'the page follows the new name')

  await page.getByRole('button', { name: 'Delete database…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete store' })
  const confirm = dialog.getByRole('button', { name: 'Delete forever' })
  t.ok(await confirm.isDisabled(), 'delete waits for the typed name')
  await dialog.getByLabel(/Type/).fill('store')
  await confirm.click()
  await heading(page, 'Databases')
  await page.getByRole('link', { name: 'chinook', exact: true }).waitFor()
  t.equal(await page.getByRole('link', { name: 'store', exact: true }).count(), 0, 'store is gone')
}

async function narrowScreen (t: Test, page: Page): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.reload()
  await page.getByRole('link', { name: 'chinook', exact: true }).waitFor()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  t.equal(overflow, 0, 'no horizontal page scroll at 390 px')
  await screenshot(page, 'databases-mobile')

  await page.keyboard.press('Tab')
  t.equal(await page.evaluate(() => document.activeElement?.textContent), 'Skip to content', 'the first Tab reaches the skip link')
  await page.keyboard.press('Tab')
  t.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Litehouse home', 'then the header links')
  await page.setViewportSize({ width: 1280, height: 800 })
}

async function signOut (t: Test, page: Page, base: string): Promise<void> {
  const token = await page.evaluate(() => sessionStorage.getItem('litehouse.token'))
  await page.getByRole('button', { name: 'Sign out' }).click()
  await heading(page, 'Sign in')
  await screenshot(page, 'sign-in')
  t.equal(await page.evaluate(() => sessionStorage.getItem('litehouse.token')), null, 'the token is dropped')
  const res = await fetch(`${base}/api/admin/me`, { headers: { authorization: `Bearer ${token}` } })
  t.equal(res.status, 401, 'the session is invalidated on the server')
}

// For browser tests that start from an empty server: create the first admin through the dashboard (which signs in
// at once) and call the API with the same session, to prepare data or to write while the page watches.
import type { Page } from 'playwright-core'

export const email = 'admin@example.com'
export const password = 'correct horse battery'

/** First-run setup in the page; resolves with the session token once the databases page shows. */
export async function setUpAdmin (page: Page, base: string): Promise<string> {
  await page.goto(base)
  await page.getByRole('heading', { name: 'Welcome', exact: true }).waitFor()
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Repeat password').fill(password)
  await page.getByRole('button', { name: 'Create admin account' }).click()
  await page.getByRole('heading', { name: 'Databases', exact: true }).first().waitFor()
  const token = await page.evaluate(() => sessionStorage.getItem('litehouse.token'))
  if (!token) throw new Error('no session token after setup')
  return token
}

export interface ApiAnswer { status: number, body: any } // eslint-disable-line @typescript-eslint/no-explicit-any

export type Api = (method: string, path: string, body?: unknown) => Promise<ApiAnswer>

/** `api('POST', '/api/databases', {...})` with the admin's bearer token; throws on a 5xx. */
export function apiAs (base: string, token: string): Api {
  return async (method, path, body) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
    const text = await res.text()
    if (res.status >= 500) throw new Error(`${method} ${path} answered ${res.status}: ${text}`)
    return { status: res.status, body: text ? JSON.parse(text) : undefined }
  }
}

/** A database `name` with table `items (id integer primary key, name text, n integer)` holding `count` rows. */
export async function seedItems (api: Api, name: string, count: number): Promise<void> {
  const steps: Array<[string, string, unknown]> = [
    ['POST', '/api/databases', { name }],
    ['POST', `/api/databases/${name}/tables`, {
      name: 'items',
      columns: [{ name: 'id', type: 'integer', primary_key: true }, { name: 'name', type: 'text' }, { name: 'n', type: 'integer' }]
    }],
    ['POST', `/api/databases/${name}/tables/items/records`, Array.from({ length: count }, (_, i) => ({ name: `item ${i + 1}`, n: i + 1 }))]
  ]
  for (const [method, path, body] of steps) {
    const answer = await api(method, path, body)
    if (answer.status !== 201) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`)
  }
}

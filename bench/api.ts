/** A JSON call to a bench server during set-up; anything but 2xx stops the run with the server's answer. */
export async function call<T = unknown> (url: string, method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {}
  if (token) headers.authorization = `Bearer ${token}`
  if (body !== undefined) headers['content-type'] = 'application/json'
  const response = await fetch(url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  const text = await response.text()
  if (!response.ok) throw new Error(`set-up ${method} ${path} answered ${response.status}: ${text}`)
  return (JSON.parse(text) as { data: T }).data
}

/** Runs `task` for every item, `concurrency` at a time. */
export async function eachLimited<T> (items: T[], concurrency: number, task: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0
  const lane = async () => { while (next < items.length) await task(items[next++]) }
  await Promise.all(Array.from({ length: concurrency }, lane))
}

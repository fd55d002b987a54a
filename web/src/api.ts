/**
 * The one door to the Litehouse API: bearer token, JSON envelopes, typed errors.
 * A 401 while signed in drops the token and tells the app to show the sign-in screen.
 */

export class ApiError extends Error {
  readonly status: number
  readonly code: string

  constructor (status: number, code: string, message: string) {
    super(message)
    this.status = status
    this.code = code
  }
}

export interface Envelope<T, M = Record<string, unknown>> {
  data: T
  meta: M
}

const tokenKey = 'litehouse.token'

export const session = {
  token (): string | null {
    return sessionStorage.getItem(tokenKey) ?? localStorage.getItem(tokenKey)
  },
  save (token: string, remember: boolean): void {
    session.clear()
    ;(remember ? localStorage : sessionStorage).setItem(tokenKey, token)
  },
  clear (): void {
    sessionStorage.removeItem(tokenKey)
    localStorage.removeItem(tokenKey)
  }
}

let unauthorizedListener = (): void => {}

/** Called once by the app: what to do when the server no longer accepts the session. */
export function onUnauthorized (listener: () => void): void {
  unauthorizedListener = listener
}

function authHeaders (): Record<string, string> {
  const token = session.token()
  return token ? { authorization: `Bearer ${token}` } : {}
}

function failure (status: number, payload: unknown): ApiError {
  if (status === 401 && session.token()) {
    session.clear()
    unauthorizedListener()
  }
  const body = (payload ?? {}) as { code?: string, message?: string, error?: string }
  const message = body.message ?? body.error ?? `The server answered ${status}.`
  return new ApiError(status, body.code ?? `HTTP_${status}`, message)
}

async function readJson (res: Response): Promise<unknown> {
  const text = await res.text()
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return { message: text.slice(0, 300) }
  }
}

export interface RequestOptions {
  signal?: AbortSignal
}

export async function request<T, M = Record<string, unknown>> (
  method: string, path: string, body?: unknown, options: RequestOptions = {}
): Promise<Envelope<T, M>> {
  const headers = authHeaders()
  // Fastify rejects an empty body sent as JSON, so the header goes only with a body.
  if (body !== undefined) headers['content-type'] = 'application/json'
  let res: Response
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal
    })
  } catch (err) {
    if (options.signal?.aborted) throw err
    throw new ApiError(0, 'NETWORK_ERROR', 'The server could not be reached. Check that Litehouse is running.')
  }
  const payload = await readJson(res)
  if (!res.ok) throw failure(res.status, payload)
  return payload as Envelope<T, M>
}

export const api = {
  get: <T, M = Record<string, unknown>>(path: string, options?: RequestOptions) => request<T, M>('GET', path, undefined, options),
  post: <T, M = Record<string, unknown>>(path: string, body?: unknown) => request<T, M>('POST', path, body),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, body),
  delete: <T>(path: string) => request<T>('DELETE', path)
}

/** Builds `?a=1&b=2`, leaving out undefined, null and empty values. */
export function query (params: Record<string, string | number | boolean | null | undefined>): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value))
  }
  const text = search.toString()
  return text ? `?${text}` : ''
}

/** Path segment helper: `/api/databases/${seg(name)}`. */
export const seg = encodeURIComponent

/** POSTs and saves the binary answer as a file, the way a browser download would. */
export async function download (path: string, filename: string): Promise<number> {
  let res: Response
  try {
    res = await fetch(path, { method: 'POST', headers: authHeaders() })
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'The server could not be reached.')
  }
  if (!res.ok) throw failure(res.status, await readJson(res))
  const blob = await res.blob()
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
  return blob.size
}

export interface Upload<T> {
  done: Promise<Envelope<T>>
  abort: () => void
}

/**
 * Multipart upload through XMLHttpRequest, because fetch reports no upload progress.
 * Text fields go first so the server knows the name before the file streams in.
 */
export function upload<T> (path: string, fields: Array<[string, string | File]>, onProgress: (fraction: number) => void): Upload<T> {
  const xhr = new XMLHttpRequest()
  const form = new FormData()
  for (const [key, value] of fields) form.append(key, value)
  const done = new Promise<Envelope<T>>((resolve, reject) => {
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    xhr.onload = () => {
      let payload: unknown
      try {
        payload = xhr.responseText ? JSON.parse(xhr.responseText) : undefined
      } catch {
        payload = { message: xhr.responseText.slice(0, 300) }
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(payload as Envelope<T>)
      else reject(failure(xhr.status, payload))
    }
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', 'The upload failed: the server could not be reached.'))
    xhr.onabort = () => reject(new ApiError(0, 'ABORTED', 'The upload was cancelled.'))
  })
  xhr.open('POST', path)
  const token = session.token()
  if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`)
  xhr.send(form)
  return { done, abort: () => xhr.abort() }
}

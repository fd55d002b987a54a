// `litehouse/client`: a typed client of a Litehouse server on openapi-fetch. Every service route is typed from the
// service's OpenAPI document (service-types.ts); the records routes of one database are typed by its tables' columns
// when its types, written by `litehouse types <db> --out <file>`, are passed as the type argument.
import createClient, { type Client, type ClientOptions } from 'openapi-fetch'
import type { paths as ServicePaths } from './service-types.js'

export type { ServicePaths }
export type { paths as ServiceTypes, components as ServiceComponents } from './service-types.js'

export interface LitehouseClientOptions extends Omit<ClientOptions, 'baseUrl' | 'headers'> {
  /** The server's address, e.g. `http://127.0.0.1:3000`. */
  url: string
  /** An admin session token or an API key, sent as `Authorization: Bearer`. */
  token?: string
  /** Further headers sent with every request. */
  headers?: Record<string, string>
}

/** The client for a server, typed by the service's routes and those of `DatabasePaths`. */
export type LitehouseClient<DatabasePaths extends object = Record<never, never>> = Client<ServicePaths & DatabasePaths>

/**
 * `createLitehouseClient<paths>({ url, token })`, with `paths` from the file `litehouse types <db>` wrote:
 * `client.POST('/api/databases/<db>/tables/<table>/records', { body })` then checks `body` against that table's
 * columns, and the answer is typed by them. Without a type argument, every route of the service is typed.
 */
export function createLitehouseClient<DatabasePaths extends object = Record<never, never>> (options: LitehouseClientOptions): LitehouseClient<DatabasePaths> {
  const { url, token, headers, ...rest } = options
  return createClient<ServicePaths & DatabasePaths>({
    ...rest,
    baseUrl: url.replace(/\/+$/, ''),
    headers: { ...(token !== undefined ? { authorization: `Bearer ${token}` } : {}), ...headers }
  })
}

import { query } from '../../api.js'

export type Sort = { column: string, descending: boolean } | null

export const pageSizes = ['25', '50', '100']
const defaultPageSize = '50'

/**
 * What the records grid shows. It lives in the URL's query (`?sort=-price&filter=…&offset=50`), so a reload keeps
 * it, a copied link shows the same rows, and the back button undoes a filter, a sort or a page change.
 */
export interface RecordsView {
  sort: Sort
  /** The `filter` parameter exactly as the records API takes it (JSON text). */
  filter: string | undefined
  search: string
  offset: number
  limit: string
  /** Following the change feed. */
  live: boolean
}

export function readView (search: string): RecordsView {
  const params = new URLSearchParams(search)
  const sort = params.get('sort') ?? ''
  const offset = Number(params.get('offset') ?? 0)
  const limit = params.get('limit') ?? defaultPageSize
  return {
    sort: sort === '' ? null : sort.startsWith('-') ? { column: sort.slice(1), descending: true } : { column: sort, descending: false },
    filter: params.get('filter') || undefined,
    search: params.get('search') ?? '',
    offset: Number.isSafeInteger(offset) && offset > 0 ? offset : 0,
    limit: pageSizes.includes(limit) ? limit : defaultPageSize,
    live: params.get('live') === '1'
  }
}

/** `price` or `-price`, as the records API's `sort` takes it. */
export function sortParam (sort: Sort): string | undefined {
  return sort ? `${sort.descending ? '-' : ''}${sort.column}` : undefined
}

/** The query string of a view; defaults are left out so the plain table URL stays plain. */
export function viewQuery (view: RecordsView): string {
  return query({
    sort: sortParam(view.sort),
    filter: view.filter,
    search: view.search,
    offset: view.offset || undefined,
    limit: view.limit === defaultPageSize ? undefined : view.limit,
    live: view.live ? 1 : undefined
  })
}

/** Ascending, then descending, then unsorted. */
export function nextSort (sort: Sort, column: string): Sort {
  if (sort?.column !== column) return { column, descending: false }
  return sort.descending ? null : { column, descending: true }
}

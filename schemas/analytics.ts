import { Type } from '@sinclair/typebox'
import { Data, DatabaseNameSchema, PageMetaSchema } from './common.js'

export const RangeSchema = Type.Union([Type.Literal('24h'), Type.Literal('7d'), Type.Literal('30d')], {
  default: '24h', description: '24h by hour, 7d by day, 30d by ISO week'
})
const SearchSchema = Type.String({ maxLength: 256, description: 'case-insensitive prefix' })

export const RangeQuery = Type.Object({ range: RangeSchema }, { additionalProperties: false })
export const AnalyticsDatabaseParams = Type.Object({ database: DatabaseNameSchema })
export const QueriesQuery = Type.Object({
  range: RangeSchema,
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  offset: Type.Integer({ minimum: 0, default: 0 }),
  search: Type.Optional(SearchSchema)
}, { additionalProperties: false })
export const TopQueriesQuery = Type.Object({
  range: RangeSchema,
  search: Type.Optional(SearchSchema),
  limit: Type.Optional(Type.Integer({
    minimum: 1,
    maximum: 10000,
    description: 'the first `limit` items only; without it every database has its item (the spec\'s answer), which at thousands of databases is megabytes'
  }))
}, { additionalProperties: false })
export const PatternsQuery = Type.Object({
  range: RangeSchema,
  sort: Type.Union([Type.Literal('calls'), Type.Literal('total_ms'), Type.Literal('p95_ms'), Type.Literal('errors')], {
    default: 'calls', description: 'descending; ties by calls, then pattern'
  }),
  search: Type.Optional(Type.String({ maxLength: 256, description: 'case-insensitive substring of the pattern' })),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  offset: Type.Integer({ minimum: 0, default: 0 })
}, { additionalProperties: false })
export const ErrorsQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  search: Type.Optional(SearchSchema)
}, { additionalProperties: false })

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()])

export const QueryLogRowSchema = Type.Object({
  id: Type.Integer(),
  database: Type.String(),
  table_name: Nullable(Type.String()),
  operation: Type.String(),
  duration_ms: Type.Number(),
  row_count: Type.Integer(),
  status: Type.String(),
  error_msg: Nullable(Type.String()),
  timestamp: Type.String(),
  database_id: Nullable(Type.String()),
  sql_text: Type.Union([Type.String(), Type.Null()], {
    description: "The statement's pattern: literals as `?` (`WHERE id = ?` for `WHERE id = 5`), so inline values stay out of analytics; the record routes' SQL template; null when none was recorded"
  })
})

export const SnapshotRowSchema = Type.Object({
  id: Type.Integer(),
  database: Type.String(),
  size_bytes: Type.Integer(),
  table_count: Type.Integer(),
  timestamp: Type.String(),
  database_id: Nullable(Type.String())
})

const WindowStats = {
  queries: Type.Integer(),
  writes: Type.Integer(),
  avgLatencyMs: Type.Number(),
  errorCount: Type.Integer()
}

export const OverviewResponse = Data(Type.Object({
  databases: Type.Integer({ description: 'hosted databases whose file exists' }),
  ...WindowStats,
  rows_read: Type.Integer(),
  rows_written: Type.Integer(),
  totalStorageBytes: Type.Integer({
    description: 'sum of every database\'s size, read without opening any: its pages as last measured (a snapshot), or, ' +
      'written since, its file and WAL on disk'
  })
}))

/** A pattern: the SQL with literals replaced by `?`; figures from the hourly rollups, percentiles from their histogram. */
const PatternFields = {
  sql_text: Type.String(),
  calls: Type.Integer({ description: 'every call, failed ones included' }),
  avg_ms: Type.Number(),
  total_rows: Type.Integer(),
  errors: Type.Integer(),
  total_ms: Type.Number(),
  p50_ms: Type.Number({ description: 'upper bound of the latency bucket holding the median (buckets 19 % wide), at most the largest seen' }),
  p95_ms: Type.Number(),
  p99_ms: Type.Number()
}
export const PatternSchema = Type.Object({ ...PatternFields, writes: Type.Integer() })

export const DatabaseOverviewResponse = Data(Type.Object({
  database: Type.String(),
  ...WindowStats,
  rows_read: Type.Integer(),
  storageBytes: Type.Integer(),
  tableCount: Type.Integer(),
  topTables: Type.Array(PatternSchema)
}))

export const QueriesResponse = Type.Object({ data: Type.Array(QueryLogRowSchema), meta: PageMetaSchema })

export const TopQueriesResponse = Data(Type.Array(Type.Object({ database: Type.String(), ...PatternFields, writes: Type.Integer() })))

export const PatternsResponse = Type.Object({ data: Type.Array(PatternSchema), meta: PageMetaSchema })

export const ErrorsResponse = Data(Type.Array(QueryLogRowSchema))

export const VolumeResponse = Data(Type.Object({
  slots: Type.Array(Type.String()),
  counts: Type.Array(Type.Integer()),
  errors: Type.Array(Type.Integer()),
  rows_read: Type.Array(Type.Integer()),
  rows_written: Type.Array(Type.Integer()),
  max: Type.Integer(),
  max_read: Type.Integer(),
  max_written: Type.Integer()
}))

export const SizeResponse = Data(Type.Array(SnapshotRowSchema))

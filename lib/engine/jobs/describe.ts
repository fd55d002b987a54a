import { readTableInfo, type ColumnInfo, type RecordKey } from '../../sql/table-info.js'
import type { JobContext } from '../context.js'
import { databaseJobs } from './database.js'

/** A table or view as the per-database OpenAPI document describes it. */
export interface TableDescription {
  name: string
  type: 'table' | 'view'
  columns: ColumnInfo[]
  key: RecordKey
  /** Columns SQLite computes (GENERATED ALWAYS AS): read, never written. */
  generated: string[]
}

export interface DescribeArgs {
  /** The schema version the caller already has a description of. */
  knownVersion?: number
}

/** `tables` is absent when the schema is still at `knownVersion`: the caller's copy is current. */
export interface DescribeResult { version: number, tables?: TableDescription[] }

/** Every user table and view with its columns and key, unless the schema has not changed since `knownVersion`. */
function describe (ctx: JobContext, args: DescribeArgs): DescribeResult {
  const { schema_version: version } = ctx.prepare('PRAGMA schema_version').get() as { schema_version: number }
  if (version === args.knownVersion) return { version }
  const tables: TableDescription[] = []
  for (const entry of databaseJobs['database.tables'](ctx, {})) {
    try {
      const info = readTableInfo(ctx, entry.name)
      const generated = (ctx.prepare("SELECT name FROM pragma_table_xinfo(?, 'main') WHERE hidden IN (2, 3)").all(info.name) as Array<{ name: string }>).map((row) => row.name)
      tables.push({ name: info.name, type: info.type, columns: info.columns, key: info.key, generated })
    } catch {
      // a view over a table dropped since cannot be described: the others still are
    }
  }
  return { version, tables }
}

export const describeJobs = {
  'database.describe': describe
}

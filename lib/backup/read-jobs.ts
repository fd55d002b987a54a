/**
 * Engine jobs that never write a database: they do not bring it into the replicated set. Every other job counts as a
 * write (raw SQL may write; the change feed's install adds its triggers and its prune deletes). The change feed's
 * reads belong here: a watched database is read every poll, and would otherwise be replicated for as long as anyone
 * watches it.
 */
export const readOnlyJobs: ReadonlySet<string> = new Set([
  'database.tables', 'database.stats', 'database.tableCount', 'database.export', 'database.check', 'database.checkpoint',
  'database.walPending', 'database.describe',
  'records.list', 'records.get', 'records.export',
  'tables.info', 'tables.schema',
  'changes.read', 'changes.catchUp', 'changes.bounds'
])

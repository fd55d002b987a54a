/**
 * Who may call each route, by operationId. Every route with an operationId must appear here:
 * the auth plugin refuses to boot otherwise, and test/routes/access.test.ts walks this table.
 * - public: no credential
 * - admin:  admin session only (keys get 403 ADMIN_REQUIRED)
 * - read:   any key of the route's database, or an admin session
 * - write:  a write-scope key of the route's database, or an admin session
 * - data:   like write, and refused while the database is read-only (403 DATABASE_READONLY)
 */
export type Access = 'public' | 'admin' | 'read' | 'write' | 'data'

export const accessTable: Record<string, Access> = {
  health: 'public',
  getMetrics: 'public', // an admin session or METRICS_TOKEN: the handler decides
  adminStatus: 'public',
  adminSetup: 'public',
  adminLogin: 'public',
  adminMe: 'admin',
  adminLogout: 'admin',
  listActivity: 'admin',
  getSettings: 'admin',
  updateSettings: 'admin',

  listDatabases: 'admin',
  createDatabase: 'admin',
  importDatabase: 'admin',
  renameDatabase: 'admin',
  deleteDatabase: 'admin',
  getDatabase: 'read',
  getDatabaseConfig: 'read',
  updateDatabaseConfig: 'write',
  getTableSchemas: 'read',
  getDatabaseOpenApi: 'read',
  exportDatabase: 'read',
  listBackups: 'admin',
  createBackup: 'admin',
  restoreDatabase: 'admin',
  restoreDeletedDatabase: 'admin',
  listDeletedDatabases: 'admin',
  getCluster: 'admin',
  moveDatabase: 'admin',
  adoptDatabase: 'admin',

  listKeys: 'read',
  createKey: 'write',
  rotateKey: 'write',
  updateKey: 'write',
  revokeKey: 'write',

  listTables: 'read',
  createTable: 'data',
  getTable: 'read',
  alterTable: 'data',
  dropTable: 'data',

  listRecords: 'read',
  getRecord: 'read',
  createRecords: 'data',
  updateRecord: 'data',
  replaceRecord: 'data',
  deleteRecord: 'data',
  exportTable: 'read',

  runQuery: 'read',
  runBatch: 'read',

  watchChanges: 'read',
  createChangesToken: 'read',

  analyticsOverview: 'admin',
  analyticsDatabaseOverview: 'admin',
  analyticsQueries: 'admin',
  analyticsTopQueries: 'admin',
  analyticsErrors: 'admin',
  analyticsVolume: 'admin',
  analyticsPatterns: 'admin',
  analyticsSize: 'admin'
}

/** Routes an API key may call, so whose requests count against the key's rate limit. */
export const keyLimited = (operationId: string): boolean => {
  const access = accessTable[operationId]
  return access !== undefined && access !== 'public' && access !== 'admin'
}

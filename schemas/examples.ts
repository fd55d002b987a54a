/**
 * One example request body per operation, by operationId, for the OpenAPI document (a route may instead
 * carry `examples` on its body schema). The README walkthrough sends the same shapes.
 */
export const requestExamples: Record<string, unknown> = {
  adminSetup: { email: 'you@example.com', password: 'a long password' },
  adminLogin: { email: 'you@example.com', password: 'a long password' },
  updateSettings: { timezone: 'Europe/Berlin' },
  createDatabase: { name: 'shop', group: 'demo' },
  renameDatabase: { name: 'store' },
  updateDatabaseConfig: { readonly: false, cors_origins: ['https://app.example.com'] },
  importDatabase: { name: 'chinook', file: '(the SQLite file)' },
  createKey: { label: 'web app', scope: 'write' },
  updateKey: { rateLimit: { max: 100, timeWindowSeconds: 60 } },
  createTable: {
    name: 'products',
    columns: [
      { name: 'id', type: 'integer', primary_key: true, auto_increment: true },
      { name: 'name', type: 'text', nullable: false },
      { name: 'price', type: 'real' },
      { name: 'tags', type: 'json' }
    ]
  },
  alterTable: { add_columns: [{ name: 'stock', type: 'integer', default: 0 }] },
  createRecords: [{ name: 'Lamp', price: 24.5 }, { name: 'Desk', price: 180 }],
  updateRecord: { price: 21 },
  runQuery: { sql: 'SELECT name, price FROM products WHERE price < ? ORDER BY price', params: [100] },
  replaceRecord: { name: 'Lamp', price: 22, tags: ['light'] },
  runBatch: {
    statements: [
      { sql: 'INSERT INTO products (name, price) VALUES (?, ?)', params: ['Chair', 45] },
      { sql: 'UPDATE products SET price = price * 0.9 WHERE price > ?', params: [100] }
    ]
  },
  restoreDatabase: { timestamp: '2026-11-26T09:30:00Z', target: 'shop_before_cleanup' },
  restoreDeletedDatabase: { name: 'shop', target: 'shop' },
  moveDatabase: { node: 'n2' },
  adoptDatabase: { name: 'shop', expected: '{"node":"n1","lease":"694d7f3a1c2b9e10"}', rows: { database: { id: 'db_8c2k4m6p9r1t3v5x7z0b2d4f' }, keys: [] } }
}

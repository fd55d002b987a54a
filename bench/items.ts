import Database from 'better-sqlite3'

/** The benchmark table, the same for Litehouse and the bare baseline. */
export const itemsTable = 'items'
export const itemCount = 100_000
export const categoryCount = 20

export interface Item { title: string, price: number, category: string, created: string }

/** A deterministic row: the same file every run, so figures compare across runs. */
export function item (n: number): Item {
  const price = ((n * 7919) % 100_000) / 100
  const created = new Date(Date.UTC(2024, 0, 1) + (n % 365) * 86_400_000).toISOString()
  return { title: `item ${n}`, price, category: `c${n % categoryCount}`, created }
}

/** Writes `file` (rollback journal, closed cleanly) holding `itemCount` rows and an index on category. */
export function createItemsFile (file: string): void {
  const db = new Database(file)
  try {
    db.exec(`CREATE TABLE ${itemsTable} (id INTEGER PRIMARY KEY, title TEXT, price REAL, category TEXT, created TEXT);
             CREATE INDEX ${itemsTable}_category ON ${itemsTable} (category);`)
    const insert = db.prepare(`INSERT INTO ${itemsTable} (title, price, category, created) VALUES (@title, @price, @category, @created)`)
    db.transaction(() => { for (let n = 1; n <= itemCount; n++) insert.run(item(n)) })()
  } finally {
    db.close()
  }
}

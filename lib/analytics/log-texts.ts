import type { Database } from 'better-sqlite3'
import { maxDictionaryChars, maxDictionaryTexts } from './log-schema.js'

/** Texts remembered by the writer before the cache starts over (names, ids, templates: a few kB each 1,000). */
const maxCachedTexts = 50_000

/**
 * The writer's side of `_log_texts`: the id of a text, stored on first sight. Ids are remembered across flushes;
 * `forget()` after a rolled-back transaction, whose new texts are gone.
 */
export function createLogTexts (db: Database) {
  const find = db.prepare('SELECT id FROM _log_texts WHERE text = ?').pluck()
  const insert = db.prepare('INSERT INTO _log_texts (text) VALUES (?)')
  const stored = db.prepare('SELECT COUNT(*) AS count, COALESCE(SUM(length(text)), 0) AS chars FROM _log_texts')
  const ids = new Map<string, number>()
  let count = 0 // texts stored, and their characters: the dictionary's bounds
  let chars = 0
  const countStored = (): void => {
    const totals = stored.get() as { count: number, chars: number }
    count = totals.count
    chars = totals.chars
  }
  countStored()

  const remember = (text: string, id: number): void => {
    if (ids.size >= maxCachedTexts) ids.clear()
    ids.set(text, id)
  }
  const idOf = (text: string): number => {
    let id = ids.get(text)
    if (id !== undefined) return id
    id = find.get(text) as number | undefined
    if (id === undefined) {
      id = Number(insert.run(text).lastInsertRowid)
      count++
      chars += text.length
    }
    remember(text, id)
    return id
  }

  const refOf = (text: string | null): number | null => {
    if (text === null) return null
    if ((count < maxDictionaryTexts && chars + text.length <= maxDictionaryChars) || ids.has(text)) return idOf(text)
    const id = find.get(text) as number | undefined // already stored: its id, as before the bound
    if (id === undefined) return null
    remember(text, id)
    return id
  }

  return {
    /** The id of `text` if it is stored (nothing is added): a reader's lookup. */
    find: (text: string): number | null => ids.get(text) ?? (find.get(text) as number | undefined) ?? null,

    /** The id of `text`, stored once. For the few distinct values of a column: names, ids, tables, operations. */
    idOf,
    idOrNull: (text: string | null): number | null => text === null ? null : idOf(text),

    /**
     * Its id while the dictionary has room, else null (the text is kept in the row). For texts that may each be
     * unique (statements, messages): a flood of them cannot grow the dictionary past `maxDictionaryTexts` texts or
     * `maxDictionaryChars` characters.
     */
    refOf,

    /**
     * A pattern as an untyped key column holds it (the rollups', `_daily_queries`'): its id while the dictionary has
     * room (`refOf`), else its text. The id is a BigInt: bound as a JS number it would be stored as a REAL.
     */
    keyOf (text: string): bigint | string {
      const id = refOf(text)
      return id === null ? text : BigInt(id)
    },

    forget (): void {
      ids.clear()
      countStored()
    }
  }
}

export type LogTexts = ReturnType<typeof createLogTexts>

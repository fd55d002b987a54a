const apiIdentifier = /^[A-Za-z][A-Za-z0-9_]*$/
const maxIdentifierLength = 64

/** Quotes any identifier for SQL: double quotes, with inner double quotes doubled. */
export function quoteIdent (name: string): string {
  return '"' + name.replaceAll('"', '""') + '"'
}

/**
 * Whether `name` may be given to a table or column created through the API.
 * Raw SQL can create other names; those stay readable and writable (always quoted).
 */
export function isApiIdentifier (name: string): boolean {
  return name.length <= maxIdentifierLength &&
    apiIdentifier.test(name) &&
    !name.toLowerCase().startsWith('sqlite_')
}

/** SQLite reserves `sqlite_*` names for its own tables. */
export function isInternalName (name: string): boolean {
  return name.toLowerCase().startsWith('sqlite_')
}

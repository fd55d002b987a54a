/**
 * The `_system.db` layout, one entry per version. `PRAGMA user_version` records how many have run,
 * so an existing data directory is upgraded in place and never rebuilt. Append; never edit a shipped step.
 */
export const systemMigrations: string[] = [
  `CREATE TABLE admins (
     id TEXT PRIMARY KEY,
     email TEXT NOT NULL UNIQUE COLLATE NOCASE,
     password_hash TEXT NOT NULL,
     created_at TEXT NOT NULL
   );
   CREATE TABLE sessions (
     token_hash TEXT PRIMARY KEY,
     admin_id TEXT NOT NULL REFERENCES admins(id) ON DELETE CASCADE,
     created_at TEXT NOT NULL,
     expires_at INTEGER NOT NULL
   );
   CREATE TABLE databases (
     id TEXT PRIMARY KEY,
     uuid TEXT NOT NULL UNIQUE,
     name TEXT NOT NULL UNIQUE,
     grp TEXT,
     readonly INTEGER NOT NULL DEFAULT 0,
     cors_origins TEXT NOT NULL DEFAULT '[]',
     table_count INTEGER,
     created_at TEXT NOT NULL
   );
   CREATE TABLE api_keys (
     id TEXT PRIMARY KEY,
     database_id TEXT NOT NULL REFERENCES databases(id) ON DELETE CASCADE,
     label TEXT NOT NULL,
     scope TEXT NOT NULL CHECK (scope IN ('read', 'write')),
     key_hash TEXT NOT NULL UNIQUE,
     prefix TEXT NOT NULL,
     created_at TEXT NOT NULL,
     last_used_at TEXT
   );
   CREATE INDEX api_keys_database ON api_keys(database_id);
   CREATE TABLE activity (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     action TEXT NOT NULL,
     actor_type TEXT NOT NULL,
     actor_id TEXT,
     actor_email TEXT,
     database TEXT,
     database_id TEXT,
     details TEXT,
     ip TEXT,
     created_at TEXT NOT NULL
   );
   CREATE INDEX activity_database ON activity(database_id);
   CREATE TABLE settings (
     key TEXT PRIMARY KEY,
     value TEXT NOT NULL
   );`,
  // maxSizeBytes of a database: NULL follows DB_MAX_SIZE_BYTES, 0 is unlimited whatever the default
  'ALTER TABLE databases ADD COLUMN max_size_bytes INTEGER',
  // per-key rate limits (issue #22): both null = the server default (KEY_RATE_LIMIT)
  `ALTER TABLE api_keys ADD COLUMN rate_limit_max INTEGER;
   ALTER TABLE api_keys ADD COLUMN rate_limit_window_s INTEGER;`
]

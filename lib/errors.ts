import createError, { type FastifyErrorConstructor } from '@fastify/error'

const byCode = new Map<string, FastifyErrorConstructor>()

function define (code: string, message: string, statusCode: number): FastifyErrorConstructor {
  const Ctor = createError(code, message, statusCode)
  byCode.set(code, Ctor)
  return Ctor
}

/**
 * Every error the API can answer with, by stable code. Fastify serialises them as
 * `{ statusCode, code, error, message }`. Messages name the offending value, never a server path.
 */
export const Unauthorized = define('UNAUTHORIZED', '%s', 401)
export const InvalidCredentials = define('INVALID_CREDENTIALS', 'invalid email or password', 401)
export const AdminRequired = define('ADMIN_REQUIRED', 'this action requires an admin session', 403)
export const KeyWrongDatabase = define('KEY_WRONG_DATABASE', 'this API key does not grant access to that database', 403)
export const InsufficientScope = define('INSUFFICIENT_SCOPE', '%s', 403)
export const DatabaseReadonly = define('DATABASE_READONLY', "database '%s' is read-only", 403)
export const ForbiddenStatement = define('FORBIDDEN_STATEMENT', '%s', 403)
export const SetupForbidden = define('SETUP_FORBIDDEN', 'an admin already exists: creating another needs an admin session or the bootstrap key', 403)

export const RouteNotFound = define('ROUTE_NOT_FOUND', 'route %s %s not found', 404)
export const DatabaseNotFound = define('DATABASE_NOT_FOUND', "database '%s' does not exist", 404)
export const TableNotFound = define('TABLE_NOT_FOUND', "table '%s' does not exist", 404)
export const RecordNotFound = define('RECORD_NOT_FOUND', "record '%s' does not exist", 404)
export const KeyNotFound = define('KEY_NOT_FOUND', "API key '%s' does not exist", 404)
export const BackupsDisabled = define('BACKUPS_DISABLED', 'backups are off on this server: set BACKUP_URL to turn them on', 404)
export const ClusterDisabled = define('CLUSTER_DISABLED', 'cluster mode is off on this server: set CLUSTER_ETCD to turn it on', 404)
export const DeletedDatabaseNotFound = define('DELETED_DATABASE_NOT_FOUND', "no backup of a deleted database '%s' is kept", 404)

export const TooManySubscribers = define('TOO_MANY_SUBSCRIBERS', 'this database already has %s change feed subscribers, the most allowed: close one first', 429)
export const ChangesExpired = define('CHANGES_EXPIRED', 'change %s is older than the change feed keeps: subscribe without a resume point and reload', 410)

export const QueryTimeout = define('QUERY_TIMEOUT', 'the statement ran longer than %s ms and was stopped', 408)

export const DatabaseExists = define('DATABASE_EXISTS', "database '%s' already exists", 409)
export const TableExists = define('TABLE_EXISTS', "table '%s' already exists", 409)
export const AdminExists = define('ADMIN_EXISTS', "an admin with email '%s' already exists", 409)
export const ConstraintViolation = define('CONSTRAINT_VIOLATION', '%s', 409)
export const TooManyKeys = define('TOO_MANY_KEYS', 'this database already has %s API keys, the most allowed: revoke one first', 409)

export const UnknownColumn = define('UNKNOWN_COLUMN', "column '%s' does not exist in table '%s'", 400)
export const UnknownOperator = define('UNKNOWN_OPERATOR', "unknown filter operator '%s': the operators are %s", 400)
export const InvalidFilter = define('INVALID_FILTER', '%s', 400)
export const InvalidValue = define('INVALID_VALUE', '%s', 400)
export const InvalidIdentifier = define('INVALID_IDENTIFIER', '%s', 400)
export const InvalidColumnType = define('INVALID_COLUMN_TYPE', "column type '%s' is not accepted", 400)
export const CompositePrimaryKey = define('COMPOSITE_PRIMARY_KEY', "table '%s' has a composite primary key: records cannot be addressed by :id", 400)
export const MultipleStatements = define('MULTIPLE_STATEMENTS', 'send one SQL statement per request', 400)
export const SqlError = define('SQL_ERROR', '%s', 400)
export const InvalidDatabaseFile = define('INVALID_DATABASE_FILE', '%s', 400)
export const InvalidTimezone = define('INVALID_TIMEZONE', "'%s' is not a valid IANA time zone", 400)
export const InvalidRequest = define('INVALID_REQUEST', '%s', 400)
export const OutsideRestoreWindow = define('OUTSIDE_RESTORE_WINDOW', '%s', 400)
export const InvalidOnConflict = define('INVALID_ON_CONFLICT', '%s', 400)
export const InvalidCursor = define('INVALID_CURSOR', '%s', 400)

export const ImportTooLarge = define('IMPORT_TOO_LARGE', 'the uploaded file exceeds the import limit of %s bytes', 413)
export const ResultTooLarge = define('RESULT_TOO_LARGE', '%s', 413)
export const RateLimited = define('RATE_LIMITED', 'too many requests: retry-after %s seconds', 429)

export const DatabaseFull = define('DATABASE_FULL', 'the database has reached its size quota (%s bytes): delete data or ask an admin to raise maxSizeBytes', 507)
export const StorageFull = define('STORAGE_FULL', 'the server has no space left to write: try again later', 507)
export const StorageReadonly = define('STORAGE_READONLY', 'the data directory is read-only: writes are refused until it is writable again', 503)
export const StorageUnavailable = define('STORAGE_UNAVAILABLE', 'the storage failed to read or write: try again later', 503)
export const EngineUnavailable = define('ENGINE_UNAVAILABLE', '%s', 503)
export const TooManyExports = define('TOO_MANY_EXPORTS', '%s exports of this database are already running: retry-after %s seconds', 503)
export const TempSpaceFull = define('TEMP_SPACE_FULL', 'the server\'s space for temporary copies is taken by other exports and uploads: retry-after %s seconds', 503)
export const ExportTooLarge = define('EXPORT_TOO_LARGE', 'the copy needs more than the server allows temporary copies in all (%s bytes)', 507)
export const BackupUnavailable = define('BACKUP_UNAVAILABLE', '%s', 503)
export const ServerBusy = define('SERVER_BUSY', 'the server is sending too many large results: retry in a moment', 503)
export const DatabaseBusy = define('DATABASE_BUSY', 'the database has too many requests waiting: retry shortly', 503)
export const DatabaseUnavailable = define('DATABASE_UNAVAILABLE', 'the database cannot be used: %s', 503)
export const ForwardingLoop = define('FORWARDING_LOOP', "database '%s' was forwarded here but this node does not own it, even after reading its placement again: retry shortly", 503)
export const UnknownNode = define('UNKNOWN_NODE', "no live node '%s' is in the cluster", 400)

/** A plain description of an error, able to cross a process boundary. */
export interface SerializedError {
  statusCode: number
  code: string
  message: string
}

/** Turns an error (typed or SqliteError) into its wire description. */
export function serializeError (err: unknown): SerializedError {
  const e = err as { statusCode?: number, code?: string, message?: string }
  return { statusCode: e.statusCode ?? 500, code: e.code ?? 'INTERNAL_ERROR', message: e.message ?? String(err) }
}

/** Rebuilds a typed error from its wire description, keeping code, status and message. */
export function deserializeError (s: SerializedError): Error & SerializedError {
  const Ctor = byCode.get(s.code)
  const err = (Ctor ? new Ctor() : new Error(s.message)) as Error & SerializedError
  err.message = s.message
  err.code = s.code
  err.statusCode = s.statusCode
  return err
}

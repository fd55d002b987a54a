import { resolve } from 'node:path'
import { availableParallelism } from 'node:os'
import { Type, type Static } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'

const MiB = 1024 * 1024

/** One entry per environment variable: its type, default and meaning (also printed in README). */
export const ConfigSchema = Type.Object({
  HOST: Type.String({ default: '127.0.0.1', minLength: 1, description: 'address to listen on' }),
  PORT: Type.Integer({ default: 3000, minimum: 0, maximum: 65535, description: 'port to listen on' }),
  DATA_DIR: Type.String({ default: './data', minLength: 1, description: 'directory holding every database file, _system.db and _analytics.db' }),
  LOG_LEVEL: Type.Union(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)), { default: 'info', description: 'pino log level' }),
  BOOTSTRAP_KEY: Type.Optional(Type.String({ minLength: 16, description: 'secret for the X-Bootstrap-Key header that lets setup create further admins' })),
  ADMIN_EMAIL: Type.Optional(Type.String({ minLength: 3, description: 'creates this first admin at start when none exists (with ADMIN_PASSWORD)' })),
  ADMIN_PASSWORD: Type.Optional(Type.String({ minLength: 8, description: 'password of ADMIN_EMAIL' })),
  SESSION_TTL_HOURS: Type.Number({ default: 24, exclusiveMinimum: 0, description: 'absolute lifetime of an admin session' }),
  PASSWORD_HASH_MEMORY_KIB: Type.Integer({ default: 65536, minimum: 1024, maximum: 4194304, description: 'argon2id memory cost of new admin password hashes, in KiB: lower signs in faster and is cheaper to guess (OWASP asks at least 19456); existing hashes keep their own' }),
  MAX_BODY_SIZE: Type.Integer({ default: MiB, minimum: 1024, description: 'largest JSON request body in bytes (413 above)' }),
  MAX_IMPORT_SIZE: Type.Integer({ default: 1024 * MiB, minimum: 1024, description: 'largest imported database file in bytes (413 above)' }),
  QUERY_TIMEOUT_MS: Type.Integer({ default: 5000, minimum: 10, description: 'deadline of every statement; longer ones are stopped with 408' }),
  MAX_QUERY_ROWS: Type.Integer({ default: 10000, minimum: 1, description: 'rows a raw SELECT returns at most (meta.truncated)' }),
  ANALYTICS: Type.Union([Type.Literal('on'), Type.Literal('off')], { default: 'on', description: 'record queries into _analytics.db' }),
  ANALYTICS_FLUSH_MS: Type.Integer({ default: 5000, minimum: 10, description: 'analytics buffer flush interval' }),
  ANALYTICS_FLUSH_SIZE: Type.Integer({ default: 100, minimum: 1, description: 'buffered analytics events that force a flush (the spec says 100; at 1,000, analytics adds about half as much CPU to a busy server: bench/README.md)' }),
  ANALYTICS_MAX_PATTERNS: Type.Integer({ default: 1000, minimum: 1, description: 'distinct query patterns per database-hour; the rest count under (other)' }),
  ANALYTICS_LOG_MAX_MB: Type.Integer({ default: 1024, minimum: 1, description: 'size bound (MiB) of the raw query log in _analytics.db past which its oldest rows are pruned; the rollups and daily tables come on top' }),
  ANALYTICS_BUFFER_MAX: Type.Integer({ default: 100000, minimum: 1, description: 'analytics events held in memory; past it events are dropped and counted' }),
  SNAPSHOT_INTERVAL_MS: Type.Integer({ default: 300000, minimum: 100, description: 'storage snapshot interval' }),
  TRUST_PROXY: Type.Boolean({ default: false, description: 'trust X-Forwarded-* headers (client IP for throttling)' }),
  ENGINE_WORKERS: Type.Integer({ default: Math.max(2, availableParallelism()), minimum: 1, maximum: 64, description: 'engine worker processes' }),
  ENGINE_MAX_CONNECTIONS: Type.Integer({ default: 1024, minimum: 1, description: 'open database connections of the whole server, every engine worker and the main thread together (least recently used closes first). ' +
    'Each costs about 190 KB, and each open costs more the more a process holds (SQLite walks its open files: ~0.1 ms with none, ~0.3 ms at 1,000, ~1 ms at 4,000), ' +
    'so a budget far above the databases in steady use slows the misses it was meant to avoid (bench/README.md)' }),
  ENGINE_IDLE_CLOSE_MS: Type.Integer({ default: 60000, minimum: 0, description: 'closes a database connection unused this long (0: never)' }),
  ENGINE_WORKER_NICE: Type.Integer({ default: 10, minimum: 0, maximum: 19, description: 'scheduling niceness of engine workers: when CPU is short, the main process (every request, the light lane) runs first and heavy statements wait (0: same priority)' }),
  DB_MAX_INFLIGHT: Type.Integer({ default: 8, minimum: 1, description: 'statements of one database running at once; more wait' }),
  METRICS_TOKEN: Type.Optional(Type.String({ minLength: 16, description: 'bearer token that may read GET /api/metrics besides an admin session' })),
  DB_MAX_SIZE_BYTES: Type.Optional(Type.Integer({ minimum: 4096, description: 'size quota of each hosted database in bytes, unless its config sets maxSizeBytes (unset: unlimited); a write past it gets 507 DATABASE_FULL' })),
  DB_MAX_QUEUE: Type.Integer({ default: 256, minimum: 1, description: 'statements of one database waiting; more get 503 DATABASE_BUSY' }),
  MAX_KEYS_PER_DATABASE: Type.Integer({ default: 1000, minimum: 1, description: 'API keys one database may have (409 TOO_MANY_KEYS beyond)' }),
  KEY_RATE_LIMIT: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,8}/[1-9][0-9]{0,6}$', description: 'default rate limit of every API key as requests/seconds (100/60: 100 requests per 60 s; 429 RATE_LIMITED beyond); a key\'s own rateLimit wins; unset: keys are not limited' })),
  EXPORTS_PER_DATABASE: Type.Integer({ default: 2, minimum: 1, description: 'exports of one database running at once (503 TOO_MANY_EXPORTS beyond, with Retry-After)' }),
  TMP_MAX_BYTES: Type.Integer({ default: 8192 * MiB, minimum: MiB, description: 'bytes export copies and uploads may hold in DATA_DIR/.tmp at once (503 TEMP_SPACE_FULL beyond, with Retry-After)' }),
  BACKUP_URL: Type.Optional(Type.String({ minLength: 1, description: 'turns continuous backups on: file:///abs/dir or s3://bucket/prefix (docs/backups.md)' })),
  BACKUP_SYNC_MS: Type.Integer({ default: 1000, minimum: 100, description: 'longest time a committed write waits before it is shipped to the backup' }),
  BACKUP_IDLE_MS: Type.Integer({ default: 600000, minimum: 1000, description: 'a database unwritten this long stops being replicated until its next write' }),
  BACKUP_RETENTION: Type.String({ default: '72h', pattern: '^[0-9]+(h|m|s)$', description: 'how long backups are kept (Litestream duration: 72h, 90m)' }),
  LITESTREAM_BIN: Type.Optional(Type.String({ minLength: 1, description: 'the Litestream binary to run (default: the one the optional @flydotio/litestream-linux-x64 package ships)' })),
  CHANGES_RETENTION_HOURS: Type.Integer({ default: 24, minimum: 1, description: 'hours the change feed keeps a database\'s changes for resuming (410 CHANGES_EXPIRED beyond)' }),
  CHANGES_RETENTION_COUNT: Type.Integer({ default: 100000, minimum: 1, description: 'changes the change feed keeps per database for resuming (410 CHANGES_EXPIRED beyond)' }),
  CHANGES_MAX_SUBSCRIBERS: Type.Integer({ default: 1000, minimum: 1, description: 'open change feed streams per database; one more is 429 TOO_MANY_SUBSCRIBERS (each holds a socket and a buffer)' }),
  CHANGES_BUFFER_BYTES: Type.Integer({ default: MiB, minimum: 1024, description: 'unsent bytes a change feed subscriber may hold before it is cut with event: overflow' }),
  CLUSTER_ETCD: Type.Optional(Type.String({ minLength: 1, description: 'turns cluster mode on: comma-separated etcd endpoints (http://127.0.0.1:2379); needs NODE_ID, NODE_URL and BACKUP_URL (docs/cluster.md)' })),
  NODE_ID: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', description: 'this node\'s name in the cluster (letters, digits, _ and -)' })),
  NODE_URL: Type.Optional(Type.String({ minLength: 1, description: 'the URL the other nodes reach this node at (http://10.0.0.2:3000)' })),
  CLUSTER_LEASE_TTL_S: Type.Integer({ default: 10, minimum: 1, maximum: 300, description: 'seconds a node\'s lease outlives its last keepalive: a silent node\'s databases fail over after this' })
})

export type Env = Static<typeof ConfigSchema>

export interface Config {
  host: string
  port: number
  dataDir: string
  logLevel: string
  bootstrapKey?: string
  adminEmail?: string
  adminPassword?: string
  sessionTtlMs: number
  passwordHashMemoryKib: number
  maxBodySize: number
  maxImportSize: number
  queryTimeoutMs: number
  maxQueryRows: number
  analytics: boolean
  analyticsFlushMs: number
  analyticsFlushSize: number
  analyticsMaxPatterns: number
  analyticsLogMaxBytes: number
  analyticsBufferMax: number
  snapshotIntervalMs: number
  trustProxy: boolean
  engineWorkers: number
  engineMaxConnections: number
  engineIdleCloseMs: number
  engineWorkerNice: number
  dbMaxInflight: number
  dbMaxQueue: number
  /** Default size quota of a hosted database; undefined: unlimited. */
  dbMaxSizeBytes: number | undefined
  metricsToken?: string
  maxKeysPerDatabase: number
  /** The rate limit of a key without its own; undefined when KEY_RATE_LIMIT is not set. */
  keyRateLimit?: { max: number, timeWindowSeconds: number }
  exportsPerDatabase: number
  changesRetentionHours: number
  changesRetentionCount: number
  changesBufferBytes: number
  changesMaxSubscribers: number
  tmpMaxBytes: number
  /** Continuous backups; undefined when BACKUP_URL is not set. */
  backup?: BackupConfig
  /** Cluster mode; undefined when CLUSTER_ETCD is not set. */
  cluster?: ClusterConfig
}

export interface ClusterConfig {
  etcd: string[]
  nodeId: string
  /** Without a trailing slash. */
  nodeUrl: string
  leaseTtlS: number
}

export interface BackupConfig {
  /** The replica root, without a trailing slash. */
  url: string
  syncMs: number
  idleMs: number
  retention: string
  bin?: string
  /** Where `_system.db` goes under the replica root: `system`, or `nodes/<NODE_ID>/system` in cluster mode. */
  systemPath?: string
}

/** Replica kinds the Litestream 0.3 supervisor is set up for. */
const backupSchemes = ['file:', 's3:']

function backupConfig (env: Env): BackupConfig | undefined {
  if (env.BACKUP_URL === undefined) return undefined
  let url: URL
  try {
    url = new URL(env.BACKUP_URL)
  } catch {
    throw new ConfigError(`invalid configuration: BACKUP_URL=${JSON.stringify(env.BACKUP_URL)} is not a URL (file:///abs/dir or s3://bucket/prefix)`)
  }
  if (!backupSchemes.includes(url.protocol)) {
    throw new ConfigError(`invalid configuration: BACKUP_URL scheme '${url.protocol}' is not supported: use file:///abs/dir or s3://bucket/prefix`)
  }
  if (url.protocol === 'file:' && (url.host !== '' || url.pathname === '/')) {
    throw new ConfigError(`invalid configuration: BACKUP_URL=${JSON.stringify(env.BACKUP_URL)} must be file:/// followed by an absolute directory`)
  }
  return { url: env.BACKUP_URL.replace(/\/+$/, ''), syncMs: env.BACKUP_SYNC_MS, idleMs: env.BACKUP_IDLE_MS, retention: env.BACKUP_RETENTION, bin: env.LITESTREAM_BIN }
}

/** Cluster mode: all three settings together, and backups on (a node's databases fail over from their replica). */
function clusterConfig (env: Env, backup: BackupConfig | undefined): ClusterConfig | undefined {
  if (env.CLUSTER_ETCD === undefined) return undefined
  if (env.NODE_ID === undefined || env.NODE_URL === undefined) {
    throw new ConfigError('invalid configuration: CLUSTER_ETCD needs NODE_ID and NODE_URL (this node\'s name and the URL other nodes reach it at)')
  }
  if (backup === undefined) throw new ConfigError('invalid configuration: CLUSTER_ETCD needs BACKUP_URL: a node\'s databases move and fail over through their replica')
  const etcd = env.CLUSTER_ETCD.split(',').map((e) => e.trim()).filter((e) => e !== '')
  for (const url of [...etcd, env.NODE_URL]) {
    if (!/^https?:\/\/[^/]+\/?$/.test(url)) throw new ConfigError(`invalid configuration: ${JSON.stringify(url)} is not an http(s)://host:port URL (CLUSTER_ETCD, NODE_URL)`)
  }
  backup.systemPath = `nodes/${env.NODE_ID}/system`
  return { etcd, nodeId: env.NODE_ID, nodeUrl: env.NODE_URL.replace(/\/+$/, ''), leaseTtlS: env.CLUSTER_LEASE_TTL_S }
}

/** `KEY_RATE_LIMIT=100/60`: 100 requests per 60 seconds (the schema's pattern has checked the form). */
function keyRateLimit (value: string | undefined): Config['keyRateLimit'] {
  if (value === undefined) return undefined
  const [max, timeWindowSeconds] = value.split('/').map(Number)
  return { max, timeWindowSeconds }
}

/** A configuration error: its message names the variable and what is wrong. */
export class ConfigError extends Error {}

/**
 * Reads the environment once: defaults, then conversion and validation. A bad value
 * throws a ConfigError naming the variable, so start-up stops with a clear message.
 */
export function loadConfig (source: Record<string, string | undefined> = process.env): Config {
  const raw: Record<string, unknown> = {}
  for (const key of Object.keys(ConfigSchema.properties)) {
    const value = source[key]
    if (value !== undefined && value !== '') raw[key] = value
  }
  return validated(raw)
}

/** Settings given in code (an embedding host): the environment variables' names, with values as text or as their type. */
export type Settings = { [K in keyof Env]?: Env[K] | string }

/**
 * The configuration of an embedded Litehouse: `settings` over the defaults, validated as the environment is, and never
 * read from `process.env`. A name that is not a setting is refused, with the nearest one suggested.
 */
export function configFrom (settings: Settings = {}): Config {
  const known = Object.keys(ConfigSchema.properties)
  for (const name of Object.keys(settings)) {
    if (!known.includes(name)) {
      const near = nearest(name, known)
      throw new ConfigError(`invalid configuration: ${name} is not a setting${near ? `: did you mean ${near}?` : ''}`)
    }
  }
  return validated(Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined && value !== '')))
}

/** The known name closest to a mistyped one (case and separators aside, or two edits at most), if any. */
function nearest (name: string, known: string[]): string | undefined {
  const norm = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, '')
  return known.find((k) => norm(k) === norm(name)) ?? known.find((k) => editDistance(k, name.toUpperCase()) <= 2)
}

function editDistance (a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
    previous = current
  }
  return previous[b.length]
}

/** Defaults, then conversion and validation of settings keyed by their variable names. */
function validated (raw: Record<string, unknown>): Config {
  const env = Value.Default(ConfigSchema, Value.Convert(ConfigSchema, raw)) as Env
  const error = Value.Errors(ConfigSchema, env).First()
  if (error) {
    const name = error.path.replace(/^\//, '')
    throw new ConfigError(`invalid configuration: ${name}=${JSON.stringify(raw[name] ?? '')} ${error.message}`)
  }
  if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together')
  }
  const backup = backupConfig(env)
  const cluster = clusterConfig(env, backup)
  return {
    host: env.HOST,
    port: env.PORT,
    dataDir: resolve(env.DATA_DIR),
    logLevel: env.LOG_LEVEL,
    bootstrapKey: env.BOOTSTRAP_KEY,
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    sessionTtlMs: env.SESSION_TTL_HOURS * 3600_000,
    passwordHashMemoryKib: env.PASSWORD_HASH_MEMORY_KIB,
    maxBodySize: env.MAX_BODY_SIZE,
    maxImportSize: env.MAX_IMPORT_SIZE,
    queryTimeoutMs: env.QUERY_TIMEOUT_MS,
    maxQueryRows: env.MAX_QUERY_ROWS,
    analytics: env.ANALYTICS === 'on',
    analyticsFlushMs: env.ANALYTICS_FLUSH_MS,
    analyticsFlushSize: env.ANALYTICS_FLUSH_SIZE,
    analyticsMaxPatterns: env.ANALYTICS_MAX_PATTERNS,
    analyticsLogMaxBytes: env.ANALYTICS_LOG_MAX_MB * MiB,
    analyticsBufferMax: env.ANALYTICS_BUFFER_MAX,
    snapshotIntervalMs: env.SNAPSHOT_INTERVAL_MS,
    trustProxy: env.TRUST_PROXY,
    engineWorkers: env.ENGINE_WORKERS,
    engineMaxConnections: env.ENGINE_MAX_CONNECTIONS,
    engineIdleCloseMs: env.ENGINE_IDLE_CLOSE_MS,
    engineWorkerNice: env.ENGINE_WORKER_NICE,
    dbMaxInflight: env.DB_MAX_INFLIGHT,
    dbMaxQueue: env.DB_MAX_QUEUE,
    dbMaxSizeBytes: env.DB_MAX_SIZE_BYTES,
    metricsToken: env.METRICS_TOKEN,
    maxKeysPerDatabase: env.MAX_KEYS_PER_DATABASE,
    keyRateLimit: keyRateLimit(env.KEY_RATE_LIMIT),
    exportsPerDatabase: env.EXPORTS_PER_DATABASE,
    tmpMaxBytes: env.TMP_MAX_BYTES,
    backup,
    cluster,
    changesRetentionHours: env.CHANGES_RETENTION_HOURS,
    changesRetentionCount: env.CHANGES_RETENTION_COUNT,
    changesBufferBytes: env.CHANGES_BUFFER_BYTES,
    changesMaxSubscribers: env.CHANGES_MAX_SUBSCRIBERS
  }
}

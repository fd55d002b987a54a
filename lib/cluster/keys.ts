/**
 * The cluster's state in etcd, all under `/litehouse/`:
 * - `nodes/<id>` → NodeInfo, on the node's lease: a node is alive while its key exists.
 * - `placement/<db>` → Placement, on the owner's lease: vanishes with it, which is what starts a failover.
 * - `databases/<db>` → DirectoryEntry, no lease: every database of the cluster and its last owner, so an orphan
 *   (a directory entry without a placement) is found and restored from its replica by another node.
 * - `sessions/<sha256 of token>` → SessionInfo: admin sessions, so a login on one node works on every node.
 * - `admins/<id>` → AdminRow, `admin-emails/<lower-case email>` → id (unique emails), `admin-count` → how many:
 *   admin accounts, changed only in transactions over all three.
 * - `settings/<key>` → JSON value: the global settings, applied by every node from the watch.
 */
export const ROOT = '/litehouse/'
export const NODES = `${ROOT}nodes/`
export const PLACEMENT = `${ROOT}placement/`
export const DIRECTORY = `${ROOT}databases/`
export const SESSIONS = `${ROOT}sessions/`
export const ADMINS = `${ROOT}admins/`
export const ADMIN_EMAILS = `${ROOT}admin-emails/`
export const ADMIN_COUNT = `${ROOT}admin-count`
export const SETTINGS = `${ROOT}settings/`

export const nodeKey = (id: string): string => NODES + id
export const placementKey = (database: string): string => PLACEMENT + database
export const directoryKey = (database: string): string => DIRECTORY + database
export const sessionKey = (hash: string): string => SESSIONS + hash
export const adminKey = (id: string): string => ADMINS + id
export const adminEmailKey = (email: string): string => ADMIN_EMAILS + email.toLowerCase()
export const settingKey = (key: string): string => SETTINGS + key

export interface NodeInfo { id: string, url: string, startedAt: string }
/** Who owns a database now, and under which lease: a placement of an earlier lease of the same node is not current. */
export interface Placement { node: string, lease: string }
/** `id` is null while the database is being created. */
export interface DirectoryEntry { id: string | null, node: string }
export interface SessionInfo { adminId: string, email: string, expiresAt: number }

/** The header a forwarded request carries: it is never forwarded twice. */
export const HOP_HEADER = 'x-litehouse-hop'

// The service's types from its OpenAPI document (openapi-typescript). Written by `npm run client:types`: do not edit;
// test/client/service-types.test.ts fails when this file no longer matches the routes.

export interface paths {
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness, server version and database count */
        get: operations["health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether any admin exists */
        get: operations["adminStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an admin: public for the first, then an admin session or X-Bootstrap-Key */
        post: operations["adminSetup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in and get a session token */
        post: operations["adminLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in admin */
        get: operations["adminMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Invalidate the session token */
        post: operations["adminLogout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Global settings */
        get: operations["getSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change global settings (timezone must be an IANA zone) */
        patch: operations["updateSettings"];
        trace?: never;
    };
    "/api/activity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The audit log, newest first */
        get: operations["listActivity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/databases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every hosted database, or a page of them (limit, offset, search) */
        get: operations["listDatabases"];
        put?: never;
        /** Create a database */
        post: operations["createDatabase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/databases/{db}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One database with its tables */
        get: operations["getDatabase"];
        put?: never;
        post?: never;
        /** Delete a database, its file and its keys (irreversible) */
        delete: operations["deleteDatabase"];
        options?: never;
        head?: never;
        /** Rename a database and its file; keys keep working */
        patch: operations["renameDatabase"];
        trace?: never;
    };
    "/api/databases/{db}/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Per-database configuration */
        get: operations["getDatabaseConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change cors_origins, readonly and (admin only) maxSizeBytes (allowed while read-only) */
        patch: operations["updateDatabaseConfig"];
        trace?: never;
    };
    "/api/databases/{db}/tables/schema": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** CREATE statements of every user table */
        get: operations["getTableSchemas"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/databases/{db}/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** API keys of a database (never the raw keys) */
        get: operations["listKeys"];
        put?: never;
        /** Create a key; the raw key is returned only this once */
        post: operations["createKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/databases/{db}/keys/{id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replace a key; the old one stops working at once */
        post: operations["rotateKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/databases/{db}/keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke (delete) a key permanently */
        delete: operations["revokeKey"];
        options?: never;
        head?: never;
        /** Set or clear (null) a key's own rate limit */
        patch: operations["updateKey"];
        trace?: never;
    };
    "/api/databases/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Import a SQLite file as a new database (integrity-checked before registration) */
        post: operations["importDatabase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/databases/{db}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Download a consistent copy of the database file */
        post: operations["exportDatabase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/databases/{db}/tables": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Tables and views of a database */
        get: operations["listTables"];
        put?: never;
        /** Create a table */
        post: operations["createTable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/databases/{db}/tables/{table}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Columns of a table (PRAGMA table_info) */
        get: operations["getTable"];
        put?: never;
        post?: never;
        /** Drop a table and all its rows */
        delete: operations["dropTable"];
        options?: never;
        head?: never;
        /** Rename, add, drop and rename columns in one transaction */
        patch: operations["alterTable"];
        trace?: never;
    };
    "/api/databases/{db}/tables/{table}/records": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List records with filter, sort, fields, search and pagination */
        get: operations["listRecords"];
        put?: never;
        /** Insert one record, or up to 1000 in one transaction */
        post: operations["createRecords"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/databases/{db}/tables/{table}/records/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One record by primary key */
        get: operations["getRecord"];
        /** Create the record under :id (201), or replace it whole (200) */
        put: operations["replaceRecord"];
        post?: never;
        /** Delete a record */
        delete: operations["deleteRecord"];
        options?: never;
        head?: never;
        /** Change some columns of a record */
        patch: operations["updateRecord"];
        trace?: never;
    };
    "/api/databases/{db}/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run one parameterised SQL statement */
        post: operations["runQuery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/databases/{db}/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run 1 to 100 SQL statements in one transaction: all or nothing */
        post: operations["runBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/databases/{db}/tables/{table}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Stream every row of a table (filter, sort, fields, search) as CSV or NDJSON */
        get: operations["exportTable"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/databases/{db}/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** OpenAPI 3.1 document of this database's tables (typed records) */
        get: operations["getDatabaseOpenApi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/databases/{db}/changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Stream committed row changes as server-sent events */
        get: operations["watchChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/databases/{db}/changes/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Get a 60-second token to subscribe from a browser (?token=) */
        post: operations["createChangesToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/analytics/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Totals over every database */
        get: operations["analyticsOverview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/analytics/top-queries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The most-called pattern of each database */
        get: operations["analyticsTopQueries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/analytics/errors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Recent failed queries, newest first */
        get: operations["analyticsErrors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/analytics/volume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Queries, errors and rows per hour, day or ISO week */
        get: operations["analyticsVolume"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/analytics/{db}/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One database: totals and its top 10 patterns
         * @description The database's rows are those with its database_id (which survives renames), plus rows without one (written before ids existed) under its current name: a name reused after a delete starts empty.
         */
        get: operations["analyticsDatabaseOverview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/analytics/{db}/queries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The query log of one database, newest first
         * @description The database's rows are those with its database_id (which survives renames), plus rows without one (written before ids existed) under its current name: a name reused after a delete starts empty.
         */
        get: operations["analyticsQueries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/analytics/{db}/patterns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every pattern of one database, sorted by calls, total time, p95 or errors
         * @description The database's rows are those with its database_id (which survives renames), plus rows without one (written before ids existed) under its current name: a name reused after a delete starts empty.
         */
        get: operations["analyticsPatterns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/analytics/{db}/size": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The last 100 storage snapshots of one database
         * @description The database's rows are those with its database_id (which survives renames), plus rows without one (written before ids existed) under its current name: a name reused after a delete starts empty.
         */
        get: operations["analyticsSize"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/databases/{db}/backups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Snapshots of a database and the window a restore can reach */
        get: operations["listBackups"];
        put?: never;
        /** Take a snapshot now */
        post: operations["createBackup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/databases/{db}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Restore a database to an instant, in place or into a new database (target) */
        post: operations["restoreDatabase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/databases/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Bring a deleted database back as a new database */
        post: operations["restoreDeletedDatabase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/backups/deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Deleted databases whose backup can still be restored */
        get: operations["listDeletedDatabases"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cluster": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Nodes, leases and placement of the cluster */
        get: operations["getCluster"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/databases/{db}/move": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Move a database to another node, live (503 for its requests during the hand-over) */
        post: operations["moveDatabase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cluster/adopt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Internal: the target node of a move takes the database over from its replica */
        post: operations["adoptDatabase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics (admin session or Bearer METRICS_TOKEN) */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                        version: string;
                        databases: number;
                        /** @description present when BACKUP_URL is set */
                        backups?: {
                            status: "ok" | "failing";
                            message?: string;
                            /** @description databases being replicated now, _system.db included */
                            replicating: number;
                            restarts: number;
                        };
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    adminStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            hasAdmin: boolean;
                        };
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    adminSetup: {
        parameters: {
            query?: never;
            header?: {
                "x-bootstrap-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "you@example.com",
                 *       "password": "a long password"
                 *     }
                 */
                "application/json": {
                    /** Format: email */
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description requests allowed in the window */
                    "x-ratelimit-limit"?: number;
                    /** @description requests left in the current window */
                    "x-ratelimit-remaining"?: number;
                    /** @description seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            email: string;
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    /** @description requests allowed in the window */
                    "x-ratelimit-limit"?: number;
                    /** @description requests left in the current window */
                    "x-ratelimit-remaining"?: number;
                    /** @description seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    /** @description requests allowed in the window */
                    "x-ratelimit-limit"?: number;
                    /** @description requests left in the current window */
                    "x-ratelimit-remaining"?: number;
                    /** @description seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource already exists or a constraint was violated */
            409: {
                headers: {
                    /** @description requests allowed in the window */
                    "x-ratelimit-limit"?: number;
                    /** @description requests left in the current window */
                    "x-ratelimit-remaining"?: number;
                    /** @description seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description request body larger than the limit (MAX_BODY_SIZE, MAX_IMPORT_SIZE) */
            413: {
                headers: {
                    /** @description requests allowed in the window */
                    "x-ratelimit-limit"?: number;
                    /** @description requests left in the current window */
                    "x-ratelimit-remaining"?: number;
                    /** @description seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unsupported Content-Type (send application/json) */
            415: {
                headers: {
                    /** @description requests allowed in the window */
                    "x-ratelimit-limit"?: number;
                    /** @description requests left in the current window */
                    "x-ratelimit-remaining"?: number;
                    /** @description seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description too many requests: retry after the Retry-After header */
            429: {
                headers: {
                    /** @description requests allowed in the window */
                    "x-ratelimit-limit"?: number;
                    /** @description requests left in the current window */
                    "x-ratelimit-remaining"?: number;
                    /** @description seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    /** @description requests allowed in the window */
                    "x-ratelimit-limit"?: number;
                    /** @description requests left in the current window */
                    "x-ratelimit-remaining"?: number;
                    /** @description seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    /** @description requests allowed in the window */
                    "x-ratelimit-limit"?: number;
                    /** @description requests left in the current window */
                    "x-ratelimit-remaining"?: number;
                    /** @description seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description no space left on the server, or the database reached its size quota (DATABASE_FULL) */
            507: {
                headers: {
                    /** @description requests allowed in the window */
                    "x-ratelimit-limit"?: number;
                    /** @description requests left in the current window */
                    "x-ratelimit-remaining"?: number;
                    /** @description seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    adminLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "you@example.com",
                 *       "password": "a long password"
                 *     }
                 */
                "application/json": {
                    /** Format: email */
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description requests allowed in the window */
                    "x-ratelimit-limit"?: number;
                    /** @description requests left in the current window */
                    "x-ratelimit-remaining"?: number;
                    /** @description seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            token: string;
                            admin: {
                                id: string;
                                email: string;
                            };
                            /** Format: date-time */
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    /** @description requests allowed in the window */
                    "x-ratelimit-limit"?: number;
                    /** @description requests left in the current window */
                    "x-ratelimit-remaining"?: number;
                    /** @description seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    /** @description requests allowed in the window */
                    "x-ratelimit-limit"?: number;
                    /** @description requests left in the current window */
                    "x-ratelimit-remaining"?: number;
                    /** @description seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description request body larger than the limit (MAX_BODY_SIZE, MAX_IMPORT_SIZE) */
            413: {
                headers: {
                    /** @description requests allowed in the window */
                    "x-ratelimit-limit"?: number;
                    /** @description requests left in the current window */
                    "x-ratelimit-remaining"?: number;
                    /** @description seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unsupported Content-Type (send application/json) */
            415: {
                headers: {
                    /** @description requests allowed in the window */
                    "x-ratelimit-limit"?: number;
                    /** @description requests left in the current window */
                    "x-ratelimit-remaining"?: number;
                    /** @description seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description too many requests: retry after the Retry-After header */
            429: {
                headers: {
                    /** @description requests allowed in the window */
                    "x-ratelimit-limit"?: number;
                    /** @description requests left in the current window */
                    "x-ratelimit-remaining"?: number;
                    /** @description seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    /** @description requests allowed in the window */
                    "x-ratelimit-limit"?: number;
                    /** @description requests left in the current window */
                    "x-ratelimit-remaining"?: number;
                    /** @description seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    /** @description requests allowed in the window */
                    "x-ratelimit-limit"?: number;
                    /** @description requests left in the current window */
                    "x-ratelimit-remaining"?: number;
                    /** @description seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description no space left on the server, or the database reached its size quota (DATABASE_FULL) */
            507: {
                headers: {
                    /** @description requests allowed in the window */
                    "x-ratelimit-limit"?: number;
                    /** @description requests left in the current window */
                    "x-ratelimit-remaining"?: number;
                    /** @description seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    adminMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            email: string;
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    adminLogout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @enum {boolean} */
                            loggedOut: true;
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description request body larger than the limit (MAX_BODY_SIZE, MAX_IMPORT_SIZE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unsupported Content-Type (send application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description no space left on the server, or the database reached its size quota (DATABASE_FULL) */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    getSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description IANA time zone; analytics day boundaries and slot labels use it */
                            timezone: string;
                            /**
                             * Format: uri
                             * @description public URL of this server
                             */
                            serverUrl: string;
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    updateSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "timezone": "Europe/Berlin"
                 *     }
                 */
                "application/json": {
                    /** @description IANA time zone; analytics day boundaries and slot labels use it */
                    timezone?: string;
                    /**
                     * Format: uri
                     * @description public URL of this server
                     */
                    serverUrl?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description IANA time zone; analytics day boundaries and slot labels use it */
                            timezone: string;
                            /**
                             * Format: uri
                             * @description public URL of this server
                             */
                            serverUrl: string;
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description request body larger than the limit (MAX_BODY_SIZE, MAX_IMPORT_SIZE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unsupported Content-Type (send application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description no space left on the server, or the database reached its size quota (DATABASE_FULL) */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    listActivity: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: number;
                            action: string;
                            actor: {
                                type: "admin" | "key";
                                id: string | null;
                                email?: string | null;
                            };
                            database: string | null;
                            details: {
                                [key: string]: unknown;
                            } | null;
                            ip: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** @description cluster mode: the node that recorded it (ids are per node) */
                            node?: string;
                        }[];
                        meta: {
                            limit: number;
                            offset: number;
                            total?: number;
                            hasMore?: boolean;
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    listDatabases: {
        parameters: {
            query?: {
                /** @description databases per page (default 50 once paging) */
                limit?: number;
                /** @description databases to skip, by name order */
                offset?: number;
                /** @description only names containing this text, in any case */
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description db_ followed by 24 characters */
                            id: string;
                            name: string;
                            /** @description file path relative to the data directory */
                            path: string;
                            /** Format: date-time */
                            createdAt: string;
                            group: string | null;
                            readonly: boolean;
                            /** @description size of the database file and its write-ahead log */
                            sizeBytes: number;
                            /** @description user tables, as last seen by the server */
                            tableCount: number | null;
                        }[];
                        /** @description present when limit, offset or search was given; total counts every matching database */
                        meta?: {
                            limit: number;
                            offset: number;
                            total: number;
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    createDatabase: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "shop",
                 *       "group": "demo"
                 *     }
                 */
                "application/json": {
                    /** @description database name: lowercase letters, digits, _ and - */
                    name: string;
                    /** @description label organising databases in the dashboard */
                    group?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description db_ followed by 24 characters */
                            id: string;
                            name: string;
                            /** @description file path relative to the data directory */
                            path: string;
                            /** Format: date-time */
                            createdAt: string;
                            group: string | null;
                            readonly: boolean;
                            /** @description size of the database file and its write-ahead log */
                            sizeBytes: number;
                            /** @description user tables, as last seen by the server */
                            tableCount: number | null;
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource already exists or a constraint was violated */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description request body larger than the limit (MAX_BODY_SIZE, MAX_IMPORT_SIZE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unsupported Content-Type (send application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description no space left on the server, or the database reached its size quota (DATABASE_FULL) */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    getDatabase: {
        parameters: {
            query?: {
                /** @description include rowCount for every table (counts every row) */
                counts?: boolean;
            };
            header?: never;
            path: {
                /** @description database name: lowercase letters, digits, _ and - */
                db: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description db_ followed by 24 characters */
                            id: string;
                            name: string;
                            /** @description file path relative to the data directory */
                            path: string;
                            /** Format: date-time */
                            createdAt: string;
                            group: string | null;
                            readonly: boolean;
                            /** @description size of the database file and its write-ahead log */
                            sizeBytes: number;
                            /** @description user tables, as last seen by the server */
                            tableCount: number | null;
                            tables: {
                                name: string;
                                type: "table" | "view";
                                rowCount?: number;
                            }[];
                            /** @description unavailable: the file is missing, unreadable or corrupt (tables is then empty) */
                            status: "ok" | "unavailable";
                            /** @description why the database is unavailable, null when ok */
                            statusReason: string | null;
                            /** @description present when backups are on (BACKUP_URL) */
                            backup?: {
                                /** @description the replicator's health, as GET /api/health says */
                                status: "ok" | "failing";
                                /** @description in the replicated set now (written within BACKUP_IDLE_MS) */
                                replicating: boolean;
                                /** @description how long the oldest write not yet in the replica has waited; 0 when the replica holds every write (to about BACKUP_SYNC_MS) */
                                lagSeconds: number;
                                /**
                                 * Format: date-time
                                 * @description last write seen since the server started
                                 */
                                lastWriteAt: string | null;
                                /**
                                 * Format: date-time
                                 * @description last upload of its changes to the replica since the server started
                                 */
                                lastReplicatedAt: string | null;
                            };
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource not found */
            404: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description a statement ran past the query deadline (QUERY_TIMEOUT): with count=true or counts=true, counting may be what ran long */
            408: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description too many requests: retry after the Retry-After header */
            429: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    deleteDatabase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description database name: lowercase letters, digits, _ and - */
                db: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @enum {boolean} */
                            deleted: true;
                            name: string;
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description request body larger than the limit (MAX_BODY_SIZE, MAX_IMPORT_SIZE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unsupported Content-Type (send application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description no space left on the server, or the database reached its size quota (DATABASE_FULL) */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    renameDatabase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description database name: lowercase letters, digits, _ and - */
                db: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "store"
                 *     }
                 */
                "application/json": {
                    /** @description database name: lowercase letters, digits, _ and - */
                    name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description db_ followed by 24 characters */
                            id: string;
                            name: string;
                            /** @description file path relative to the data directory */
                            path: string;
                            /** Format: date-time */
                            createdAt: string;
                            group: string | null;
                            readonly: boolean;
                            /** @description size of the database file and its write-ahead log */
                            sizeBytes: number;
                            /** @description user tables, as last seen by the server */
                            tableCount: number | null;
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource already exists or a constraint was violated */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description request body larger than the limit (MAX_BODY_SIZE, MAX_IMPORT_SIZE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unsupported Content-Type (send application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description no space left on the server, or the database reached its size quota (DATABASE_FULL) */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    getDatabaseConfig: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description database name: lowercase letters, digits, _ and - */
                db: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            cors_origins: string[];
                            readonly: boolean;
                            group: string | null;
                            /** @description size quota in force, in bytes (DB_MAX_SIZE_BYTES unless set here); null: unlimited */
                            maxSizeBytes: number | null;
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource not found */
            404: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description too many requests: retry after the Retry-After header */
            429: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    updateDatabaseConfig: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description database name: lowercase letters, digits, _ and - */
                db: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "readonly": false,
                 *       "cors_origins": [
                 *         "https://app.example.com"
                 *       ]
                 *     }
                 */
                "application/json": {
                    cors_origins?: string[];
                    readonly?: boolean;
                    /** @description admin only: size quota in bytes, null for unlimited; a write past it gets 507 DATABASE_FULL */
                    maxSizeBytes?: number | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            cors_origins: string[];
                            readonly: boolean;
                            group: string | null;
                            /** @description size quota in force, in bytes (DB_MAX_SIZE_BYTES unless set here); null: unlimited */
                            maxSizeBytes: number | null;
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource not found */
            404: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description request body larger than the limit (MAX_BODY_SIZE, MAX_IMPORT_SIZE) */
            413: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unsupported Content-Type (send application/json) */
            415: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description too many requests: retry after the Retry-After header */
            429: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description no space left on the server, or the database reached its size quota (DATABASE_FULL) */
            507: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    getTableSchemas: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description database name: lowercase letters, digits, _ and - */
                db: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            name: string;
                            schema: string;
                        }[];
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource not found */
            404: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description a statement ran past the query deadline (QUERY_TIMEOUT): with count=true or counts=true, counting may be what ran long */
            408: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description too many requests: retry after the Retry-After header */
            429: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    listKeys: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path: {
                /** @description database name: lowercase letters, digits, _ and - */
                db: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            label: string;
                            /** @description read: GETs, read-only SQL and export; write: everything on its database */
                            scope: "read" | "write";
                            /** @description first 7 characters of the raw key */
                            prefix: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            lastUsedAt: string | null;
                            /** @description the key's own rate limit; null: the server default (KEY_RATE_LIMIT), none when unset */
                            rateLimit: {
                                /** @description requests allowed in each window */
                                max: number;
                                /** @description length of the window in seconds */
                                timeWindowSeconds: number;
                            } | (never | null);
                        }[];
                        meta: {
                            limit: number;
                            offset: number;
                            total?: number;
                            hasMore?: boolean;
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource not found */
            404: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description too many requests: retry after the Retry-After header */
            429: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    createKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description database name: lowercase letters, digits, _ and - */
                db: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "label": "web app",
                 *       "scope": "write"
                 *     }
                 */
                "application/json": {
                    label: string;
                    /** @description read: GETs, read-only SQL and export; write: everything on its database */
                    scope?: "read" | "write";
                    /** @description the key's own rate limit; null: the server default (KEY_RATE_LIMIT), none when unset */
                    rateLimit?: {
                        /** @description requests allowed in each window */
                        max: number;
                        /** @description length of the window in seconds */
                        timeWindowSeconds: number;
                    } | (never | null);
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            label: string;
                            /** @description read: GETs, read-only SQL and export; write: everything on its database */
                            scope: "read" | "write";
                            /** @description the raw key: shown this once, stored only as a SHA-256 hash */
                            key: string;
                            prefix: string;
                            /** Format: date-time */
                            createdAt?: string;
                            /** @description the key's own rate limit; null: the server default (KEY_RATE_LIMIT), none when unset */
                            rateLimit?: {
                                /** @description requests allowed in each window */
                                max: number;
                                /** @description length of the window in seconds */
                                timeWindowSeconds: number;
                            } | (never | null);
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource not found */
            404: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource already exists or a constraint was violated */
            409: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description request body larger than the limit (MAX_BODY_SIZE, MAX_IMPORT_SIZE) */
            413: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unsupported Content-Type (send application/json) */
            415: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description too many requests: retry after the Retry-After header */
            429: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description no space left on the server, or the database reached its size quota (DATABASE_FULL) */
            507: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    rotateKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description database name: lowercase letters, digits, _ and - */
                db: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            label: string;
                            /** @description read: GETs, read-only SQL and export; write: everything on its database */
                            scope: "read" | "write";
                            /** @description the raw key: shown this once, stored only as a SHA-256 hash */
                            key: string;
                            prefix: string;
                            /** Format: date-time */
                            createdAt?: string;
                            /** @description the key's own rate limit; null: the server default (KEY_RATE_LIMIT), none when unset */
                            rateLimit?: {
                                /** @description requests allowed in each window */
                                max: number;
                                /** @description length of the window in seconds */
                                timeWindowSeconds: number;
                            } | (never | null);
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource not found */
            404: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description request body larger than the limit (MAX_BODY_SIZE, MAX_IMPORT_SIZE) */
            413: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unsupported Content-Type (send application/json) */
            415: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description too many requests: retry after the Retry-After header */
            429: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description no space left on the server, or the database reached its size quota (DATABASE_FULL) */
            507: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    revokeKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description database name: lowercase letters, digits, _ and - */
                db: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @enum {boolean} */
                            deleted: true;
                            id: string;
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource not found */
            404: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description request body larger than the limit (MAX_BODY_SIZE, MAX_IMPORT_SIZE) */
            413: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unsupported Content-Type (send application/json) */
            415: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description too many requests: retry after the Retry-After header */
            429: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description no space left on the server, or the database reached its size quota (DATABASE_FULL) */
            507: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    updateKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description database name: lowercase letters, digits, _ and - */
                db: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "rateLimit": {
                 *         "max": 100,
                 *         "timeWindowSeconds": 60
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description the key's own rate limit; null: the server default (KEY_RATE_LIMIT), none when unset */
                    rateLimit: {
                        /** @description requests allowed in each window */
                        max: number;
                        /** @description length of the window in seconds */
                        timeWindowSeconds: number;
                    } | (never | null);
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            label: string;
                            /** @description read: GETs, read-only SQL and export; write: everything on its database */
                            scope: "read" | "write";
                            /** @description first 7 characters of the raw key */
                            prefix: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            lastUsedAt: string | null;
                            /** @description the key's own rate limit; null: the server default (KEY_RATE_LIMIT), none when unset */
                            rateLimit: {
                                /** @description requests allowed in each window */
                                max: number;
                                /** @description length of the window in seconds */
                                timeWindowSeconds: number;
                            } | (never | null);
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource not found */
            404: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description request body larger than the limit (MAX_BODY_SIZE, MAX_IMPORT_SIZE) */
            413: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unsupported Content-Type (send application/json) */
            415: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description too many requests: retry after the Retry-After header */
            429: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description no space left on the server, or the database reached its size quota (DATABASE_FULL) */
            507: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    importDatabase: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "chinook",
                 *       "file": "(the SQLite file)"
                 *     }
                 */
                "multipart/form-data": {
                    /** @description database name: lowercase letters, digits, _ and - */
                    name: string;
                    group?: string;
                    /**
                     * Format: binary
                     * @description a SQLite database file (send the name field first)
                     */
                    file: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description db_ followed by 24 characters */
                            id: string;
                            name: string;
                            /** @description file path relative to the data directory */
                            path: string;
                            /** Format: date-time */
                            createdAt: string;
                            group: string | null;
                            readonly: boolean;
                            /** @description size of the database file and its write-ahead log */
                            sizeBytes: number;
                            /** @description user tables, as last seen by the server */
                            tableCount: number | null;
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource already exists or a constraint was violated */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unsupported Content-Type (send application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description storage or engine temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description no space left on the server, or the database reached its size quota (DATABASE_FULL) */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    exportDatabase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description database name: lowercase letters, digits, _ and - */
                db: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the database file, produced with VACUUM INTO */
            200: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    /** @description attachment; filename="<name>" */
                    "content-disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource not found */
            404: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description request body larger than the limit (MAX_BODY_SIZE, MAX_IMPORT_SIZE) */
            413: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unsupported Content-Type (send application/json) */
            415: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description too many requests: retry after the Retry-After header */
            429: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description storage or engine temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description no space left on the server */
            507: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    listTables: {
        parameters: {
            query?: {
                /** @description include rowCount for every table (counts every row) */
                counts?: boolean;
            };
            header?: never;
            path: {
                /** @description database name: lowercase letters, digits, _ and - */
                db: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            name: string;
                            type: "table" | "view";
                            rowCount?: number;
                        }[];
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource not found */
            404: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description a statement ran past the query deadline (QUERY_TIMEOUT): with count=true or counts=true, counting may be what ran long */
            408: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description too many requests: retry after the Retry-After header */
            429: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    createTable: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description database name: lowercase letters, digits, _ and - */
                db: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "products",
                 *       "columns": [
                 *         {
                 *           "name": "id",
                 *           "type": "integer",
                 *           "primary_key": true,
                 *           "auto_increment": true
                 *         },
                 *         {
                 *           "name": "name",
                 *           "type": "text",
                 *           "nullable": false
                 *         },
                 *         {
                 *           "name": "price",
                 *           "type": "real"
                 *         },
                 *         {
                 *           "name": "tags",
                 *           "type": "json"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description ^[A-Za-z][A-Za-z0-9_]*$, not starting with sqlite_ */
                    name: string;
                    columns: {
                        /** @description ^[A-Za-z][A-Za-z0-9_]*$, not starting with sqlite_ */
                        name: string;
                        /** @description integer int bigint text varchar char real float double numeric decimal boolean date datetime timestamp json blob */
                        type: string;
                        primary_key?: boolean;
                        /** @description only on an integer primary key */
                        auto_increment?: boolean;
                        /** @description false means NOT NULL */
                        nullable?: boolean;
                        default?: string | number | boolean | (never | null);
                        unique?: boolean;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            name: string;
                            columns: {
                                name: string;
                                type: string;
                                notnull: boolean;
                                /** @description 1-based position in the primary key, 0 when not part of it */
                                pk: number;
                                /** @description SQL text of the default (dflt_value) */
                                default: string | null;
                            }[];
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource not found */
            404: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description a statement ran past the query deadline (QUERY_TIMEOUT): with count=true or counts=true, counting may be what ran long */
            408: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource already exists or a constraint was violated */
            409: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description request body larger than the limit (MAX_BODY_SIZE, MAX_IMPORT_SIZE) */
            413: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unsupported Content-Type (send application/json) */
            415: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description too many requests: retry after the Retry-After header */
            429: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description no space left on the server, or the database reached its size quota (DATABASE_FULL) */
            507: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    getTable: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description database name: lowercase letters, digits, _ and - */
                db: string;
                /** @description an existing table (created through the API: ^[A-Za-z][A-Za-z0-9_]*$, at most 64) */
                table: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            name: string;
                            type: string;
                            notnull: boolean;
                            /** @description 1-based position in the primary key, 0 when not part of it */
                            pk: number;
                            /** @description SQL text of the default (dflt_value) */
                            default: string | null;
                        }[];
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource not found */
            404: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description a statement ran past the query deadline (QUERY_TIMEOUT): with count=true or counts=true, counting may be what ran long */
            408: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description too many requests: retry after the Retry-After header */
            429: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    dropTable: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description database name: lowercase letters, digits, _ and - */
                db: string;
                /** @description an existing table (created through the API: ^[A-Za-z][A-Za-z0-9_]*$, at most 64) */
                table: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @enum {boolean} */
                            deleted: true;
                            name: string;
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource not found */
            404: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description a statement ran past the query deadline (QUERY_TIMEOUT): with count=true or counts=true, counting may be what ran long */
            408: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description a constraint was violated (CONSTRAINT_VIOLATION), e.g. a foreign key still referencing the row or table */
            409: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description request body larger than the limit (MAX_BODY_SIZE, MAX_IMPORT_SIZE) */
            413: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unsupported Content-Type (send application/json) */
            415: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description too many requests: retry after the Retry-After header */
            429: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description no space left on the server, or the database reached its size quota (DATABASE_FULL) */
            507: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    alterTable: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description database name: lowercase letters, digits, _ and - */
                db: string;
                /** @description an existing table (created through the API: ^[A-Za-z][A-Za-z0-9_]*$, at most 64) */
                table: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "add_columns": [
                 *         {
                 *           "name": "stock",
                 *           "type": "integer",
                 *           "default": 0
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description ^[A-Za-z][A-Za-z0-9_]*$, not starting with sqlite_ */
                    name?: string;
                    add_columns?: {
                        /** @description ^[A-Za-z][A-Za-z0-9_]*$, not starting with sqlite_ */
                        name: string;
                        /** @description integer int bigint text varchar char real float double numeric decimal boolean date datetime timestamp json blob */
                        type: string;
                        primary_key?: boolean;
                        /** @description only on an integer primary key */
                        auto_increment?: boolean;
                        /** @description false means NOT NULL */
                        nullable?: boolean;
                        default?: string | number | boolean | (never | null);
                        unique?: boolean;
                    }[];
                    drop_columns?: string[];
                    rename_column?: {
                        /** @description an existing table (created through the API: ^[A-Za-z][A-Za-z0-9_]*$, at most 64) */
                        from: string;
                        /** @description ^[A-Za-z][A-Za-z0-9_]*$, not starting with sqlite_ */
                        to: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            name: string;
                            columns: {
                                name: string;
                                type: string;
                                notnull: boolean;
                                /** @description 1-based position in the primary key, 0 when not part of it */
                                pk: number;
                                /** @description SQL text of the default (dflt_value) */
                                default: string | null;
                            }[];
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource not found */
            404: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description a statement ran past the query deadline (QUERY_TIMEOUT): with count=true or counts=true, counting may be what ran long */
            408: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource already exists or a constraint was violated */
            409: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description request body larger than the limit (MAX_BODY_SIZE, MAX_IMPORT_SIZE) */
            413: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unsupported Content-Type (send application/json) */
            415: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description too many requests: retry after the Retry-After header */
            429: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description no space left on the server, or the database reached its size quota (DATABASE_FULL) */
            507: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    listRecords: {
        parameters: {
            query?: {
                /** @description URL-encoded JSON object: {"col": v} or {"col__op": v}, op in eq ne gt gte lt lte in like glob */
                filter?: string;
                /** @description comma list of columns, - prefix for descending */
                sort?: string;
                /** @description comma list of columns to return */
                fields?: string;
                /** @description case-insensitive substring over text columns */
                search?: string;
                limit?: number;
                offset?: number;
                /** @description add meta.total, the number of matching rows (scans them all) */
                count?: boolean;
                /** @description meta.nextCursor of the previous page (same sort, filter and search): keyset pagination, whose cost does not grow with depth */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description database name: lowercase letters, digits, _ and - */
                db: string;
                /** @description an existing table (created through the API: ^[A-Za-z][A-Za-z0-9_]*$, at most 64) */
                table: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            [key: string]: unknown;
                        }[];
                        meta: {
                            limit: number;
                            offset: number;
                            total?: number;
                            hasMore?: boolean;
                            /** @description pass as cursor for the next page; null on the last page */
                            nextCursor: string | null;
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource not found */
            404: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description a statement ran past the query deadline (QUERY_TIMEOUT): with count=true or counts=true, counting may be what ran long */
            408: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description request body too large */
            413: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description too many requests: retry after the Retry-After header */
            429: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description storage or engine temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    createRecords: {
        parameters: {
            query?: {
                /** @description upsert: comma list of the columns of a unique index or the primary key */
                onConflict?: string;
                /** @description with onConflict: true (default) updates the columns sent, false keeps the stored record */
                merge?: boolean;
            };
            header?: never;
            path: {
                /** @description database name: lowercase letters, digits, _ and - */
                db: string;
                /** @description an existing table (created through the API: ^[A-Za-z][A-Za-z0-9_]*$, at most 64) */
                table: string;
            };
            cookie?: never;
        };
        /** @description one record, or an array of up to 1000 inserted in one transaction */
        requestBody: {
            content: {
                /**
                 * @example [
                 *       {
                 *         "name": "Lamp",
                 *         "price": 24.5
                 *       },
                 *       {
                 *         "name": "Desk",
                 *         "price": 180
                 *       }
                 *     ]
                 */
                "application/json": {
                    [key: string]: unknown;
                } | {
                    [key: string]: unknown;
                }[];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description with onConflict: 200 when a record was updated or kept, 201 when every record was created */
                        data: {
                            [key: string]: unknown;
                        } | {
                            [key: string]: unknown;
                        }[];
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            [key: string]: unknown;
                        } | {
                            [key: string]: unknown;
                        }[];
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource not found */
            404: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description a statement ran past the query deadline (QUERY_TIMEOUT): with count=true or counts=true, counting may be what ran long */
            408: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource already exists or a constraint was violated */
            409: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description request body larger than the limit (MAX_BODY_SIZE, MAX_IMPORT_SIZE) */
            413: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unsupported Content-Type (send application/json) */
            415: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description too many requests: retry after the Retry-After header */
            429: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description no space left on the server, or the database reached its size quota (DATABASE_FULL) */
            507: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    getRecord: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description database name: lowercase letters, digits, _ and - */
                db: string;
                /** @description an existing table (created through the API: ^[A-Za-z][A-Za-z0-9_]*$, at most 64) */
                table: string;
                /** @description value of the single-column primary key (rowid when there is none) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description column names and values, each as its declared type takes and gives it: boolean true/false, json any JSON value, integer and real numbers, date/datetime/timestamp ISO 8601 text, blob { "$base64": "..." }; other types as SQLite stores them */
                        data: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource not found */
            404: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description a statement ran past the query deadline (QUERY_TIMEOUT): with count=true or counts=true, counting may be what ran long */
            408: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description request body too large */
            413: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description too many requests: retry after the Retry-After header */
            429: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description storage or engine temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    replaceRecord: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description database name: lowercase letters, digits, _ and - */
                db: string;
                /** @description an existing table (created through the API: ^[A-Za-z][A-Za-z0-9_]*$, at most 64) */
                table: string;
                /** @description value of the single-column primary key (rowid when there is none) */
                id: string;
            };
            cookie?: never;
        };
        /** @description the whole record: columns not given take their default (or null); the key, if given, must equal :id */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Lamp",
                 *       "price": 22,
                 *       "tags": [
                 *         "light"
                 *       ]
                 *     }
                 */
                "application/json": {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description column names and values, each as its declared type takes and gives it: boolean true/false, json any JSON value, integer and real numbers, date/datetime/timestamp ISO 8601 text, blob { "$base64": "..." }; other types as SQLite stores them */
                        data: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description column names and values, each as its declared type takes and gives it: boolean true/false, json any JSON value, integer and real numbers, date/datetime/timestamp ISO 8601 text, blob { "$base64": "..." }; other types as SQLite stores them */
                        data: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource not found */
            404: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description a statement ran past the query deadline (QUERY_TIMEOUT): with count=true or counts=true, counting may be what ran long */
            408: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource already exists or a constraint was violated */
            409: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description request body larger than the limit (MAX_BODY_SIZE, MAX_IMPORT_SIZE) */
            413: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unsupported Content-Type (send application/json) */
            415: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description too many requests: retry after the Retry-After header */
            429: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description no space left on the server, or the database reached its size quota (DATABASE_FULL) */
            507: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    deleteRecord: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description database name: lowercase letters, digits, _ and - */
                db: string;
                /** @description an existing table (created through the API: ^[A-Za-z][A-Za-z0-9_]*$, at most 64) */
                table: string;
                /** @description value of the single-column primary key (rowid when there is none) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @enum {boolean} */
                            deleted: true;
                            id: string | number;
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource not found */
            404: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description a statement ran past the query deadline (QUERY_TIMEOUT): with count=true or counts=true, counting may be what ran long */
            408: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description a constraint was violated (CONSTRAINT_VIOLATION), e.g. a foreign key still referencing the row or table */
            409: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description request body larger than the limit (MAX_BODY_SIZE, MAX_IMPORT_SIZE) */
            413: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unsupported Content-Type (send application/json) */
            415: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description too many requests: retry after the Retry-After header */
            429: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description no space left on the server, or the database reached its size quota (DATABASE_FULL) */
            507: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    updateRecord: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description database name: lowercase letters, digits, _ and - */
                db: string;
                /** @description an existing table (created through the API: ^[A-Za-z][A-Za-z0-9_]*$, at most 64) */
                table: string;
                /** @description value of the single-column primary key (rowid when there is none) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "price": 21
                 *     }
                 */
                "application/json": {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description column names and values, each as its declared type takes and gives it: boolean true/false, json any JSON value, integer and real numbers, date/datetime/timestamp ISO 8601 text, blob { "$base64": "..." }; other types as SQLite stores them */
                        data: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource not found */
            404: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description a statement ran past the query deadline (QUERY_TIMEOUT): with count=true or counts=true, counting may be what ran long */
            408: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource already exists or a constraint was violated */
            409: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description request body too large */
            413: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unsupported Content-Type (send application/json) */
            415: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description too many requests: retry after the Retry-After header */
            429: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description no space left on the server, or the database reached its size quota (DATABASE_FULL) */
            507: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    runQuery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description database name: lowercase letters, digits, _ and - */
                db: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "sql": "SELECT name, price FROM products WHERE price < ? ORDER BY price",
                 *       "params": [
                 *         100
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description one SQL statement */
                    sql: string;
                    /** @description positional (array) or named (object, for :name @name $name) parameters */
                    params?: (string | number | boolean | (never | null) | {
                        $base64: string;
                    })[] | {
                        [key: string]: string | number | boolean | (never | null) | {
                            $base64: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description rows (with meta) for statements that return rows; { changes, lastInsertRowid } otherwise */
            200: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            [key: string]: unknown;
                        }[];
                        meta: {
                            columns: string[];
                            rowCount: number;
                            truncated: boolean;
                        };
                    } | {
                        data: {
                            changes: number;
                            /** @description rowid of the last row this statement inserted; null when it inserted none */
                            lastInsertRowid: number | string | (never | null);
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource not found */
            404: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the statement ran past the query deadline */
            408: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource already exists or a constraint was violated */
            409: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description request body larger than the limit (MAX_BODY_SIZE, MAX_IMPORT_SIZE) */
            413: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unsupported Content-Type (send application/json) */
            415: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description too many requests: retry after the Retry-After header */
            429: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description storage or engine temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description no space left on the server, or the database reached its size quota (DATABASE_FULL) */
            507: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    runBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description database name: lowercase letters, digits, _ and - */
                db: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "statements": [
                 *         {
                 *           "sql": "INSERT INTO products (name, price) VALUES (?, ?)",
                 *           "params": [
                 *             "Chair",
                 *             45
                 *           ]
                 *         },
                 *         {
                 *           "sql": "UPDATE products SET price = price * 0.9 WHERE price > ?",
                 *           "params": [
                 *             100
                 *           ]
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description 1 to 100 statements, run in order in one transaction */
                    statements: {
                        /** @description one SQL statement */
                        sql: string;
                        /** @description positional (array) or named (object, for :name @name $name) parameters */
                        params?: (string | number | boolean | (never | null) | {
                            $base64: string;
                        })[] | {
                            [key: string]: string | number | boolean | (never | null) | {
                                $base64: string;
                            };
                        };
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description what POST .../query answers for each statement, in order: { data, meta? } */
                        data: ({
                            data: {
                                [key: string]: unknown;
                            }[];
                            meta: {
                                columns: string[];
                                rowCount: number;
                                truncated: boolean;
                            };
                        } | {
                            data: {
                                changes: number;
                                /** @description rowid of the last row this statement inserted; null when it inserted none */
                                lastInsertRowid: number | string | (never | null);
                            };
                        })[];
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                        /** @description the failing statement, 0-based; nothing of the batch was kept */
                        statementIndex?: number;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                        /** @description the failing statement, 0-based; nothing of the batch was kept */
                        statementIndex?: number;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                        /** @description the failing statement, 0-based; nothing of the batch was kept */
                        statementIndex?: number;
                    };
                };
            };
            /** @description resource not found */
            404: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                        /** @description the failing statement, 0-based; nothing of the batch was kept */
                        statementIndex?: number;
                    };
                };
            };
            /** @description the statement ran past the query deadline */
            408: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                        /** @description the failing statement, 0-based; nothing of the batch was kept */
                        statementIndex?: number;
                    };
                };
            };
            /** @description resource already exists or a constraint was violated */
            409: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                        /** @description the failing statement, 0-based; nothing of the batch was kept */
                        statementIndex?: number;
                    };
                };
            };
            /** @description request body larger than the limit (MAX_BODY_SIZE, MAX_IMPORT_SIZE) */
            413: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unsupported Content-Type (send application/json) */
            415: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description too many requests: retry after the Retry-After header */
            429: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description no space left on the server */
            507: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                        /** @description the failing statement, 0-based; nothing of the batch was kept */
                        statementIndex?: number;
                    };
                };
            };
        };
    };
    exportTable: {
        parameters: {
            query?: {
                /** @description csv (RFC 4180, header row, NULL as an empty field, blobs as base64) or ndjson (one record object a line) */
                format?: "csv" | "ndjson";
                /** @description URL-encoded JSON object: {"col": v} or {"col__op": v}, op in eq ne gt gte lt lte in like glob */
                filter?: string;
                /** @description comma list of columns, - prefix for descending */
                sort?: string;
                /** @description comma list of columns to return */
                fields?: string;
                /** @description case-insensitive substring over text columns */
                search?: string;
            };
            header?: never;
            path: {
                /** @description database name: lowercase letters, digits, _ and - */
                db: string;
                /** @description an existing table (created through the API: ^[A-Za-z][A-Za-z0-9_]*$, at most 64) */
                table: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description every matching row, streamed */
            200: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    /** @description attachment; filename="<name>" */
                    "content-disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                    "application/x-ndjson": string;
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource not found */
            404: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the statement ran past the query deadline */
            408: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description too many requests: retry after the Retry-After header */
            429: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    getDatabaseOpenApi: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description database name: lowercase letters, digits, _ and - */
                db: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description an OpenAPI 3.1 document of this database's tables and record routes */
            200: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        openapi: "3.1.0";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource not found */
            404: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description too many requests: retry after the Retry-After header */
            429: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    watchChanges: {
        parameters: {
            query?: {
                /** @description comma-separated tables to watch (default: every table) */
                tables?: string;
                /** @description resume after this change seq (exclusive); the Last-Event-ID header does the same */
                since?: string;
                /** @description a token from POST .../changes/token, for clients that cannot send headers (EventSource) */
                token?: string;
            };
            header?: never;
            path: {
                /** @description database name: lowercase letters, digits, _ and - */
                db: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description server-sent events: one `data: { seq, table, op, id }` per committed row change, with `id: seq`; comments as keep-alives every 15 s; a final `event: overflow` (too slow a reader) or `event: end` (database deleted or renamed, credential revoked, server shutting down) before the server closes the stream */
            200: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    /** @description attachment; filename="<name>" */
                    "content-disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource not found */
            404: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description gone: the resource or position is no longer kept */
            410: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description too many requests: retry after the Retry-After header */
            429: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    createChangesToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description database name: lowercase letters, digits, _ and - */
                db: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description pass as ?token= to GET .../changes */
                            token: string;
                            /** Format: date-time */
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource not found */
            404: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description request body larger than the limit (MAX_BODY_SIZE, MAX_IMPORT_SIZE) */
            413: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unsupported Content-Type (send application/json) */
            415: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description too many requests: retry after the Retry-After header */
            429: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description no space left on the server, or the database reached its size quota (DATABASE_FULL) */
            507: {
                headers: {
                    /** @description requests the key may make in the window (only for a key with a rate limit) */
                    "ratelimit-limit"?: number;
                    /** @description requests the key has left in the current window */
                    "ratelimit-remaining"?: number;
                    /** @description seconds until the key's window resets */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    analyticsOverview: {
        parameters: {
            query?: {
                /** @description 24h by hour, 7d by day, 30d by ISO week */
                range?: "24h" | "7d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description hosted databases whose file exists */
                            databases: number;
                            queries: number;
                            writes: number;
                            avgLatencyMs: number;
                            errorCount: number;
                            rows_read: number;
                            rows_written: number;
                            /** @description sum of every database's size, read without opening any: its pages as last measured (a snapshot), or, written since, its file and WAL on disk */
                            totalStorageBytes: number;
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    analyticsTopQueries: {
        parameters: {
            query?: {
                /** @description 24h by hour, 7d by day, 30d by ISO week */
                range?: "24h" | "7d" | "30d";
                /** @description case-insensitive prefix */
                search?: string;
                /** @description the first `limit` items only; without it every database has its item (the spec's answer), which at thousands of databases is megabytes */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            database: string;
                            sql_text: string;
                            /** @description every call, failed ones included */
                            calls: number;
                            avg_ms: number;
                            total_rows: number;
                            errors: number;
                            total_ms: number;
                            /** @description upper bound of the latency bucket holding the median (buckets 19 % wide), at most the largest seen */
                            p50_ms: number;
                            p95_ms: number;
                            p99_ms: number;
                            writes: number;
                        }[];
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    analyticsErrors: {
        parameters: {
            query?: {
                limit?: number;
                /** @description case-insensitive prefix */
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: number;
                            database: string;
                            table_name: string | null;
                            operation: string;
                            duration_ms: number;
                            row_count: number;
                            status: string;
                            error_msg: string | null;
                            timestamp: string;
                            database_id: string | null;
                            /** @description The statement's pattern: literals as `?` (`WHERE id = ?` for `WHERE id = 5`), so inline values stay out of analytics; the record routes' SQL template; null when none was recorded */
                            sql_text: string | null;
                        }[];
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    analyticsVolume: {
        parameters: {
            query?: {
                /** @description 24h by hour, 7d by day, 30d by ISO week */
                range?: "24h" | "7d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            slots: string[];
                            counts: number[];
                            errors: number[];
                            rows_read: number[];
                            rows_written: number[];
                            max: number;
                            max_read: number;
                            max_written: number;
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    analyticsDatabaseOverview: {
        parameters: {
            query?: {
                /** @description 24h by hour, 7d by day, 30d by ISO week */
                range?: "24h" | "7d" | "30d";
            };
            header?: never;
            path: {
                /** @description database name: lowercase letters, digits, _ and - */
                db: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            database: string;
                            queries: number;
                            writes: number;
                            avgLatencyMs: number;
                            errorCount: number;
                            rows_read: number;
                            storageBytes: number;
                            tableCount: number;
                            topTables: {
                                sql_text: string;
                                /** @description every call, failed ones included */
                                calls: number;
                                avg_ms: number;
                                total_rows: number;
                                errors: number;
                                total_ms: number;
                                /** @description upper bound of the latency bucket holding the median (buckets 19 % wide), at most the largest seen */
                                p50_ms: number;
                                p95_ms: number;
                                p99_ms: number;
                                writes: number;
                            }[];
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    analyticsQueries: {
        parameters: {
            query?: {
                /** @description 24h by hour, 7d by day, 30d by ISO week */
                range?: "24h" | "7d" | "30d";
                limit?: number;
                offset?: number;
                /** @description case-insensitive prefix */
                search?: string;
            };
            header?: never;
            path: {
                /** @description database name: lowercase letters, digits, _ and - */
                db: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: number;
                            database: string;
                            table_name: string | null;
                            operation: string;
                            duration_ms: number;
                            row_count: number;
                            status: string;
                            error_msg: string | null;
                            timestamp: string;
                            database_id: string | null;
                            /** @description The statement's pattern: literals as `?` (`WHERE id = ?` for `WHERE id = 5`), so inline values stay out of analytics; the record routes' SQL template; null when none was recorded */
                            sql_text: string | null;
                        }[];
                        meta: {
                            limit: number;
                            offset: number;
                            total?: number;
                            hasMore?: boolean;
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    analyticsPatterns: {
        parameters: {
            query?: {
                /** @description 24h by hour, 7d by day, 30d by ISO week */
                range?: "24h" | "7d" | "30d";
                /** @description descending; ties by calls, then pattern */
                sort?: "calls" | "total_ms" | "p95_ms" | "errors";
                /** @description case-insensitive substring of the pattern */
                search?: string;
                limit?: number;
                offset?: number;
            };
            header?: never;
            path: {
                /** @description database name: lowercase letters, digits, _ and - */
                db: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            sql_text: string;
                            /** @description every call, failed ones included */
                            calls: number;
                            avg_ms: number;
                            total_rows: number;
                            errors: number;
                            total_ms: number;
                            /** @description upper bound of the latency bucket holding the median (buckets 19 % wide), at most the largest seen */
                            p50_ms: number;
                            p95_ms: number;
                            p99_ms: number;
                            writes: number;
                        }[];
                        meta: {
                            limit: number;
                            offset: number;
                            total?: number;
                            hasMore?: boolean;
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    analyticsSize: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description database name: lowercase letters, digits, _ and - */
                db: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: number;
                            database: string;
                            size_bytes: number;
                            table_count: number;
                            timestamp: string;
                            database_id: string | null;
                        }[];
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    listBackups: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description database name: lowercase letters, digits, _ and - */
                db: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description the earliest and latest instants a restore can reach, and the spans in between that it can */
                            window: {
                                /** Format: date-time */
                                from: string;
                                /** Format: date-time */
                                to: string;
                                /** @description the spans a restore can reach, oldest first: one per generation; an instant between two (the replicator was down or a new generation began) is not restorable */
                                ranges: {
                                    /** Format: date-time */
                                    from: string;
                                    /** Format: date-time */
                                    to: string;
                                }[];
                            } | null;
                            snapshots: {
                                /** Format: date-time */
                                createdAt: string;
                                /** @description Litestream generation: a snapshot followed by its WAL segments */
                                generation: string;
                                /** @description compressed size in the replica */
                                sizeBytes: number;
                            }[];
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description storage or engine temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    createBackup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description database name: lowercase letters, digits, _ and - */
                db: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: date-time */
                            createdAt: string;
                            /** @description Litestream generation: a snapshot followed by its WAL segments */
                            generation: string;
                            /** @description compressed size in the replica */
                            sizeBytes: number;
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description request body larger than the limit (MAX_BODY_SIZE, MAX_IMPORT_SIZE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unsupported Content-Type (send application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description storage or engine temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description no space left on the server, or the database reached its size quota (DATABASE_FULL) */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    restoreDatabase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description database name: lowercase letters, digits, _ and - */
                db: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "timestamp": "2026-11-26T09:30:00Z",
                 *       "target": "shop_before_cleanup"
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: date-time
                     * @description the instant to restore (default: the latest state)
                     */
                    timestamp?: string;
                    /** @description database name: lowercase letters, digits, _ and - */
                    target?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description db_ followed by 24 characters */
                            id: string;
                            name: string;
                            /** @description file path relative to the data directory */
                            path: string;
                            /** Format: date-time */
                            createdAt: string;
                            group: string | null;
                            readonly: boolean;
                            /** @description size of the database file and its write-ahead log */
                            sizeBytes: number;
                            /** @description user tables, as last seen by the server */
                            tableCount: number | null;
                            tables: {
                                name: string;
                                type: "table" | "view";
                                rowCount?: number;
                            }[];
                            /** @description unavailable: the file is missing, unreadable or corrupt (tables is then empty) */
                            status: "ok" | "unavailable";
                            /** @description why the database is unavailable, null when ok */
                            statusReason: string | null;
                            /** @description present when backups are on (BACKUP_URL) */
                            backup?: {
                                /** @description the replicator's health, as GET /api/health says */
                                status: "ok" | "failing";
                                /** @description in the replicated set now (written within BACKUP_IDLE_MS) */
                                replicating: boolean;
                                /** @description how long the oldest write not yet in the replica has waited; 0 when the replica holds every write (to about BACKUP_SYNC_MS) */
                                lagSeconds: number;
                                /**
                                 * Format: date-time
                                 * @description last write seen since the server started
                                 */
                                lastWriteAt: string | null;
                                /**
                                 * Format: date-time
                                 * @description last upload of its changes to the replica since the server started
                                 */
                                lastReplicatedAt: string | null;
                            };
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource already exists or a constraint was violated */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description request body larger than the limit (MAX_BODY_SIZE, MAX_IMPORT_SIZE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unsupported Content-Type (send application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description storage or engine temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description no space left on the server, or the database reached its size quota (DATABASE_FULL) */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    restoreDeletedDatabase: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "shop",
                 *       "target": "shop"
                 *     }
                 */
                "application/json": {
                    /** @description database name: lowercase letters, digits, _ and - */
                    name: string;
                    /**
                     * Format: date-time
                     * @description which deletion of that name (default: the latest)
                     */
                    deletedAt?: string;
                    /**
                     * Format: date-time
                     * @description the instant to restore (default: just before the delete)
                     */
                    timestamp?: string;
                    /** @description database name: lowercase letters, digits, _ and - */
                    target: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description db_ followed by 24 characters */
                            id: string;
                            name: string;
                            /** @description file path relative to the data directory */
                            path: string;
                            /** Format: date-time */
                            createdAt: string;
                            group: string | null;
                            readonly: boolean;
                            /** @description size of the database file and its write-ahead log */
                            sizeBytes: number;
                            /** @description user tables, as last seen by the server */
                            tableCount: number | null;
                            tables: {
                                name: string;
                                type: "table" | "view";
                                rowCount?: number;
                            }[];
                            /** @description unavailable: the file is missing, unreadable or corrupt (tables is then empty) */
                            status: "ok" | "unavailable";
                            /** @description why the database is unavailable, null when ok */
                            statusReason: string | null;
                            /** @description present when backups are on (BACKUP_URL) */
                            backup?: {
                                /** @description the replicator's health, as GET /api/health says */
                                status: "ok" | "failing";
                                /** @description in the replicated set now (written within BACKUP_IDLE_MS) */
                                replicating: boolean;
                                /** @description how long the oldest write not yet in the replica has waited; 0 when the replica holds every write (to about BACKUP_SYNC_MS) */
                                lagSeconds: number;
                                /**
                                 * Format: date-time
                                 * @description last write seen since the server started
                                 */
                                lastWriteAt: string | null;
                                /**
                                 * Format: date-time
                                 * @description last upload of its changes to the replica since the server started
                                 */
                                lastReplicatedAt: string | null;
                            };
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource already exists or a constraint was violated */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description request body larger than the limit (MAX_BODY_SIZE, MAX_IMPORT_SIZE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unsupported Content-Type (send application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description storage or engine temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description no space left on the server, or the database reached its size quota (DATABASE_FULL) */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    listDeletedDatabases: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            name: string;
                            group: string | null;
                            /** Format: date-time */
                            deletedAt: string;
                        }[];
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    getCluster: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description a node's NODE_ID */
                            self: string;
                            lease: {
                                /** @description this node's etcd lease (hex) */
                                id: string;
                                ttlSeconds: number;
                                /** @description false while this node is fenced: its lease may have expired */
                                writable: boolean;
                            };
                            /** @description live nodes (their lease is alive), by id */
                            nodes: {
                                /** @description a node's NODE_ID */
                                id: string;
                                url: string;
                                startedAt: string;
                                /** @description databases this node owns now */
                                databases: number;
                            }[];
                            /** @description which node owns each database, by name */
                            placement: {
                                /** @description database name: lowercase letters, digits, _ and - */
                                database: string;
                                /** @description a node's NODE_ID */
                                node: string;
                                lease: string;
                            }[];
                            /** @description databases whose owner is gone and that no node has taken over yet */
                            orphans: string[];
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    moveDatabase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description database name: lowercase letters, digits, _ and - */
                db: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "node": "n2"
                 *     }
                 */
                "application/json": {
                    /** @description a node's NODE_ID */
                    node: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description database name: lowercase letters, digits, _ and - */
                            name: string;
                            /** @description a node's NODE_ID */
                            node: string;
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description request body larger than the limit (MAX_BODY_SIZE, MAX_IMPORT_SIZE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unsupported Content-Type (send application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description storage or engine temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description no space left on the server, or the database reached its size quota (DATABASE_FULL) */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    adoptDatabase: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "shop",
                 *       "expected": "{\"node\":\"n1\",\"lease\":\"694d7f3a1c2b9e10\"}",
                 *       "rows": {
                 *         "database": {
                 *           "id": "db_8c2k4m6p9r1t3v5x7z0b2d4f"
                 *         },
                 *         "keys": []
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description database name: lowercase letters, digits, _ and - */
                    name: string;
                    /** @description the placement value the moving owner holds */
                    expected: string;
                    rows: {
                        database: {
                            id: string;
                        } & {
                            [key: string]: unknown;
                        };
                        keys: {
                            [key: string]: unknown;
                        }[];
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description database name: lowercase letters, digits, _ and - */
                            name: string;
                            /** @description a node's NODE_ID */
                            node: string;
                        };
                    };
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description resource not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description request body larger than the limit (MAX_BODY_SIZE, MAX_IMPORT_SIZE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unsupported Content-Type (send application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description storage or engine temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description no space left on the server, or the database reached its size quota (DATABASE_FULL) */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Prometheus text exposition format */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string;
                };
            };
            /** @description invalid request parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the credential does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description unexpected server error (INTERNAL_ERROR); details are in the server log only */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description the server is shutting down, or storage or the engine is temporarily unavailable */
            503: {
                headers: {
                    /** @description seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        code: string;
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
}

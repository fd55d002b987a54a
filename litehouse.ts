// first: refuses an unsupported Node with one line before a native module can crash it
import './lib/runtime.js'
import fp from 'fastify-plugin'
import { configFrom, type Config, type Settings } from './fastify.config.js'
import configPlugin from './plugins/config.js'
import storePlugin from './plugins/store.js'
import rateLimitPlugin from './plugins/rate-limit.js'
import authPlugin from './plugins/auth.js'
import enginePlugin from './plugins/engine.js'
import databasesPlugin from './plugins/databases.js'
import analyticsPlugin from './plugins/analytics.js'
import backupPlugin from './plugins/backup.js'
import changesPlugin from './plugins/changes.js'
import { maxEncodedParamLength } from './schemas/records.js'
import { compilePending } from './lib/lazy-compile.js'

export interface LitehouseOptions {
  /**
   * Settings by the names of the environment variables (`{ DATA_DIR: './data', QUERY_TIMEOUT_MS: 2000 }`), over the
   * defaults and validated as the environment is. `process.env` is never read: the host decides.
   */
  settings?: Settings
  /** A configuration already validated (`loadConfig`, `configFrom`); wins over `settings`. */
  config?: Config
}

/**
 * The root plugin: the core decorators every area plugin relies on (config, the system store, authentication and
 * access guards, key rate limits, the engine, database files, analytics, backups and the change feed), on the host
 * instance itself so that areas registered beside it see them. It registers no route: the host mounts the areas it
 * wants (`records`, `query`, …, see index.ts) under its own prefixes; app.ts mounts them all for `npm start`.
 */
const litehouse = fp<LitehouseOptions>(async (fastify, opts) => {
  const config = opts.config ?? configFrom(opts.settings)
  await fastify.register(configPlugin, { config })
  await fastify.register(storePlugin)
  await fastify.register(rateLimitPlugin)
  await fastify.register(authPlugin)
  await fastify.register(enginePlugin)
  await fastify.register(databasesPlugin)
  await fastify.register(analyticsPlugin)
  await fastify.register(backupPlugin)
  await fastify.register(changesPlugin)

  // route schemas are compiled on first use; what no request has needed yet is compiled once the server listens
  fastify.addHook('onListen', function warmUp (done) {
    void compilePending().then((failures) => {
      for (const failure of failures) fastify.log.error(`a route schema does not compile: ${failure}`)
    })
    done()
  })

  // a server option, which a plugin cannot set: said once at boot rather than found as a 404 on a long record id
  const maxParamLength = fastify.initialConfig.routerOptions?.maxParamLength ?? 100
  if (maxParamLength < maxEncodedParamLength) {
    fastify.log.warn(`routerOptions.maxParamLength is ${maxParamLength}: a longer path parameter (a long record id) answers 404; ` +
      `create the server with { routerOptions: { maxParamLength: ${maxEncodedParamLength} } } to take every id Litehouse allows`)
  }
}, { name: 'litehouse', fastify: '5.x' })

export default litehouse
